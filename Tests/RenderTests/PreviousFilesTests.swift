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
