/// The range a build's "now" may take, shared by every place that reads one (site.json's
/// `buildDate` at import, `SOURCE_DATE_EPOCH` at build): from the Unix epoch to the last second
/// of year 9998. Pages show dates after now (a "later" decision's day, the next day a list
/// turns over), and those must still have four-digit years; a now in year 9999 would make
/// every build fail on a page instead of the one place it was given.
public enum BuildInstant {
    /// The first instant of 9999-01-01 (UTC), in Unix seconds: the first one refused.
    public static let end: Int64 = 253_370_764_800

    /// The usable range in Unix seconds.
    public static let range: Range<Int64> = 0..<end

    /// The range in words, for messages.
    public static let rangeDescription = "from 1970-01-01T00:00:00Z to 9998-12-31T23:59:59Z"

    /// True when `seconds` may be a build's now.
    public static func isUsable(_ seconds: Int64) -> Bool { range.contains(seconds) }

    /// The first instant a timestamp in the data may hold: 1583-01-01T00:00:00Z, the first
    /// whole year of the Gregorian calendar (ICU's calendar switches to Julian before
    /// 1582-10-15, so an earlier date would be shown as another day than its `datetime`).
    public static let dataStart: Int64 = -12_212_553_600

    /// The range of a timestamp in the data (a quote's `when`, an idea's `submittedAt`, a
    /// visit, a decision): it ends where the build's now does, so that the latest instant in
    /// the data can always be the now, and every page keeps four-digit years in every zone.
    public static let dataRange: Range<Int64> = dataStart..<end

    /// The data range in words, for messages.
    public static let dataRangeDescription = "from 1583-01-01T00:00:00Z to 9998-12-31T23:59:59Z"

    /// The first and last whole minute of the data range on the wall clock of a zone (its
    /// offset from UTC at an instant, in seconds), as an `<input type="datetime-local">` writes
    /// them: the Add Quote screen's bounds in the person's zone, so that it never saves a `when`
    /// the import would refuse.
    public static func dataMinutes(secondsFromGMT offset: (Int64) -> Int) -> (first: String, last: String) {
        let first = dataStart + Int64(offset(dataStart))
        let last = end - 1 + Int64(offset(end - 1))
        // The first minute that starts in the range, the last that ends in it; and within the
        // years 1583 to 9998 on the person's clock too (the screen says so, and a checker takes
        // a year 9999 for a mistyped one), which a zone ahead of or behind UTC would pass.
        let up = max(dataStart, (first % 60 + 60) % 60 == 0 ? first : first - (first % 60 + 60) % 60 + 60)
        let down = min(end - 60, last - (last % 60 + 60) % 60)
        return (minute(up), minute(down))
    }

    private static func minute(_ seconds: Int64) -> String {
        let (date, second) = CivilDate.split(unixSeconds: seconds)
        func pad(_ number: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(number).count)) + String(number) }
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2))"
    }
}

/// An instant of the data (a quote's `when`, an idea's `submittedAt`, a user's `lastVisitAt`) to
/// the microsecond: the lists are ordered by it and an idea is new when it was submitted after
/// the visit, so two instants within one second must still compare as written. Pages show the
/// milliseconds of an instant within a second (`unixSeconds`); digits past the sixth of a
/// fraction are dropped.
public struct DataInstant: Comparable, Hashable, Sendable {
    public static let perSecond: Int64 = 1_000_000

    /// Microseconds since 1970-01-01T00:00:00Z (as the store holds it).
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public init(seconds: Int64, microsecond: Int64 = 0) {
        microseconds = seconds * Self.perSecond + microsecond
    }

    /// The whole second the instant falls in (rounded down, before 1970 too).
    public var seconds: Int64 {
        let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: Self.perSecond)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The instant in Unix seconds with its fraction, as pages show it (a `<time>`'s
    /// `datetime` carries the milliseconds of an instant within a second).
    public var unixSeconds: Double { Double(microseconds) / Double(Self.perSecond) }

    public static func < (lhs: DataInstant, rhs: DataInstant) -> Bool { lhs.microseconds < rhs.microseconds }
}
