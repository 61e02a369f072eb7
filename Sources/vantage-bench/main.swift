import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "validate":
        try ValidateBench.run(arguments: Array(arguments.dropFirst()))
    default:
        print("usage: vantage-bench validate [--pages N] [--dir PATH] [--keep]")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
