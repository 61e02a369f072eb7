import Foundation
import Store
import Testing

@testable import Render

/// Sealed folders (`OutputFolder+Seal`): a rebuild lists only the folders of the output and of
/// the back buffer whose change time is not older than the last recorded build's check, so an
/// unchanged person's folders cost one `fstatat` each. These tests let the trees settle (wait
/// out the margin, real change times on a real file system) and then check that nothing the
/// listing used to catch is missed: a file dropped anywhere in a sealed folder is still refused
/// by name, a file put in the back buffer is never published, and the output is still the
/// clean build's, byte for byte.
@Suite("Sealed folders", .serialized)
struct SealedFolderTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// Waits until every folder written so far is older than the next build's check by more
    /// than the margin.
    static func settle() {
        Thread.sleep(forTimeInterval: Double(OutputFolder.sealMargin) / 1e9 + 0.2)
    }

    /// Builds until both trees hold folders written before the last recorded check: the first
    /// build, the first rebuild (it links every folder into the back buffer), and one more.
    static func settledWorkspace() throws -> (Workspace, SiteBuild.Report) {
        let workspace = try Workspace()
        var report = try workspace.build()
        for _ in 0..<3 {
            settle()
            report = try workspace.build()
        }
        return (workspace, report)
    }

    /// The error text of a build that must be refused, or nil when it was not.
    static func refusal(_ workspace: Workspace) -> String? {
        do {
            _ = try workspace.build()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("Once settled, a rebuild keeps every person's back-buffer folder by its change times, and the output equals a clean build")
    func settledRebuildComparesNothing() throws {
        let (workspace, report) = try Self.settledWorkspace()
        #expect(report.homes > 0)
        // Every person's folder was found sealed in both trees (none changed): none was compared
        // file by file, linked, or pruned.
        #expect(report.counts.sealedFolders == report.homes, "\(report.counts)")
        #expect(report.counts.linked == 0 && report.viewersRendered == 0, "\(report.counts)")
        var editor = ContentEditor(workspace: workspace)
        var random = SeededRandom(seed: 5)
        _ = try editor.apply(.quoteText, random: &random)
        let edited = try workspace.build()
        #expect(edited.viewersRendered > 0 && edited.viewersRendered < edited.homes)
        // The folders rendered in the settled build before were sealed too: nothing changed then.
        #expect(edited.counts.sealedFolders == edited.homes, "\(edited.counts)")
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
        // The next build without a pause: the folders just rendered are too new to be sealed and
        // are compared as before; the others still are.
        let next = try workspace.build()
        #expect(next.counts.sealedFolders >= next.homes - 2 * edited.viewersRendered, "\(next.counts)")
        #expect(next.counts.sealedFolders < next.homes, "\(next.counts)")
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    @Test("A file dropped deep in an unchanged person's sealed folder, a folder or a link beside it, is still refused by name", arguments: [
        "file", "folder", "link", "empty folder",
    ])
    func foreignFileInSealedFolder(kind: String) throws {
        let (workspace, _) = try Self.settledWorkspace()
        let person = try Self.aPerson(workspace)
        // The deepest folder of that person's part.
        let deepest = try Self.folders(under: workspace.output + "/" + person).max { $0.count < $1.count }!
        let files = FileManager.default
        let place: String
        switch kind {
        case "file":
            place = deepest + "/notes.txt"
            try Data("mine\n".utf8).write(to: URL(fileURLWithPath: workspace.output + "/" + place))
        case "folder":
            place = deepest + "/drafts/one.txt"
            try files.createDirectory(atPath: workspace.output + "/" + deepest + "/drafts", withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: URL(fileURLWithPath: workspace.output + "/" + place))
        case "empty folder":
            place = deepest + "/drafts/"
            try files.createDirectory(atPath: workspace.output + "/" + deepest + "/drafts", withIntermediateDirectories: true)
        default:
            place = deepest + "/elsewhere (a symbolic link)"
            try files.createSymbolicLink(atPath: workspace.output + "/" + deepest + "/elsewhere", withDestinationPath: "/nonexistent/elsewhere")
        }
        let before = TreeComparison.snapshot(workspace.output)
        let error = try #require(Self.refusal(workspace))
        #expect(error.contains("1 file in it was not written by vantage: '\(place)'"), "\(error)")
        #expect(TreeComparison.snapshot(workspace.output) == before)
        // Removed again, the build goes on (the folder changed, so it is listed, and is clean).
        try files.removeItem(atPath: workspace.output + "/" + deepest + "/" + (kind.hasSuffix("folder") ? "drafts" : kind == "file" ? "notes.txt" : "elsewhere"))
        #expect(Self.refusal(workspace) == nil)
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    /// A page or a folder of pages removed from the live site by hand: the person cannot be
    /// carried (the gap would be published, with a manifest that lists the pages and links to
    /// them), so they are rendered again and the output is the clean build's. With the seals
    /// and without them (a record with no check time lists every file).
    @Test("A page or a folder removed from an unchanged person's part is rendered again", arguments: [
        ("page", true), ("folder", true), ("page", false), ("folder", false),
    ])
    func removedFilesAreRenderedAgain(what: String, sealed: Bool) throws {
        let (workspace, _) = try Self.settledWorkspace()
        if !sealed {
            let store = try Store(path: workspace.store)
            var record = try #require(try store.buildRecord())
            record.checkedAt = nil
            try store.record(record)
        }
        let person = try Self.aPerson(workspace)
        let deepest = try Self.folders(under: workspace.output + "/" + person).max { $0.count < $1.count }!
        let files = FileManager.default
        let removed: String
        if what == "page" {
            let page = try #require(try files.contentsOfDirectory(atPath: workspace.output + "/" + deepest).sorted().first)
            removed = deepest + "/" + page
        } else {
            removed = deepest
        }
        try files.removeItem(atPath: workspace.output + "/" + removed)
        let report = try workspace.build()
        #expect(report.viewersRendered == 1, "\(report.counts)")
        #expect(files.fileExists(atPath: workspace.output + "/" + removed))
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    @Test("A file put into a sealed folder of the back buffer is never published: that folder is compared, and pruned")
    func foreignFileInBackBuffer() throws {
        let (workspace, _) = try Self.settledWorkspace()
        let person = try Self.aPerson(workspace)
        let staging = URL(fileURLWithPath: workspace.output).deletingLastPathComponent()
            .appendingPathComponent(".public.building").path
        let deepest = try Self.folders(under: staging + "/" + person).max { $0.count < $1.count }!
        try Data("stray\n".utf8).write(to: URL(fileURLWithPath: staging + "/" + deepest + "/stray.txt"))
        let report = try workspace.build()
        #expect(report.counts.sealedFolders == report.homes - 1, "\(report.counts)")
        #expect(!FileManager.default.fileExists(atPath: workspace.output + "/" + deepest + "/stray.txt"))
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    @Test("A record without a check time (an older vantage's) seals nothing: every folder is listed and compared, as before")
    func noRecordNoSeal() throws {
        let (workspace, _) = try Self.settledWorkspace()
        // A record with no check time, as an older vantage left it.
        do {
            let store = try Store(path: workspace.store)
            var record = try #require(try store.buildRecord())
            #expect(record.checkedAt != nil)
            record.checkedAt = nil
            try store.record(record)
        }
        let person = try Self.aPerson(workspace)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: workspace.output + "/" + person + "/notes.txt"))
        let error = try #require(Self.refusal(workspace))
        #expect(error.contains("'\(person)/notes.txt'"), "\(error)")
        try FileManager.default.removeItem(atPath: workspace.output + "/" + person + "/notes.txt")
        let report = try workspace.build()
        #expect(report.counts.sealedFolders == 0)
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    @Test("The command line's check is used by the build only while the output is as checked: a file added at the top, or another build swapped in, is seen")
    func checkBeforeImportIsReusedOnlyWhileValid() throws {
        let (workspace, _) = try Self.settledWorkspace()
        func build(checked: OutputFolder.Inspection) throws -> SiteBuild.Report {
            var options = SiteBuild.Options(store: workspace.store, templates: workspace.templates, output: workspace.output, tool: "test")
            options.checkedOutput = checked
            return try SiteBuild.run(options, tuning: SiteBuild.Tuning(workers: 2))
        }
        // Still valid: used as is (the seals it found keep the back buffer's folders).
        let reused = try build(checked: try OutputFolder.check(workspace.output, store: workspace.store))
        #expect(reused.counts.sealedFolders == reused.homes, "\(reused.counts)")
        // A file added at the top after the check: the build checks again and refuses it.
        let checked = try OutputFolder.check(workspace.output, store: workspace.store)
        try Data("example.org\n".utf8).write(to: URL(fileURLWithPath: workspace.output + "/CNAME"))
        #expect(throws: (any Error).self) { try build(checked: checked) }
        do {
            _ = try build(checked: checked)
        } catch {
            #expect("\(error)".contains("1 file in it was not written by vantage: 'CNAME'"), "\(error)")
        }
        try FileManager.default.removeItem(atPath: workspace.output + "/CNAME")
        // Another build swapped in after the check: its manifest and marker are other files now.
        let stale = try OutputFolder.check(workspace.output, store: workspace.store)
        _ = try workspace.build()
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: workspace.output + "/notes.txt"))
        #expect(throws: (any Error).self) { try build(checked: stale) }
        try FileManager.default.removeItem(atPath: workspace.output + "/notes.txt")
        _ = try build(checked: try OutputFolder.check(workspace.output, store: workspace.store))
        #expect(TreeComparison.differences(workspace.output, try workspace.cleanBuild()).isEmpty)
    }

    /// A person's folder of the output (the first, by name).
    static func aPerson(_ workspace: Workspace) throws -> String {
        let record = try #require(try Store(path: workspace.store, readOnly: true).buildRecord())
        return try #require(record.viewers.map(\.slug).sorted().first)
    }

    /// Every folder under `root`, relative to `root`'s parent (so starting with its name).
    static func folders(under root: String) throws -> [String] {
        let name = URL(fileURLWithPath: root).lastPathComponent
        var found = [name]
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
                found.append(name + "/" + relative)
            }
        }
        return found
    }
}
