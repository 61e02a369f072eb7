import Foundation
@testable import Validate

/// The fixtures kept next to these tests: a small valid site (`Fixtures/site`) and broken
/// pages (`Fixtures/broken`), each with one kind of error.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let site = root.appendingPathComponent("site").path
    static let broken = root.appendingPathComponent("broken").path

    static func bytes(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing fixture \(path)") }
        return [UInt8](data)
    }

    /// Every file of the valid site, relative to its root, sorted.
    static func siteFiles() -> [String] {
        (try? SiteValidator.listFiles(in: site)) ?? []
    }

    /// A site check holding the valid site, plus `extra` pages (path in the site → bytes).
    static func check(
        adding extra: [String: [UInt8]] = [:], validator: SiteValidator = SiteValidator()
    ) -> SiteReport {
        let check = SiteCheck(validator: validator)
        for file in siteFiles() {
            if file.hasSuffix(".html") {
                check.addPage(path: file, bytes: bytes(site + "/" + file))
            } else {
                check.addFile(path: file, bytes: bytes(site + "/" + file))
            }
        }
        for (path, bytes) in extra.sorted(by: { $0.key < $1.key }) { check.addPage(path: path, bytes: bytes) }
        return check.finish()
    }

    /// The findings of broken page `name` placed at `people/ana-lima/NAME.html` in the valid site.
    static func findings(ofBroken name: String, validator: SiteValidator = SiteValidator()) -> [Finding] {
        let path = "people/ana-lima/\(name).html"
        return check(adding: [path: bytes(broken + "/\(name).html")], validator: validator).findings
    }
}
