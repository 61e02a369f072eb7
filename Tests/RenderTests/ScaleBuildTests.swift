import Foundation
import Store
import Testing
import VantageCore

@testable import VantageCLI

/// Building a part of the site (`--viewers`), shards across processes (`--shard K/N`, then
/// `--merge`), a manifest alone (`--manifest-only`, then `vantage diff`), and the room check,
/// all through the command line, against a plain build of the same store.
@Suite("vantage build: parts, shards, manifests, room", .serialized)
struct ScaleBuildTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scale-build-\(UUID().uuidString)")
    var tiny: String { fixturesFolder.appendingPathComponent("tiny/content").path }
    var sample: String { repositoryRoot.appendingPathComponent("content").path }
    var store: String { folder.appendingPathComponent("store.sqlite").path }
    func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @discardableResult
    func vantage(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = VantageCLI.run(arguments, console: console)
        return (status, console.standardOutput, console.standardError)
    }

    func build(_ output: String, _ extra: [String] = [], content: String? = nil) -> (status: Int32, out: String, err: String) {
        vantage(["build", "--content", content ?? tiny, "--templates", templatesFolder, "--out", output, "--db", store] + extra)
    }

    /// Every file under `root`, relative to it, sorted.
    func files(_ root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Shards are checked against the merge's store by what the store holds, not by its
    /// history: a store that imported another export first gives the same people other row
    /// ids, and the same pages, so the shards of a fresh store of the same export merge with it.
    @Test("Shards of a fresh store merge with a store of the same data and another history")
    func shardsMergeWithAStoreOfAnotherHistory() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let fresh = out("fresh.sqlite")
        #expect(vantage(["import", "--content", sample, "--db", store]).status == 0)
        #expect(vantage(["import", "--content", tiny, "--db", store]).status == 0)
        #expect(vantage(["import", "--content", tiny, "--db", fresh]).status == 0)
        for k in 1...2 {
            let shard = vantage(["build", "--no-import", "--shard", "\(k)/2", "--content", tiny, "--templates", templatesFolder,
                                 "--out", out("shard-\(k)"), "--db", fresh])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let merged = build(out("merged"), ["--no-import", "--merge", out("shard-1"), out("shard-2")])
        #expect(merged.status == 0, "\(merged.err)")
        let plain = vantage(["build", "--no-import", "--content", tiny, "--templates", templatesFolder, "--out", out("plain"), "--db", fresh])
        #expect(plain.status == 0, "\(plain.err)")
        let plainFiles = files(out("plain")).filter { $0 != SiteMarker.name }
        #expect(files(out("merged")).filter { $0 != SiteMarker.name } == plainFiles)
        for file in plainFiles { #expect(bytes(out("merged") + "/" + file) == bytes(out("plain") + "/" + file), "\(file)") }
    }

    /// The planned size follows the quotes each person is in: one person of 40 who hears 900
    /// quotes has most of the site's pages, which an even sample of twelve would miss (it
    /// planned a third of what a skewed site wrote, and the build ran out of room half-way).
    @Test("The plan counts a person in many more quotes than the rest")
    func thePlanCountsAHeavyPerson() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = out("content")
        try FileManager.default.createDirectory(atPath: content + "/quotes", withIntermediateDirectories: true)
        try Data(#"{"title": "Skew", "defaultLocale": "en", "timeZone": "UTC", "pageSize": 20, "buildDate": "2026-05-10T12:00:00Z"}"#.utf8)
            .write(to: URL(fileURLWithPath: content + "/site.json"))
        var users: [String] = []
        for index in 0..<40 { users.append(#"{"phone": "+1415555\#(String(format: "%04d", index))", "firstName": "P\#(index)", "lastName": "Q"}"#) }
        var quotes: [String] = []
        for index in 0..<900 {
            // Everyone hears one or two; person 7 hears them all, from a speaker who is no user.
            let other = String(format: "%04d", index % 40)
            quotes.append(#"{"id": "q\#(index)", "text": "Quote number \#(index), long enough to weigh", "saidBy": {"phone": "+14155559999", "name": "Stranger"}, "heardBy": [{"phone": "+14155550007", "name": "P7"}\#(index < 40 && index != 7 ? #", {"phone": "+1415555\#(other)", "name": "X"}"# : "")], "when": "2026-05-0\#(1 + index % 9)T10:\#(String(format: "%02d", index % 60)):00Z", "submittedBy": "+14155550007"}"#)
        }
        try Data(#"{"users": [\#(users.joined(separator: ","))], "quotes": [\#(quotes.joined(separator: ","))], "contacts": []}"#.utf8)
            .write(to: URL(fileURLWithPath: content + "/quotes/export.json"))
        let result = build(out("public"), content: content)
        #expect(result.status == 0, "\(result.err)")
        let planned = try #require(result.out.firstMatch(of: /Planned: about (\d+) pages/)).1
        let manifest = try String(contentsOfFile: out("public") + "/manifest.json", encoding: .utf8)
        let written = manifest.components(separatedBy: "\"sha256\"").count - 1
        #expect(written > 300, "\(written)")
        let ratio = Double(Int(planned)!) / Double(written)
        #expect(ratio > 0.9 && ratio < 1.15, "planned \(planned) pages, wrote \(written)")
        // A rebuild plans from the sizes the first build recorded, as well.
        let export = content + "/quotes/export.json"
        try String(contentsOfFile: export, encoding: .utf8).replacingOccurrences(of: "Quote number 5,", with: "Quote five,")
            .write(toFile: export, atomically: true, encoding: .utf8)
        let again = build(out("public"), content: content)
        #expect(again.status == 0, "\(again.err)")
        let replanned = try #require(again.out.firstMatch(of: /Planned: about (\d+) pages/)).1
        let reratio = Double(Int(replanned)!) / Double(written)
        #expect(reratio > 0.9 && reratio < 1.15, "planned \(replanned) pages, wrote \(written)")
    }

    @Test("--viewers: the chosen people's pages are byte for byte a full build's; the index links to their homes only")
    func viewersAreByteIdentical() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = build(out("full"))
        #expect(full.status == 0, "\(full.err)")
        // Repeated, the lists add up: the same as "lea-martin,ana-lima".
        let part = build(out("part"), ["--viewers", "lea-martin", "--viewers", "ana-lima"])
        #expect(part.status == 0, "\(part.err)")
        #expect(part.out.hasPrefix("Planned: "), "\(part.out)")
        // Of the people it built, not of everyone (it said "0 of 4 people unchanged; full build").
        #expect(part.out.contains(" (0 of 2 people unchanged; a part of the site)\n"), "\(part.out)")
        let built = files(out("part"))
        #expect(!built.contains { $0.hasPrefix("bo-berg/") })
        for slug in ["lea-martin", "ana-lima"] {
            let theirs = files(out("full")).filter { $0.hasPrefix(slug + "/") }
            #expect(!theirs.isEmpty)
            #expect(built.filter { $0.hasPrefix(slug + "/") } == theirs)
            for file in theirs { #expect(bytes(out("part") + "/" + file) == bytes(out("full") + "/" + file), "\(file)") }
        }
        for asset in files(out("full")).filter({ $0.hasPrefix("assets/") }) {
            #expect(bytes(out("part") + "/" + asset) == bytes(out("full") + "/" + asset))
        }
        let index = String(decoding: try #require(bytes(out("part") + "/index.html")), as: UTF8.self)
        #expect(index.contains("href=\"lea-martin/index.html\""))
        #expect(index.contains("href=\"ana-lima/index.html\""))
        #expect(!index.contains("bo-berg/"))
        // The manifest lists exactly what was written, with the full build's lines for it.
        let fullLines = Set(String(decoding: try #require(bytes(out("full") + "/manifest.json")), as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("\"viewer\":\"lea-martin\"") })
        let partLines = Set(String(decoding: try #require(bytes(out("part") + "/manifest.json")), as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("\"viewer\":\"lea-martin\"") })
        #expect(!fullLines.isEmpty && fullLines == partLines)
    }

    @Test("--viewers with an unknown slug: exit 2 naming it, nothing written")
    func unknownViewer() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = build(out("part"), ["--viewers", "lea-martin,nobody-here"])
        #expect(result.status == 2)
        #expect(result.err.contains("--viewers: no person has the folder 'nobody-here' (a slug as in the index, such as 'ana-lima')"),
                "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out("part")))
        // A folder name spelled otherwise, as typed or copied from an address, is named as it is
        // (it was only "such as 'ana-lima'", the first slug, whatever was given).
        // So is the name the index shows, with its accent (NFC or NFD) and its space.
        for given in ["LEA-MARTIN", "lea-martin/", "Lea%2Dmartin", "l\u{E9}a-martin", "le\u{301}a-martin", "L\u{E9}a Martin"] {
            let meant = build(out("part"), ["--viewers", given])
            #expect(meant.status == 2)
            #expect(meant.err.contains("--viewers: no person has the folder '\(given)' (did you mean 'lea-martin'?)"), "\(meant.err)")
        }
        // Folder names separated by spaces, not commas: the list as --viewers takes it.
        let spaced = build(out("part"), ["--viewers", "lea-martin ana-lima"])
        #expect(spaced.status == 2)
        #expect(spaced.err.contains("--viewers: no person has the folder 'lea-martin ana-lima' (did you mean 'lea-martin,ana-lima'?)"),
                "\(spaced.err)")
        #expect(!FileManager.default.fileExists(atPath: out("part")))
    }

    @Test("--no-import with a --content that names no folder: exit 2 naming it (its static files would be dropped), the site as it was")
    func noImportWithAMistypedContent() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(out("site")).status == 0)
        let before = files(out("site"))
        let missing = folder.appendingPathComponent("conten").path
        let result = build(out("site"), ["--no-import"], content: missing)
        #expect(result.status == 2)
        #expect(result.err.contains("\(missing): error: --content names no folder (with --no-import only its static/ files are read)"), "\(result.err)")
        #expect(files(out("site")) == before)
    }

    @Test("--no-import from a store no import completed into (a killed first import): exit 2 as for no store, the site as it was")
    func noImportFromAStoreNeverImportedInto() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(out("site")).status == 0)
        let before = files(out("site"))
        let manifest = bytes(out("site") + "/manifest.json")
        // What a first import killed after the migrations leaves: the schema, no rows.
        let killed = out("new.sqlite")
        _ = try Store(path: killed)
        let refused = "\(killed): error: no store here (no import has completed into it); run 'vantage import' first"
        for extra in [[], ["--viewers", "lea-martin"], ["--shard", "1/2"], ["--manifest-only"]] {
            let output = extra.isEmpty ? out("site") : out("part")
            let result = vantage(["build", "--no-import", "--templates", templatesFolder, "--out", output, "--db", killed] + extra)
            #expect(result.status == 2, "\(extra)")
            #expect(result.err.contains(refused), "\(extra): \(result.err)")
        }
        #expect(files(out("site")) == before)
        #expect(bytes(out("site") + "/manifest.json") == manifest)
        #expect(!FileManager.default.fileExists(atPath: out("part")))
    }

    @Test("Bad K/N: exit 2 with the usage message", arguments: ["0/3", "4/3", "abc", "1/0", "2/", "/3", "-1/3", "1/3/3", "1/100001", "1/99999999999999999999", "1/3\n"])
    func badShard(_ value: String) {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = build(out("shard"), ["--shard", value])
        #expect(result.status == 2)
        // The value quoted by the one rule: a line feed in it shows as \n.
        #expect(result.err.contains("--shard needs K/N with 1 ≤ K ≤ N ≤ 100000 (such as 2/3), not \"\(value.replacingOccurrences(of: "\n", with: "\\n"))\""), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out("shard")))
    }

    @Test("Three shards built by three concurrent processes from one store, then merged: the plain build, byte for byte")
    func threeShardsMergeToThePlainBuild() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = vantage(["import", "--content", sample, "--db", store])
        #expect(imported.status == 0, "\(imported.err)")
        let plain = build(out("plain"), ["--no-import"], content: sample)
        #expect(plain.status == 0, "\(plain.err)")
        let executable = try AtomicBuildTests.vantageExecutable()
        let children = try (1...3).map { k -> Process in
            let process = Process()
            process.executableURL = executable
            process.arguments = ["build", "--no-import", "--shard", "\(k)/3", "--templates", templatesFolder,
                                 "--db", store, "--out", out("shard-\(k)")]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for child in children { child.waitUntilExit() }
        #expect(children.map(\.terminationStatus) == [0, 0, 0])
        var people: [String] = []
        for k in 1...3 {
            let shardFiles = files(out("shard-\(k)"))
            #expect(shardFiles.contains("shard.json") && shardFiles.contains("manifest.json"))
            #expect(!shardFiles.contains("index.html"), "site-wide pages wait for the merge")
            let slugs = Set(shardFiles.filter { $0.contains("/") }.map { String($0.split(separator: "/")[0]) })
            people += slugs
        }
        #expect(people.count == Set(people).count, "each person in one shard")
        // Merged by the executable that built the shards: the merge holds shards to its own
        // build of vantage (this test process is another).
        let merging = try VantageExecutable.start(
            ["build", "--no-import", "--content", sample, "--templates", templatesFolder, "--db", store, "--out", out("merged"),
             "--merge", out("shard-1"), out("shard-2"), out("shard-3")], logs: folder, name: "merge")
        merging.waitUntilExit()
        #expect(merging.terminationStatus == 0, "\(VantageExecutable.errors(folder, name: "merge"))")
        let mergeOut = FileManager.default.contents(atPath: folder.appendingPathComponent("merge.out").path) ?? Data()
        #expect(String(decoding: mergeOut, as: UTF8.self).hasPrefix("Planned: "))
        let plainFiles = files(out("plain"))
        #expect(files(out("merged")) == plainFiles)
        #expect(Set(people) == Set(plainFiles.filter { $0.contains("/") && !$0.hasPrefix("assets/") && !$0.hasPrefix("review/") }
            .map { String($0.split(separator: "/")[0]) }))
        for file in plainFiles { #expect(bytes(out("merged") + "/" + file) == bytes(out("plain") + "/" + file), "\(file)") }
    }

    @Test("Merging an incomplete set of shards fails naming the missing one; the output stays as it was")
    func missingShard() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(vantage(["import", "--content", tiny, "--db", store]).status == 0)
        #expect(build(out("site"), ["--no-import"]).status == 0)
        let before = files(out("site"))
        let manifest = bytes(out("site") + "/manifest.json")
        for k in [1, 3] { #expect(build(out("shard-\(k)"), ["--no-import", "--shard", "\(k)/3"]).status == 0) }
        let merged = build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-3")])
        #expect(merged.status == 2)
        #expect(merged.err.contains("--merge: incomplete: shard 2/3 missing"), "\(merged.err)")
        #expect(files(out("site")) == before)
        #expect(bytes(out("site") + "/manifest.json") == manifest)
        let twice = build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-1"), out("shard-3")])
        #expect(twice.status == 2)
        #expect(twice.err.contains("shard 1/3 is given twice"), "\(twice.err)")
    }

    /// The tiny site built whole into `site` (its files and bytes, to see that a refused merge
    /// leaves them) and as two shards, `shard-1` and `shard-2`; which of them holds ana-lima.
    func siteAndTwoShards() -> (before: [(String, Data?)], holder: Int) {
        #expect(vantage(["import", "--content", tiny, "--db", store]).status == 0)
        #expect(build(out("site"), ["--no-import"]).status == 0)
        let before = files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }
        for k in 1...2 { #expect(build(out("shard-\(k)"), ["--no-import", "--shard", "\(k)/2"]).status == 0) }
        return (before, FileManager.default.fileExists(atPath: out("shard-1") + "/ana-lima") ? 1 : 2)
    }

    @Test("A shard holding what its build did not write (a stray page, another shard's person) is refused naming it; a dot-file a copy left is not the site's")
    func strayInAShard() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (before, holder) = siteAndTwoShards()
        let other = out("shard-\(3 - holder)")
        try FileManager.default.copyItem(atPath: out("shard-\(holder)") + "/ana-lima", toPath: other + "/ana-lima")
        let copied = build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-2")])
        #expect(copied.status == 2)
        #expect(copied.err.contains("in \(other): \"ana-lima\" is not something its build wrote"), "\(copied.err)")
        try FileManager.default.removeItem(atPath: other + "/ana-lima")
        try Data("<p>x</p>".utf8).write(to: URL(fileURLWithPath: other + "/stray.html"))
        let stray = build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-2")])
        #expect(stray.status == 2)
        #expect(stray.err.contains(": \"stray.html\" is not something its build wrote"), "\(stray.err)")
        #expect(files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }.elementsEqual(before, by: ==))
        try FileManager.default.removeItem(atPath: other + "/stray.html")
        try Data().write(to: URL(fileURLWithPath: other + "/.DS_Store"))
        #expect(build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-2")]).status == 0)
    }

    @Test("A shard built from other inputs (another import, site.json, templates, catalog, --locale) is refused naming what differs; the output stays as it was")
    func shardFromOtherInputs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (before, holder) = siteAndTwoShards()
        let other = holder == 1 ? out("shard-2") : out("shard-1")
        /// The tiny content copied to `name`, `file` edited; imported into a store of its own.
        func otherStore(_ name: String, _ file: String, _ edit: (String) -> String) throws -> String {
            let edited = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: tiny, toPath: edited)
            let path = edited + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(edit(text) != text, "\(name)")
            try edit(text).write(toFile: path, atomically: true, encoding: .utf8)
            let store = folder.appendingPathComponent(name + ".sqlite").path
            #expect(vantage(["import", "--content", edited, "--db", store]).status == 0, "\(name)")
            return store
        }
        // Another import: a quote's text edited. Another site.json: its title.
        let editedQuote = try otherStore("edited", "quotes/export.json") { $0.replacingOccurrences(of: "morning person", with: "lark") }
        let retitled = try otherStore("retitled", "site.json") { $0.replacingOccurrences(of: #""title": ""#, with: #""title": "New "#) }
        /// The templates copied to `name`, `file` in them with one more line.
        func otherTemplates(_ name: String, _ file: String) throws -> String {
            let templates = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
            let path = templates + "/" + file
            try (String(contentsOfFile: path, encoding: .utf8) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return templates
        }
        let variants: [(String, [String], String)] = [
            ("another import", ["--db", editedQuote],
             "ana-lima/ was built from other data than this merge's store holds (that person, their address book or the quotes they "
                + "see differ): build every shard from the same store as the merge; nothing was written"),
            ("another site.json", ["--db", retitled],
             "it was built from other site.json settings than this merge's store holds (title, defaultLocale, locales, timeZone, "
                + "pageSize, buildDate or quoteLimit): build every shard from the same store as the merge; nothing was written"),
            ("other templates", ["--templates", try otherTemplates("templates", "layout.mustache")],
             "it was built from other templates than this merge's (--templates \(templatesFolder)): build every shard and the merge "
                + "with the same templates; nothing was written"),
            ("another catalog", ["--templates", try otherTemplates("catalog", "Localizable.xcstrings")],
             "it was built from another string catalog than this merge's (\(templatesFolder)/Localizable.xcstrings): build every "
                + "shard and the merge with the same catalog; nothing was written"),
            ("another locale", ["--locale", "fr"],
             "it was built with another --locale than this merge's (none): build every shard and the merge with the same --locale; "
                + "nothing was written"),
        ]
        for (name, options, why) in variants {
            let odd = out("odd")
            try? FileManager.default.removeItem(atPath: odd)
            let shard = vantage(["build", "--no-import", "--templates", templatesFolder, "--db", store, "--out", odd, "--shard", "\(holder)/2"] + options)
            #expect(shard.status == 0, "\(name): \(shard.err)")
            let merged = build(out("site"), ["--no-import", "--merge", odd, other])
            #expect(merged.status == 2, "\(name)")
            #expect(merged.err.contains("error: read the shards: --merge: shard \(holder)/2 in \(odd): \(why)\n"), "\(name): \(merged.err)")
            #expect(files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }.elementsEqual(before, by: { $0 == $1 }), "\(name)")
        }
        // The same shards, built alike, still merge.
        #expect(build(out("site"), ["--no-import", "--merge", out("shard-1"), out("shard-2")]).status == 0)
    }

    @Test("A shard whose files are not what its build wrote (a person's folder gone, a page edited, a file added or lost) is refused; the output stays as it was")
    func damagedShard() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(vantage(["import", "--content", tiny, "--db", store]).status == 0)
        #expect(build(out("site"), ["--no-import"]).status == 0)
        let before = files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }
        for k in 1...2 {
            let shard = build(out("shard-\(k)"), ["--no-import", "--shard", "\(k)/2"])
            #expect(shard.status == 0)
            // A shard has no index.html to open: it says where it goes instead.
            #expect(shard.out.hasSuffix("\nShard \(k)/2 of the site: join it with the other shards' folders with vantage build --merge\n"))
        }
        // Damage a copy of whichever shard holds ana-lima, one way at a time.
        let holder = FileManager.default.fileExists(atPath: out("shard-1") + "/ana-lima") ? 1 : 2
        let manifest = try #require(String(data: bytes(out("shard-\(holder)") + "/manifest.json") ?? Data(), encoding: .utf8))
        let homeLine = try #require(manifest.split(separator: "\n").first { $0.contains(#""path":"ana-lima/index.html""#) })
        // A page in the middle of the folder: the one after it is intact, and is not named.
        let searchLine = try #require(manifest.split(separator: "\n").first { $0.contains(#""path":"ana-lima/search.html""#) })
        let otherSearch = try #require((1...2).flatMap { k in files(out("shard-\(k)")).map { out("shard-\(k)") + "/" + $0 } }
            .first { $0.hasSuffix("/search-index.js") && !$0.hasSuffix("/ana-lima/search-index.js") })
        let cases: [(String, (String) throws -> Void, String)] = [
            // Named as the folder it is (it was named as the first page the manifest lists).
            ("folder gone", { try FileManager.default.removeItem(atPath: $0 + "/ana-lima") },
             "ana-lima/ is missing: copy the shard again, or build it again"),
            ("page in the middle gone", { try FileManager.default.removeItem(atPath: $0 + "/ana-lima/search.html") },
             "ana-lima/search.html is missing (its manifest: \(searchLine.hasSuffix(",") ? searchLine.dropLast() : searchLine))"),
            ("search index cut short", { shard in
                let file = shard + "/ana-lima/search-index.js"
                let data = try #require(FileManager.default.contents(atPath: file))
                try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: file))
            }, "ana-lima/search-index.js is not the file its build wrote (its SHA-256: "),
            ("search index swapped for another person's", { shard in
                let file = shard + "/ana-lima/search-index.js"
                try FileManager.default.removeItem(atPath: file)
                try FileManager.default.copyItem(atPath: otherSearch, toPath: file)
            }, "ana-lima/search-index.js is not the file its build wrote (its SHA-256: "),
            ("page edited", { shard in
                let page = shard + "/ana-lima/index.html"
                let text = try String(contentsOfFile: page, encoding: .utf8)
                try text.replacingOccurrences(of: "<h1", with: "<h1 title=\"x\"").write(toFile: page, atomically: true, encoding: .utf8)
            }, "ana-lima/index.html is not the page its build wrote (its manifest: \(homeLine.hasSuffix(",") ? homeLine.dropLast() : homeLine))"),
            ("file added", { try Data("x".utf8).write(to: URL(fileURLWithPath: $0 + "/ana-lima/notes.txt")) },
             "ana-lima/notes.txt is not a file its build wrote"),
            ("file lost", { try FileManager.default.removeItem(atPath: $0 + "/ana-lima/search-index.js") },
             "ana-lima/search-index.js is missing"),
        ]
        for (name, damage, reason) in cases {
            let damaged = out("damaged")
            try? FileManager.default.removeItem(atPath: damaged)
            try FileManager.default.copyItem(atPath: out("shard-\(holder)"), toPath: damaged)
            try damage(damaged)
            let shards = holder == 1 ? [damaged, out("shard-2")] : [out("shard-1"), damaged]
            let merged = build(out("site"), ["--no-import", "--merge"] + shards)
            #expect(merged.status == 2, "\(name)")
            let said = reason.hasSuffix("(its SHA-256: ") ? reason : reason + "; nothing was written"
            #expect(merged.err.contains("--merge: shard \(holder)/2 in \(damaged): \(said)"), "\(name): \(merged.err)")
            #expect(files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }.elementsEqual(before, by: { $0 == $1 }), "\(name)")
        }
    }

    @Test("--manifest-only writes manifest.json alone, equal to a full build's")
    func manifestOnly() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(out("full")).status == 0)
        let result = build(out("manifest"), ["--manifest-only"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("writes manifest.json only"), "\(result.out)")
        // No page to open: it says what it wrote instead.
        #expect(result.out.hasSuffix("\nWrote \(out("manifest"))/manifest.json only (no page was written)\n"), "\(result.out)")
        // Beside it only the hidden marker by which vantage knows its own output folder.
        #expect(files(out("manifest")) == [".vantage-site", "manifest.json"])
        let manifest = try #require(bytes(out("manifest") + "/manifest.json"))
        #expect(manifest == bytes(out("full") + "/manifest.json"))
    }

    @Test("A part or a manifest alone does not replace the whole site of the last build: exit 2, site and store as they were")
    func partOverWhole() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(out("site")).status == 0)
        let site = files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }
        let stored = bytes(store)
        let cases: [([String], String)] = [
            (["--viewers", "lea-martin"], "the part of one person (--viewers)"),
            (["--viewers", "lea-martin,ana-lima"], "the parts of 2 people (--viewers)"),
            (["--shard", "1/2"], "the part of shard 1/2 (--shard)"),
            (["--manifest-only"], "manifest.json alone (--manifest-only)"),
            (["--manifest-only", "--no-import"], "manifest.json alone (--manifest-only)"),
        ]
        // The folder however it is spelled: as built, with a trailing slash, through a link.
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: out("site"))
        for ((extra, part), spelled) in zip(cases, [out("site"), out("site") + "/", link, out("site"), link]) {
            // Content the import would store: refused before it, the store is as it was too.
            let result = build(spelled, extra, content: sample)
            #expect(result.status == 2, "\(extra)")
            #expect(result.err == "error: \(spelled) holds the whole site of the last build, and this build would replace it with \(part). "
                + "Give it a folder of its own (--out DIR), or remove \(spelled == link ? out("site") : spelled) first to replace the site\n",
                "\(extra) \(spelled): \(result.err)")
            #expect(files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }.elementsEqual(site, by: { $0 == $1 }), "\(extra)")
            #expect(bytes(store) == stored, "\(extra)")
        }
        // Whatever store built it: a fresh one (a new checkout, another --db) knows nothing of
        // the site, which is still whole (it let a part replace it).
        try FileManager.default.removeItem(atPath: store)
        for extra in [["--manifest-only"], ["--viewers", "ana-lima"]] {
            let fresh = build(out("site"), extra, content: sample)
            #expect(fresh.status == 2, "\(extra)")
            #expect(fresh.err.contains("holds the whole site of the last build"), "\(extra): \(fresh.err)")
            #expect(files(out("site")).map { ($0, bytes(out("site") + "/" + $0)) }.elementsEqual(site, by: { $0 == $1 }), "\(extra)")
        }
        // The same builds elsewhere, and into the folder once it no longer holds the whole site.
        #expect(build(out("part"), ["--viewers", "lea-martin"]).status == 0)
        #expect(build(out("part"), ["--manifest-only"]).status == 0)
        // A manifest alone is the whole build's, byte for byte, but no site: it takes another.
        #expect(build(out("manifest"), ["--manifest-only"]).status == 0)
        #expect(build(out("manifest"), ["--manifest-only"]).status == 0)
        #expect(build(out("manifest"), ["--viewers", "lea-martin"]).status == 0)
        try FileManager.default.removeItem(atPath: out("site"))
        #expect(build(out("site"), ["--viewers", "lea-martin"]).status == 0)
        #expect(build(out("site"), ["--viewers", "ana-lima"]).status == 0)
        #expect(build(out("site")).status == 0)
    }

    @Test("vantage diff on two manifest-only outputs: the changed pages per viewer and exit 1; identical, exit 0")
    func diffOfManifests() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(out("base"), ["--manifest-only"]).status == 0)
        let edited = folder.appendingPathComponent("edited").path
        try FileManager.default.copyItem(atPath: tiny, toPath: edited)
        let quotes = edited + "/quotes/export.json"
        let text = try String(contentsOfFile: quotes, encoding: .utf8)
        try text.replacingOccurrences(of: "Ça va aller.", with: "Ça ira.").write(toFile: quotes, atomically: true, encoding: .utf8)
        #expect(build(out("head"), ["--manifest-only"], content: edited).status == 0)
        let changed = vantage(["diff", out("base"), out("head")])
        #expect(changed.status == 1, "\(changed.err)")
        #expect(changed.out.contains("lea-martin/quotes/index.html"), "\(changed.out)")
        #expect(!changed.out.contains("bo-berg/"), "\(changed.out)")
        #expect(changed.out.contains(" changed"))
        let same = vantage(["diff", out("base"), out("base")])
        #expect(same.status == 0)
    }

    @Test("Too little room on the output's file system: exit 2 saying how much is needed and how to build less (a merge: where); nothing written")
    func noRoom() throws {
        try refusedOnASmallFileSystem(options: "size=4m", saying: "the build needs about ", merging: true)
    }

    @Test("Too few inodes on the output's file system (room for 64 MB, 600 inodes): exit 2 naming the files and folders; nothing written")
    func noInodes() throws {
        // The sample site is 1,904 files and folders; one person's part and the site-wide
        // pages about 120.
        try refusedOnASmallFileSystem(options: "size=64m,nr_inodes=600", saying: "the build creates about ")
    }

    /// A full build of the sample onto a real tmpfs mounted with `options` is refused with a
    /// message holding `reason`, and leaves the file system empty; one person's part fits.
    /// With `merging`, a merge of two shards (built beside it) is refused too, and told where
    /// to find room: it cannot build less, as a build is told to (it was: "--shard K/N").
    private func refusedOnASmallFileSystem(options: String, saying reason: String, merging: Bool = false) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let mountPoint = folder.appendingPathComponent("small-fs").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let shards = merging ? [out("shard-1"), out("shard-2")] : []
        if merging { #expect(vantage(["import", "--content", sample, "--db", store]).status == 0) }
        // A real 4 MB file system: mounted directly as root, else inside a user and mount
        // namespace of its own (`unshare -rm`), where the real vantage executable runs. The
        // shards are built by the same vantage as their merge (a merge refuses another build's).
        let plain = Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint])
        let first: (status: Int32, out: String, err: String)
        let one: (status: Int32, out: String, err: String)
        var merged: (status: Int32, out: String, err: String)?
        let leftInMount: [String]
        if plain == 0 {
            defer { _ = Self.run("/bin/umount", [mountPoint]) }
            for (k, shard) in shards.enumerated() {
                #expect(build(shard, ["--no-import", "--shard", "\(k + 1)/2"], content: sample).status == 0)
            }
            first = build(mountPoint + "/public", content: sample)
            leftInMount = try FileManager.default.contentsOfDirectory(atPath: mountPoint)
            one = build(mountPoint + "/public", ["--viewers", "ana-lima"], content: sample)
            if merging { merged = build(mountPoint + "/public", ["--no-import", "--merge"] + shards, content: sample) }
        } else {
            let logs = folder.appendingPathComponent("logs").path
            try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
            let command = { (extra: String, name: String) in
                "'\(VantageExecutable.path)' build --content '\(sample)' --templates '\(templatesFolder)' --out '\(mountPoint)/public' "
                    + "--db '\(store)' \(extra) >'\(logs)/\(name).out' 2>'\(logs)/\(name).err'; echo $? >'\(logs)/\(name).status'"
            }
            let shardCommands = shards.enumerated().map { k, shard in
                "'\(VantageExecutable.path)' build --no-import --shard \(k + 1)/2 --content '\(sample)' --templates '\(templatesFolder)' "
                    + "--out '\(shard)' --db '\(store)' >/dev/null 2>&1 || exit 98; "
            }.joined()
            let script = shardCommands + "mount -t tmpfs -o \(options) tmpfs '\(mountPoint)' || exit 99; "
                + command("", "first") + "; ls -A '\(mountPoint)' >'\(logs)/left'; " + command("--viewers ana-lima", "one")
                + (merging ? "; " + command("--no-import --merge " + shards.map { "'\($0)'" }.joined(separator: " "), "merged") : "")
            let status = Self.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script])
            try #require(status != 98, "the shards could not be built")
            try #require(status == 0, "a real 4 MB file system is needed: mount -t tmpfs as root, or unshare -rm")
            func read(_ name: String) -> String {
                FileManager.default.contents(atPath: logs + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            func result(_ name: String) -> (status: Int32, out: String, err: String) {
                (Int32(read(name + ".status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, read(name + ".out"), read(name + ".err"))
            }
            first = result("first")
            one = result("one")
            if merging { merged = result("merged") }
            leftInMount = read("left").split(separator: "\n").map(String.init)
        }
        #expect(first.status == 2)
        #expect(first.out.hasPrefix("Planned: about "), "\(first.out)")
        #expect(first.err.contains("error: not enough room for \(mountPoint)/public: \(reason)"), "\(first.err)")
        // There was no site in the output to leave as it was.
        #expect(first.err.contains(" free; nothing was written. Build less: --viewers SLUG,… for some people, --shard K/N")
            || first.err.contains(" more; nothing was written. Build less: --viewers SLUG,… for some people, --shard K/N"), "\(first.err)")
        #expect(!first.err.contains("the site was not changed"), "\(first.err)")
        #expect(leftInMount.isEmpty, "\(leftInMount)")
        // One person fits.
        #expect(one.status == 0, "\(one.err)")
        if let merged {
            #expect(merged.status == 2)
            #expect(merged.err.contains("error: not enough room for \(mountPoint)/public: \(reason)"), "\(merged.err)")
            #expect(merged.err.contains("the site was not changed. A merge writes the whole site: give it an --out on a file system "
                + "with more room, or add --manifest-only to check and hash every page without writing it\n"), "\(merged.err)")
            #expect(!merged.err.contains("Build less"), "\(merged.err)")
        }
    }

    /// A rebuild counts as reused only the people whose pages do not change: with every page
    /// changed (the layout edited) it needs the whole site's room again, and is refused before
    /// writing, where it used to plan on reusing everyone and fail writing with ENOSPC. An
    /// unchanged rebuild still fits. On a real 24 MB tmpfs, the sample site being about 17 MB.
    @Test("A rebuild that changes every page on a file system with room for one site is refused before writing")
    func rebuildThatChangesEverythingIsPlannedWhole() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let mountPoint = folder.appendingPathComponent("small-fs").path
        let logs = folder.appendingPathComponent("logs").path
        let edited = folder.appendingPathComponent("templates-edited").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: edited)
        let layout = edited + "/layout.mustache"
        try (try String(contentsOfFile: layout, encoding: .utf8)).replacingOccurrences(of: "</body>", with: "<!-- edited -->\n</body>")
            .write(toFile: layout, atomically: true, encoding: .utf8)
        let command = { (templates: String, name: String) in
            "'\(VantageExecutable.path)' build --content '\(sample)' --templates '\(templates)' --out '\(mountPoint)/public' "
                + "--db '\(store)' >'\(logs)/\(name).out' 2>'\(logs)/\(name).err'; echo $? >'\(logs)/\(name).status'"
        }
        let digest = "find '\(mountPoint)/public' -type f | sort | xargs sha256sum"
        // As root or not, in a mount namespace of its own: the tmpfs goes with it.
        // With all but about a megabyte taken, a rebuild that changes nothing still fits: it
        // needs room for the manifest and the site-wide pages, not a tenth of the site (before:
        // "needs about 3.8 MB" on a disk where it took none).
        let filler = "free=$(df -B1 --output=avail '\(mountPoint)' | tail -1); "
            + "dd if=/dev/zero of='\(mountPoint)/filler' bs=1M count=$(( free / 1048576 - 1 )) 2>/dev/null; "
        let script = "mount -t tmpfs -o size=24m tmpfs '\(mountPoint)' || exit 99; "
            + command(templatesFolder, "first") + "; " + command(templatesFolder, "same") + "; "
            + filler + command(templatesFolder, "full-disk") + "; rm '\(mountPoint)/filler'; "
            + digest + " >'\(logs)/before'; " + command(edited, "edited") + "; " + digest + " >'\(logs)/after'"
        let status = Self.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script])
        try #require(status == 0, "a real 24 MB file system is needed: unshare -rm and mount -t tmpfs")
        func read(_ name: String) -> String {
            FileManager.default.contents(atPath: logs + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        #expect(read("first.status") == "0\n", "\(read("first.err"))")
        #expect(read("same.status") == "0\n", "an unchanged rebuild fits: \(read("same.out")) \(read("same.err"))")
        #expect(read("full-disk.status") == "0\n", "an unchanged rebuild fits in a megabyte: \(read("full-disk.out")) \(read("full-disk.err"))")
        #expect(read("full-disk.out").contains(" of it kept from the last build; "), "\(read("full-disk.out"))")
        #expect(read("edited.status") == "2\n", "\(read("edited.out")) \(read("edited.err"))")
        #expect(read("edited.err").contains("error: not enough room for \(mountPoint)/public: the build needs about "), "\(read("edited.err"))")
        #expect(!read("edited.err").contains("No space left"), "\(read("edited.err"))")
        #expect(!read("before").isEmpty && read("before") == read("after"))
    }

    @Test("A rebuild that changes nothing on a tmpfs short of inodes is refused before writing: a kept file's link takes an inode there")
    func keptFilesTakeInodesOnTmpfs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let mountPoint = folder.appendingPathComponent("small-fs").path
        let logs = folder.appendingPathComponent("logs").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let command = { (name: String) in
            "'\(VantageExecutable.path)' build --content '\(sample)' --templates '\(templatesFolder)' --out '\(mountPoint)/public' "
                + "--db '\(store)' >'\(logs)/\(name).out' 2>'\(logs)/\(name).err'; echo $? >'\(logs)/\(name).status'"
        }
        let digest = "find '\(mountPoint)/public' -type f | sort | xargs sha256sum"
        // After the first build, all but 600 inodes taken: the unchanged rebuild links about
        // 1,300 files into its new tree, each link an inode of tmpfs's count.
        let burn = "mkdir '\(mountPoint)/burn'; left=$(df --output=iavail '\(mountPoint)' | tail -1); n=$((left - 600)); i=0; "
            + "while [ $i -lt $n ]; do : >'\(mountPoint)/burn/'$i; i=$((i+1)); done; "
        // Once the back buffer holds the same folders (two builds on), a rebuild keeps them as
        // they are, making no link: then it fits in the same 600.
        let script = "mount -t tmpfs -o size=100m,nr_inodes=6000 tmpfs '\(mountPoint)' || exit 99; "
            + command("first") + "; " + burn + digest + " >'\(logs)/before'; " + command("again") + "; " + digest + " >'\(logs)/after'; "
            + "rm -r '\(mountPoint)/burn'; " + command("second") + "; " + command("third") + "; " + burn + command("steady")
        let status = Self.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script])
        try #require(status == 0, "a real tmpfs is needed: unshare -rm and mount -t tmpfs")
        func read(_ name: String) -> String {
            FileManager.default.contents(atPath: logs + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        #expect(read("first.status") == "0\n", "\(read("first.err"))")
        #expect(read("again.status") == "2\n", "\(read("again.out")) \(read("again.err"))")
        #expect(read("again.err").contains("the build creates about "), "\(read("again.err"))")
        #expect(!read("again.err").contains("No space left"), "\(read("again.err"))")
        #expect(!read("before").isEmpty && read("before") == read("after"))
        #expect(read("second.status") == "0\n" && read("third.status") == "0\n", "\(read("second.err")) \(read("third.err"))")
        #expect(read("steady.status") == "0\n", "\(read("steady.out")) \(read("steady.err"))")
    }

    /// Runs a program and waits; its exit status, or -1 when it cannot start.
    static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
