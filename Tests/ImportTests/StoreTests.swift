import Foundation
import Import
import Store
import Testing
import VantageCore

/// The store file: created with its schema, migrated once, refused when too new.
struct StoreTests {
    @Test func aNewStoreHasEveryMigrationAndReopeningAppliesNoneAgain() throws {
        let fixture = try Fixture()
        let store = try Store(path: fixture.store)
        #expect(try store.schemaVersion == Schema.currentVersion)
        let tables = try store.read { db in try db.rows("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name") }
        #expect(tables == ["build_state", "build_viewer", "contact", "hearer", "idea", "import_quote_batch", "import_state", "person", "quote", "review", "site", "visible_quote"].map { [DatabaseValue.text($0)] })
        let reopened = try Store(path: fixture.store)
        #expect(try reopened.schemaVersion == Schema.currentVersion)
    }

    /// The migrations commit before the import's transaction: a first import killed before its
    /// commit leaves a store at the current schema with nothing in it, which a reader refuses
    /// as it refuses a missing one (a build from it would publish an empty site).
    @Test func aStoreNoImportCompletedIntoIsRefusedByReaders() throws {
        let fixture = try Fixture()
        _ = try Store(path: fixture.store)
        do {
            _ = try Store(path: fixture.store, readOnly: true)
            Issue.record("opened")
        } catch {
            #expect("\(error)" == "\(fixture.store): error: no store here (no import has completed into it); run 'vantage import' first")
        }
        try fixture.importOrFail()
        #expect(try Store(path: fixture.store, readOnly: true).hasCompletedImport)
    }

    /// A first import with --keep-going whose site.json cannot be read still completes a store.
    @Test func aKeepGoingFirstImportWithoutSettingsCompletesTheStore() throws {
        let fixture = try Fixture()
        try fixture.write("site.json", "{")
        guard case .success = fixture.runImport(keepGoing: true) else { Issue.record("the import failed"); return }
        #expect(try Store(path: fixture.store, readOnly: true).hasCompletedImport)
    }

    /// An earlier vantage completed a --keep-going first import whose site.json was rejected
    /// without writing the settings row: the records in the store say it completed, and a
    /// reader opens it (it had been refused as "no import has completed into it").
    @Test func aStoreWithRecordsButNoSettingsRowIsComplete() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try Store(path: fixture.store).write { db in try db.execute("DELETE FROM site") }
        #expect(try Store(path: fixture.store, readOnly: true).hasCompletedImport)
    }

    /// The hearers' scratch file of a killed import is removed by the next import, even one
    /// that writes no hearers through it (a re-import).
    @Test func theNextImportRemovesAKilledImportsHearersFile() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try Data("scratch".utf8).write(to: URL(fileURLWithPath: fixture.store + "-hearers"))
        try fixture.importOrFail()
        #expect(!FileManager.default.fileExists(atPath: fixture.store + "-hearers"))
    }

    /// The review table's CHECK lists the actions the import reads and the report counts
    /// (`ReviewAction`): a new action needs a migration, and this fails until it has one.
    @Test func theStoreAcceptsEveryReviewActionAndNoOther() throws {
        let fixture = try Fixture()
        let store = try Store(path: fixture.store)
        let sql = try #require(try store.read { db in try db.rows("SELECT sql FROM sqlite_schema WHERE name = 'review'") }.first?.first)
        guard case .text(let table) = sql else { Issue.record("no review table"); return }
        let listed = try #require(table.firstMatch(of: /CHECK \(action IN \(([^)]*)\)\)/)).1
        #expect(listed == ReviewAction.names.map { "'\($0)'" }.joined(separator: ", "))
        #expect(ReviewAction.allCases.map(\.flag) == ["isArchive", "isDelete", "isLater", "isList"])
    }

    /// A store written before instants kept their fraction holds whole seconds: opened by this
    /// vantage, the records' instants become the same instants in microseconds, the others stay.
    @Test func wholeSecondsOfAnOlderStoreBecomeMicroseconds() throws {
        let fixture = try Fixture()
        let before = Schema.migrations.firstIndex { $0.name == "the records' instants to the microsecond" }!
        do {
            try FileManager.default.createDirectory(
                atPath: (fixture.store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let database = try Database(path: fixture.store)
            for migration in Schema.migrations[..<before] { try database.execute(migration.sql) }
            try database.execute("""
                PRAGMA user_version = \(before);
                INSERT INTO person (id, phone, email, name, quotes_user, changejar_user, last_visit_at) VALUES
                    (1, '+14155550100', 'ana@example.com', 'Ana', 1, 1, 1777000000), (2, '+14155550199', NULL, 'Dad', 1, 0, NULL);
                INSERT INTO idea VALUES ('i-1', 'x', 1, 1776000000, 1, 'Ana', 1, 'self');
                INSERT INTO quote VALUES ('q-1', 'x', 2, 'Dad', -5, 1);
                INSERT INTO hearer VALUES ('q-1', 0, 1, 'Ana', -5);
                INSERT INTO review VALUES ('Board', 'i-1', 'archive', NULL, NULL, 1778300000, 1778310000);
                """)
        }
        let store = try Store(path: fixture.store)
        #expect(try store.schemaVersion == Schema.currentVersion)
        let rows = try store.read { db in
            try db.rows("""
                SELECT (SELECT group_concat(coalesce(last_visit_at, 'NULL'), ' ') FROM (SELECT last_visit_at FROM person ORDER BY id)),
                       (SELECT submitted_at FROM idea), (SELECT said_at FROM quote), (SELECT said_at FROM hearer),
                       (SELECT decided_at || ' ' || exported_at FROM review)
                """)
        }
        #expect(rows == [[.text("1777000000000000 NULL"), .integer(1_776_000_000_000_000), .integer(-5_000_000), .integer(-5_000_000),
                          .text("1778300000 1778310000")]])
    }

    @Test func aStoreFromANewerVantageIsRefused() throws {
        let fixture = try Fixture()
        do {
            let store = try Store(path: fixture.store)
            try store.write { try $0.execute("PRAGMA user_version = \(Schema.currentVersion + 1)") }
        }
        #expect(throws: StoreError.self) { try Store(path: fixture.store) }
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        let newer = "\(fixture.store): error: the store has schema version \(Schema.currentVersion + 1), newer than this vantage knows "
            + "(\(Schema.currentVersion)): build with the vantage that wrote it, or import into another store (--db FILE)"
        #expect(failure.errors.map(\.description) == [newer])
        // Read-only (a build with --no-import) it says the same, not "run 'vantage import'",
        // which refuses it.
        do {
            _ = try Store(path: fixture.store, readOnly: true)
            Issue.record("opened")
        } catch {
            #expect("\(error)" == newer, "\(error)")
        }
    }

    @Test func theSchemaRefusesWhatTheImporterNeverWrites() throws {
        let fixture = try Fixture()
        let store = try Store(path: fixture.store)
        try store.write { db in
            try db.execute("INSERT INTO person (id, phone, quotes_user, name) VALUES (1, '+14155550100', 1, 'Ana')")
            for bad in [
                "INSERT INTO person (phone) VALUES ('4155550100')",
                "INSERT INTO person (email) VALUES ('Ana@Example.com')",
                "INSERT INTO person (email, changejar_user) VALUES ('a@example.com', 1)",
                "INSERT INTO idea VALUES ('i', '', 0, 0, 1, 'Ana', 1, 'self')",
                "INSERT INTO idea VALUES ('i', 'x', 1, 0, 1, 'Ana', 1, 'others')",
                "INSERT INTO review VALUES ('r', 'i', 'shred', NULL, NULL, 0, 0)",
                "INSERT INTO review VALUES ('r', 'i', 'later', NULL, NULL, 0, 0)",
                "INSERT INTO quote VALUES ('q', 'x', 99, 'Nobody', 0, 1)",
            ] {
                #expect(throws: DatabaseError.self, "\(bad)") { try db.execute(bad) }
            }
        }
    }
}
