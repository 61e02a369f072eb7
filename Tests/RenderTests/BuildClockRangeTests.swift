import Render
import Store
import Testing
import VantageCore

/// The build's now stays within `BuildInstant.range` wherever it comes from (issue 11): a
/// `SOURCE_DATE_EPOCH` past year 9998 is refused by name instead of failing on some page.
struct BuildClockRangeTests {
    @Test func aSourceDateEpochPastTheRangeIsRefused() throws {
        let settings = SiteSettings()
        #expect(try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "253370764799"], latestInData: nil)
            == (253_370_764_799, .sourceDateEpoch))
        for text in ["253370764800", "999999999999999", "-1"] {
            do {
                _ = try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": text], latestInData: nil)
                Issue.record("\(text) was accepted")
            } catch let error as Diagnostic {
                #expect(error.message == "SOURCE_DATE_EPOCH must be a whole number of seconds from 1970-01-01T00:00:00Z to 9998-12-31T23:59:59Z (0 to 253370764799), not '\(text)'")
            }
        }
    }

    @Test func aStoredBuildDatePastTheRangeIsRefused() {
        #expect(throws: Diagnostic.self) {
            try BuildClock.now(settings: SiteSettings(buildDate: BuildInstant.end), environment: [:], latestInData: nil)
        }
    }
}
