import Foundation

/// A folder of files for one test, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init(files: [String: String]) throws {
        path = NSTemporaryDirectory() + "vantage-template-tests-" + UUID().uuidString
        for (relative, text) in files {
            let file = path + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
