import _FoundationICU

/// A number as a catalog string shows it, formatted by ICU for the viewer's locale, together
/// with the plural category of exactly those digits: `%.1f` shows 1 as "1.0" ("other" in
/// English and Russian), `%lld` shows 1.5 as "1" ("one"). Choosing the category from the
/// displayed number keeps the variation and the number shown consistent.
final class NumberDisplay: @unchecked Sendable {
    // An ICU UNumberFormatter is immutable once opened and safe to use from several threads;
    // each call opens its own result object. Hence @unchecked Sendable.
    private let formatter: OpaquePointer?
    let skeleton: String

    /// A formatter for `locale` (a BCP 47 tag) and an ICU number skeleton.
    init(locale: String, skeleton: String) {
        self.skeleton = skeleton
        let units = Array(skeleton.utf16)
        var status = U_ZERO_ERROR
        let opened = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), ICULocale.identifier(locale), &status)
        formatter = status.rawValue <= U_ZERO_ERROR.rawValue ? opened : nil
    }

    deinit { if let formatter { swift_unumf_close(formatter) } }

    /// The ICU skeleton that shows a number the way a printf specifier asks: whole numbers
    /// truncated toward zero for `%d`/`%lld` (as C converts), `precision` fraction digits for
    /// `%f` (six by default), and the locale's default (up to six fraction digits, as `{{#number}}`)
    /// otherwise.
    static func skeleton(for specifier: FormatSpecifier?) -> String {
        guard let specifier else { return "" }
        if specifier.isInteger { return "precision-integer rounding-mode-down" }
        switch specifier.conversion {
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            let digits = specifier.precision ?? 6
            return digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
        default: return ""
        }
    }

    /// The number as shown, and its category under `rules` (the rules of the language of the
    /// text it appears in).
    func format(_ value: Double, rules: PluralRules) -> (text: String, category: PluralCategory) {
        var status = U_ZERO_ERROR
        guard let formatter, value.isFinite, let result = swift_unumf_openResult(&status) else {
            return (String(value), rules.category(for: value))
        }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDouble(formatter, value, result, &status)
        var buffer = [UChar](repeating: 0, count: 64)
        var length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        if status == U_BUFFER_OVERFLOW_ERROR, length > buffer.count {
            // A number too long for the buffer (1e50 with its grouping): the length it needs.
            status = U_ZERO_ERROR
            buffer = [UChar](repeating: 0, count: Int(length))
            length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0, length <= buffer.count else {
            return (String(value), rules.category(for: value))
        }
        return (String(decoding: buffer[0..<Int(length)], as: UTF16.self), rules.category(forFormatted: result))
    }
}
