import Foundation
import Testing

@testable import Render

@Suite("Writing the site atomically")
struct SiteWriterTests {
    let folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)")
    var output: String { folder.appendingPathComponent("public").path }

    /// A build of `files` plus a manifest in vantage's format listing its pages (a folder
    /// without one is never replaced).
    func build(_ files: [String: String]) throws -> SiteWriter.Counts {
        let writer = try SiteWriter(output: output)
        var files = files
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        files["manifest.json"] = "{\"pages\": [\n"
            + pages.map { "{\"path\":\"\($0)\",\"kind\":\"index\",\"sha256\":\"0\",\"bytes\":1}" }.joined(separator: ",\n")
            + "\n]}\n"
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try writer.write(path, bytes: Array(text.utf8)) }
        return try writer.commit()
    }

    func inode(_ path: String) throws -> (UInt64, Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: output + "/" + path)
        return ((attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: output + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("A second build keeps unchanged files (same inode and mtime), rewrites changed ones, counts removed ones")
    func unchangedFilesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try build(["index.html": "one", "a/b/page.html": "two", "gone.html": "bye"])
        #expect(first.written == 5 && first.unchanged == 0 && first.removed == 0)  // with the manifest and the marker
        let keptBefore = try inode("a/b/page.html")
        let changedBefore = try inode("index.html")
        Thread.sleep(forTimeInterval: 0.01)
        let second = try build(["index.html": "ONE", "a/b/page.html": "two", "new.html": "hi"])
        #expect(second.written == 3 && second.unchanged == 2 && second.removed == 1)  // the manifest changed too
        let keptAfter = try inode("a/b/page.html")
        #expect(keptAfter.0 == keptBefore.0 && keptAfter.1 == keptBefore.1)
        #expect(try inode("index.html").0 != changedBefore.0)
        #expect(read("index.html") == "ONE" && read("gone.html") == nil && read("new.html") == "hi")
        // Beside the output only the back buffer, which holds the first build.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(siblings == [".public.building", "public"])
        let back = folder.appendingPathComponent(".public.building").path
        #expect(FileManager.default.contents(atPath: back + "/gone.html") == Data("bye".utf8))
        #expect(FileManager.default.contents(atPath: back + "/index.html") == Data("one".utf8))
    }

    @Test("An abandoned build leaves the previous output exactly as it was")
    func abandonKeepsOldSite() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try build(["index.html": "old", "x/y.html": "old y"])
        let writer = try SiteWriter(output: output)
        try writer.write("index.html", bytes: Array("new".utf8))
        try writer.write("z.html", bytes: Array("new z".utf8))
        writer.abandon()
        #expect(read("index.html") == "old" && read("x/y.html") == "old y" && read("z.html") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".public.building", "public"])
        // The next build publishes only its own files, nothing the abandoned one left.
        _ = try build(["index.html": "old"])
        #expect(read("z.html") == nil && read("x/y.html") == nil && read("index.html") == "old")
    }

    @Test("A build killed midway leaves a half-updated staging folder that the next build prunes")
    func staleStagingIsCleared() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try build(["index.html": "old"])
        let killed = try SiteWriter(output: output)
        try killed.write("index.html", bytes: Array("half".utf8))
        // No commit, no abandon: as if the process died here.
        #expect(read("index.html") == "old")
        #expect(FileManager.default.fileExists(atPath: killed.staging))
        let counts = try build(["index.html": "new"])
        #expect(counts.written == 1 && counts.unchanged == 2 && read("index.html") == "new")
        // The staging folder is now the back buffer: the site before, not the killed build's file.
        #expect(FileManager.default.contents(atPath: killed.staging + "/index.html") == Data("old".utf8))
    }

    @Test("Folders at any depth are made, new ones below known ones, and a page below a file is refused by name")
    func foldersAtAnyDepth() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let counts = try build([
            "a/x.html": "x", "a/b/c/d/e.html": "e", "a/b/c/f.html": "f", "a/b/g/h/i/j.html": "j", "k/l.html": "l",
        ])
        #expect(counts.written == 7)
        #expect(read("a/x.html") == "x" && read("a/b/c/d/e.html") == "e" && read("a/b/c/f.html") == "f")
        #expect(read("a/b/g/h/i/j.html") == "j" && read("k/l.html") == "l")
        let writer = try SiteWriter(output: output)
        defer { writer.abandon() }
        try writer.write("m/n.html", bytes: [1])
        #expect(throws: (any Error).self) { try writer.write("m/n.html/o/p.html", bytes: [2]) }
        do {
            try writer.write("m/n.html/q.html", bytes: [3])
            Issue.record("a page below a file was written")
        } catch {
            // mkdir finds a name there (EEXIST), so the page's own create is what fails.
            #expect("\(error)" == "error: cannot create 'm/n.html/q.html': Not a directory")
        }
    }

    @Test("A changed page replaces the back buffer's hard link of the live file, never writing through it")
    func changedPageReplacesLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try build(["index.html": "one", "a/b.html": "bee"])
        _ = try build(["index.html": "one", "a/b.html": "bee"])  // both unchanged: linked, live and back alike
        let counts = try build(["index.html": "two", "a/b.html": "BEE"])
        #expect(counts.written == 2 && counts.unchanged == 2)  // the manifest and the marker are the same
        #expect(read("index.html") == "two" && read("a/b.html") == "BEE")
        let back = folder.appendingPathComponent(".public.building").path
        #expect(FileManager.default.contents(atPath: back + "/index.html") == Data("one".utf8))
        #expect(FileManager.default.contents(atPath: back + "/a/b.html") == Data("bee".utf8))
    }

    @Test("Paths that could leave the output folder are refused", arguments: [
        "../x.html", "/etc/passwd", "a/../../x", "a//b", ".hidden", "a/.git/config", "", "a b.html", "ü.html", "a/",
    ])
    func unsafePaths(path: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try SiteWriter(output: output)
        #expect(throws: (any Error).self) { try writer.write(path, bytes: [1]) }
        writer.abandon()
    }

    @Test("A folder that holds files but no manifest is not a site: it is never replaced")
    func foreignFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try "mine".write(toFile: output + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { _ = try SiteWriter(output: output) }
        #expect(read("notes.txt") == "mine")
    }

    @Test("The output's own dot-files (.gitkeep) survive the swap")
    func dotFilesKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try "".write(toFile: output + "/.gitkeep", atomically: true, encoding: .utf8)
        let counts = try build(["index.html": "one"])
        #expect(counts.written == 3 && counts.removed == 0)
        #expect(read(".gitkeep") == "" && read("index.html") == "one")
        _ = try build(["index.html": "two"])
        #expect(read(".gitkeep") == "" && read("index.html") == "two")
    }
}
