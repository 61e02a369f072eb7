import Foundation
import Testing

@testable import Render

/// Carrying a previous site's folder into the new one (`SiteWriter.keep`): every file
/// hard-linked into the staging tree, so the live site never lacks it.
@Suite("Keeping folders across builds")
struct SiteWriterKeepTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keep-\(UUID().uuidString)")
    var output: String { folder.appendingPathComponent("public").path }

    /// A previous site: a manifest, a kept folder `ana/` and a folder `ben/` the next build drops.
    @discardableResult
    func previousSite() throws -> String {
        let manifest = "{\"pages\": [\n" + ["ana/index.html", "ana/quotes/index.html", "ben/index.html"].map {
            "{\"path\":\"\($0)\",\"kind\":\"home\",\"viewer\":\"x\",\"sha256\":\"0\",\"bytes\":1}"
        }.joined(separator: ",\n") + "\n]}\n"
        for (path, text) in [("manifest.json", manifest), ("ana/index.html", "ana"), ("ana/quotes/index.html", "q"), ("ben/index.html", "ben")] {
            let url = URL(fileURLWithPath: output + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        return manifest
    }

    func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: output + "/" + path))?[.systemFileNumber] as? UInt64
    }

    @Test("A kept folder is linked whole into the new site (same files, same inodes); a folder neither kept nor written is removed")
    func keeps() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try previousSite()
        let before = inode("ana/quotes/index.html")
        let writer = try SiteWriter(output: output)
        #expect(try writer.keep(directory: "ana"))
        #expect(try !writer.keep(directory: "cy"))  // no such folder: the caller renders instead
        // Linked, not moved: the live site still has every file until the swap.
        #expect(FileManager.default.contents(atPath: output + "/ana/quotes/index.html") == Data("q".utf8))
        #expect(FileManager.default.contents(atPath: writer.staging + "/ana/quotes/index.html") == Data("q".utf8))
        writer.countKept(files: 2, bytes: 4)
        try writer.write("manifest.json", bytes: Array(manifest.utf8))
        let counts = try writer.commit()
        #expect(inode("ana/quotes/index.html") == before && before != nil)
        #expect(FileManager.default.contents(atPath: output + "/ana/index.html") == Data("ana".utf8))
        #expect(!FileManager.default.fileExists(atPath: output + "/ben"))
        #expect(counts.unchanged == 3 && counts.removed == 1 && counts.written == 1)  // written: the new marker
        #expect(!FileManager.default.fileExists(atPath: writer.keepJournal))
    }

    @Test("A journal left by an earlier version killed mid-commit is honoured: its folders go back first")
    func killedMidCommitByEarlierVersion() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try previousSite()
        let staging = folder.appendingPathComponent(".public.building").path
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        // What the earlier version did before the exchange: journal, then move.
        try "ana".write(toFile: staging + ".keep", atomically: false, encoding: .utf8)
        #expect(rename(output + "/ana", staging + "/ana") == 0)
        let writer = try SiteWriter(output: output)
        #expect(FileManager.default.contents(atPath: output + "/ana/quotes/index.html") == Data("q".utf8))
        #expect(!FileManager.default.fileExists(atPath: writer.keepJournal))
        writer.abandon()
    }
}
