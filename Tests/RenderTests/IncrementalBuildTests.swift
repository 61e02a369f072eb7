import Foundation
import Import
import Store
import Testing
import VantageCLI

@testable import Render

/// Incremental rebuilds: after each of a seeded series of random edits to the sample content,
/// the incremental build's output (every file, the manifest included) is byte for byte what a
/// clean build of the same content gives, and only the viewers whose inputs changed are rendered.
@Suite("Incremental builds", .serialized)
struct IncrementalBuildTests {
    /// A copy of the sample content and templates, an incremental store and output, and a
    /// folder for clean builds, in one temporary folder.
    final class Workspace {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("incremental-\(UUID().uuidString)")
        var content: String { folder.appendingPathComponent("content").path }
        var templates: String { folder.appendingPathComponent("templates").path }
        var store: String { folder.appendingPathComponent("store.sqlite").path }
        var output: String { folder.appendingPathComponent("public").path }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("content").path, toPath: content)
            try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
            // Every viewer lists every idea: fewer ideas keep each build (and the test) short.
            let ideas = content + "/changejar/ideas.json"
            var root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ideas))) as! [String: Any]
            root["ideas"] = Array((root["ideas"] as! [Any]).prefix(30))
            try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
                .write(to: URL(fileURLWithPath: ideas))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Imports the content into the incremental store and builds into the incremental output.
        func build(full: Bool = false) throws -> SiteBuild.Report {
            _ = try Importer.run(ImportOptions(contentDirectory: content, storePath: store, handles: SiteHandleRule()))
            return try SiteBuild.run(SiteBuild.Options(
                store: store, templates: templates, output: output, full: full, tool: "test"),
                tuning: SiteBuild.Tuning(workers: 2))
        }

        /// A clean build of the same content: a fresh store, a fresh output. Returns the output.
        func cleanBuild() throws -> String {
            let clean = folder.appendingPathComponent("clean")
            try? FileManager.default.removeItem(at: clean)
            try FileManager.default.createDirectory(at: clean, withIntermediateDirectories: true)
            let store = clean.appendingPathComponent("store.sqlite").path
            _ = try Importer.run(ImportOptions(contentDirectory: content, storePath: store, handles: SiteHandleRule()))
            let output = clean.appendingPathComponent("public").path
            // Not validated: the incremental builds are, and the two outputs must be the same bytes.
            _ = try SiteBuild.run(SiteBuild.Options(
                store: store, templates: templates, output: output, tool: "test"),
                tuning: SiteBuild.Tuning(workers: 2, validate: false))
            return output
        }

        /// The homes of people who see quote `id` (its speaker and hearers with a home).
        /// The id the import gave the quote whose text is `text` (a submitted quote's).
        func quoteID(text: String) throws -> String {
            let rows = try Database(path: store, readOnly: true).rows("SELECT id FROM quote WHERE text = ?", [.text(text)])
            guard case .text(let id)? = rows.first?.first else { return "" }
            return id
        }

        func viewersOf(quote id: String) throws -> Int {
            let database = try Database(path: store, readOnly: true)
            let rows = try database.rows("""
                SELECT count(DISTINCT v.viewer_id) FROM visible_quote v JOIN person p ON p.id = v.viewer_id
                WHERE v.quote_id = ? AND (p.quotes_user = 1 OR p.changejar_user = 1)
                """, [.text(id)])
            guard case .integer(let count)? = rows.first?.first else { return -1 }
            return Int(count)
        }
    }

    @Test("After each of a seeded series of random edits, the incremental output equals a clean build byte for byte")
    func randomEdits() throws {
        let workspace = try Workspace()
        let first = try workspace.build()
        #expect(!first.incremental && first.viewersCarried == 0)
        var random = SeededRandom(seed: 20_261_129)
        var editor = ContentEditor(workspace: workspace)
        var kindsSeen: Set<ContentEditor.Kind> = []
        // Every kind once (in a seeded order), then random ones.
        let order = ContentEditor.Kind.allCases.shuffled(using: &random)
        for round in 0..<(order.count + 2) {
            let kind = round < order.count ? order[round] : ContentEditor.Kind.allCases.randomElement(using: &random)!
            kindsSeen.insert(kind)
            let edit = try editor.apply(kind, random: &random)
            let report = try workspace.build()
            #expect(report.incremental, "\(edit)")
            // The pass that found the people to render agrees with each one's own reads.
            try ViewerFingerprintTests.expectAgreement(store: workspace.store)
            let clean = try workspace.cleanBuild()
            let differences = TreeComparison.differences(workspace.output, clean)
            #expect(differences.isEmpty, "after \(edit): \(differences.prefix(5))")
            #expect(report.viewersRendered + report.viewersCarried == report.homes, "\(edit)")
        }
        #expect(kindsSeen == Set(ContentEditor.Kind.allCases))
    }

    @Test("A quote removed moves the export's later contacts up: a viewer who sees them is rendered again (the Add Quote screen's part signature holds the places of people named alike), as a clean build would")
    func contactsMoveUp() throws {
        let workspace = try Workspace()
        // q1 names Zed (+1 212 555 0203), whom Bob hears; Ann sees only q2 and q3, said by two
        // people called Cy met after him. Without q1 both move up one place in the export.
        func export(_ quotes: [String]) -> String {
            """
            {"users": [{"phone": "+12125550101", "firstName": "Ann", "lastName": "A"},
                       {"phone": "+12125550102", "firstName": "Bob", "lastName": "B"}],
             "quotes": [\(quotes.joined(separator: ",\n"))], "contacts": []}
            """
        }
        let q1 = #"{"id": "q1", "text": "one", "saidBy": {"phone": "+12125550203", "name": "Zed"}, "heardBy": [{"phone": "+12125550102", "name": "Bob"}], "when": "2026-05-01T10:00:00Z", "submittedBy": "+12125550102"}"#
        let q2 = #"{"id": "q2", "text": "two", "saidBy": {"phone": "+12125550201", "name": "Cy"}, "heardBy": [{"phone": "+12125550101", "name": "Ann"}], "when": "2026-05-02T10:00:00Z", "submittedBy": "+12125550101"}"#
        let q3 = #"{"id": "q3", "text": "three", "saidBy": {"phone": "+12125550202", "name": "Cy"}, "heardBy": [{"phone": "+12125550101", "name": "Ann"}], "when": "2026-05-03T10:00:00Z", "submittedBy": "+12125550101"}"#
        let file = workspace.content + "/quotes/export.json"
        try export([q1, q2, q3]).write(toFile: file, atomically: true, encoding: .utf8)
        _ = try workspace.build()
        let ann = workspace.output + "/ann-a/quotes/add.html"
        let before = try String(contentsOfFile: ann, encoding: .utf8)
        try export([q2, q3]).write(toFile: file, atomically: true, encoding: .utf8)
        let report = try workspace.build()
        #expect(report.incremental)
        let clean = try workspace.cleanBuild()
        #expect(TreeComparison.differences(workspace.output, clean).isEmpty)
        // Ann's quotes are the same, and her screen's signature is not (before: carried over with the old one).
        #expect(try String(contentsOfFile: ann, encoding: .utf8) != before)
    }

    @Test("After one quote's text changes, only its speaker's and hearers' parts are rendered; the rest is carried over")
    func oneQuote() throws {
        let workspace = try Workspace()
        let first = try workspace.build()
        let unchanged = try workspace.build()
        #expect(unchanged.incremental)
        #expect(unchanged.viewersRendered == 0 && unchanged.viewersCarried == first.homes)
        let siteWide = TreeComparison.siteWidePages(workspace.output)
        #expect(siteWide >= 1 && unchanged.pagesRendered == siteWide && unchanged.pagesCarried == first.pages - siteWide)
        #expect(unchanged.counts.written == 0 && unchanged.counts.removed == 0)
        #expect(unchanged.pages == first.pages && unchanged.otherFiles == first.otherFiles)

        var editor = ContentEditor(workspace: workspace)
        var random = SeededRandom(seed: 7)
        let edit = try editor.apply(.quoteText, random: &random)
        let affected = try workspace.viewersOf(quote: edit.quoteID!)
        #expect(affected >= 1)
        let report = try workspace.build()
        #expect(report.viewersRendered == affected, "\(edit)")
        #expect(report.viewersCarried == first.homes - affected)
        #expect(report.pages == first.pages)
        // The site-wide pages are always rendered; of the viewers' pages, only the affected ones.
        #expect(report.pagesRendered > siteWide && report.pagesRendered < first.pages / 2)
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    @Test("A submitted quote re-renders exactly its speaker's and hearers' parts, as a clean build would; vantage diff names them, not the submitter")
    func submissions() throws {
        let workspace = try Workspace()
        let first = try workspace.build()
        let before = workspace.folder.appendingPathComponent("before").path
        try FileManager.default.copyItem(atPath: workspace.output, toPath: before)
        try FileManager.default.createDirectory(atPath: workspace.content + "/submissions", withIntermediateDirectories: true)
        try """
            { "submittedBy": "ana-lima", "exportedAt": "2026-05-09T10:00:00Z",
              "quotes": [ { "localId": "1", "text": "Submitted from the site.", "saidBy": "lea-martin",
                            "heardBy": ["ben-carter", "mae"], "when": "2026-05-09T09:30:00-07:00" } ] }
            """.write(toFile: workspace.content + "/submissions/ana.json", atomically: true, encoding: .utf8)
        let report = try workspace.build()
        #expect(try workspace.viewersOf(quote: try workspace.quoteID(text: "Submitted from the site.")) == 2)
        #expect(report.viewersRendered == 2 && report.viewersCarried == first.homes - 2)
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
        let console = Console.capturing()
        let code = VantageCLI.run(["diff", before, workspace.output, "--stat"], console: console)
        #expect(code == 1, "\(console.standardError)")
        #expect(console.standardOutput.contains("Léa Martin"), "\(console.standardOutput)")
        #expect(console.standardOutput.contains("Ben Carter"), "\(console.standardOutput)")
        #expect(!console.standardOutput.contains("Ana Lima"), "Ana recorded the quote but does not see it")
        // Importing the same file again changes nothing.
        let again = try workspace.build()
        #expect(again.viewersRendered == 0 && again.counts.written == 0)
    }

    /// Each viewer's fingerprint and file count in the store's record of the last build.
    static func recorded(_ store: String) throws -> [String: (fingerprint: String, files: Int)] {
        let record = try #require(try Store(path: store, readOnly: true).buildRecord())
        return Dictionary(uniqueKeysWithValues: record.viewers.map { ($0.slug, ($0.fingerprint, $0.files)) })
    }

    @Test("Double buffering: after the first carry, a rebuild links only the folders of viewers changed one build before")
    func backBufferTouchesOnlyChanges() throws {
        let workspace = try Workspace()
        _ = try workspace.build()
        let second = try workspace.build()  // no back buffer yet: every carried folder is linked
        let total = try Self.recorded(workspace.store)
        let allFiles = total.values.reduce(0) { $0 + $1.files }
        #expect(second.counts.linked == allFiles && second.counts.reusedFolders == 0)
        var editor = ContentEditor(workspace: workspace)
        var random = SeededRandom(seed: 11)
        var before = total
        var changedBefore: Set<String> = []
        for round in 0..<3 {
            // Rounds 0 and 1 change a quote; round 2 changes nothing.
            if round < 2 { _ = try editor.apply(.quoteText, random: &random) }
            let report = try workspace.build()
            let after = try Self.recorded(workspace.store)
            let changed = Set(after.keys.filter { after[$0]?.fingerprint != before[$0]?.fingerprint })
            #expect(round == 2 ? changed.isEmpty : !changed.isEmpty, "round \(round)")
            #expect(report.viewersRendered == changed.count, "round \(round)")
            // Viewers unchanged now but rendered one build before: their folders in the back buffer
            // are the older version, so (only) they are linked again from the live site.
            let relinked = changedBefore.subtracting(changed)
            #expect(report.counts.linked == relinked.reduce(0) { $0 + (after[$1]?.files ?? 0) }, "round \(round)")
            #expect(report.counts.reusedFolders == after.count - changed.union(changedBefore).count, "round \(round)")
            let touchedFiles = changed.union(changedBefore).reduce(0) { $0 + (before[$1]?.files ?? 0) + (after[$1]?.files ?? 0) }
            let siteWide = TreeComparison.siteWidePages(workspace.output) + 50
            #expect(report.counts.pruned <= touchedFiles + siteWide, "round \(round): \(report.counts)")
            #expect(report.counts.written <= touchedFiles + siteWide, "round \(round): \(report.counts)")
            #expect(report.counts.linked + report.counts.pruned + report.counts.written < allFiles / 4, "round \(round)")
            #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty, "round \(round)")
            before = after
            changedBefore = changed
        }
    }

    @Test("--full renders everyone; a hand-edited manifest, or another output folder, makes the next build a full one")
    func fullBuilds() throws {
        let workspace = try Workspace()
        let first = try workspace.build()
        let full = try workspace.build(full: true)
        #expect(!full.incremental && full.viewersCarried == 0 && full.viewersRendered == first.homes)
        #expect(full.counts.written == 0)  // same bytes: nothing rewritten
        let manifest = workspace.output + "/" + SitePath.manifest
        var bytes = try #require(FileManager.default.contents(atPath: manifest))
        bytes.append(contentsOf: Array(" ".utf8))
        try bytes.write(to: URL(fileURLWithPath: manifest))
        let afterEdit = try workspace.build()
        #expect(!afterEdit.incremental && afterEdit.viewersCarried == 0)
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
        let again = try workspace.build()
        #expect(again.incremental && again.viewersCarried == first.homes)
        let other = try SiteBuild.run(SiteBuild.Options(
            store: workspace.store, templates: workspace.templates, output: workspace.folder.appendingPathComponent("other").path,
            tool: "test"), tuning: SiteBuild.Tuning(workers: 2))
        #expect(!other.incremental && other.viewersCarried == 0)
    }

    @Test("A failed build keeps the previous site, its back buffer and its record, and leaves no lock: the next good build is still incremental")
    func failedBuild() throws {
        let workspace = try Workspace()
        let first = try workspace.build()
        _ = try workspace.build()  // a back buffer beside the output
        let before = TreeComparison.snapshot(workspace.output)
        let staging = workspace.folder.appendingPathComponent(".public.building").path
        let backBefore = TreeComparison.snapshot(staging)
        #expect(!backBefore.isEmpty)
        let template = workspace.templates + "/pages/settings.mustache"
        let original = try String(contentsOfFile: template, encoding: .utf8)
        try original.replacingOccurrences(of: "{{localeTag}}", with: "{{noSuchField}}")
            .write(toFile: template, atomically: true, encoding: .utf8)
        // The output's lock and the back buffer's check start with the build, beside the
        // templates' compilation that fails here: the check stops, nothing is pruned, the lock goes.
        #expect(throws: (any Error).self) { try workspace.build() }
        #expect(TreeComparison.snapshot(workspace.output) == before)
        #expect(TreeComparison.snapshot(staging) == backBefore)
        #expect(!FileManager.default.fileExists(atPath: BuildLock.outputLockPath(workspace.output)))
        try original.write(toFile: template, atomically: true, encoding: .utf8)
        let after = try workspace.build()
        #expect(after.incremental && after.viewersCarried == first.homes)
    }
}

/// Compares two built sites file by file.
enum TreeComparison {
    /// Every regular file under `root` by relative path, with its bytes.
    static func snapshot(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    /// The manifest's site-wide pages (entries without a viewer).
    static func siteWidePages(_ root: String) -> Int {
        let text = (try? String(contentsOfFile: root + "/" + SitePath.manifest, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("{\"path\"") && !$0.contains("\"viewer\":") }.count
    }

    /// The paths that differ (missing on one side, or other bytes), sorted.
    static func differences(_ a: String, _ b: String) -> [String] {
        let left = snapshot(a)
        let right = snapshot(b)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }
}
