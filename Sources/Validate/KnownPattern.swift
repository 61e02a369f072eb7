/// Quick yeses for two of the schema's patterns that `SimplePattern` leaves to libxml2 and
/// that the build meets on almost every page: `datetime` (an ISO 8601 date, or a date and
/// time with a UTC offset) and language tags. Each is recognised by the pattern's exact
/// text and matched by hand, on ASCII bytes, position by position.
///
/// Like `SimplePattern`, it only ever says yes (the value matches) or "ask libxml2": a value
/// it does not accept goes to libxml2's own engine, so a mistake here could only make the
/// scan refuse a page the tree then accepts, never the other way round. `KnownPatternTests`
/// hold it to libxml2 over many generated values, valid and broken.
enum KnownPattern: Sendable {
    case dateTime
    case language

    /// The patterns as the schema writes them.
    static let dateTimeText = #"[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,3})?)?(Z|[+\-]([01][0-9]|2[0-3]):[0-5][0-9]))?"#
    static let languageText = #"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*"#

    /// Nil for any other pattern.
    init?(_ pattern: String) {
        switch pattern {
        case Self.dateTimeText: self = .dateTime
        case Self.languageText: self = .language
        default: return nil
        }
    }

    /// True when the value surely matches; false means "ask libxml2".
    func surelyMatches(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .dateTime: return Self.isDateTime(value)
        case .language: return Self.isLanguage(value)
        }
    }

    private static func digit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func letter(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }

    /// Two digits from `low`-`high` as the pattern's alternatives allow: `first` is the tens
    /// digit's range, `last` the units' range when the tens digit is `first.upperBound`
    /// (`0[1-9]|1[0-2]`: a month).
    private static func twoDigits(_ v: UnsafeBufferPointer<UInt8>, _ at: Int, tens: ClosedRange<UInt8>, units: (UInt8) -> ClosedRange<UInt8>) -> Bool {
        guard at + 1 < v.count, digit(v[at]), digit(v[at + 1]) else { return false }
        let ten = v[at] - 0x30
        let unit = v[at + 1] - 0x30
        return tens.contains(ten) && units(ten).contains(unit)
    }

    private static func isDateTime(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        guard v.count >= 10, digit(v[0]), digit(v[1]), digit(v[2]), digit(v[3]), v[4] == UInt8(ascii: "-"), v[7] == UInt8(ascii: "-")
        else { return false }
        // 0[1-9]|1[0-2]
        guard twoDigits(v, 5, tens: 0...1, units: { $0 == 0 ? 1...9 : 0...2 }) else { return false }
        // 0[1-9]|[12][0-9]|3[01]
        guard twoDigits(v, 8, tens: 0...3, units: { $0 == 0 ? 1...9 : $0 == 3 ? 0...1 : 0...9 }) else { return false }
        if v.count == 10 { return true }
        // T([01][0-9]|2[0-3]):[0-5][0-9]
        guard v.count >= 17, v[10] == UInt8(ascii: "T"), twoDigits(v, 11, tens: 0...2, units: { $0 == 2 ? 0...3 : 0...9 }),
            v[13] == UInt8(ascii: ":"), twoDigits(v, 14, tens: 0...5, units: { _ in 0...9 })
        else { return false }
        var index = 16
        // (:[0-5][0-9](\.[0-9]{1,3})?)?
        if v[index] == UInt8(ascii: ":") {
            guard twoDigits(v, index + 1, tens: 0...5, units: { _ in 0...9 }) else { return false }
            index += 3
            if index < v.count, v[index] == UInt8(ascii: ".") {
                index += 1
                var digits = 0
                while index < v.count, digit(v[index]), digits < 4 {
                    index += 1
                    digits += 1
                }
                guard (1...3).contains(digits) else { return false }
            }
        }
        // Z|[+\-]([01][0-9]|2[0-3]):[0-5][0-9], then the end.
        guard index < v.count else { return false }
        if v[index] == UInt8(ascii: "Z") { return index + 1 == v.count }
        guard v[index] == UInt8(ascii: "+") || v[index] == UInt8(ascii: "-"), index + 6 == v.count,
            twoDigits(v, index + 1, tens: 0...2, units: { $0 == 2 ? 0...3 : 0...9 }), v[index + 3] == UInt8(ascii: ":"),
            twoDigits(v, index + 4, tens: 0...5, units: { _ in 0...9 })
        else { return false }
        return true
    }

    private static func isLanguage(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        // [A-Za-z]{2,3}: the letters before the first "-" (a fourth letter matches nothing).
        var index = 0
        while index < v.count, letter(v[index]) { index += 1 }
        guard (2...3).contains(index) else { return false }
        // (-[A-Za-z0-9]{1,8})*
        while index < v.count {
            guard v[index] == UInt8(ascii: "-") else { return false }
            index += 1
            let start = index
            while index < v.count, letter(v[index]) || digit(v[index]) { index += 1 }
            guard (1...8).contains(index - start) else { return false }
        }
        return true
    }
}
