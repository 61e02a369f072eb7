import Foundation
import Testing

/// A folder of the export that can be listed but not entered (mode 644: read without search
/// permission) opens none of its files. Taken for a folder without exports, it made the import
/// remove every quote with exit 0. Root passes every permission check, so the real `vantage`
/// runs as an unprivileged user (`setpriv`, as nobody) when the tests run as root.
@Suite("Folders that cannot be entered")
struct UnenterableFolderTests {
    private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, err: String) {
        try VantageExecutable.runUnprivileged(arguments, logs: folder)
    }

    @Test(arguments: ["quotes", "changejar", "reviews", ""])
    func aFolderThatCannotBeEnteredIsRefusedAndTheStoreKept(_ name: String) throws {
        let project = try ScratchProject()
        defer {
            _ = chmod(project.folder.path + "/content/" + name, 0o755)
            project.remove()
        }
        try project.write("content/reviews/board.json",
                          #"{ "reviewer": "Board", "exportedAt": "2026-05-02T10:00:00Z", "decisions": [] }"#)
        // The unprivileged user owns nothing here: everything is open to all but the folder.
        let all = FileManager.default.enumerator(atPath: project.folder.path)!.allObjects as! [String]
        for path in [""] + all { _ = chmod(project.folder.path + "/" + path, 0o777) }
        let store = project.folder.path + "/store.sqlite"
        let first = try run(["import", "--content", project.content, "--db", store], in: project.folder)
        try #require(first.status == 0, "\(first.err)")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let folder = name.isEmpty ? project.content : project.content + "/" + name
        #expect(chmod(folder, 0o644) == 0)
        let second = try run(["import", "--content", project.content, "--db", store], in: project.folder)
        #expect(second.status == 2, "\(second.err)")
        // The content folder itself is not listed (its files are known by name), only entered.
        let why = name.isEmpty ? "Permission denied" : "Permission denied (it can be listed but not entered)"
        #expect(second.err.contains("\(folder): error: cannot read the files in the folder: \(why)"), "\(second.err)")
        #expect(!second.err.contains("removed"), "\(second.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }
}
