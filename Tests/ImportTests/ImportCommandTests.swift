import Foundation
import Import
import Store
import Testing
import VantageCore

/// `vantage import` end to end through the command line: output, diagnostics, exit codes.
struct ImportCommandTests {
    @Test func importsAndPrintsWhatItStored() throws {
        let fixture = try Fixture()
        let first = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(first.code == 0)
        #expect(first.err == "")
        #expect(first.out == """
            Imported into \(fixture.store):
                        stored  added  updated  removed
              site           1      1        0        0
              people         6      6        0        0
              ideas          3      3        0        0
              quotes         3      3        0        0
              hearers        4      4        0        0
              contacts       2      2        0        0
              reviews        2      2        0        0
            Read 3 Quotes users, 3 Change Jar users, 3 quotes, 2 contacts, 3 ideas, 3 review decisions.

            """)
        let again = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(again.code == 0)
        #expect(again.out.contains("  quotes         3      0        0        0\n"))
    }

    @Test func aBadRecordExitsTwoAndSaysTheStoreIsUnchanged() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(result.code == 2)
        #expect(result.out == "")
        // The review of idea-1 is still read, and warns that its item is not (validly) there.
        #expect(result.err == """
            \(fixture.name("reviews/board.json")): decisions[0].item: warning: no idea or quote has the id "idea-1"
            \(fixture.name("changejar/ideas.json")): ideas[0].for: error: expected "self" or "someone", found "me"
            error: nothing was imported; the store is unchanged

            """)
        #expect(!FileManager.default.fileExists(atPath: fixture.store))
    }

    @Test func keepGoingExitsOneAndNamesTheRejectsFile() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        let rejects = fixture.root + "/rejected.jsonl"
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", rejects])
        #expect(result.code == 1)
        #expect(result.err == """
            \(fixture.name("reviews/board.json")): decisions[0].item: warning: no idea or quote has the id "idea-1"
            \(fixture.name("changejar/ideas.json")): ideas[0].for: error: expected "self" or "someone", found "me"

            """)
        #expect(result.out.hasSuffix("Rejected 1 record, written with the reasons to \(rejects).\n"))
        #expect(result.out.contains("  ideas          2      2        0        0\n"))
        #expect(try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test func keepGoingWritesRejectsBesideTheStoreByDefault() throws {
        let fixture = try Fixture()
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going"])
        #expect(result.code == 0)
        #expect(result.out.hasSuffix("No record was rejected (\(fixture.rejects) is empty).\n"))
        #expect(FileManager.default.fileExists(atPath: fixture.rejects))
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try Fixture()
        let result = fixture.vantage(["import", "--content", fixture.content, "--rejects", "r.jsonl"])
        #expect(result.code == 2)
        #expect(result.err == "error: --rejects needs --keep-going\nrun 'vantage import --help' for usage\n")
        #expect(fixture.vantage(["import", "--bogus"]).code == 2)
    }

    @Test func helpDocumentsTheStoreLocationAndTheExitCodes() throws {
        let fixture = try Fixture()
        let help = fixture.vantage(["import", "--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("Usage: vantage import [--content DIR] [--db FILE] [--keep-going] [--rejects FILE]\n"))
        #expect(help.out.contains("(default: .vantage/store.sqlite, under the current\n"))
        #expect(help.out.contains("  2  bad usage or unusable input"))
    }
}

/// Timestamps: an offset is required; the instant is exact.
struct TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)),
        ("2015-05-04T09:30:00Z", 1_430_731_800),
        ("2026-05-01T18:00:00-07:00", 1_777_683_600),
        ("2026-05-02T03:00:00+02:00", 1_777_683_600),
        ("2026-05-02T01:00:00.999Z", 1_777_683_600),
        ("2026-05-02T01:00Z", 1_777_683_600),
        ("2026-05-01t18:00:00-0700", 1_777_683_600),
        ("2026-05-02 10:30:00+09:30", 1_777_683_600),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59Z", -1),
    ])
    func readsTheInstant(text: String, seconds: Int64) throws {
        #expect(try Timestamp.unixSeconds(text) == seconds)
    }

    @Test(arguments: [
        ("2026-05-01T18:00:00", TimestampProblem.noOffset),
        ("2026-05-01", .noTime),
        ("2025-02-29T00:00:00Z", .invalidDate),
        ("2026-05-01T24:00:00Z", .invalidTime),
        ("2026-05-01T18:00:00+25:00", .invalidOffset),
        ("May 1, 2026", .malformed),
        ("2026-05-01T18:00:00Zulu", .malformed),
    ])
    func refusesWhatIsNotATimestampWithAnOffset(text: String, problem: TimestampProblem) {
        #expect(throws: problem) { try Timestamp.unixSeconds(text) }
    }
}

/// The store file: created with its schema, migrated once, refused when too new.
struct StoreTests {
    @Test func aNewStoreHasEveryMigrationAndReopeningAppliesNoneAgain() throws {
        let fixture = try Fixture()
        let store = try Store(path: fixture.store)
        #expect(try store.schemaVersion == Schema.currentVersion)
        let tables = try store.read { db in try db.rows("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name") }
        #expect(tables == ["contact", "hearer", "idea", "person", "quote", "review", "site", "visible_quote"].map { [DatabaseValue.text($0)] })
        let reopened = try Store(path: fixture.store)
        #expect(try reopened.schemaVersion == Schema.currentVersion)
    }

    @Test func aStoreFromANewerVantageIsRefused() throws {
        let fixture = try Fixture()
        do {
            let store = try Store(path: fixture.store)
            try store.write { try $0.execute("PRAGMA user_version = \(Schema.currentVersion + 1)") }
        }
        #expect(throws: StoreError.self) { try Store(path: fixture.store) }
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            "\(fixture.store): error: the store has schema version \(Schema.currentVersion + 1), newer than this vantage knows (\(Schema.currentVersion))"
        ])
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
