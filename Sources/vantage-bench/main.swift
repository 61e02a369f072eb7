import Foundation

/// `vantage-bench <benchmark> [options]`: release-build benchmarks that print figures.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "build":
        try BuildBench.run(arguments: Array(arguments.dropFirst()))
    default:
        print("Usage: vantage-bench build [options]   (vantage-bench build --help)")
        exit(arguments.isEmpty ? 0 : 2)
    }
} catch {
    FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
    exit(1)
}
