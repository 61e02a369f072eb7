import Foundation

/// `vantage-bench <benchmark> [options]`: release-build benchmarks that print figures.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "import":
        try ImportBench.run(arguments: Array(arguments.dropFirst()))
    default:
        print("Usage: vantage-bench import [options]   (vantage-bench import --help)")
        exit(arguments.isEmpty ? 0 : 2)
    }
} catch {
    FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
    exit(1)
}
