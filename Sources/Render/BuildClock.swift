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
        if let date = settings.buildDate { return (date, .buildDate) }
        if let seconds = try sourceDateEpoch(environment) { return (seconds, .sourceDateEpoch) }
        if let latest = latestInData { return (latest, .latestInData) }
        return (0, .epoch)
    }

    /// `SOURCE_DATE_EPOCH` from `environment`, nil when it is not set. Every command that
    /// honours the variable reads it here: a malformed value is an error, never ignored.
    public static func sourceDateEpoch(_ environment: [String: String]) throws -> Int64? {
        guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
        guard let seconds = Int64(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw Diagnostic.error("SOURCE_DATE_EPOCH must be a whole number of seconds, not '\(text)'")
        }
        return seconds
    }
}
