import VantageCore

/// One `vantage` command: its name, its help, and how it runs.
public protocol Command: Sendable {
    /// The word after `vantage`.
    static var name: String { get }
    /// One line for the tool's help.
    static var abstract: String { get }
    /// The full `--help` text: usage, options, exit codes.
    static var help: String { get }
    /// Parses the command's arguments (everything after its name).
    init(arguments: inout Arguments) throws(UsageError)
    /// Runs the command and returns its exit code; throwing a `Diagnostic` exits with 2.
    func run(console: Console) throws -> ExitCode
}
