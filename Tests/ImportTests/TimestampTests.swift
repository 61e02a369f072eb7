import Import
import VantageCore
import Testing
import VantageCore

/// Timestamps: an offset is required; the instant is exact.
struct TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)),
        ("2015-05-04T09:30:00Z", 1_430_731_800),
        ("2026-05-01T18:00:00-07:00", 1_777_683_600),
        ("2026-05-02T03:00:00+02:00", 1_777_683_600),
        ("2026-05-02T01:00:00.999Z", 1_777_683_600),
        ("2026-05-02T01:00Z", 1_777_683_600),
        ("2026-05-01t18:00:00-0700", 1_777_683_600),
        ("2026-05-02 10:30:00+09:30", 1_777_683_600),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59Z", -1),
    ])
    func readsTheInstant(text: String, seconds: Int64) throws {
        #expect(try Timestamp.unixSeconds(text) == seconds)
    }

    /// A fraction is kept to the microsecond (a seventh digit and on are dropped), whatever its
    /// length, with either decimal sign; before 1970 it still counts forward from the second.
    @Test(arguments: [
        ("2026-05-02T01:00:00.5Z", Int64(1_777_683_600_500_000)),
        ("2026-05-02T01:00:00.999Z", 1_777_683_600_999_000),
        ("2026-05-02T01:00:00,25+00:00", 1_777_683_600_250_000),
        ("2026-05-01T18:00:00.000001-07:00", 1_777_683_600_000_001),
        ("2026-05-02T01:00:00.1234567899Z", 1_777_683_600_123_456),
        ("2026-05-02T01:00:00.000Z", 1_777_683_600_000_000),
        ("1969-12-31T23:59:59.75Z", -250_000),
    ])
    func keepsTheFraction(text: String, microseconds: Int64) throws {
        let instant = try Timestamp.instant(text)
        #expect(instant.microseconds == microseconds)
        #expect(instant.seconds == (microseconds - ((microseconds % 1_000_000) + 1_000_000) % 1_000_000) / 1_000_000)
    }

    /// A leap second (RFC 3339's `23:59:60`) is the last second of a day in UTC, whatever the
    /// offset it is written with; it reads as the last microsecond of the minute before it, so
    /// it comes after every instant of :59 and is shown in its own minute.
    @Test(arguments: ["2016-12-31T23:59:60Z", "2016-12-31T18:59:60-05:00", "2017-01-01T05:44:60+05:45",
                      "2016-12-31T23:59:60.5Z", "2016-12-31T23:59:60,999999999z"])
    func aLeapSecondIsTheLastMomentOfItsMinute(text: String) throws {
        let instant = try Timestamp.instant(text)
        #expect(instant == DataInstant(seconds: try Timestamp.unixSeconds("2016-12-31T23:59:59Z"), microsecond: 999_999))
        #expect(instant > (try Timestamp.instant("2016-12-31T23:59:59.999998Z")))
        #expect(instant < (try Timestamp.instant("2017-01-01T00:00:00Z")))
    }

    @Test func wholeSecondsRoundDownBeforeTheEpochToo() {
        #expect(DataInstant(microseconds: -1).seconds == -1)
        #expect(DataInstant(microseconds: -1_000_000).seconds == -1)
        #expect(DataInstant(microseconds: -1_000_001).seconds == -2)
        #expect(DataInstant(microseconds: 999_999).seconds == 0)
        #expect(DataInstant(seconds: -2, microsecond: 500_000) < DataInstant(seconds: -1))
    }

    @Test(arguments: [
        ("2026-05-01T18:00:00", TimestampProblem.noOffset),
        ("2026-05-01T18:00:00.Z", .malformed),
        ("2026-05-01T18:00:00.+02:00", .malformed),
        ("2026-05-01", .noTime),
        ("2025-02-29T00:00:00Z", .invalidDate),
        ("2026-05-01T24:00:00Z", .invalidTime),
        ("2016-12-31T23:59:61Z", .invalidTime),
        ("2016-12-31T23:58:60Z", .notALeapSecond),
        ("2016-12-31T23:59:60+01:00", .notALeapSecond),
        ("2016-12-31T12:00:60Z", .notALeapSecond),
        ("2026-05-01T18:00:00+25:00", .invalidOffset),
        ("May 1, 2026", .malformed),
        ("2026-05-01T18:00:00Zulu", .malformed),
    ])
    func refusesWhatIsNotATimestampWithAnOffset(text: String, problem: TimestampProblem) {
        #expect(throws: problem) { try Timestamp.unixSeconds(text) }
    }
}
