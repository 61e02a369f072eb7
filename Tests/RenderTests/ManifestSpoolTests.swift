import Foundation
import Testing
import VantageCore

@testable import Render

/// `ManifestSpool`: rendered viewers' lines go through the spool file, carried viewers' lines
/// stay slices of the previous manifest; either way the document is the manifest a build of
/// all the entries writes (`ManifestCodec.encode`), byte for byte, and its digest is SHA-256's.
@Suite("The manifest spool")
struct ManifestSpoolTests {
    /// `count` pages for `slug`, about 170 bytes a line.
    static func entries(_ slug: String, count: Int) -> [ManifestEntry] {
        (0..<count).map { index in
            ManifestEntry(
                path: "\(slug)/quotes/by/p\(index)/index.html", kind: "quotes-by", viewer: slug,
                sha256: SHA256.hex(Array("\(slug)\(index)".utf8)), bytes: 1000 + index)
        }
    }

    /// Foundation's createFile wrote a `.dat.nosync…` temporary beside the output and renamed it
    /// over the spool: a build killed in between left it there for good. Made in place, the
    /// spool is the file its path named (truncated), and no other name is ever made.
    @Test("The spool is made in place by its own name: no temporary renamed over it")
    func theSpoolIsMadeInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".public.building.manifest").path
        try Data("a killed build's spool".utf8).write(to: URL(fileURLWithPath: path))
        var before = stat()
        var after = stat()
        #expect(stat(path, &before) == 0)
        let spool = try ManifestSpool(spoolPath: path)
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino, "a new file was renamed over the spool")
        #expect(after.st_size == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".public.building.manifest"])
        try spool.add(Self.entries("ana", count: 2), key: "ana/")
        _ = spool
    }

    @Test("Spooled, carried and site-wide chunks, added in any order, make the manifest of all their entries; its digest is SHA-256's",
          arguments: [0, 1, 3])
    func documentIsTheWholeManifest(carriedEvery: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Enough viewers for the document to span several blocks, with names that sort across
        // the site-wide pages ("index.html" between "ia…" and "zoe…").
        let slugs = (0..<90).map { "\(["ana", "bo", "ia", "zoe", "émile"][$0 % 5])-\($0)" }
        var all: [ManifestEntry] = []
        var perViewer: [String: [ManifestEntry]] = [:]
        for (index, slug) in slugs.enumerated() {
            perViewer[slug] = Self.entries(slug, count: 40 + index * 7)
            all += perViewer[slug]!
        }
        let sitePages = [
            ManifestEntry(path: "index.html", kind: "index", viewer: nil, sha256: SHA256.hex([1]), bytes: 10),
            ManifestEntry(path: "reviews.html", kind: "reviews", viewer: nil, sha256: SHA256.hex([2]), bytes: 20),
        ]
        all += sitePages
        let expected = ManifestCodec.encode(all)
        #expect(expected.count > 3 * ManifestSpool.blockSize)
        // The previous manifest, as a rebuild holds it, for the carried viewers' lines.
        let previous = expected
        let runs = previous.withUnsafeBytes { ManifestCodec.viewerRuns(in: $0) }

        let spool = try ManifestSpool(spoolPath: folder.appendingPathComponent("m").path)
        for (index, slug) in slugs.reversed().enumerated() {
            if carriedEvery > 0, index % carriedEvery == 0, let run = runs[slug] {
                try spool.add(chunk: previous[run.range], key: slug + "/")
            } else {
                try spool.add(perViewer[slug]!, key: slug + "/")
            }
        }
        for entry in sitePages { try spool.add([entry], key: entry.path) }
        try spool.add(chunk: [][...], key: "empty/")
        try spool.add([], key: "none/")
        var written: [UInt8] = []
        var blocks = 0
        try spool.document { block in
            #expect(block.count <= ManifestSpool.blockSize)
            written += block
            blocks += 1
        }
        #expect(written == expected)
        #expect(blocks == (expected.count + ManifestSpool.blockSize - 1) / ManifestSpool.blockSize)
        #expect(spool.digest == SHA256.hex(expected))
        #expect(spool.digest == SHA256.swiftHex(expected))
    }
}
