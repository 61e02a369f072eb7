import Foundation
import Store
import VantageCore

/// The "now" of a build, never the wall clock: `site.json`'s `buildDate`, else the
/// `SOURCE_DATE_EPOCH` environment variable, else the latest instant in the data (else the
/// epoch, for an empty store). Relative dates and nothing else depend on it.
public enum BuildClock {
    /// Where "now" came from, for the build summary.
    public enum Source: String, Sendable {
        case buildDate = "site.json buildDate"
        case sourceDateEpoch = "SOURCE_DATE_EPOCH"
        case latestInData = "latest timestamp in the data"
        case epoch = "no timestamps (1970-01-01)"
    }

    /// The build's now in Unix seconds and where it came from.
    /// A malformed `SOURCE_DATE_EPOCH` is an error rather than silently ignored.
    public static func now(
        settings: SiteSettings, environment: [String: String], latestInData: Int64?
    ) throws -> (seconds: Int64, source: Source) {
        if let date = settings.buildDate {
            guard BuildInstant.isUsable(date) else {
                throw Diagnostic.error("site.json buildDate must be \(BuildInstant.rangeDescription); run 'vantage import' with a corrected site.json")
            }
            return (date, .buildDate)
        }
        if let seconds = try sourceDateEpoch(environment) { return (seconds, .sourceDateEpoch) }
        if let latest = latestInData { return (latest, .latestInData) }
        return (0, .epoch)
    }

    /// `SOURCE_DATE_EPOCH` from `environment`, nil when it is not set. Every command that
    /// honours the variable reads it here: a malformed value is an error, never ignored.
    public static func sourceDateEpoch(_ environment: [String: String]) throws -> Int64? {
        guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
        // The range is BuildInstant's, shared with site.json's buildDate (checked at import).
        guard let seconds = Int64(text.trimmingCharacters(in: .whitespaces)), BuildInstant.isUsable(seconds) else {
            throw Diagnostic.error(
                "SOURCE_DATE_EPOCH must be a whole number of seconds \(BuildInstant.rangeDescription) (0 to \(BuildInstant.end - 1)), not '\(text)'")
        }
        return seconds
    }
}
