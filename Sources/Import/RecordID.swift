import VantageCore

/// The syntax of idea and quote ids (DATA.md leaves it open; docs/IMPORT.md states it): 1 to
/// 128 ASCII letters, digits, `.`, `_` and `-`, the first a letter or digit. Ids become parts
/// of page paths, URLs, element ids and file names, so anything else (`javascript:alert(1)`,
/// `../../x`, `idea 1`) is refused at the record instead of failing every later build.
public enum RecordID {
    /// The longest id.
    public static let maximumLength = 128

    /// The rule in words, for messages and docs.
    public static let syntax = "1 to \(maximumLength) ASCII letters, digits, '.', '_' or '-', starting with a letter or digit"

    /// True when `id` follows the syntax.
    public static func isValid(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// The error for an id met a second time in one export (`kind`: "quote" or "idea"), naming
    /// where the export has it first (`first`), when that is known.
    static func repeated(_ id: String, kind: String, at location: RecordLocation, first: RecordLocation?) -> Diagnostic {
        let firstPlace = first.map { " (first at \($0.place))" } ?? ""
        return location.member("id").error("expected a unique \(kind) id, found \(quoted(id)) a second time\(firstPlace)")
    }

    /// The fewest digits read as a phone number in an id (the mask's phone shapes start there too).
    static let phoneDigits = PhoneDigits.shaped

    /// The digit strings of `id` that could be a phone number written in it: every group of
    /// digits, and every run of groups joined by `.`, `_` or `-` (`415-555-0100`, `415--555`), holding
    /// `phoneDigits` to 20 digits. Ids are published verbatim (OUTPUT.md's `data-id`), so the
    /// import refuses one that holds a phone of the export (`ImportSession.refusePhone`). Letters
    /// typed for the digits they look like are read as the mask reads them
    /// (`PhoneDigits.lookalikeReading`: `q-4l5-555-0l00` holds `4155550100` too). Nearly every id
    /// has fewer than 7 digits and such letters, and then this allocates nothing.
    static func phoneCandidates(_ id: String) -> [String] {
        var digitCount = 0
        var lookalikes = 0
        for byte in id.utf8 {
            if isDigit(byte) {
                digitCount += 1
            } else {
                switch byte | 0x20 {  // o, l or i in either case: maybe typed for a digit
                case UInt8(ascii: "o"), UInt8(ascii: "l"), UInt8(ascii: "i"): lookalikes += 1
                default: break
                }
            }
        }
        guard digitCount > 0, digitCount + lookalikes >= phoneDigits else { return [] }
        var candidates = digitCount >= phoneDigits ? digitRuns(Array(id.utf8)) : []
        if lookalikes > 0,
           let reading = PhoneDigits.lookalikeReading(Array(id.lowercased().unicodeScalars), isJoin: { $0 == "." || $0 == "_" || $0 == "-" }) {
            var read = String.UnicodeScalarView()
            read.append(contentsOf: reading)
            candidates += digitRuns(Array(String(read).utf8))
        }
        return candidates
    }

    /// `phoneCandidates` of an id's bytes, its digits as written.
    private static func digitRuns(_ bytes: [UInt8]) -> [String] {
        // Groups of digits, each with whether separators join it to the next.
        var groups: [(range: Range<Int>, joined: Bool)] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            var next = index
            while next < bytes.count, isSeparator(bytes[next]) { next += 1 }
            let joined = next > index && next < bytes.count && isDigit(bytes[next])
            groups.append((start..<index, joined))
        }
        var candidates: [String] = []
        for first in groups.indices {
            var digits: [UInt8] = []
            var last = first
            while last < groups.count {
                digits.append(contentsOf: bytes[groups[last].range])
                if digits.count > 20 { break }
                if digits.count >= phoneDigits { candidates.append(String(decoding: digits, as: UTF8.self)) }
                guard groups[last].joined else { break }
                last += 1
            }
        }
        return candidates
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
