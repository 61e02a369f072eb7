import VantageCore

/// `vantage check`: Validate a built site with libxml2. (Placeholder until its issue lands.)
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Validate a built site with libxml2"
    static let help = """
        Usage: vantage check

        \(VantageCLI.exitCodes)

        """

    init(arguments: inout Arguments) throws(UsageError) {}

    func run(console: Console) throws -> ExitCode {
        throw Diagnostic.error("'vantage check' is not available yet")
    }
}
