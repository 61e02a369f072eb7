/// A day of the proleptic Gregorian calendar, and the one place its arithmetic lives: the
/// importer reads timestamps with it, the template engine formats and parses ISO dates with it,
/// and the benchmark writes synthetic timestamps with it (no Foundation calendar, so no locale
/// or time-zone database can change a result).
public struct CivilDate: Sendable, Hashable {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the month's length.
    public var day: Int

    /// A date; no check is made (see `isValid`).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it). Howard Hinnant's
    /// `civil_from_days`.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// True when the month exists and the day is in it.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.length(ofMonth: month, in: year)
    }

    /// Days in `month` (1 to 12) of `year`.
    public static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// True for a Gregorian leap year.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The local date and second of the day of Unix second `seconds` shown at UTC offset
    /// `offset` seconds (floor division, so instants before 1970 fall on the right day).
    public static func split(unixSeconds seconds: Int64, offset: Int = 0) -> (date: CivilDate, secondOfDay: Int) {
        let local = seconds + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CivilDate(daysSinceEpoch: Int(days)), Int(local - days * 86_400))
    }
}
