import Foundation
import VantageCLI
import VantageCore
@testable import Diff

/// Files under `Tests/DiffTests/Fixtures`.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
    }

    static func text(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// Compares `actual` with the golden file `expected/name`; with `VANTAGE_RECORD=1` in the
    /// environment, (re)writes the golden file instead.
    static func matchesGolden(_ actual: String, _ name: String) throws -> Bool {
        let path = root + "/expected/" + name
        if ProcessInfo.processInfo.environment["VANTAGE_RECORD"] == "1" {
            try FileManager.default.createDirectory(atPath: root + "/expected", withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return true
        }
        return try text("expected/" + name) == actual
    }
}

/// Two copies of the fixture site (`base/`) in a fresh temporary folder, `old` and `new`;
/// a test edits `new`, writes the manifests, and runs `vantage diff` on them.
final class SiteScenario {
    let root: String
    var old: String { root + "/old" }
    var new: String { root + "/new" }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixture.root + "/base", toPath: old)
        try FileManager.default.copyItem(atPath: Fixture.root + "/base", toPath: new)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Puts `variants/relative` at `new/relative`.
    func useVariant(_ relative: String) throws {
        let target = new + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: Fixture.root + "/variants/" + relative, toPath: target)
    }

    /// Copies `new/from` to `new/to`.
    func duplicate(_ from: String, as to: String) throws {
        let target = new + "/" + to
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: new + "/" + from, toPath: target)
    }

    /// Deletes `new/relative` (a file or folder).
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: new + "/" + relative)
    }

    /// Every variant: the site-wide index and stylesheet, Ana's changed pages, Ben removed, Cy added.
    func applyEverything() throws {
        for variant in [
            "index.html", "ana-lima/settings.html", "ana-lima/quotes/index.html",
            "ana-lima/quotes/by/dad/index.html", "ana-lima/ideas/all/page-2.html", "ana-lima/search-index.json",
            "cy-oh/index.html", "cy-oh/quotes/index.html", "assets/site.css",
        ] { try useVariant(variant) }
        try remove("ben-costa")
    }

    /// Writes `manifest.json` into both sites as the build does (OUTPUT.md): every HTML page
    /// with its kind and viewer from its `<body>` hooks (found here by plain text search,
    /// independently of the code under test); like the build, other files (the search
    /// indexes, the stylesheet) are not listed.
    /// With `complete`, every file is listed as a build that lists its search indexes and
    /// assets would: `search-index` for a viewer's JSON file, kind `asset` for the rest.
    func writeManifests(complete: Bool = false) throws {
        for site in [old, new] { try Self.writeManifest(site, complete: complete) }
    }

    static func writeManifest(_ site: String, complete: Bool) throws {
        let files = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? [])
            .filter { path in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: site + "/" + path, isDirectory: &isFolder)
                return !isFolder.boolValue && path != "manifest.json" && (complete || path.hasSuffix(".html"))
            }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var entries: [JSONValue] = []
        for path in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)))
            let text = String(decoding: bytes, as: UTF8.self)
            var object = JSONObject(keys: ["path"], values: [.string(path)])
            if path.hasSuffix(".json") {
                object.keys += ["kind", "viewer"]
                object.values += [.string("search-index"), .string(String(path.prefix { $0 != "/" }))]
            } else if !path.hasSuffix(".html") {
                object.keys.append("kind")
                object.values.append(.string("asset"))
            } else if let body = text.range(of: "<body") {
                let tag = text[body.lowerBound...].prefix { $0 != ">" }
                for (attribute, key) in [("data-page", "kind"), ("data-viewer", "viewer")] {
                    if let start = tag.range(of: attribute + "=\"") {
                        object.keys.append(key)
                        object.values.append(.string(String(tag[start.upperBound...].prefix { $0 != "\"" })))
                    }
                }
            }
            object.keys += ["sha256", "bytes"]
            object.values += [.string(SHA256.hex(bytes)), .number(Double(bytes.count))]
            entries.append(.object(object))
        }
        let manifest = JSONWriter.string(.object(JSONObject(keys: ["pages"], values: [.array(entries)])))
        try manifest.write(toFile: site + "/manifest.json", atomically: true, encoding: .utf8)
    }

    /// Runs `vantage diff ARGUMENTS`; the scenario's folder reads as `$SITES` in the output.
    func diff(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console.capturing()
        let code = VantageCLI.run(["diff"] + arguments, console: console)
        return (code, console.standardOutput.replacingOccurrences(of: root, with: "$SITES"),
                console.standardError.replacingOccurrences(of: root, with: "$SITES"))
    }
}
