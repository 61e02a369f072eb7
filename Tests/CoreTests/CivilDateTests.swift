import Testing
import VantageCore

@Suite("The calendar")
struct CivilDateTests {
    @Test("Known days since 1970-01-01", arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (2026, 5, 10, 20_583), (1600, 2, 29, -135_081),
        (2400, 12, 31, 157_419),
    ])
    func known(year: Int, month: Int, day: Int, days: Int) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.isValid)
    }

    @Test("Every day of four centuries round-trips, one day after the other")
    func roundTrip() {
        var previous = CivilDate(daysSinceEpoch: -146_098)
        for days in -146_097...146_097 {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(date.isValid)
            // The next day is the next day of the month, or the first of the next month.
            let next = date.day == 1
                ? (date.month == 1 ? previous.month == 12 && previous.year == date.year - 1 : previous.month == date.month - 1)
                    && previous.day == CivilDate.length(ofMonth: previous.month, in: previous.year)
                : previous.day == date.day - 1 && previous.month == date.month
            if !next { Issue.record("\(previous) is not the day before \(date)") }
            previous = date
        }
    }

    @Test("Leap years and month lengths")
    func lengths() {
        #expect(CivilDate.isLeap(2024) && CivilDate.isLeap(2000) && !CivilDate.isLeap(1900) && !CivilDate.isLeap(2026))
        #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2026, month: 4, day: 31).isValid)
        #expect(!CivilDate(year: 2026, month: 13, day: 1).isValid)
        #expect(!CivilDate(year: 2026, month: 1, day: 0).isValid)
    }

    @Test("Splitting an instant at an offset: floor division before 1970")
    func split() {
        #expect(CivilDate.split(unixSeconds: -1) == (CivilDate(year: 1969, month: 12, day: 31), 86_399))
        #expect(CivilDate.split(unixSeconds: 1_778_414_400, offset: 9 * 3600)
            == (CivilDate(year: 2026, month: 5, day: 10), 21 * 3600))
        #expect(CivilDate.split(unixSeconds: 0, offset: -7 * 3600) == (CivilDate(year: 1969, month: 12, day: 31), 17 * 3600))
    }

    /// The Add Quote screen's WHEN bounds: the data's range (1583 to 9998 UTC) on the person's
    /// clock, and never a year outside 1583 to 9998 on that clock either.
    @Test func whenBoundsStayInsideTheYearsOnThePersonsClock() {
        #expect(BuildInstant.dataMinutes(secondsFromGMT: { _ in 0 }) == ("1583-01-01T00:00", "9998-12-31T23:59"))
        #expect(BuildInstant.dataMinutes(secondsFromGMT: { _ in 3 * 3600 }) == ("1583-01-01T03:00", "9998-12-31T23:59"))
        #expect(BuildInstant.dataMinutes(secondsFromGMT: { _ in -8 * 3600 }) == ("1583-01-01T00:00", "9998-12-31T15:59"))
        // An offset with seconds (local mean time): the first whole minute inside the range.
        #expect(BuildInstant.dataMinutes(secondsFromGMT: { _ in 3 * 3600 + 30 }) == ("1583-01-01T03:01", "9998-12-31T23:59"))
    }
}
