import VantageCore

/// `vantage import`: Import the exported app data into the SQLite store. (Placeholder until its issue lands.)
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import the exported app data into the SQLite store"
    static let help = """
        Usage: vantage import

        \(VantageCLI.exitCodes)

        """

    init(arguments: inout Arguments) throws(UsageError) {}

    func run(console: Console) throws -> ExitCode {
        throw Diagnostic.error("'vantage import' is not available yet")
    }
}
