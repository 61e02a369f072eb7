import Foundation
import Testing
import VantageCLI

@Suite("Command-line dispatch")
struct DispatchTests {
    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console.capturing()
        let code = VantageCLI.run(arguments, console: console)
        return (code, console.standardOutput, console.standardError)
    }

    /// With standard output closed (`>&-`) a command trapped in Foundation's write; it now
    /// exits 2 saying so, for each command that prints its result there. The real executable,
    /// beside the test bundle, run by a shell.
    @Test(arguments: ["--version", "--help", "check --help"])
    func aClosedStandardOutputIsExitTwo(_ arguments: String) throws {
        let vantage = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("vantage").path
        try #require(FileManager.default.isExecutableFile(atPath: vantage), "build the vantage executable first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(vantage)' \(arguments) >&- 2>/dev/null; echo $? >&2"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let status = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == "2\n", "\(arguments)")
    }

    @Test func versionPrintsOnStandardOutput() {
        let result = run(["--version"])
        #expect(result.code == 0)
        #expect(result.out == "vantage \(VantageCLI.version)\n")
        #expect(result.err.isEmpty)
    }

    @Test func toolHelpListsEveryCommandAndTheExitCodes() {
        let result = run(["--help"])
        #expect(result.code == 0)
        for command in VantageCLI.commands {
            #expect(result.out.contains("  \(command.name) "))
        }
        #expect(result.out.contains("2  bad usage or unusable input"))
    }

    @Test func everyCommandHasHelpWithItsUsageLine() {
        for command in VantageCLI.commands {
            let result = run([command.name, "--help"])
            #expect(result.code == 0)
            #expect(result.out.hasPrefix("Usage: vantage \(command.name)"))
            #expect(result.out.contains("Exit codes:"))
        }
    }

    @Test func noArgumentsIsBadUsage() {
        let result = run([])
        #expect(result.code == 2)
        #expect(result.err.contains("Usage: vantage <command> [options]"))
    }

    @Test func unknownCommandIsBadUsage() {
        let result = run(["publish"])
        #expect(result.code == 2)
        #expect(result.err == "error: unknown command 'publish'; run 'vantage --help' for the list\n")
        // Asked for its help, the same (it printed the tool's help and exited 0).
        let help = run(["help", "publish"])
        #expect(help.code == 2)
        #expect(help.err == "error: unknown command 'publish'; run 'vantage --help' for the list\n")
        #expect(run(["help", "diff"]).out.hasPrefix("Usage: vantage diff"))
        // A second --viewer would drop the first without a word: two different ones are refused.
        let viewers = run(["diff", "a", "b", "--viewer", "ana", "--viewer", "ben"])
        #expect(viewers.code == 2)
        #expect(viewers.err.hasPrefix(#"error: --viewer is given twice ("ana" and "ben"): give it once"#), "\(viewers.err)")
    }

    /// `--shard` given twice with two values is refused, naming both (before: the last won,
    /// and `--shard 1/3 --shard 2/3` built 2/3 without a word); the same value twice is the
    /// value. Other options: the last one wins (a script overrides a default it passed).
    @Test func aShardGivenTwiceIsBadUsage() throws {
        let result = run(["build", "--shard", "1/3", "--shard=2/3"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: --shard is given twice (\"1/3\" and \"2/3\"): give it once\n"), "\(result.err)")
        var same = Arguments(["--shard", "1/3", "--shard=1/3"], command: "t")
        #expect(try same.single("shard") == "1/3")
        var override = Arguments(["--out", "x", "--out=y"], command: "t")
        #expect(try override.option("out") == "y")
    }

    /// An empty folder name in `--viewers` is named by its place: a stray comma was answered
    /// with "needs folder names separated by commas", which `ana-lima,` seemed to be.
    @Test(arguments: [
        ("ana-lima,", "name 2 of 2 in \"ana-lima,\""), (",ana-lima", "name 1 of 2 in \",ana-lima\""),
        ("a,,b", "name 2 of 3 in \"a,,b\""), ("a, ,b", "name 2 of 3 in \"a, ,b\""), ("", "name 1 of 1 in \"\""),
    ])
    func anEmptyViewerIsNamedByItsPlace(_ given: String, _ named: String) {
        let result = run(["build", "--viewers", given])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: --viewers needs folder names separated by commas, and \(named) is empty\n"), "\(result.err)")
    }

    /// After `--` every argument is positional, `-h` too: `check -- -h` checks the folder `-h`
    /// (it printed the help and exited 0, checking nothing).
    @Test func helpIsNotReadAfterDashDash() {
        let result = run(["check", "--", "-h-no-such-folder", "-h"])
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(run(["check", "-h"]).out.hasPrefix("Usage: vantage check"))
    }

    /// `vantage help --help` is the tool's help (it was "unknown command '--help'"), and
    /// `--version` with more after it is bad usage (it printed the version, exit 0).
    @Test func helpOfHelpAndVersionWithMore() {
        let help = run(["help", "--help"])
        #expect(help.code == 0 && help.out.contains("Usage: vantage <command> [options]"), "\(help.err)")
        let version = run(["--version", "extra"])
        #expect(version.code == 2)
        #expect(version.err.hasPrefix("error: --version takes no arguments, found 'extra'"), "\(version.err)")
    }

    @Test func anOptionWhereAValueShouldBeIsBadUsage() {
        let built = run(["build", "--content", "nowhere", "--out", "--full"])
        #expect(built.code == 2)
        #expect(built.err.hasPrefix("error: --out needs a value, found the option --full"), "\(built.err)")
    }

    @Test func unknownOptionIsBadUsage() {
        let result = run(["import", "--colour"])
        #expect(result.code == 2)
        #expect(result.err == "error: unknown option '--colour'\nrun 'vantage import --help' for usage\n")
    }
}

@Suite("Argument parsing")
struct ArgumentsTests {
    @Test func optionsFlagsAndPositionals() throws {
        var arguments = Arguments(["a", "--db", "x.sqlite", "--keep-going", "--format=json", "--", "--b"], command: "t")
        #expect(try arguments.option("db") == "x.sqlite")
        #expect(try arguments.flag("keep-going"))
        #expect(try arguments.choice("format", ["text", "json"], default: "text") == "json")
        #expect(try arguments.positionals(max: 2) == ["a", "--b"])
    }

    /// `--merge` takes the folders after it, or its first one after `=`, as every option with
    /// a value does (`--merge=a` was "takes no value"); paths with a leading `~` are names here;
    /// a file option ending in a slash is refused.
    @Test func listsOfPathsAndLiteralPaths() throws {
        var merge = Arguments(["--merge=a", "b", "~/c", "--", "-d"], command: "t")
        #expect(try merge.pathList("merge") == ["a", "b", "./~/c", "-d"])
        var absent = Arguments(["x"], command: "t")
        #expect(try absent.pathList("merge") == nil)
        var paths = Arguments(["--out", "~//site", "--db", "s.sqlite/", "--data", "~x.json"], command: "t")
        #expect(try paths.path("out") == "./~/site")
        #expect(try paths.filePath("data") == "./~x.json")
        do {
            _ = try paths.filePath("db")
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == "--db names a file, and \"s.sqlite/\" ends in a slash, as a folder does")
        }
    }

    @Test func missingValueAndBadChoiceAreUsageErrors() throws {
        var missing = Arguments(["--db"], command: "t")
        #expect(throws: UsageError.self) { try missing.option("db") }
        var bad = Arguments(["--format", "xml"], command: "t")
        do {
            _ = try bad.choice("format", ["text", "json"], default: "text")
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == "--format must be one of text, json, not 'xml'")
        }
        var count = Arguments(["--context", "-1"], command: "t")
        #expect(throws: UsageError.self) { try count.integer("context") }
        // Another option where the value should be: refused (`--out --full` built into the
        // folder `--full`), whichever the command reads first; `--out=--full` names that folder.
        var skipped = Arguments(["--out", "--full"], command: "t")
        do {
            _ = try skipped.option("out")
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == "--out needs a value, found the option --full (a value that starts with -- is written --out=--full)")
        }
        var flagFirst = Arguments(["--out", "--full"], command: "t")
        #expect(try flagFirst.flag("full"))
        #expect(throws: UsageError.self) { try flagFirst.option("out") }
        var written = Arguments(["--out=--full", "--out", "-dash"], command: "t")
        #expect(try written.option("out") == "-dash")
    }
}
