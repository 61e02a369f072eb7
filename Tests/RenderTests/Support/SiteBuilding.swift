import Foundation
import Testing

@testable import Render

/// The package's own templates folder (tests render with the real templates).
let templatesFolder: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        let candidate = url.appendingPathComponent("templates")
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("layout.mustache").path) {
            return candidate.path
        }
    }
    return "templates"
}()

/// A site built into a temporary folder, read back file by file.
struct BuiltSite {
    let folder: URL
    let report: SiteBuild.Report
    var output: String { folder.appendingPathComponent("public").path }

    /// Builds the store at `store` with the real templates.
    init(store: String, folder: URL? = nil, locale: String? = nil, environment: [String: String] = [:]) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString)")
        report = try SiteBuild.run(SiteBuild.Options(
            store: store, templates: templatesFolder, output: self.folder.appendingPathComponent("public").path,
            locale: locale, environment: environment), tuning: SiteBuild.Tuning(workers: 2))
    }

    /// Every file under the output, relative paths sorted.
    var files: [String] {
        let walker = FileManager.default.enumerator(atPath: output)
        var paths: [String] = []
        while let path = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// The text of one file, or "" when missing.
    func text(_ path: String) -> String {
        FileManager.default.contents(atPath: output + "/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
