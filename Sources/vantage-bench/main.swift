import Foundation

// `vantage-bench <benchmark> [options]`; each benchmark prints its own figures.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "diff":
    do { try DiffBench.run(arguments: Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
case "import":
    do { try ImportBench.run(arguments: Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
        exit(2)
    }
default:
    print("""
        vantage-bench: benchmarks:
          diff [--people N] [--changed-percent P] [--out DIR] [--keep]
          import [--people N] [--quotes N] [--ideas N] [--format json|jsonl|both] [--dir DIR] [--runs N]
        """)
}
