import VantageCore

/// `vantage diff`: Compare two built sites. (Placeholder until its issue lands.)
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two built sites"
    static let help = """
        Usage: vantage diff

        \(VantageCLI.exitCodes)

        """

    init(arguments: inout Arguments) throws(UsageError) {}

    func run(console: Console) throws -> ExitCode {
        throw Diagnostic.error("'vantage diff' is not available yet")
    }
}
