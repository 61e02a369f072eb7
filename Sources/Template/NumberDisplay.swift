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
        let length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0, length <= buffer.count else {
            return (String(value), rules.category(for: value))
        }
        return (String(decoding: buffer[0..<Int(length)], as: UTF16.self), rules.category(forFormatted: result))
    }
}

extension PluralRules {
    /// ICU formatters for decimal text with a given number of fraction digits (operands do not
    /// depend on the locale, so one set serves every language).
    private static let decimalDisplays = Locked<[Int: OpaquePointer]>([:])

    /// The category of a number written in decimal ("1", "1.0", "21.50", "-3"), keeping the
    /// fraction digits as written: "1" is "one" in English, "1.0" "other". Nil for text that is
    /// not such a number.
    public func category(forDecimal text: String) -> PluralCategory? {
        let bytes = Array(text.utf8)
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = digits.prefix(while: isDigit)
        guard !whole.isEmpty else { return nil }
        var fractionDigits = 0
        let rest = digits.dropFirst(whole.count)
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count > 1, rest.dropFirst().allSatisfy(isDigit) else { return nil }
            fractionDigits = rest.count - 1
        }
        guard fractionDigits <= 15 else { return nil }
        let formatter = PluralRules.decimalDisplays.withLock { displays -> OpaquePointer? in
            if let known = displays[fractionDigits] { return known }
            let skeleton = Array((fractionDigits == 0 ? "precision-integer" : "." + String(repeating: "0", count: fractionDigits)).utf16)
            var status = U_ZERO_ERROR
            guard let opened = swift_unumf_openForSkeletonAndLocale(skeleton, Int32(skeleton.count), "en", &status),
                status.rawValue <= U_ZERO_ERROR.rawValue
            else { return nil }
            displays[fractionDigits] = opened  // kept for the process's lifetime: at most 16
            return opened
        }
        var status = U_ZERO_ERROR
        guard let formatter, let result = swift_unumf_openResult(&status) else { return nil }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDecimal(formatter, text, Int32(bytes.count), result, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return category(forFormatted: result)
    }
}
