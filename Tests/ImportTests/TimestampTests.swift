import Import
import Testing

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

    @Test(arguments: [
        ("2026-05-01T18:00:00", TimestampProblem.noOffset),
        ("2026-05-01", .noTime),
        ("2025-02-29T00:00:00Z", .invalidDate),
        ("2026-05-01T24:00:00Z", .invalidTime),
        ("2026-05-01T18:00:00+25:00", .invalidOffset),
        ("May 1, 2026", .malformed),
        ("2026-05-01T18:00:00Zulu", .malformed),
    ])
    func refusesWhatIsNotATimestampWithAnOffset(text: String, problem: TimestampProblem) {
        #expect(throws: problem) { try Timestamp.unixSeconds(text) }
    }
}
