import _FoundationICU

/// Plural categories of numbers written as decimal text, keeping the digits written.
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
