import Foundation
import Testing

/// `vantage check` of a built site with a file or folder it may not read: exit 2, naming it
/// and the reason. An unreadable manifest was "not a file", an unreadable person's folder gave
/// a finding for every page the manifest lists in it ("not in the site"), and an unreadable
/// page a finding on the page (exit 1). Root passes every permission check, so the real
/// `vantage` runs as nobody when the tests run as root.
@Suite("vantage check of a site it may not read", .serialized)
struct UnreadableSiteCheckTests {
    @Test(arguments: [
        ("manifest.json", "cannot read the file: Permission denied"),
        ("ana-lima", "cannot read the folder: Permission denied"),
        ("ana-lima/index.html", "cannot read the file: Permission denied"),
        ("assets/icon.svg", "cannot read the file: Permission denied"),
    ])
    func anUnreadableEntryIsRefusedNamingIt(_ name: String, _ why: String) throws {
        try withClosedEntry(name) { project in
            let result = try VantageExecutable.runUnprivileged(["check", project.output], logs: project.folder)
            #expect(result.status == 2, "\(result.err)")
            #expect(result.err.contains("\(project.output)/\(name): error: \(why)"), "\(result.err)")
            #expect(!result.err.contains("not in the site") && !result.err.contains("not a file"), "\(result.err)")
            // vantage diff reads a built site by the same listing.
            guard !name.contains(".") else { return }
            let diff = try VantageExecutable.runUnprivileged(["diff", project.output, project.output], logs: project.folder)
            #expect(diff.status == 2, "\(diff.err)")
            #expect(diff.err.contains("\(project.output)/\(name): error: \(why)"), "\(diff.err)")
        }
    }

    /// `vantage diff` of a site without its manifest reads and hashes every file: one it may
    /// not read is named with the reason, as `vantage check` names it (`FileCheck.unreadable`,
    /// the one rule); it said only "cannot read the file".
    @Test(arguments: ["ana-lima/index.html", "assets/icon.svg"])
    func diffOfASiteWithoutManifestSaysWhyAFileCannotBeRead(_ name: String) throws {
        try withClosedEntry(name, removing: "manifest.json") { project in
            let diff = try VantageExecutable.runUnprivileged(["diff", project.output, project.output], logs: project.folder)
            #expect(diff.status == 2, "\(diff.err)")
            #expect(diff.err == "\(project.output)/\(name): error: cannot read the file: Permission denied\n", "\(diff.err)")
        }
    }

    /// A site folder that may not be listed at all: `vantage check` said "cannot read the
    /// directory" and `vantage diff` "cannot list the folder", neither saying why; both now
    /// say it as of any folder in the site (`FileCheck.unlistable`).
    @Test func aSiteFolderThatCannotBeListedIsNamedWithTheReason() throws {
        try withClosedEntry("") { project in
            let expected = "\(project.output): error: cannot read the folder: Permission denied\n"
            let check = try VantageExecutable.runUnprivileged(["check", project.output], logs: project.folder)
            #expect(check.status == 2, "\(check.err)")
            #expect(check.err == expected, "\(check.err)")
            let diff = try VantageExecutable.runUnprivileged(["diff", project.output, project.output], logs: project.folder)
            #expect(diff.status == 2, "\(diff.err)")
            #expect(diff.err == expected, "\(diff.err)")
        }
    }

    /// Builds a site, removes `removing` from it, opens everything in the project to all (the
    /// unprivileged user owns nothing there) but `name` (relative to the site; "" for the site
    /// folder itself), which it closes to all, then runs `body`.
    private func withClosedEntry(_ name: String, removing: String? = nil, _ body: (ScratchProject) throws -> Void) throws {
        let project = try ScratchProject()
        let entry = name.isEmpty ? project.output : project.output + "/" + name
        defer {
            _ = chmod(entry, 0o755)
            project.remove()
        }
        let built = project.build()
        try #require(built.status == 0, "\(built.err)")
        if let removing { try FileManager.default.removeItem(atPath: project.output + "/" + removing) }
        let all = FileManager.default.enumerator(atPath: project.folder.path)!.allObjects as! [String]
        for path in [""] + all { _ = chmod(project.folder.path + "/" + path, 0o777) }
        #expect(chmod(entry, 0o000) == 0)
        try body(project)
    }
}
