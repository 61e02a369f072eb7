import Foundation
import Testing

/// `vantage build` checks the output folder while it imports (the check is a system call per
/// folder, the import mostly SQLite), and the import waits for the check's verdict before it
/// commits: a refused output still changes nothing stored, and the check's error is the one
/// reported, as when the check ran first. Real folders, a real store, the real command line.
@Suite("The output check beside the import")
struct CheckBesideImportTests {
    /// The tiny project built once, then its export edited (a quote's text).
    static func builtAndEdited() throws -> ScratchProject {
        let project = try ScratchProject()
        let first = project.build()
        #expect(first.status == 0, "\(first.err)")
        let export = project.content + "/quotes/export.json"
        let text = try String(contentsOfFile: export, encoding: .utf8)
        #expect(text.contains("I never said I was a morning person."))
        try text.replacingOccurrences(of: "I never said I was a morning person.", with: "I never said I was a lark.")
            .write(toFile: export, atomically: true, encoding: .utf8)
        return project
    }

    /// The store's folder, every file in it with its bytes.
    static func storeFiles(_ project: ScratchProject) -> [String: Data] {
        ScratchProject.snapshot((project.store as NSString).deletingLastPathComponent)
    }

    @Test("A file dropped into the site refuses the build, and the edited export the import read beside the check is not stored")
    func refusedOutputStoresNothing() throws {
        let project = try Self.builtAndEdited()
        defer { project.remove() }
        try project.write("public/ana-lima/notes.txt", "mine\n")
        let store = Self.storeFiles(project)
        let site = ScratchProject.snapshot(project.output)
        let refused = project.build()
        #expect(refused.status == 2)
        #expect(refused.err.contains(
            "refusing to replace '\(project.output)': 1 file in it was not written by vantage: 'ana-lima/notes.txt'"), "\(refused.err)")
        #expect(!refused.err.contains("nothing was built"), "\(refused.err)")
        // The store file is byte for byte as it was (the import was rolled back: no journal left
        // either), and so is the site.
        #expect(Self.storeFiles(project) == store)
        #expect(ScratchProject.snapshot(project.output) == site)
        // Once the file is gone the same build goes through, with the edit.
        try FileManager.default.removeItem(atPath: project.output + "/ana-lima/notes.txt")
        let built = project.build()
        #expect(built.status == 0, "\(built.err)")
        #expect(Self.storeFiles(project) != store)
        let pages = ScratchProject.snapshot(project.output).values.map { String(decoding: $0, as: UTF8.self) }
        #expect(pages.contains { $0.contains("I never said I was a lark.") })
        #expect(!pages.contains { $0.contains("I never said I was a morning person.") })
    }

    @Test("An output in use by another build refuses the build before its import: the edited export is not stored")
    func outputInUseStoresNothing() throws {
        let project = try Self.builtAndEdited()
        defer { project.remove() }
        let store = Self.storeFiles(project)
        let site = ScratchProject.snapshot(project.output)
        // Another process holds the output's lock (as a running build does), until told to go.
        let lockFile = project.folder.appendingPathComponent(".public.lock").path
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [lockFile, "sh", "-c", "echo held; read line"]
        let (toHolder, fromHolder) = (Pipe(), Pipe())
        (holder.standardInput, holder.standardOutput) = (toHolder, fromHolder)
        try holder.run()
        defer { try? toHolder.fileHandleForWriting.close(); holder.waitUntilExit() }
        #expect(fromHolder.fileHandleForReading.availableData == Data("held\n".utf8))
        let refused = project.build()
        #expect(refused.status == 2)
        #expect(refused.err.contains("the output folder '\(project.output)' is in use by another vantage"), "\(refused.err)")
        #expect(Self.storeFiles(project) == store)
        #expect(ScratchProject.snapshot(project.output) == site)
    }

    @Test("A swap of two renames killed between them (no renameat2) left the previous site aside: the next build puts it back first, even one that fails")
    func interruptedSwapIsRestored() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        for _ in 0..<2 { #expect(project.build().status == 0) }
        let site = ScratchProject.snapshot(project.output)
        // The state a kill between the two renames leaves: no output, the live site aside.
        let aside = project.folder.appendingPathComponent(".public.building.old").path
        try FileManager.default.moveItem(atPath: project.output, toPath: aside)
        try project.write("content/changejar/ideas.json", "{ \"ideas\": [ ")
        let failed = project.build()
        #expect(failed.status == 2)
        #expect(ScratchProject.snapshot(project.output) == site)
        #expect(!FileManager.default.fileExists(atPath: aside))
    }

    @Test("With a bad export and a refused output, the output's refusal is reported (as when the check came first); nothing changes")
    func refusalComesBeforeTheImportsError() throws {
        let project = try Self.builtAndEdited()
        defer { project.remove() }
        try project.write("content/changejar/ideas.json", "{ \"ideas\": [ { \"id\": \"idea-9\" ")
        try project.write("public/CNAME", "example.org\n")
        let store = Self.storeFiles(project)
        let site = ScratchProject.snapshot(project.output)
        let refused = project.build()
        #expect(refused.status == 2)
        #expect(refused.err.contains("1 file in it was not written by vantage: 'CNAME'"), "\(refused.err)")
        #expect(!refused.err.contains("ideas.json"), "\(refused.err)")
        #expect(Self.storeFiles(project) == store)
        #expect(ScratchProject.snapshot(project.output) == site)
        // Without the foreign file, the export's own error.
        try FileManager.default.removeItem(atPath: project.output + "/CNAME")
        let bad = project.build()
        #expect(bad.status == 2)
        #expect(bad.err.contains("changejar/ideas.json:1:"), "\(bad.err)")
        #expect(bad.err.hasSuffix("error: nothing was built; \(project.output) is unchanged\n"), "\(bad.err)")
        #expect(Self.storeFiles(project) == store)
    }
}
