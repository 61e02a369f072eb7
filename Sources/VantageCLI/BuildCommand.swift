import VantageCore

/// `vantage build`: Import content/ and render the per-viewer site into public/. (Placeholder until its issue lands.)
struct BuildCommand: Command {
    static let name = "build"
    static let abstract = "Import content/ and render the per-viewer site into public/"
    static let help = """
        Usage: vantage build

        \(VantageCLI.exitCodes)

        """

    init(arguments: inout Arguments) throws(UsageError) {}

    func run(console: Console) throws -> ExitCode {
        throw Diagnostic.error("'vantage build' is not available yet")
    }
}
