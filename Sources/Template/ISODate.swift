import VantageCore

/// ISO 8601 instants: parsing the strings a context may hold, and writing an instant with a
/// UTC offset (`2026-05-02T08:30:00+09:00`) without a formatter.
enum ISODate {
    /// Parses `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fff]]` and `Z` or `±HH:MM`
    /// (`±HHMM`, `±HH`); a date or time without an offset is taken as UTC. Returns Unix seconds.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue! else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            CivilDate(year: year, month: month, day: day).isValid
        else { return nil }
        var seconds = Double(CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400)
        guard index < bytes.count else { return seconds }
        guard expect("T") || expect("t") || expect(" "), let hour = number(2), expect(":"), let minute = number(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(":") {
            guard let second = number(2), second < 61 else { return nil }
            seconds += Double(second)
            if expect(".") || expect(",") {
                var scale = 0.1
                let start = index
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    seconds += Double(bytes[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        guard index < bytes.count else { return seconds }
        if expect("Z") || expect("z") { return index == bytes.count ? seconds : nil }
        let sign: Double
        if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
        guard let offsetHours = number(2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if index < bytes.count {
            _ = expect(":")
            guard let minutes = number(2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard index == bytes.count else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
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
