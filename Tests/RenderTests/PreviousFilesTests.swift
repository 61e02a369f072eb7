import Testing

@testable import Render

/// `PreviousFiles`: the index of a previous build's files made from its manifest's bytes, which
/// the rebuild's checks trust to say which files in the output are vantage's.
@Suite("The previous build's files, from its manifest")
struct PreviousFilesTests {
    static func manifest(_ lines: [String]) -> [UInt8] {
        Array(("{\"pages\": [\n" + lines.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    static func paths(_ bytes: [UInt8]) -> [String]? {
        PreviousFiles.pagePaths(bytes).map { $0.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) } }
    }

    @Test("Paths come out sorted bytewise (a prefix first), whatever order the lines are in")
    func sortedPaths() {
        let lines = ["ana/quotes/by/bo/index.html", "ana/index.html", "ana-b/index.html", "ana/quotes/by/b/index.html", "Zed/index.html", "é/index.html"]
            .map { "{\"path\":\"\($0)\",\"kind\":\"home\",\"sha256\":\"00\",\"bytes\":1}" }
        let expected = ["Zed/index.html", "ana-b/index.html", "ana/index.html", "ana/quotes/by/b/index.html", "ana/quotes/by/bo/index.html", "é/index.html"]
        #expect(Self.paths(Self.manifest(lines)) == expected)
        #expect(Self.paths(Self.manifest(lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })) == expected)
        let files = PreviousFiles(manifest: Self.manifest(lines), markerFiles: ["ana/search-index.js"])!
        #expect(files.containsPage(Array("ana/index.html".utf8)) && !files.containsPage(Array("ana/index.htm".utf8)))
        #expect(files.pages(under: "ana").count == 3)
        var folders: [String] = []
        files.forEachFolder(under: "ana") { folders.append(String(cString: $0)); return true }
        #expect(folders == ["ana", "ana/quotes", "ana/quotes/by", "ana/quotes/by/b", "ana/quotes/by/bo"])
    }

    /// Every folder of the files under `top`, parents first, each once, in the files' order.
    static func referenceFolders(_ files: [String], under top: String) -> [String] {
        var seen: Set<String> = [top]
        var folders = [top]
        for file in files.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where file.hasPrefix(top + "/") {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            for count in 1...parts.count {
                let folder = parts.prefix(count).joined(separator: "/")
                if seen.insert(folder).inserted { folders.append(folder) }
            }
        }
        return folders
    }

    @Test("Every folder of the pages and other files under a top-level folder is met once, parents first, as a plain walk of the paths finds them; a visit that says stop stops it")
    func foldersMatchAPlainWalk() {
        var generator = SeededRandom(seed: 14)
        let names = ["a", "ab", "a-b", "b", "quotes", "by", "q1", "q10", "q2", "é", "zz"]
        for round in 0..<40 {
            var pages: Set<String> = [], others: Set<String> = []
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let top = ["ana", "ana-b", "an"].randomElement(using: &generator)!
                let depth = Int.random(in: 0...4, using: &generator)
                let folders = (0..<depth).map { _ in names.randomElement(using: &generator)! }
                let path = ([top] + folders).joined(separator: "/")
                if Bool.random(using: &generator) { pages.insert(path + "/index.html") } else { others.insert(path + "/search-index.js") }
            }
            let lines = pages.map { "{\"path\":\"\($0)\",\"kind\":\"home\",\"sha256\":\"00\",\"bytes\":1}" }
            let files = PreviousFiles(manifest: Self.manifest(lines), markerFiles: others)!
            for top in ["ana", "ana-b", "an", "none"] {
                let expected = Self.referenceFolders(Array(pages) + Array(others), under: top)
                var folders: [String] = []
                files.forEachFolder(under: top) { folders.append(String(cString: $0)); return true }
                #expect(folders == expected, "round \(round), under \(top)")
                let stopAfter = round % max(1, expected.count) + 1
                var met: [String] = []
                files.forEachFolder(under: top) { met.append(String(cString: $0)); return met.count < stopAfter }
                #expect(met == Array(expected.prefix(stopAfter)), "round \(round), under \(top), stopping after \(stopAfter)")
            }
        }
    }

    @Test("Bytes that are not a manifest in vantage's format are no manifest", arguments: [
        "{\"pages\": [\n{\"name\":\"a\"}\n]}",  // no path first
        "{\"pages\": [\n{\"path\":\"a\\\\b\",\"bytes\":1}\n]}",  // an escape in a path
        "{\"pages\": [\n{\"path\":\"a/index.html\",\"bytes\":1\n]}",  // no closing brace
        "{\"pages\": [\n{\"path\":\"a/index.html\n]}",  // no end of the path
        "{\"pages\": [\n{\"path\":\"a/index.html\"}\n]",  // no end of the document
        "{\"pages\":[\n]}",  // another head
        "",
    ])
    func notManifests(_ text: String) {
        #expect(PreviousFiles.pagePaths(Array(text.utf8)) == nil)
    }

    @Test("An empty manifest has no pages; blank lines are skipped")
    func emptyManifest() {
        #expect(Self.paths(Array("{\"pages\": [\n]}\n".utf8)) == [])
        #expect(Self.paths(Array("{\"pages\": [\n\n{\"path\":\"a/b.html\"}\n\n]}".utf8)) == ["a/b.html"])
    }
}
