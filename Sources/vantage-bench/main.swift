import Foundation

// `vantage-bench <benchmark> [options]`; each benchmark prints its own figures.
let arguments = Array(CommandLine.arguments.dropFirst())
/// The benchmarks by name.
let benchmarks: [String: ([String]) throws -> Void] = [
    "build": BuildBench.run, "diff": DiffBench.run, "import": ImportBench.run,
    "template": TemplateBench.run, "validate": ValidateBench.run,
]
switch arguments.first.flatMap({ benchmarks[$0] }) {
case let benchmark?:
    do { try benchmark(Array(arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
        exit(2)
    }
default:
    print("""
        vantage-bench: benchmarks:
          build [--shape peer|mixed] [--people N] [--quotes N] [--ideas N] [--page-size N] [--every K] [--workers N] [--dir DIR]
          diff [--people N] [--changed-percent P] [--out DIR] [--keep]
          import [--shape peer|mixed] [--people N] [--quotes N] [--ideas N] [--format json|jsonl|both] [--dir DIR] [--runs N]
          template [--pages N] [--locale TAG] [--time-zone TZ] [--threads N]
          validate [--pages N] [--dir PATH] [--keep] [--stage parse|content|full|sizes|check] [--site BUILT_SITE] [--reuse-structures]
        """)
}
