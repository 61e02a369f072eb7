import Foundation
import Testing

@testable import Render

/// Carrying a previous site's folder whole into the new one (`SiteWriter.keep`).
@Suite("Keeping folders across builds")
struct SiteWriterKeepTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keep-\(UUID().uuidString)")
    var output: String { folder.appendingPathComponent("public").path }

    /// A previous site: a manifest, a kept folder `ana/` and a folder `ben/` the next build drops.
    func previousSite() throws {
        for (path, text) in [("manifest.json", "{}"), ("ana/index.html", "ana"), ("ana/quotes/index.html", "q"), ("ben/index.html", "ben")] {
            let url = URL(fileURLWithPath: output + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
    }

    func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: output + "/" + path))?[.systemFileNumber] as? UInt64
    }

    @Test("A kept folder moves whole into the new site (same files, same inodes); a folder neither kept nor written is removed")
    func keeps() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try previousSite()
        let before = inode("ana/quotes/index.html")
        let writer = try SiteWriter(output: output)
        #expect(try writer.keep(directory: "ana"))
        #expect(try !writer.keep(directory: "cy"))  // no such folder: the caller renders instead
        writer.countKept(files: 2, bytes: 4)
        try writer.write("manifest.json", bytes: Array("{}".utf8))
        let counts = try writer.commit()
        #expect(inode("ana/quotes/index.html") == before && before != nil)
        #expect(FileManager.default.contents(atPath: output + "/ana/index.html") == Data("ana".utf8))
        #expect(!FileManager.default.fileExists(atPath: output + "/ben"))
        #expect(counts.unchanged == 3 && counts.removed == 1 && counts.written == 0)
        #expect(!FileManager.default.fileExists(atPath: writer.keepJournal))
    }

    @Test("A build killed after moving kept folders but before the swap: the next build puts them back first")
    func killedMidCommit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try previousSite()
        let writer = try SiteWriter(output: output)
        #expect(try writer.keep(directory: "ana"))
        try writer.moveKeptFolders()  // then the process dies: no exchange, no clean-up
        #expect(!FileManager.default.fileExists(atPath: output + "/ana"))
        _ = try SiteWriter(output: output)
        #expect(FileManager.default.contents(atPath: output + "/ana/quotes/index.html") == Data("q".utf8))
        #expect(!FileManager.default.fileExists(atPath: writer.keepJournal))
    }
}
