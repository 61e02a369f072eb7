import Foundation
import VantageCore

/// The forms text is stored in: NFC everywhere, lower-cased emails, canonical language tags,
/// known time zones.
enum TextNormalization {
    /// `text` in Unicode Normalization Form C. ASCII text is NFC, and so is text that passes
    /// Unicode's NFC quick check (every scalar NFC_Quick_Check=Yes, combining marks in order):
    /// almost every id, phone, name and quote, in any script. Only the rest (combining marks,
    /// Hangul jamo, singletons such as U+2126) pays for ICU's normaliser (`NFC`).
    static func nfc(_ text: String) -> String {
        if isASCII(text) { return text }
        var span = text.utf8Span
        if span.checkForNFC(quickCheck: true) { return text }
        let normalized = NFC.normalize(text)
        // Compare bytes: String's == already treats canonically equivalent text as equal.
        return normalized.utf8.elementsEqual(text.utf8) ? text : normalized
    }

    /// True when every byte of `text` is ASCII: eight bytes at a time, since this runs for
    /// every string of an export.
    static func isASCII(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < count {
                if base[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }) {
            return answer
        }
        return text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The number of user-perceived characters (grapheme clusters).
    static func characterCount(_ text: String) -> Int { text.count }

    /// An email as it is stored and matched, or nil when `text` is not shaped like one: THE rule
    /// for when two emails are one (`EmailAddress.canonical`: lower-cased, NFC, the domain in
    /// its Unicode spelling, so `bob@xn--bcher-kva.example` is `bob@bücher.example`).
    static func email(_ text: String) -> String? { EmailAddress.canonical(text) }

    /// A BCP 47 language tag in canonical case with hyphens (`pt_br` → `pt-BR`,
    /// `zh-hant-tw` → `zh-Hant-TW`, `en-us-u-CA-buddhist` → `en-US-u-ca-buddhist`), or nil
    /// when `text` is not shaped like one (`LanguageTagCase`, the Localizer's rule too).
    static func languageTag(_ text: String) -> String? {
        guard !holdsDigitsOfAPhone(text) else { return nil }
        return LanguageTagCase.canonical(text)
    }

    /// A locale is shown on its person's pages (`lang`, the settings page): a tag whose
    /// private-use or extension subtags hold 5 digits or more (`en-x-4155-5501-00`) could carry
    /// a phone number there, and no real tag needs that many (`es-419`, `de-1996`).
    static func holdsDigitsOfAPhone(_ tag: String) -> Bool {
        tag.unicodeScalars.filter { ("0"..."9").contains($0) }.count >= PhoneDigits.known
    }

    /// True when Foundation knows the IANA time zone `identifier`.
    static func isTimeZone(_ identifier: String) -> Bool {
        TimeZoneCatalog.shared.contains(identifier)
    }
}

/// Known time-zone identifiers, checked once per distinct name (exports repeat a handful).
final class TimeZoneCatalog: @unchecked Sendable {
    static let shared = TimeZoneCatalog()
    private let lock = NSLock()
    private var known: [String: Bool] = [:]

    func contains(_ identifier: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[identifier] { return answer }
        // Foundation also makes a zone of a bare offset (`GMT+5`, `UTC+01:00`), which is no IANA
        // name (IANA's is `Etc/GMT-5`, sign inverted) and has no daylight rules.
        let upper = identifier.uppercased()
        let offset = (upper.hasPrefix("GMT") || upper.hasPrefix("UTC")) && upper.count > 3
            && ["+", "-"].contains(upper.dropFirst(3).first.map(String.init) ?? "")
        let answer = !identifier.isEmpty && !offset && TimeZone(identifier: identifier) != nil
        known[identifier] = answer
        return answer
    }
}
