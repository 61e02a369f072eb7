import Foundation
import Testing

/// A folder of the templates without permission to read it, or a file without permission to
/// read it, is refused (exit 2) naming it and the reason. Skipped, unreadable partials gave
/// "no partial template named 'partials/viewer-bar'", and unreadable assets thousands of
/// findings of links to files not in the site. Root passes every permission check, so the real
/// `vantage` runs as nobody when the tests run as root.
@Suite("Templates without permission to read them", .serialized)
struct UnreadableTemplatesTests {
    @Test(arguments: ["partials", "assets", "layout.mustache", "assets/site.css"])
    func anUnreadableEntryIsRefusedNamingIt(_ name: String) throws {
        let project = try ScratchProject()
        let templates = project.folder.path + "/templates"
        defer {
            _ = chmod(templates + "/" + name, 0o755)
            project.remove()
        }
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        // The unprivileged user owns nothing here: everything is open to all but the entry.
        let all = FileManager.default.enumerator(atPath: project.folder.path)!.allObjects as! [String]
        for path in [""] + all { _ = chmod(project.folder.path + "/" + path, 0o777) }
        #expect(chmod(templates + "/" + name, 0o000) == 0)
        let result = try VantageExecutable.runUnprivileged(
            ["build", "--content", project.content, "--templates", templates, "--out", project.output,
             "--db", project.folder.path + "/store.sqlite"],
            logs: project.folder)
        #expect(result.status == 2, "\(result.err)")
        let why = name.contains(".") ? "cannot read the file: Permission denied" : "cannot read the folder: Permission denied"
        #expect(result.err.contains("\(templates)/\(name): error: \(why)"), "\(result.err)")
        #expect(!result.err.contains("no partial template"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.output))
    }
}
