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

    @Test("A shard whose manifest or marker is damaged, or whose page or person's folder is a link, is refused saying so; the output stays as it was")
    func damagedManifestMarkerOrLink() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        let (before, holder) = scale.siteAndTwoShards()
        let shard = out("shard-\(holder)"), damaged = out("damaged")
        let manifest = try #require(scale.bytes(shard + "/manifest.json").map { String(decoding: $0, as: UTF8.self) })
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let home = try #require(lines.firstIndex { $0.contains(#""path":"ana-lima/index.html""#) })
        let column = try #require(lines[home].range(of: #""kind":"home""#)).lowerBound.utf16Offset(in: lines[home]) + 8
        // The first person of the shard, and their first page in path order.
        let record = try JSONParser.parse(Array(try #require(scale.bytes(shard + "/shard.json"))), file: "shard.json")
        let first = try #require(record.objectValue?["viewers"]?.arrayValue?.first?.stringValue)
        let firstPage = try #require(scale.files(shard + "/" + first).first { PageName.isPage($0) })
        func write(_ text: String, _ file: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: damaged + "/" + file)) }
        let merge = "--merge: shard \(holder)/2 in \(damaged): "
        let copyAgain = "copy the shard again, or build it again; nothing was written"
        let cases: [(String, () throws -> Void, String)] = [
            ("manifest cut short", { try write(lines[...home].joined(separator: "\n").dropLast(lines[home].count - 20) + "", "manifest.json") },
             "\(damaged)/manifest.json:\(home + 1):9: error: \(merge)its manifest.json is damaged (the string that starts here is not closed): \(copyAgain)"),
            ("manifest not JSON", { try write("{bad", "manifest.json") },
             "\(damaged)/manifest.json:1:2: error: \(merge)its manifest.json is damaged (expected a member name in double quotes, found 'b'): \(copyAgain)"),
            ("a line of the manifest damaged", { try write(manifest.replacingOccurrences(of: #""kind":"home""#, with: #""kind":home""#), "manifest.json") },
             "\(damaged)/manifest.json:\(home + 1):\(column): error: \(merge)its manifest.json is damaged (expected a JSON value, found 'h'): \(copyAgain)"),
            ("manifest of no page", { try write("{\"pages\": []}\n", "manifest.json") },
             "error: read the shards: \(merge)its manifest.json does not match the shard's pages: \(first)/\(firstPage) is not in it; \(copyAgain)"),
            ("marker empty", { try write("", ".vantage-site") },
             "error: read the shards: --merge: \(damaged)/.vantage-site is empty (damaged in a copy?): copy the shard again, or build it again"),
            ("marker damaged", { try write("{\"tool\":\"vantage\"}", ".vantage-site") },
             "error: read the shards: --merge: \(damaged)/.vantage-site is not the marker a vantage build writes (damaged in a copy?): "
                + "copy the shard again, or build it again"),
            ("page a link", {
                try FileManager.default.moveItem(atPath: damaged + "/ana-lima/index.html", toPath: self.out("index.html"))
                try FileManager.default.createSymbolicLink(atPath: damaged + "/ana-lima/index.html", withDestinationPath: self.out("index.html"))
            }, "error: plan the output: \(merge)ana-lima/index.html is a symbolic link, which a build never writes: "
                + "copy the files themselves into the shard; nothing was written"),
            ("person's folder a link", {
                try? FileManager.default.removeItem(atPath: self.out("ana-lima"))
                try FileManager.default.moveItem(atPath: damaged + "/ana-lima", toPath: self.out("ana-lima"))
                try FileManager.default.createSymbolicLink(atPath: damaged + "/ana-lima", withDestinationPath: self.out("ana-lima"))
            }, "error: plan the output: \(merge)ana-lima/ is a symbolic link, which a build never writes: "
                + "copy the files themselves into the shard; nothing was written"),
        ]
        for (name, damage, said) in cases {
            try? FileManager.default.removeItem(atPath: damaged)
            try FileManager.default.copyItem(atPath: shard, toPath: damaged)
            try damage()
            let shards = holder == 1 ? [damaged, out("shard-2")] : [out("shard-1"), damaged]
            for (output, extra) in [(out("site"), []), (out("manifest"), ["--manifest-only"])] {
                let merged = scale.build(output, ["--no-import", "--merge"] + shards + extra)
                #expect(merged.status == 2, "\(name)")
                #expect(merged.err.split(separator: "\n").first.map(String.init) == said, "\(name) \(extra): \(merged.err)")
            }
            #expect(contents(out("site")).elementsEqual(before, by: ==), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: out("manifest")), "\(name)")
        }
        // The same pages written otherwise (indented, by another tool) are the same manifest.
        try? FileManager.default.removeItem(atPath: damaged)
        try FileManager.default.copyItem(atPath: shard, toPath: damaged)
        let parsed = try JSONSerialization.jsonObject(with: Data(manifest.utf8))
        try JSONSerialization.data(withJSONObject: parsed, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: damaged + "/manifest.json"))
        let shards = holder == 1 ? [damaged, out("shard-2")] : [out("shard-1"), damaged]
        let merged = scale.build(out("merged"), ["--no-import", "--merge"] + shards)
        #expect(merged.status == 0, "\(merged.err)")
        #expect(contents(out("merged")).elementsEqual(before, by: ==))
    }
}
