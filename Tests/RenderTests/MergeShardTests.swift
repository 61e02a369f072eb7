import Foundation
import Testing
import VantageCore

@testable import VantageCLI

/// `--merge` given shards as copies leave them (a `.DS_Store` in every folder Finder opened), and
/// shards it must refuse, each refusal naming its cause: a damaged manifest or marker, a link
/// where a build writes a file, a shard of another store, another build date. The tiny site
/// in two shards, built by `ScaleBuildTests`' helpers.
@Suite("vantage build --merge: what a copy leaves, and refusals that name their cause", .serialized)
struct MergeShardTests {
    let scale = ScaleBuildTests()
    func out(_ name: String) -> String { scale.out(name) }

    /// The site's files and their bytes.
    func contents(_ root: String) -> [(String, Data?)] { scale.files(root).map { ($0, scale.bytes(root + "/" + $0)) } }

    @Test("Dot-files a copy leaves in a shard, at the top, in a person's folder and deeper, are passed over: the merge is the plain build")
    func dotFilesAreNotTheSites() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        let (before, holder) = scale.siteAndTwoShards()
        let shard = out("shard-\(holder)")
        let nested = try #require(scale.files(shard + "/ana-lima").first { $0.contains("/") }.map { ($0 as NSString).deletingLastPathComponent })
        for place in [shard, out("shard-\(3 - holder)"), shard + "/ana-lima", shard + "/ana-lima/" + nested] {
            try Data([0, 0, 0, 1]).write(to: URL(fileURLWithPath: place + "/.DS_Store"))
        }
        // A dot-folder, with a page in it: not the site's either.
        try FileManager.default.createDirectory(atPath: shard + "/ana-lima/.Trashes", withIntermediateDirectories: false)
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: shard + "/ana-lima/.Trashes/index.html"))
        let merged = scale.build(out("merged"), ["--no-import", "--merge", out("shard-1"), out("shard-2")])
        #expect(merged.status == 0, "\(merged.err)")
        #expect(contents(out("merged")).elementsEqual(before, by: ==))
        #expect(!scale.files(out("merged")).contains { $0.hasSuffix(".DS_Store") || $0.contains(".Trashes") })
        let manifest = scale.build(out("manifest"), ["--no-import", "--manifest-only", "--merge", out("shard-1"), out("shard-2")])
        #expect(manifest.status == 0, "\(manifest.err)")
        #expect(scale.bytes(out("manifest") + "/manifest.json") == scale.bytes(out("site") + "/manifest.json"))
    }
}
