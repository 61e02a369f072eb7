import Foundation
import Store
import VantageCore

/// THE rule for phone numbers and email addresses in published text (OUTPUT.md: none ever
/// reaches `public/`, in any form). Every text the render takes from the store (quote and
/// idea texts, names, reviewers, list names, the site title) goes through `clean(_:)`, which
/// replaces each span shaped like an email or a phone number, and each phone or email of the
/// export's people in any format it recognises, by one `marker` scalar. Pages and search
/// indexes are then finished by `reveal`, which puts the catalog's `privacy.masked` text (in the
/// page's language) where the markers are. Names go through `isName(_:)`: a name that was
/// nothing but a phone or an email is never shown nor slugged (`Naming` takes the next rule).
///
/// What is masked:
/// - email-shaped: `local@domain` (also `＠`, `(at)`, `[at]`, `{at}`, spaces around the at-sign
///   when the domain has a dot, fullwidth forms); a known email also as `local at domain`
///   with `.` or ` dot ` in the domain;
/// - phone-shaped: a run of digits of any script (fullwidth, Arabic-Indic, …) with spaces,
///   dots, dashes, slashes and parentheses between them, optionally after `+`, holding 7 digits
///   or more (a calendar date such as `2026-05-02` or `02/05/2026` inside a run is kept; so are
///   a list of four years or more in order and an ISBN-13, `readsAsANumber`); markup written in
///   the text (`415<b>555</b>0100`) is read past, as invisible characters are;
/// - a run of 5 digits or more that is a known phone: its E.164 digits, with `00` or a trunk
///   `0`, or without its country code.
/// - a known phone written with letters for some of its digits, as a keypad has them
///   (`415-FLOWERS`).
/// - a known phone written with letters that look like some of its digits (`415 555 O1OO`,
///   `4l5-555-0l00`).
public struct PersonalDataMask: Sendable {
    /// Stands for one masked span until `reveal` replaces it: a noncharacter, which no page may
    /// hold (`XMLText.clean` drops any in the data first, and `clean` would too), so only the
    /// mask puts one there and every character the data may show, private-use ones included,
    /// reaches the page.
    public static let marker = Unicode.Scalar(0xFDD0 as UInt32)!
    /// Stands for the name of a person whose every name was a phone or an email, until
    /// `reveal` replaces it by the catalog's `person.unknown` (a slug folded from it is the
    /// allocator's fallback, `person`).
    public static let unknownMarker = Unicode.Scalar(0xFDD1 as UInt32)!
    /// The unknown person's name as `Naming` hands it out.
    public static let unknownName = String(Character(unknownMarker))
    /// The catalog key of the visible form of a masked span.
    public static let maskedKey = "privacy.masked"
    /// The catalog key of a person whose every name was a phone or an email.
    public static let unknownKey = "person.unknown"

    /// Digits of the export's phones: E.164 without `+`, and their national number (without the
    /// country code, `PhoneDigits.callingCodeLength`) when it has at least 5 digits.
    let knownPhoneDigits: Set<String>
    /// The export's emails, lower-cased.
    let knownEmails: Set<String>
    /// Their skeletons by domain, for the emails written with other characters between their
    /// letters (nil: none known).
    let spacedEmails: SpacedEmails?

    /// A mask that knows no phone or email of its own: only the shapes.
    public static let shapes = PersonalDataMask(phones: [], emails: [])

    /// A mask that also knows `phones` (E.164) and `emails`.
    public init(phones: [String], emails: [String]) {
        var digits: Set<String> = []
        for phone in phones {
            let plain = String(phone.unicodeScalars.filter { $0.properties.numericType == .decimal }.map(Self.asciiDigit))
            guard plain.count >= PhoneDigits.known else { continue }
            digits.insert(plain)
            // Its national number: what follows its country code (`4155550100`), never a shorter
            // tail (`55550100` would hide an amount such as `25,550,147` for +1 212 555 0147).
            let code = PhoneDigits.callingCodeLength(ofE164: plain)
            if plain.count - code >= PhoneDigits.known { digits.insert(String(plain.dropFirst(code))) }
        }
        knownPhoneDigits = digits
        // In the canonical form the text is matched in (`Ｋenji@…` is `kenji@…`), and with the
        // domain's other spelling too (`ben@bücher.de` is `ben@xn--bcher-kva.de` to a reader).
        func canonical(_ text: String) -> String { String(String.UnicodeScalarView(text.lowercased().unicodeScalars.map(Self.canonical))) }
        var known: Set<String> = []
        for email in emails {
            for spelling in EmailAddress.spellings(of: email) { known.insert(canonical(spelling)) }
        }
        knownEmails = known
        spacedEmails = SpacedEmails(knownEmails)
    }

    /// The mask for the store at `database`: every person's phone and email (read here, used
    /// only to recognise them; never written anywhere).
    public init(store database: Database) throws {
        var phones: [String] = []
        var emails: [String] = []
        for row in try database.rows("SELECT phone, email FROM person ORDER BY id") {
            if case .text(let phone)? = row.first { phones.append(phone) }
            if case .text(let email)? = row.last { emails.append(email) }
        }
        self.init(phones: phones, emails: emails)
    }

    /// A digest of what the mask knows, for build fingerprints (the masked text of a page
    /// changes when the export's phones or emails do). In the store only, never in the output.
    public var digest: String {
        var text = "mask-1\n"
        for digits in knownPhoneDigits.sorted() { text += digits + "\n" }
        for email in knownEmails.sorted() { text += email + "\n" }
        return SHA256.hex(Array(text.utf8))
    }

    // MARK: - Cleaning

    /// `text` made XML-safe (`XMLText.clean`), its direction controls contained
    /// (`DirectionControls.balanced`), with every phone- or email-shaped span replaced by
    /// `marker`. Returns `text` itself when there is nothing to change (nearly always). Every
    /// text of the data passes here before it reaches a page.
    public func clean(_ text: String) -> String {
        DirectionControls.balanced(masked(XMLText.clean(text)))
    }

    private func masked(_ xml: String) -> String {
        guard Self.mightHold(xml) else { return xml }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(xml.utf8.count)
        var dropped = false
        for scalar in xml.unicodeScalars {
            if scalar == Self.marker || scalar == Self.unknownMarker { dropped = true } else { scalars.append(scalar) }
        }
        let spans = Self.merged(spans(in: scalars, shapedPhones: true)).map { span in
            var end = span.upperBound
            while end < scalars.count, scalars[end].properties.generalCategory == .enclosingMark
                || scalars[end].properties.generalCategory == .nonspacingMark || scalars[end].properties.isVariationSelector
            {
                end += 1
            }
            return span.lowerBound..<end
        }
        guard !spans.isEmpty || dropped else { return xml }
        var result = String.UnicodeScalarView()
        var position = 0
        for span in spans {
            result.append(contentsOf: scalars[position..<span.lowerBound])
            result.append(Self.marker)
            position = span.upperBound
        }
        result.append(contentsOf: scalars[position...])
        return String(result)
    }

    /// Where `text` first holds an email-shaped span or a phone (any phone-shaped run when
    /// `shapedPhones`, else only the export's phones), as a 1-based line and column (in
    /// characters), or nil (for files published verbatim, which are refused rather than masked).
    public func firstMatch(in text: String, shapedPhones: Bool) -> (line: Int, column: Int)? {
        // A large file (a text download in static/) is scanned a window of lines at a time,
        // each with the end of the one before, so that a span across the seam is seen: the scan
        // holds some thirty bytes per byte of what it reads, 1.1 GB for a 39 MB text at once.
        if text.utf8.count > Self.window * 2 {
            guard Self.mightHold(text) else { return nil }
            return firstMatchByWindows(in: text, shapedPhones: shapedPhones)
        }
        return firstMatchWhole(in: text, shapedPhones: shapedPhones)
    }

    /// The bytes of a large text scanned at a time, and how much of the window before each one
    /// goes with it (more than any span of a phone or an email the scans read, with the runs of
    /// spaces between their parts that they allow).
    static let window = 1 << 20
    static let seam = 32 << 10

    private func firstMatchByWindows(in text: String, shapedPhones: Bool) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        /// The offset of the start of the line `offset` is in.
        func lineStart(before offset: Int) -> Int {
            var index = offset
            while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
            return index
        }
        var start = 0
        var line = 1  // the line `start` is on
        while start < bytes.count {
            var end = min(bytes.count, start + Self.window)
            while end < bytes.count, bytes[end - 1] != 0x0A { end += 1 }  // whole lines
            // The seam: the whole lines of the last `seam` bytes before `start`.
            let from = start == 0 ? 0 : lineStart(before: max(0, start - Self.seam))
            let firstLine = line - bytes[from..<start].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            let piece = String(decoding: bytes[from..<end], as: UTF8.self)
            if let found = firstMatchWhole(in: piece, shapedPhones: shapedPhones) {
                return (firstLine + found.line - 1, found.column)
            }
            line += bytes[start..<end].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            start = end
        }
        return nil
    }

    private func firstMatchWhole(in text: String, shapedPhones: Bool) -> (line: Int, column: Int)? {
        guard Self.mightHold(text) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let first = Self.merged(spans(in: scalars, shapedPhones: shapedPhones)).first?.lowerBound else { return nil }
        var line = 1
        var column = 1
        for scalar in scalars[..<first] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// The email and phone spans of `scalars` (any phone-shaped run when `shapedPhones`, else
    /// only the export's phones), in one canonical view for both scans, read with its escapes
    /// decoded (`decodingEscapes`) and each span mapped back to where it is written. A span
    /// takes the marks that dress its last character along (the keycap of 7️⃣, the
    /// strike-through of 7̶), in `masked`.
    /// What a reader does not see (`withoutInvisible`) is left out of both scans, written or
    /// escaped (`&#8203;`); markup written in the text (`withoutMarkup`) is read as written and
    /// read past.
    func spans(in scalars: [Unicode.Scalar], shapedPhones: Bool = true) -> [Range<Int>] {
        func mapped(_ found: [Range<Int>], _ ranges: [Range<Int>]) -> [Range<Int>] {
            found.map { ranges[$0.lowerBound].lowerBound..<ranges[$0.upperBound - 1].upperBound }
        }
        // Both scans over one canonical view, without what a reader does not see in it.
        func scan(_ scalars: [Unicode.Scalar], units: [Unicode.Scalar]? = nil) -> [Range<Int>] {
            if let seen = Self.withoutInvisible(scalars) { return mapped(scan(seen.scalars), seen.ranges) }
            let units = units ?? scalars.map(Self.canonical)
            let written = emailSpans(units: units, original: scalars) + spacedEmailSpans(units: units)
                + phoneSpans(units: units, shapes: shapedPhones)
            // Read past the markup too, and mask what either reading finds.
            guard let read = Self.withoutMarkup(scalars) else { return written }
            return written + mapped(scan(read.scalars), read.ranges)
        }
        let units = scalars.map(Self.canonical)
        guard let decoded = Self.decodingEscapes(scalars, units: units) else { return scan(scalars, units: units) }
        return mapped(scan(decoded.scalars), decoded.ranges)
    }

    /// True when `name` (already cleaned) can be shown and slugged: it is not empty and is not
    /// only masked spans, spaces and punctuation (a name that was a phone or an email), nor
    /// digits and punctuation holding 5 digits or more without a letter (`34 623 456 789` is
    /// kept in a text as an amount could be, but is no one's name).
    public static func isName(_ name: String) -> Bool {
        // Most names are ASCII: no marker can be in them, and their only white space is
        // U+0009–U+000D and the space (every name of every entry is asked, several times a
        // quote).
        let ascii: Bool? = name.utf8.withContiguousStorageIfAvailable { utf8 in
            var spaceOnly = true
            var letters = false
            var digits = 0
            for byte in utf8 {
                if byte >= 0x80 { return nil }
                if byte != 0x20 && (byte < 0x09 || byte > 0x0D) { spaceOnly = false }
                if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { letters = true }
                if byte >= 0x30 && byte <= 0x39 { digits += 1 }
            }
            return !spaceOnly && (letters || digits < PhoneDigits.known)
        } ?? nil
        if let ascii { return ascii }
        guard name.unicodeScalars.contains(marker) else {
            if !name.unicodeScalars.contains(where: \.properties.isAlphabetic),
                name.unicodeScalars.filter({ $0.properties.numericType != nil }).count >= PhoneDigits.known
            {
                return false
            }
            return name.unicodeScalars.contains(where: isVisible)
        }
        // What is left besides the masked spans must read as a name: some letters, not counting
        // a link's scheme written before a span (`tel:`, `mailto:`): `tel:+1 415 555 0199` is a
        // phone, not a person called "tel".
        let scalars = Array(name.unicodeScalars)
        var schemeLetters = Set<Int>()
        for (index, scalar) in scalars.enumerated() where scalar == marker {
            var end = index
            while end > 0, scalars[end - 1] == "/" || scalars[end - 1] == " " { end -= 1 }
            guard end > 0, scalars[end - 1] == ":" else { continue }
            var start = end - 1
            while start > 0, scalars[start - 1].isASCII, scalars[start - 1].properties.isAlphabetic { start -= 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<(end - 1)])).lowercased()
            if Self.linkSchemes.contains(word) { schemeLetters.formUnion(start..<(end - 1)) }
        }
        return scalars.indices.contains { scalars[$0] != marker && scalars[$0].properties.isAlphabetic && !schemeLetters.contains($0) }
    }

    /// The schemes of links to a phone or a mailbox, which name no one by themselves.
    static let linkSchemes: Set<String> = ["tel", "mailto", "sms", "callto", "facetime", "whatsapp", "skype", "imessage"]

    /// True when `scalar` shows something by itself (`VisibleText`, the one rule). A name made
    /// only of invisible characters is no name (the next naming rule applies).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool { VisibleText.isVisible(scalar) }

    /// `name` without its masked spans (for slugs: a name with a phone inside is slugged from
    /// the rest of it).
    public static func withoutMarkers(_ name: String) -> String {
        guard name.unicodeScalars.contains(marker) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != marker }))
    }

    // MARK: - Revealing

    /// `bytes` (a rendered page or script) with every marker replaced: `masked` for a masked
    /// span, `unknown` for an unknown person (the catalog's texts, escaped for the file's
    /// syntax). Returns `bytes` itself when there is no marker (one pass, nearly always).
    public static func reveal(_ bytes: [UInt8], masked: () throws -> [UInt8], unknown: () throws -> [UInt8]) rethrows -> [UInt8] {
        guard var at = firstMarker(in: bytes, from: 0) else { return bytes }
        var replacements: [UInt8: [UInt8]] = [:]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var position = 0
        while true {
            result.append(contentsOf: bytes[position..<at])
            let kind = bytes[at + 2]
            if replacements[kind] == nil { replacements[kind] = kind == 0x90 ? try masked() : try unknown() }
            result.append(contentsOf: replacements[kind]!)
            position = at + 3
            guard let next = firstMarker(in: bytes, from: position) else { break }
            at = next
        }
        result.append(contentsOf: bytes[position...])
        return result
    }

    /// The offset of the first marker (EF B7 90 or EF B7 91) at or after `start`.
    static func firstMarker(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            while index + 2 < buffer.count, let found = memchr(base + index, 0xEF, buffer.count - index - 2) {
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                if buffer[at + 1] == 0xB7, buffer[at + 2] == 0x90 || buffer[at + 2] == 0x91 { return at }
                index = at + 1
            }
            return nil
        }
    }

    /// `text` as the inside of a JSON string (the search index's strings).
    static func jsonEscaped(_ text: String) -> [UInt8] {
        var json = JSONBytes()
        json.string(text)
        return Array(json.bytes.dropFirst().dropLast())
    }
}
