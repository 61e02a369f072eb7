import VantageCore

/// ISO 8601 instants: parsing the strings a context may hold, and writing an instant with a
/// UTC offset (`2026-05-02T08:30:00+09:00`) without a formatter.
enum ISODate {
    /// Parses a calendar date `YYYY-MM-DD` (its midnight UTC), or an instant as DATA.md writes
    /// timestamps and the import reads them (`Timestamp`, the one rule: a date, a time and `Z`
    /// or an offset; `2026-05-02T08:30:00` without one is no instant, nor is second 60).
    /// Returns Unix seconds.
    static func parse(_ text: String) -> Double? {
        if text.utf8.count == 10 {
            return Timestamp.calendarDate(text).map { Double($0.daysSinceEpoch * 86_400) }
        }
        // Out of the calendar the site shows or not: the helper says what that range is.
        guard let instant = try? Timestamp.instant(text, inRange: false) else { return nil }
        return Double(instant.microseconds) / 1_000_000
    }

    /// `2026-05-02T08:30:00+09:00` for Unix seconds shown at a UTC offset (`Z` is never used, so
    /// the offset is always explicit). An instant within a second has its milliseconds
    /// (`08:30:00.5+09:00`, HTML's one to three digits, trailing zeros dropped), so that quotes a
    /// list orders by the fraction of a second do not all read as one instant.
    ///
    /// HTML writes an offset in hours and minutes only, and a zone's local mean time of old had
    /// seconds in it (Monrovia until 1972: −00:44:30). Such an offset is taken to its whole
    /// minutes and the clock time read at that offset, so the string is still the very instant
    /// (`11:16:00-00:44` for noon UTC, not `11:15:30-00:44`, which is 30 s earlier).
    static func format(_ seconds: Double, offset exactOffset: Int) -> String {
        let offset = exactOffset - exactOffset % 60
        // Through whole microseconds (the data's resolution), so that a Double a hair below a
        // whole second is that second.
        let micros = Int64((seconds * 1_000_000).rounded())
        let (whole, fraction) = micros.quotientAndRemainder(dividingBy: 1_000_000)
        let unixSeconds = fraction < 0 ? whole - 1 : whole
        let millis = Int((fraction < 0 ? fraction + 1_000_000 : fraction) / 1000)
        let (date, secondOfDay) = CivilDate.split(unixSeconds: unixSeconds, offset: offset)
        let (year, month, day) = (date.year, date.month, date.day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = String(year) + "-" + two(month) + "-" + two(day)
        text += "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
        if millis > 0 {
            var digits = String(millis + 1000).dropFirst()  // three digits
            while digits.last == "0" { digits = digits.dropLast() }
            text += "." + digits
        }
        let absolute = abs(offset)
        text += (offset < 0 ? "-" : "+") + two(absolute / 3600) + ":" + two(absolute / 60 % 60)
        return text
    }
}
