/// ISO 8601 timestamps as DATA.md requires them: a date, a time, and an offset or `Z`
/// (`2015-05-04T09:30:00Z`, `2026-05-01T18:00:00-07:00`). Read by hand rather than with a
/// formatter: it is on the import's hot path and must reject a missing offset precisely.
public enum Timestamp {
    /// Seconds since 1970-01-01T00:00:00Z of `text`, rounded down (a fraction is dropped).
    public static func unixSeconds(_ text: String) throws(TimestampProblem) -> Int64 {
        try instant(text).seconds
    }

    /// The instant `text` names, to the microsecond (digits past the sixth of a fraction are
    /// dropped).
    public static func instant(_ text: String) throws(TimestampProblem) -> DataInstant {
        try instant(text, inRange: true)
    }

    /// `instant(_:)`, and with `inRange` false also an instant outside the data's range
    /// (`BuildInstant.dataRange`), for a caller that says what that range is itself.
    public static func instant(_ text: String, inRange: Bool) throws(TimestampProblem) -> DataInstant {
        var text = text
        let result = text.withUTF8 { bytes -> Result<DataInstant, TimestampProblem> in
            do throws(TimestampProblem) { return .success(try parse(bytes, inRange: inRange)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `instant` of the UTF-8 bytes of a string (the quote reader's fast path reads them from
    /// the record's bytes).
    public static func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(TimestampProblem) -> DataInstant {
        try parse(bytes)
    }

    /// True when `text` is a calendar date `YYYY-MM-DD` (a review's `until`).
    public static func isCalendarDate(_ text: String) -> Bool { calendarDate(text) != nil }

    /// The day `text` names when it is a calendar date `YYYY-MM-DD` and nothing else, or nil.
    public static func calendarDate(_ text: String) -> CivilDate? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let (year, month, day) = try? reader.date(), reader.atEnd, isValid(year: year, month: month, day: day)
            else { return nil }
            return CivilDate(year: year, month: month, day: day)
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, inRange: Bool = true) throws(TimestampProblem) -> DataInstant {
        var reader = Reader(bytes: bytes)
        let (year, month, day) = try reader.date()
        guard isValid(year: year, month: month, day: day) else { throw .invalidDate }
        guard reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")) || reader.take(UInt8(ascii: " ")) else {
            if reader.atEnd { throw .noTime }
            throw .malformed
        }
        let hour = try reader.number(digits: 2)
        guard reader.take(UInt8(ascii: ":")) else { throw .malformed }
        let minute = try reader.number(digits: 2)
        var second = 0
        var microsecond = 0
        if reader.take(UInt8(ascii: ":")) {
            second = try reader.number(digits: 2)
            if reader.take(UInt8(ascii: ".")) || reader.take(UInt8(ascii: ",")) {
                guard let fraction = reader.fraction() else { throw .malformed }
                microsecond = fraction
            }
        }
        guard hour < 24, minute < 60, second <= 60 else { throw .invalidTime }
        var offset = 0
        if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = reader.sign() {
            let hours = try reader.number(digits: 2)
            var minutes = 0
            if reader.take(UInt8(ascii: ":")) {
                minutes = try reader.number(digits: 2)
            } else if !reader.atEnd {
                minutes = try reader.number(digits: 2)
            }
            guard hours < 24, minutes < 60 else { throw .invalidOffset }
            offset = sign * (hours * 3600 + minutes * 60)
        } else if reader.atEnd {
            throw .noOffset
        } else {
            throw .malformed
        }
        guard reader.atEnd else { throw .malformed }
        if second == 60 {
            // A leap second (ISO 8601 and RFC 3339 allow :60): only the last second of a day in
            // UTC can be one (23:59:60Z, 18:59:60-05:00). Unix time has no such second, so it
            // reads as the last microsecond of the minute before it: after every instant of
            // :59, and the minute it is shown in is its own.
            guard (hour * 3600 + minute * 60 + 59 - offset + 86_400) % 86_400 == 86_399 else { throw .notALeapSecond }
            (second, microsecond) = (59, 999_999)
        }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        guard !inRange || BuildInstant.dataRange.contains(seconds) else { throw .outOfRange }
        return DataInstant(seconds: seconds, microsecond: Int64(microsecond))
    }

    private static func isValid(year: Int, month: Int, day: Int) -> Bool {
        CivilDate(year: year, month: month, day: day).isValid
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func sign() -> Int? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            if position + 2 < bytes.count, bytes[position] == 0xE2, bytes[position + 1] == 0x88, bytes[position + 2] == 0x92 {
                position += 3  // U+2212 MINUS SIGN, which ISO 8601 allows
                return -1
            }
            return nil
        }

        mutating func number(digits: Int) throws(TimestampProblem) -> Int {
            var value = 0
            for _ in 0..<digits {
                guard position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 else { throw .malformed }
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
            }
            return value
        }

        /// A decimal fraction's digits, in microseconds (the first six digits; the rest are
        /// read and dropped); nil when no digit follows.
        mutating func fraction() -> Int? {
            var value = 0
            var count = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                if count < 6 { value = value * 10 + Int(bytes[position] - 0x30) }
                count += 1
                position += 1
            }
            guard count > 0 else { return nil }
            for _ in min(count, 6)..<6 { value *= 10 }
            return value
        }

        mutating func date() throws(TimestampProblem) -> (Int, Int, Int) {
            let year = try number(digits: 4)
            guard take(UInt8(ascii: "-")) else { throw .malformed }
            let month = try number(digits: 2)
            guard take(UInt8(ascii: "-")) else { throw .malformed }
            let day = try number(digits: 2)
            return (year, month, day)
        }
    }
}

/// Why a text is not a timestamp with an offset.
public enum TimestampProblem: Error, Sendable, Equatable {
    /// Not `YYYY-MM-DDTHH:MM[:SS[.fff]]` and an offset.
    case malformed
    /// A date without a time.
    case noTime
    /// A local time: no `Z` and no `±HH:MM`.
    case noOffset
    /// A day that does not exist (2025-02-29).
    case invalidDate
    /// An hour, minute or second out of range.
    case invalidTime
    /// Second 60 anywhere but in the last minute of a day in UTC.
    case notALeapSecond
    /// An offset of 24 hours or more.
    case invalidOffset
    /// An instant outside `BuildInstant.dataRange` (year 9999, or before the Gregorian calendar).
    case outOfRange

    /// What is wrong, in words (completes "expected an ISO 8601 timestamp …, found "…"").
    public var reason: String {
        switch self {
        case .malformed: return "not in the form 2026-05-01T18:00:00-07:00"
        case .noTime: return "a date without a time"
        case .noOffset: return "it has no offset; add Z or one such as -07:00"
        case .invalidDate: return "no such date"
        case .invalidTime: return "no such time of day"
        case .notALeapSecond: return "second 60 is a leap second, which only the last minute of a day in UTC has (23:59:60Z)"
        case .invalidOffset: return "no such UTC offset"
        case .outOfRange: return "outside the instants the site can show, \(BuildInstant.dataRangeDescription)"
        }
    }
}
