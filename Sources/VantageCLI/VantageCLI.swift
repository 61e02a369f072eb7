import Foundation
import VantageCore

/// The `vantage` command line: dispatches to a command, prints diagnostics on standard error,
/// and maps every outcome to the one exit-code table.
public enum VantageCLI {
    /// The tool's version, printed by `--version`.
    public static let version = "0.1.0"

    /// Every command, in the order `--help` lists them.
    public static let commands: [any Command.Type] = [
        ImportCommand.self,
        BuildCommand.self,
        RenderCommand.self,
        CheckCommand.self,
        DiffCommand.self,
    ]

    /// The exit-code table shared by every command's help.
    public static let exitCodes = """
        Exit codes:
          0  success
          1  findings: validation errors, differences, rejected records
          2  bad usage or unusable input
        """

    static var toolHelp: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.abstract }
        return """
            vantage \(version): a static-site generator over Change Jar and Quotes exports.

            Usage: vantage <command> [options]
                   vantage <command> --help   (or vantage help <command>)
                   vantage --version

            Commands:
            \(list.joined(separator: "\n"))

            \(exitCodes)

            """
    }

    /// Runs `vantage` with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], console: Console = .standard()) -> Int32 {
        let code = dispatch(arguments, console: console)
        guard console.outputFailed else { return code }
        console.err("error: cannot write to standard output")
        return ExitCode.unusable.rawValue
    }

    private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(toolHelp)
            return ExitCode.unusable.rawValue
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.count > 1, !["--help", "-h"].contains(arguments[1]) {
                // `vantage help nosuch` is an unknown command, as `vantage nosuch` is.
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    console.err("error: unknown command '\(arguments[1])'; run 'vantage --help' for the list")
                    return ExitCode.unusable.rawValue
                }
                console.out(command.help)
            } else {
                console.out(toolHelp)
            }
            return ExitCode.success.rawValue
        }
        if first == "--version" {
            guard arguments.count == 1 else {
                console.err("error: --version takes no arguments, found '\(arguments[1])'; run 'vantage --help' for usage")
                return ExitCode.unusable.rawValue
            }
            console.out("vantage \(version)\n")
            return ExitCode.success.rawValue
        }
        guard let commandType = commands.first(where: { $0.name == first }) else {
            console.err("error: unknown command '\(first)'; run 'vantage --help' for the list")
            return ExitCode.unusable.rawValue
        }
        let rest = Array(arguments.dropFirst())
        // Not after "--": what follows it is positional (a folder named `-h`).
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            console.out(commandType.help)
            return ExitCode.success.rawValue
        }
        do {
            var parsed = Arguments(rest, command: commandType.name)
            let command = try commandType.init(arguments: &parsed)
            try parsed.finish()
            return try command.run(console: console).rawValue
        } catch let error as UsageError {
            console.err("error: \(error.message)\nrun 'vantage \(commandType.name) --help' for usage")
            return ExitCode.unusable.rawValue
        } catch let diagnostic as Diagnostic {
            console.err(diagnostic.description)
            return ExitCode.unusable.rawValue
        } catch let list as DiagnosticList {
            for diagnostic in list.diagnostics { console.err(diagnostic.description) }
            return ExitCode.unusable.rawValue
        } catch {
            console.err("error: \(error)")
            return ExitCode.unusable.rawValue
        }
    }
}
