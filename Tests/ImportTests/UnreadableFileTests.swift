import Foundation
import Import
import Store
import Testing
import VantageCore

/// `--keep-going` with a file that cannot be read at all (DATA.md "Bad input"): the file is
/// rejected whole and named in the rejects file, the records it held before stay stored as they
/// were, the other files are imported, and the exit code is 1.
struct UnreadableFileTests {
    func rejects(_ fixture: Fixture) throws -> [JSONObject] {
        let text = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONParser.parse(Array(line.utf8), file: "rejects").objectValue)
        }
    }

    /// The store's rows of one kind, as the logical dump shows them.
    func rows(_ fixture: Fixture, _ kind: String) throws -> [String] {
        try fixture.logicalDump().split(separator: "\n").map(String.init).filter { $0.hasPrefix(kind + "|") }
    }

    @Test func aMalformedIdeasFileKeepsTheStoredIdeasAndImportsTheRest() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let ideasBefore = try rows(fixture, "idea")
        #expect(ideasBefore.count == 3)
        // The ideas file breaks late (its first records are well formed), and a quote changes.
        try fixture.edit("changejar/ideas.json", replacing: #""text": "Walk to work on Fridays""#, with: #""text": "Walk to work on Mondays""#)
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "self" "#)
        try fixture.edit("quotes/export.json", replacing: "Who moved my keys?", with: "Who moved my glasses?")

        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        // The first idea lost its closing brace: the file's syntax fails where the second begins.
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            """
            content/changejar/ideas.json:4:5: error: expected a member name in double quotes, found '{'
                    { "id": "idea-2", "text": "Cook with the kids", "submittedAt": "2026-04-20T19:00:00+02:00",
                    ^
            """,
        ])
        #expect(try rows(fixture, "idea") == ideasBefore)  // not "Mondays": nothing of the file was applied
        #expect(try rows(fixture, "quote").contains { $0.contains("Who moved my glasses?") })
        #expect(report.tables.first { $0.name == "ideas" }?.stored == 3)
        #expect(report.tables.first { $0.name == "ideas" }?.changes.removed == 0)

        let lines = try rejects(fixture)
        #expect(lines.count == 1)
        #expect(lines[0]["file"] == .string(fixture.name("changejar/ideas.json")))
        #expect(lines[0]["wholeFile"] == .bool(true))
        #expect(lines[0]["record"] == .null)
        #expect(lines[0]["line"] == .number(4))
        #expect(lines[0]["column"] == .number(5))
        #expect(lines[0]["reason"] == .string("expected a member name in double quotes, found '{'"))

        // Through the command line: exit code 1.
        let run = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going",
                                   "--rejects", fixture.rejects])
        #expect(run.code == 1)
        #expect(try rows(fixture, "idea") == ideasBefore)
    }

    @Test func anUnreadableQuotesExportKeepsItsUsersQuotesAndContacts() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let before = try fixture.logicalDump()
        try fixture.write("quotes/export.json", bytes: [0xFF, 0xFE] + Array("{ \"users\": [] }".utf8))  // UTF-16
        try fixture.edit("changejar/ideas.json", replacing: "Plant a tree", with: "Plant a palm")

        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/quotes/export.json: error: the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8",
        ])
        let after = try fixture.logicalDump()
        // Everything from the Quotes export is as it was; only the idea changed.
        #expect(after == before.replacingOccurrences(of: "Plant a tree", with: "Plant a palm"))
    }

    @Test func anUnreadableChangeJarUsersFileKeepsItsPeople() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let before = try fixture.logicalDump()
        try fixture.remove("changejar/users.json")
        try FileManager.default.createDirectory(atPath: fixture.content + "/changejar/users.json", withIntermediateDirectories: true)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/changejar/users.json: error: expected a file, found a folder",
        ])
        #expect(try fixture.logicalDump() == before)
    }

    @Test func anUnreadableReviewFileKeepsTheStoredDecisions() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let before = try fixture.logicalDump()
        try fixture.edit("reviews/board.json", replacing: "\"decisions\"", with: "\"decisions\" \"decisions\"")
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(try fixture.logicalDump() == before)
        #expect(report.tables.first { $0.name == "reviews" }?.stored == 2)
    }

    @Test func anUnreadableSiteFileKeepsTheStoredSettings() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let before = try fixture.logicalDump()
        try fixture.write("site.json", "{ \"title\": \"Family\", }")
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }.first?
            .hasPrefix("content/site.json:1:22: error: expected a member name in double quotes") == true)
        #expect(try fixture.logicalDump() == before)
    }

    @Test("A JSON Lines file with a line that is not UTF-8 is rejected whole, not line by line with its bytes replaced")
    func aJSONLinesFileThatIsNotUTF8IsRejectedWhole() throws {
        let fixture = try Fixture()
        try fixture.remove("quotes/export.json")
        try fixture.write("quotes/users.jsonl", """
            {"phone":"+14155550100","firstName":"Ana","lastName":"Lima"}
            {"phone":"+12125550147","firstName":"Cat","lastName":"Dee"}

            """)
        let quotes = [
            #"{"id":"q-1","text":"Morning.","saidBy":{"phone":"+14155550100","name":"Ana"},"heardBy":[{"phone":"+12125550147","name":"Cat"}],"when":"2026-05-01T18:00:00Z","submittedBy":"+14155550100"}"#,
            #"{"id":"q-2","text":"Cafe at noon.","saidBy":{"phone":"+12125550147","name":"Cat"},"heardBy":[{"phone":"+14155550100","name":"Ana"}],"when":"2026-05-02T18:00:00Z","submittedBy":"+12125550147"}"#,
        ]
        try fixture.write("quotes/quotes.jsonl", quotes.joined(separator: "\n") + "\n")
        try fixture.importOrFail()
        let before = try rows(fixture, "quote")
        #expect(before.count == 2)
        // Latin-1 "é" for the second line's first "e" (in "text"), and q-1's text edited: nothing of the file is applied.
        var bytes = Array(quotes[0].replacingOccurrences(of: "Morning.", with: "Evening.").utf8) + [0x0A]
        bytes += Array(quotes[1].utf8).split(separator: UInt8(ascii: "e"), maxSplits: 1, omittingEmptySubsequences: false)
            .map(Array.init).joined(separator: [0xE9]) + [0x0A]
        try fixture.write("quotes/quotes.jsonl", bytes: bytes)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/quotes/quotes.jsonl:2:15: error: the text is not valid UTF-8",
        ])
        #expect(try rows(fixture, "quote") == before)
        #expect(report.summary(store: fixture.store).contains("Rejected 1 file whole, written with the reasons to"))
        let lines = try rejects(fixture)
        #expect(lines.count == 1)
        #expect(lines[0]["wholeFile"] == .bool(true))
        #expect(lines[0]["line"] == .number(2))
    }

    @Test("A JSON Lines file with a line longer than any record is rejected whole with --keep-going, the other files imported")
    func aJSONLinesFileWithAnOverlongLineIsRejectedWhole() throws {
        let fixture = try Fixture()
        try fixture.remove("quotes/export.json")
        try fixture.write("quotes/users.jsonl", """
            {"phone":"+14155550100","firstName":"Ana","lastName":"Lima"}
            {"phone":"+12125550147","firstName":"Cat","lastName":"Dee"}

            """)
        let quote = #"{"id":"q-1","text":"Morning.","saidBy":{"phone":"+14155550100","name":"Ana"},"heardBy":[{"phone":"+12125550147","name":"Cat"}],"when":"2026-05-01T18:00:00Z","submittedBy":"+14155550100"}"#
        try fixture.write("quotes/quotes.jsonl", quote + "\n")
        try fixture.importOrFail()
        let before = try rows(fixture, "quote")
        // q-1 edited, then a line of spaces longer than any record (an export padded by a broken
        // copy), and an edit to another file, which is still imported.
        var bytes = Array(quote.replacingOccurrences(of: "Morning.", with: "Evening.").utf8) + [0x0A]
        bytes += [UInt8](repeating: 0x20, count: JSONLinesReader.Iterator.longestLine + 1) + [0x0A]
        try fixture.write("quotes/quotes.jsonl", bytes: bytes)
        try fixture.edit("quotes/users.jsonl", replacing: "Dee", with: "Day")
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/quotes/quotes.jsonl:2:1: error: line 2 is longer than 16 MB with no line break, longer than any record: a JSON Lines file holds one record a line",
        ])
        #expect(try rows(fixture, "quote") == before)
        #expect(try fixture.logicalDump().contains("Day"))
        let lines = try rejects(fixture)
        #expect(lines.count == 1)
        #expect(lines[0]["wholeFile"] == .bool(true))
        #expect(lines[0]["line"] == .number(2))
    }

    @Test func withoutKeepGoingAnUnreadableFileStillChangesNothing() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let bytes = try fixture.storeBytes()
        try fixture.edit("changejar/ideas.json", replacing: "{ \"ideas\": [", with: "{ \"ideas\": [[")
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.exitCode == .unusable)
        #expect(failure.errors.first?.location?.line == 8)  // where the unclosed inner array meets "}"
        #expect(try fixture.storeBytes() == bytes)
    }
}
