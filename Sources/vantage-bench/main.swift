import Foundation

// `vantage-bench <benchmark> [options]`: release-build benchmarks; each prints its own figures.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "build":
    do { try BuildBench.run(arguments: Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
        exit(1)
    }
case "diff":
    do { try DiffBench.run(arguments: Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
default:
    print("""
        vantage-bench: benchmarks:
          build [--people N] [--quotes N] [--ideas N] [--page-size N] [--every K] [--dir DIR]
          diff [--people N] [--changed-percent P] [--out DIR] [--keep]
        """)
}
