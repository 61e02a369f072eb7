import VantageCore

/// What the schema's `datetime` pattern cannot say and the HTML standard (and the Nu checker)
/// requires of a date: a day the month has (`2026-02-30`, `2025-02-29` match the pattern and
/// name no day), a year after 0000, and an offset of zero written `Z` or `+00:00` (`-00:00`
/// says the offset is unknown, which HTML does not allow). One rule for the build's scan and
/// `vantage check`'s tree, which must agree.
enum DateTimeValue {
    /// Why a `datetime` value that starts as a date (`YYYY-MM-DD`) is no real date, or nil.
    /// A value of any other shape is the schema's to judge.
    static func problem(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                guard index < value.count, value[index] >= 0x30, value[index] <= 0x39 else { return nil }
                result = result * 10 + Int(value[index] - 0x30)
            }
            return result
        }
        guard value.count >= 10, value[4] == UInt8(ascii: "-"), value[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month)
        else { return nil }
        if year == 0 { return "the year 0000 is no year of the calendar (the first is 0001)" }
        let days = CivilDate.length(ofMonth: month, in: year)
        if day > days {
            return "\(Self.months[month - 1]) \(String(repeating: "0", count: 4 - String(year).count))\(year) has \(days) days"
        }
        // A time's offset is its last six bytes, `-00:00` here.
        if value.count > 10, value[value.count - 6] == UInt8(ascii: "-"), value[value.count - 3] == UInt8(ascii: ":"),
            number((value.count - 5)..<(value.count - 3)) == 0, number((value.count - 2)..<value.count) == 0
        {
            return "an offset of zero is written Z or +00:00, not -00:00"
        }
        return nil
    }

    /// The same for a value given as text.
    static func problem(_ value: String) -> String? {
        var value = value
        return value.withUTF8 { problem($0) }
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
