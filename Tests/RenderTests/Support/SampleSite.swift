import Foundation
import Import
import Store
import Testing

@testable import Render

/// The repository's root (holds `content/` and `templates/`).
let repositoryRoot: URL = URL(fileURLWithPath: templatesFolder).deletingLastPathComponent()

/// The sample content (`content/`) imported with the real importer and built once per test
/// process; the suites that use it only read it.
let sampleSite: Result<SampleSite, Error> = Result { try SampleSite() }

/// The built sample site plus direct access to its store for independent expectations.
final class SampleSite: @unchecked Sendable {
    let folder: URL
    let storePath: String
    let site: BuiltSite
    let database: Database
    /// People with a home, by slug (the mapping comes from the render's slug allocation).
    let homes: [SiteModel.Home]
    /// Each file's bytes, loaded once.
    private var cache: [String: [UInt8]] = [:]
    private let lock = NSLock()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString)")
        storePath = folder.appendingPathComponent("store.sqlite").path
        _ = try Importer.run(ImportOptions(
            contentDirectory: repositoryRoot.appendingPathComponent("content").path, storePath: storePath))
        site = try BuiltSite(store: storePath, folder: folder)
        database = try Database(path: storePath, readOnly: true)
        homes = try Store(path: storePath, readOnly: true).readSite { reader in
            SiteModel(settings: try reader.settings(), now: 0, people: try reader.people(), ideas: []).homes
        }
    }

    /// The bytes of a file under the output; a missing file is a test failure (an empty page
    /// would pass every "never contains" check).
    func bytes(_ path: String) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[path] { return cached }
        guard let data = FileManager.default.contents(atPath: site.output + "/" + path) else {
            Issue.record("\(path) was not built")
            return []
        }
        let bytes = Array(data)
        cache[path] = bytes
        return bytes
    }

    /// Whether the output has the file.
    func has(_ path: String) -> Bool { FileManager.default.fileExists(atPath: site.output + "/" + path) }

    /// The files of one viewer's folder.
    func files(of slug: String) -> [String] { site.files.filter { $0.hasPrefix(slug + "/") } }

    /// The pages of a paginated list, concatenated in page order.
    func list(_ location: ListLocation) -> String {
        var text = ""
        var page = 1
        while has(location.path(page: page)) {
            text += String(decoding: bytes(location.path(page: page)), as: UTF8.self)
            page += 1
        }
        if page == 1 { Issue.record("\(location.path(page: 1)) was not built") }
        return text
    }

    /// Rows of a query on the store, as strings (NULL as nil). Tests run in parallel and a
    /// connection is not shared between threads, hence the lock.
    func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[String?]] {
        lock.lock()
        defer { lock.unlock() }
        return try database.rows(sql, arguments).map { row in
            row.map { value -> String? in
                switch value {
                case .null: return nil
                case .integer(let number): return String(number)
                case .real(let number): return String(number)
                case .text(let text): return text
                }
            }
        }
    }
}

/// Byte-level substring search (memchr for the first byte, then memcmp), fast enough to look
/// for hundreds of strings in every file.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBytes { hay in
        needle.withUnsafeBytes { pin in
            guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
            var offset = 0
            let last = hay.count - pin.count
            while offset <= last {
                guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                let position = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + position, pinBase, pin.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }
}

/// Text as the templates write it into HTML.
func htmlEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}
