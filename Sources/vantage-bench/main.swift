import Foundation

// vantage-bench BENCHMARK [options]: each benchmark prints its own figures.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "template": try TemplateBench.run(arguments: Array(arguments.dropFirst()))
    default:
        print("usage: vantage-bench template [--pages N] [--locale TAG] [--time-zone TZ] [--threads N]")
    }
} catch {
    FileHandle.standardError.write(Data("vantage-bench: \(error)\n".utf8))
    exit(2)
}
