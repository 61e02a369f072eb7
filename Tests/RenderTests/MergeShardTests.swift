import Foundation
import Render
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

    /// `vantage ARGUMENTS` in a child process, with `environment` added to this one's (a build
    /// date of its own: `SOURCE_DATE_EPOCH`); as a user whom permissions bind (`setpriv`, as
    /// nobody) when `unprivileged` and the tests run as root. The exit status and standard error.
    func run(_ arguments: [String], environment: [String: String] = [:], unprivileged: Bool = false) throws -> (status: Int32, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: VantageExecutable.path), "build the vantage executable first")
        let process = Process()
        if unprivileged, geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv as root")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", VantageExecutable.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: VantageExecutable.path)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = scale.folder.appendingPathComponent("err-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// The tiny site's content copied to `name`, `edit` applied to the text of each file.
    func editedContent(_ name: String, _ edit: (String, String) -> String) throws -> String {
        let edited = out(name)
        try FileManager.default.copyItem(atPath: scale.tiny, toPath: edited)
        for file in scale.files(edited) {
            let path = edited + "/" + file
            try edit(file, try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }
        return edited
    }

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

    @Test("A shard built with --manifest-only, or copied without a person's folder, is refused saying so, not as its manifest's first page")
    func shardWithoutItsFolders() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        let (before, holder) = scale.siteAndTwoShards()
        let other = out("shard-\(3 - holder)")
        let record = try JSONParser.parse(Array(try #require(scale.bytes(out("shard-\(holder)") + "/shard.json"))), file: "shard.json")
        let listed = record.objectValue?["viewers"]?.arrayValue ?? []
        let viewers = listed.compactMap { $0.stringValue }
        try #require(viewers.count >= 2 && viewers.contains("ana-lima"))
        // Its manifest lists every page; no page was written.
        let manifestOnly = out("manifest-only")
        #expect(scale.build(manifestOnly, ["--no-import", "--manifest-only", "--shard", "\(holder)/2"]).status == 0)
        let lost = out("lost")
        try FileManager.default.copyItem(atPath: out("shard-\(holder)"), toPath: lost)
        try FileManager.default.removeItem(atPath: lost + "/ana-lima")
        let cases = [
            (manifestOnly, "it holds none of its people's folders (\(viewers[0])/ first), only its manifest.json: a shard built with "
                + "--manifest-only writes no page; build it again without --manifest-only, or copy it again with its folders"),
            (lost, "ana-lima/ is missing: copy the shard again, or build it again"),
        ]
        for (shard, why) in cases {
            let shards = holder == 1 ? [shard, other] : [other, shard]
            let merged = scale.build(out("site"), ["--no-import", "--merge"] + shards)
            #expect(merged.status == 2)
            #expect(merged.err.split(separator: "\n").first.map(String.init)
                == "error: read the shards: --merge: shard \(holder)/2 in \(shard): \(why); nothing was written", "\(merged.err)")
            #expect(contents(out("site")).elementsEqual(before, by: ==))
        }
    }

    @Test("A shard of other people than the store's (a person renamed since, the counts equal) is refused naming whom it has and whom it lacks")
    func shardOfOtherPeople() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        let (before, _) = scale.siteAndTwoShards()
        // Bo Berg renamed Bo Borg: the same number of people, one folder named otherwise.
        let renamed = try editedContent("renamed") { _, text in text.replacingOccurrences(of: "Bo Berg", with: "Bo Borg") }
        let otherStore = out("renamed.sqlite")
        #expect(scale.vantage(["import", "--content", renamed, "--db", otherStore]).status == 0)
        let merged = scale.vantage(["build", "--no-import", "--db", otherStore, "--templates", templatesFolder, "--out", out("site"),
                                    "--merge", out("shard-1"), out("shard-2")])
        #expect(merged.status == 2)
        // The first shard that differs: the one that holds bo-berg, or the one bo-borg goes to.
        let (old, new) = (SiteBuild.Shard.index(of: "bo-berg", count: 2), SiteBuild.Shard.index(of: "bo-borg", count: 2))
        let shard = min(old, new)
        var differences: [String] = []
        if old == shard { differences.append("it has bo-berg/, which the store does not put in it") }
        if new == shard { differences.append("it lacks bo-borg/, which the store puts in it") }
        #expect(merged.err.split(separator: "\n").first.map(String.init)
            == "error: read the shards: --merge: shard \(shard)/2 in \(out("shard-\(shard)")) holds other people than this store puts in it "
            + "(\(differences.joined(separator: "; "))): build every shard from the same store", "\(merged.err)")
        #expect(contents(out("site")).elementsEqual(before, by: ==))
    }

    @Test("Shards built under another SOURCE_DATE_EPOCH than the merge's (site.json without buildDate) are refused naming the build date")
    func shardsOfAnotherBuildDate() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        try FileManager.default.createDirectory(at: scale.folder, withIntermediateDirectories: true)
        let undated = try editedContent("undated") { file, text in
            file == "site.json" ? text.replacingOccurrences(of: #", "buildDate": "2026-05-10T12:00:00Z""#, with: "") : text
        }
        #expect(scale.vantage(["import", "--content", undated, "--db", scale.store]).status == 0)
        let common = ["--no-import", "--db", scale.store, "--templates", templatesFolder]
        for k in 1...2 {
            let shard = try run(["build"] + common + ["--shard", "\(k)/2", "--out", out("shard-\(k)")], environment: ["SOURCE_DATE_EPOCH": "1780000000"])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let merge = ["build"] + common + ["--out", out("site"), "--merge", out("shard-1"), out("shard-2")]
        let other = try run(merge, environment: ["SOURCE_DATE_EPOCH": "1790000000"])
        #expect(other.status == 2)
        // Every shard was built under another date than the merge's: the first is named, by the date.
        #expect(other.err.split(separator: "\n").first.map(String.init)
            == "error: read the shards: --merge: shard 1/2 in \(out("shard-1")): it was built with another build date than this merge's "
            + "(1790000000 in Unix seconds; with no buildDate in site.json, it is SOURCE_DATE_EPOCH, else the latest time in the data): "
            + "build every shard and the merge with the same SOURCE_DATE_EPOCH; nothing was written", "\(other.err)")
        #expect(!FileManager.default.fileExists(atPath: out("site")))
        // Under the shards' date, they merge.
        let same = try run(merge, environment: ["SOURCE_DATE_EPOCH": "1780000000"])
        #expect(same.status == 0, "\(same.err)")
    }

    @Test("A shard built by another build of vantage (another executable, the same version) is refused naming it; one build's shards merge")
    func shardOfAnotherBuildOfVantage() throws {
        defer { try? FileManager.default.removeItem(at: scale.folder) }
        try FileManager.default.createDirectory(at: scale.folder, withIntermediateDirectories: true)
        #expect(scale.vantage(["import", "--content", scale.tiny, "--db", scale.store]).status == 0)
        // Another build: the same executable with one byte more at its end (it runs the same,
        // and says the same version), as a rebuild of changed code would be.
        let other = out("vantage-other")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: VantageExecutable.path))
        bytes.append(0)
        try bytes.write(to: URL(fileURLWithPath: other))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: other)
        let common = ["--no-import", "--db", scale.store, "--templates", templatesFolder]
        for k in 1...2 {
            let shard = try run(["build"] + common + ["--shard", "\(k)/2", "--out", out("shard-\(k)")])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let odd = Process()
        odd.executableURL = URL(fileURLWithPath: other)
        odd.arguments = ["build"] + common + ["--shard", "2/2", "--out", out("odd")]
        odd.standardOutput = FileHandle.nullDevice
        try odd.run()
        odd.waitUntilExit()
        #expect(odd.terminationStatus == 0)
        let merged = try run(["build"] + common + ["--out", out("site"), "--merge", out("shard-1"), out("odd")])
        #expect(merged.status == 2)
        #expect(merged.err.split(separator: "\n").first.map(String.init)
            == "error: read the shards: --merge: shard 2/2 in \(out("odd")): it was built by another build of vantage than this "
            + "merge's (the SHA-256 of the executable differs, though the version may be the same): build every shard and the merge "
            + "with one build of vantage, copied to every machine; nothing was written", "\(merged.err)")
        #expect(!FileManager.default.fileExists(atPath: out("site")))
        // The shards of one build merge.
        let same = try run(["build"] + common + ["--out", out("site"), "--merge", out("shard-1"), out("shard-2")])
        #expect(same.status == 0, "\(same.err)")
    }

    /// A store imported into `shared/`, then made so that the unprivileged user writes the
    /// outputs beside it, and neither the store nor (until a test says otherwise) its folder.
    func readOnlySharedStore() throws -> (shared: String, store: String) {
        let shared = out("shared"), store = out("shared/store.sqlite")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(scale.vantage(["import", "--content", scale.tiny, "--db", store]).status == 0)
        #expect(chmod(scale.folder.path, 0o777) == 0 && chmod(store, 0o444) == 0 && chmod(shared, 0o555) == 0)
        return (shared, store)
    }

    @Test("A shard build that would import into a store it cannot write says to build with --no-import, where that is the cause")
    func readOnlyStoreSaysNoImport() throws {
        let (shared, store) = try readOnlySharedStore()
        defer {
            _ = chmod(shared, 0o755)
            try? FileManager.default.removeItem(at: scale.folder)
        }
        let shard = ["build", "--db", store, "--content", scale.tiny, "--templates", templatesFolder, "--shard", "1/2"]
        let hint = "to build from the store as it is, without importing --content, add --no-import"
        let lockless = try run(shard + ["--out", out("shard-1")], unprivileged: true)
        #expect(lockless.status == 2)
        #expect(lockless.err.split(separator: "\n").first.map(String.init)
            == "error: cannot open the lock file '\(PathText.resolved(store)).lock' of the store '\(store)': Permission denied; "
            + "the store's folder cannot be written: \(hint)", "\(lockless.err)")
        // vantage import has no --no-import: the error is said alone.
        let imported = try run(["import", "--content", scale.tiny, "--db", store], unprivileged: true)
        #expect(imported.status == 2 && !imported.err.contains("--no-import"), "\(imported.err)")
        // The folder writable, the store not: SQLite refuses the import's first write.
        #expect(chmod(shared, 0o777) == 0)
        let readOnly = try run(shard + ["--out", out("shard-1")], unprivileged: true)
        #expect(readOnly.status == 2)
        let said = try #require(readOnly.err.split(separator: "\n").first.map(String.init))
        #expect(said.hasPrefix("\(store): error: the store refused the import: SQLite error 8: attempt to write a readonly database (in: "), "\(said)")
        #expect(said.hasSuffix("); the store cannot be written: \(hint)"), "\(said)")
        // As it says: built from the store as it is.
        let built = try run(shard + ["--no-import", "--out", out("shard-1")], unprivileged: true)
        #expect(built.status == 0, "\(built.err)")
        // A store that is not there yet: no store to build from, no hint.
        #expect(chmod(shared, 0o555) == 0)
        let missing = try run(["build", "--db", out("shared/new.sqlite"), "--content", scale.tiny, "--templates", templatesFolder,
                               "--out", out("site")], unprivileged: true)
        #expect(missing.status == 2 && !missing.err.contains("--no-import"), "\(missing.err)")
    }

    @Test("A whole-site build with --no-import from a store whose folder cannot be written builds, without its record")
    func readOnlyStoreBuildsWholeSite() throws {
        let (shared, store) = try readOnlySharedStore()
        defer {
            _ = chmod(shared, 0o755)
            try? FileManager.default.removeItem(at: scale.folder)
        }
        // The advice of the build that would import, followed: the whole site, as a plain build.
        let whole = ["build", "--no-import", "--db", store, "--templates", templatesFolder, "--quiet"]
        let built = try run(whole + ["--out", out("site")], unprivileged: true)
        #expect(built.status == 0, "\(built.err)")
        #expect(built.err.contains("warning: cannot record this build in the store \(store) (the next build will be a full one)"),
                "\(built.err)")
        #expect(FileManager.default.fileExists(atPath: out("site") + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: PathText.resolved(store) + ".lock"))
        // And again, into the same output: a full build, the same site.
        let again = try run(whole + ["--out", out("site")], unprivileged: true)
        #expect(again.status == 0, "\(again.err)")
        // A missing store is still said to be missing, not a lock that cannot be made.
        let missing = try run(["build", "--no-import", "--db", out("shared/new.sqlite"), "--templates", templatesFolder,
                               "--out", out("other")], unprivileged: true)
        #expect(missing.status == 2 && missing.err.contains("no store at"), "\(missing.err)")
    }
}
