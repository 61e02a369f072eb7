import Foundation
import Store
import Testing

/// A store with the hot journal of an import that was killed mid-transaction: a read-only
/// connection cannot roll it back (SQLITE_READONLY_ROLLBACK), which every reading command
/// once reported as "not a Vantage store".
@Suite("A store left with an unfinished import's journal", .serialized)
struct UnfinishedJournalTests {
    /// A copy of `store` in `folder` as a writer that died mid-transaction leaves it: its
    /// pages partly changed, and the journal that undoes them.
    func copyWithHotJournal(of store: String, into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/store.sqlite"
        let writer = try Database(path: store)
        // More than the cache holds, so SQLite syncs the journal (a journal is hot only then)
        // and writes changed pages into the store before the end.
        try writer.execute("""
            PRAGMA cache_size = 1; BEGIN; UPDATE quote SET text = text || 'x'; CREATE TABLE filler (bytes BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO filler SELECT randomblob(4000) FROM n
            """)
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        try FileManager.default.copyItem(atPath: store + "-journal", toPath: copy + "-journal")
        try writer.execute("ROLLBACK")
        return copy
    }

    func quotes(_ store: String) throws -> [[DatabaseValue]] {
        try Database(path: store, readOnly: true).rows("SELECT id, text FROM quote ORDER BY id")
    }

    @Test("Writable: the build rolls the journal back and builds the store as it was; read-only: exit 2 saying so")
    func aHotJournalIsRolledBackOrNamed() throws {
        let project = try ScratchProject()
        defer {
            _ = chmod(project.folder.path + "/hot", 0o755)
            project.remove()
        }
        let first = project.build()
        try #require(first.status == 0, "\(first.err)")
        let stored = try quotes(project.store)
        let copy = try copyWithHotJournal(of: project.store, into: project.folder.path + "/hot")

        // A store shared read-only (shard builds, another user's): the journal cannot be
        // rolled back here, and the message says what would.
        for path in ["", "/hot", "/hot/store.sqlite", "/hot/store.sqlite-journal"] {
            _ = chmod(project.folder.path + path, path.hasPrefix("/hot/") ? 0o444 : path.isEmpty ? 0o777 : 0o555)
        }
        let shard = try VantageExecutable.runUnprivileged(
            ["build", "--no-import", "--shard", "1/1", "--templates", templatesFolder, "--out", project.folder.path + "/shard", "--db", copy],
            logs: project.folder)
        #expect(shard.status == 2, "\(shard.err)")
        #expect(shard.err.contains(
            "\(copy): error: the store holds the journal of an import that did not finish (\(copy)-journal), and it cannot be "
                + "rolled back without write access to the store and its folder; run 'vantage import' (or open the store "
                + "once with write access) to finish rolling it back, then run this again"), "\(shard.err)")
        #expect(!shard.err.contains("not a Vantage store"), "\(shard.err)")
        #expect(FileManager.default.fileExists(atPath: copy + "-journal"))

        // Writable: rolled back, then read as the import left it.
        _ = chmod(project.folder.path + "/hot", 0o755)
        _ = chmod(copy, 0o644)
        let built = project.build(out: project.folder.path + "/again", db: copy, ["--no-import"])
        #expect(built.status == 0, "\(built.err)")
        #expect(!FileManager.default.fileExists(atPath: copy + "-journal"))
        #expect(try quotes(copy) == stored)
    }
}
