import Foundation
@testable import Validate

/// The fixtures kept next to these tests: a small valid site (`Fixtures/site`) and broken
/// pages (`Fixtures/broken`), each with one kind of error.
///
/// Every reader throws when its fixture is missing or empty, so that a test over the fixtures
/// fails rather than passing on nothing.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let site = root.appendingPathComponent("site").path
    static let broken = root.appendingPathComponent("broken").path

    /// A fixture that is not there (or holds nothing).
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(description: "missing fixture \(path)") }
        guard !data.isEmpty else { throw Missing(description: "empty fixture \(path)") }
        return [UInt8](data)
    }

    /// Every file of the valid site, relative to its root, sorted.
    static func siteFiles() throws -> [String] {
        try nonEmpty(SiteValidator.listFiles(in: site), in: site)
    }

    /// The valid site's pages (its `.html` files).
    static func sitePages() throws -> [String] {
        try nonEmpty(siteFiles().filter { $0.hasSuffix(".html") }, in: site)
    }

    /// The names of the broken pages, sorted.
    static func brokenPages() throws -> [String] {
        try nonEmpty(FileManager.default.contentsOfDirectory(atPath: broken).filter { $0.hasSuffix(".html") }.sorted(), in: broken)
    }

    private static func nonEmpty(_ files: [String], in folder: String) throws -> [String] {
        guard !files.isEmpty else { throw Missing(description: "no fixture pages in \(folder)") }
        return files
    }

    /// A site check holding the valid site, plus `extra` pages (path in the site → bytes).
    static func check(
        adding extra: [String: [UInt8]] = [:], validator: SiteValidator = SiteValidator()
    ) throws -> SiteReport {
        let check = SiteCheck(validator: validator)
        for file in try siteFiles() {
            if file.hasSuffix(".html") {
                check.addPage(path: file, bytes: try bytes(site + "/" + file))
            } else {
                check.addFile(path: file, bytes: try bytes(site + "/" + file))
            }
        }
        for (path, bytes) in extra.sorted(by: { $0.key < $1.key }) { check.addPage(path: path, bytes: bytes) }
        return check.finish()
    }

    /// The findings of broken page `name` placed at `people/ana-lima/NAME.html` in the valid site.
    static func findings(ofBroken name: String, validator: SiteValidator = SiteValidator()) throws -> [Finding] {
        let path = "people/ana-lima/\(name).html"
        return try check(adding: [path: bytes(broken + "/\(name).html")], validator: validator).findings
    }
}
