import Foundation
import Import
import Store
import Testing
import VantageCore

/// Importing again: the same export writes nothing; a changed one makes the store equal it.
struct ReimportTests {
    @Test func importingTheSameContentAgainWritesNothing() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let before = try fixture.storeBytes()
        let report = try fixture.importOrFail()
        #expect(report.changedNothing)
        #expect(report.tables.map(\.changes.unchanged) == [1, 6, 3, 3, 4, 2, 2])
        // Not one page was written: SQLite bumps the file's change counter on any write.
        #expect(try fixture.storeBytes() == before)
    }

    @Test func aChangedExportUpdatesAddsAndRemovesUntilTheStoreEqualsIt() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let bobID = try fixture.read { try SampleImportTests.personID($0, phone: "+442079460018") }

        try fixture.edit("quotes/export.json", replacing: "I never said I was a morning person.", with: "I am not a morning person.")
        try fixture.edit("quotes/export.json", replacing: #""firstName": "Chloé", "lastName": "Martin""#,
                         with: #""firstName": "Chloé", "lastName": "Martin-Roy""#)
        // q-3 goes; q-4 comes, said by Bob, who now registers with Quotes.
        try fixture.edit("quotes/export.json", replacing: #"""
                { "id": "q-3", "text": "Who moved my keys?",
                  "saidBy": { "phone": "415-555-0100", "name": "Ana" },
                  "heardBy": [ { "phone": "1 (415) 555-0199", "name": "José" } ],
                  "when": "2026-04-01T10:00:00Z", "submittedBy": "+1 415 555 0199" }
            """#, with: #"""
                { "id": "q-4", "text": "Rain is just weather.",
                  "saidBy": { "phone": "+44 20 7946 0018", "name": "Bob" },
                  "heardBy": [ { "phone": "+14155550199", "name": "José" }, { "phone": "+14155550100", "name": "Ana" } ],
                  "when": "2026-05-03T09:00:00+01:00", "submittedBy": "+442079460018" }
            """#)
        try fixture.edit("quotes/export.json", replacing: #"""
                  "timeZone": "Europe/Paris" }
              ],
            """#, with: #"""
                  "timeZone": "Europe/Paris" },
                { "phone": "+44 20 7946 0018", "firstName": "Bob", "lastName": "Gray", "locale": "en-GB",
                  "timeZone": "Europe/London" }
              ],
            """#)
        try fixture.edit("quotes/export.json", replacing: #""name": "Bob from London""#, with: #""name": "Bobby""#)
        try fixture.edit("changejar/users.json", replacing: #"""
            ,
                { "email": "Zed@Example.com", "name": "Zed" }
            """#, with: "")
        try fixture.edit("changejar/ideas.json", replacing: #""for": "someone" },"#, with: #""for": "someone" }"#)
        try fixture.edit("changejar/ideas.json", replacing: #"""

                { "id": "idea-3", "text": "Plant a tree", "submittedAt": "2026-04-25T12:00:00Z",
                  "author": { "email": "outsider@example.com", "name": "Out Sider" }, "showName": true, "for": "self" }
            """#, with: "")
        try fixture.edit("reviews/board.json", replacing: #"""
                { "item": "q-1", "action": "list", "list": "Newsletter", "at": "2026-05-02T09:59:00Z" },
            """#, with: "")

        let report = try fixture.importOrFail()
        let changes = Dictionary(uniqueKeysWithValues: report.tables.map { ($0.name, $0.changes) })
        #expect(changes["quotes"] == RowChanges(added: 1, updated: 1, unchanged: 1, removed: 1))
        #expect(changes["hearers"] == RowChanges(added: 2, updated: 0, unchanged: 3, removed: 1))
        // Chloé renamed, Bob registered; Zed (no longer a user, wrote an idea) becomes an author
        // only; the outsider, whose only idea went, is removed.
        #expect(changes["people"] == RowChanges(added: 0, updated: 3, unchanged: 2, removed: 1))
        #expect(changes["ideas"] == RowChanges(added: 0, updated: 0, unchanged: 2, removed: 1))
        #expect(changes["contacts"] == RowChanges(added: 0, updated: 1, unchanged: 1, removed: 0))
        #expect(changes["reviews"] == RowChanges(added: 0, updated: 0, unchanged: 1, removed: 1))
        // The totals in the report are the rows in the store.
        for table in report.tables {
            let name = ["people": "person", "ideas": "idea", "quotes": "quote", "hearers": "hearer", "contacts": "contact",
                        "reviews": "review", "site": "site"][table.name]!
            #expect(try fixture.read { try $0.scalar("SELECT count(*) FROM \(name)") } == .integer(Int64(table.stored)), "\(name)")
        }
        // Bob kept his row: the quotes that name him were not rewritten for it.
        #expect(try fixture.read { try SampleImportTests.personID($0, phone: "+442079460018") } == bobID)

        // The store now equals a fresh import of the changed export.
        let fresh = try Fixture([:])
        try FileManager.default.removeItem(atPath: fresh.content)
        try FileManager.default.copyItem(atPath: fixture.content, toPath: fresh.content)
        try fresh.importOrFail()
        #expect(try fixture.logicalDump() == fresh.logicalDump())
    }

    /// An empty JSON Lines file, or none, is an export without records: what was stored goes,
    /// with a warning naming the file or folder, since a failed export job leaves the same.
    @Test func anImportThatRemovesEveryQuoteOrIdeaSaysSo() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let first = try fixture.importOrFail()
        #expect(!first.warnings.contains { $0.message.contains("stored before") })
        try fixture.write("quotes/quotes.jsonl", "")
        try fixture.write("quotes/contacts.jsonl", "")
        try FileManager.default.removeItem(atPath: fixture.content + "/changejar/ideas.jsonl")
        let report = try fixture.importOrFail()
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.contains("content/quotes/quotes.jsonl: warning: all 3 quotes stored before are removed: it holds no quotes"),
                "\(warnings)")
        #expect(warnings.contains("content/changejar: warning: all 3 ideas stored before are removed: no file here gives ideas"),
                "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/quotes/contacts.jsonl: warning: ")
            && $0.hasSuffix(" stored before \($0.contains("the one") ? "is" : "are") removed: it holds no contacts") }, "\(warnings)")
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT count(*) FROM quote") == [[.integer(0)]])
            #expect(try db.rows("SELECT count(*) FROM idea") == [[.integer(0)]])
        }
        // Nothing left to remove: no warning.
        #expect(!(try fixture.importOrFail()).warnings.contains { $0.message.contains("stored before") })
    }

    @Test func jsonLinesGiveTheSameStoreAsJSON() throws {
        let json = try Fixture()
        try json.importOrFail()
        let lines = try Fixture(Self.asJSONLines(Fixture.sample))
        let report = try lines.importOrFail()
        #expect(report.recordsRead.map(\.count) == [3, 3, 3, 2, 3, 3])
        #expect(try lines.logicalDump() == json.logicalDump())
    }

    /// The sample with every record file rewritten as JSON Lines, one record a line.
    static func asJSONLines(_ files: [String: String]) throws -> [String: String] {
        var result = files
        func lines(_ path: String, _ key: String, to target: String) throws {
            let value = try JSONParser.parse(Array(files[path]!.utf8), file: path)
            let records = value.objectValue?[key]?.arrayValue ?? []
            result[target] = records.map { JSONWriter.string($0) + "\n" }.joined()
        }
        try lines("quotes/export.json", "users", to: "quotes/users.jsonl")
        try lines("quotes/export.json", "quotes", to: "quotes/quotes.jsonl")
        try lines("quotes/export.json", "contacts", to: "quotes/contacts.jsonl")
        try lines("changejar/users.json", "users", to: "changejar/users.jsonl")
        try lines("changejar/ideas.json", "ideas", to: "changejar/ideas.jsonl")
        for path in ["quotes/export.json", "changejar/users.json", "changejar/ideas.json"] { result[path] = nil }
        return result
    }
}
