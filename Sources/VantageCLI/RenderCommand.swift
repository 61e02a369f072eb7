import VantageCore

/// `vantage render`: Render one Mustache template with a JSON document as its context. (Placeholder until its issue lands.)
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render one Mustache template with a JSON document as its context"
    static let help = """
        Usage: vantage render

        \(VantageCLI.exitCodes)

        """

    init(arguments: inout Arguments) throws(UsageError) {}

    func run(console: Console) throws -> ExitCode {
        throw Diagnostic.error("'vantage render' is not available yet")
    }
}
