/// The one exit-code table of every `vantage` command.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// The command did what was asked and found nothing to report.
    case success = 0
    /// The command ran and has findings: validation errors, differences, rejected records.
    case findings = 1
    /// Bad usage or unusable input: unknown option, unreadable file, malformed data, store error.
    case unusable = 2
}
