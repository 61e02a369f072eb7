import Foundation
@testable import Import
import Store
import Testing
import VantageCore

/// `--keep-going`: valid records are stored, each rejected record is written unchanged with its
/// reason, and the exit code says something was rejected.
struct KeepGoingTests {
    /// The rejects file's lines, parsed.
    func rejects(_ fixture: Fixture) throws -> [JSONObject] {
        let text = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONParser.parse(Array(line.utf8), file: "rejects").objectValue)
        }
    }

    @Test func storesTheValidRecordsAndWritesTheRejectedOnesUnchanged() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let originalQuote = #"""
            { "id": "q-2", "text": "Tea first, then the world.",
                  "saidBy": { "phone": "+44 (0)20 7946 0018", "name": "Bob" },
                  "heardBy": [ { "phone": "0033 6 12 34 56 78", "name": "Chloé" } ],
                  "when": "2026-05-02T08:00:00+02:00", "submittedBy": "+33612345678" }
            """#
        let brokenQuote = originalQuote.replacingOccurrences(of: "+44 (0)20 7946 0018", with: "+44 (0)20 CALL BOB")
        try fixture.edit("quotes/export.json", replacing: originalQuote, with: brokenQuote)
        try fixture.edit("changejar/ideas.json", replacing: #""for": "someone""#, with: #""for": "everyone""#)

        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/quotes/export.json: quotes[1].saidBy.phone: error: expected a phone number, found "+44 (0)20 CALL BOB": letters are not allowed"#,
            #"content/changejar/ideas.json: ideas[1].for: error: expected "self" or "someone", found "everyone""#,
        ])
        let lines = try rejects(fixture)
        #expect(lines.map(\.keys) == [["file", "path", "reason", "record"], ["file", "path", "reason", "record"]])
        #expect(lines[0]["file"] == .string(fixture.name("quotes/export.json")))
        #expect(lines[0]["path"] == .string("quotes[1].saidBy.phone"))
        #expect(lines[0]["reason"] == .string(#"expected a phone number, found "+44 (0)20 CALL BOB": letters are not allowed"#))
        #expect(lines[0]["record"] == .string(brokenQuote))  // byte for byte, layout included
        #expect(lines[1]["record"]?.stringValue?.hasPrefix(#"{ "id": "idea-2", "text": "Cook with the kids""#) == true)

        // The store equals the valid part of the export: q-2 and idea-2 (stored before) are gone,
        // and with q-2 the review nothing else changed.
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT id FROM quote ORDER BY id") == [[.text("q-1")], [.text("q-3")]])
            #expect(try db.rows("SELECT id FROM idea ORDER BY id") == [[.text("idea-1")], [.text("idea-3")]])
        }
        let changes = Dictionary(uniqueKeysWithValues: report.tables.map { ($0.name, $0.changes.removed) })
        #expect(changes["quotes"] == 1)
        #expect(changes["ideas"] == 1)
    }

    /// A lone surrogate escape (`\ud800`, half a character, from a broken paste) is JSON's
    /// syntax but no text: the record that holds it is rejected, named at the escape's line and
    /// column, and the file's other records are stored, as a JSON Lines file's would be. (The
    /// whole file had been rejected as unreadable, its valid records with it.) Without
    /// `--keep-going` the import stops there, naming the same place.
    @Test func aLoneSurrogateRejectsItsRecordNotTheFile() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""text": "Cook with the kids""#, with: #""text": "Cook \ud800 with the kids""#)
        let report = try fixture.importOrFail(keepGoing: true)
        let rejected = report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(rejected.count == 1)
        #expect(rejected.first?.hasPrefix(#"content/changejar/ideas.json:"#) == true)
        #expect(rejected.first?.contains(#": error: a lone surrogate \uD800 is not a character"#) == true, "\(rejected)")
        let lines = try rejects(fixture)
        #expect(lines.map { $0["path"] } == [.string("ideas[1]")])
        #expect(lines.first?["record"]?.stringValue?.contains(#""Cook \ud800 with the kids""#) == true)
        #expect(lines.first?["wholeFile"] == nil)
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT id FROM idea ORDER BY id") == [[.text("idea-1")], [.text("idea-3")]])
        }
        // Without --keep-going: the import stops at the same place, and stores nothing.
        let plain = try Fixture()
        try plain.edit("changejar/ideas.json", replacing: #""text": "Cook with the kids""#, with: #""text": "Cook \ud800 with the kids""#)
        guard case .failure(let failure) = plain.runImport() else {
            Issue.record("the import succeeded")
            return
        }
        #expect(failure.errors.map { $0.description.replacingOccurrences(of: plain.content, with: "content") }.first?
            .split(separator: "\n").first.map(String.init) == rejected.first?.split(separator: "\n").first.map(String.init))
    }

    /// A number past Double's range (`1e400`) is JSON's syntax (RFC 8259's grammar has no
    /// limit) but no value the importer holds: like a lone surrogate, it rejects the record that
    /// holds it, even in a member that is no field (only warned about), not the whole file (the
    /// whole of `quotes/export.json`, its users and contacts with it, had been rejected as
    /// unreadable). Without `--keep-going` the import stops at the same place.
    @Test(arguments: [
        ("changejar/ideas.json", #""for": "someone""#, #""for": "someone", "score": 1e400"#, "ideas[1]", 5),
        ("quotes/export.json", #""submittedBy": "+33612345678""#, #""submittedBy": "+33612345678", "weight": -2E+999"#, "quotes[1]", 18),
        ("reviews/board.json", #""action": "later""#, #""action": "later", "n": 1e400"#, "decisions[0]", 3),
    ])
    func aNumberPastItsRangeRejectsItsRecordNotTheFile(file: String, old: String, new: String, path: String, line: Int) throws {
        let fixture = try Fixture()
        try fixture.edit(file, replacing: old, with: new)
        let report = try fixture.importOrFail(keepGoing: true)
        let rejected = report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        let number = new.split(separator: " ").last.map(String.init) ?? ""
        #expect(rejected.count == 1)
        #expect(rejected.first?.hasPrefix("content/\(file):\(line):") == true, "\(rejected)")
        #expect(rejected.first?.contains(": error: the number \(number) is out of range") == true, "\(rejected)")
        let lines = try rejects(fixture)
        #expect(lines.map { $0["path"] } == [.string(path)])
        #expect(lines.first?["record"]?.stringValue?.contains(new) == true)
        #expect(lines.first?["wholeFile"] == nil)
        // The file's other records are stored.
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT count(*) FROM quote") == [[.integer(file == "quotes/export.json" ? 2 : 3)]])
            #expect(try db.rows("SELECT count(*) FROM idea") == [[.integer(file == "changejar/ideas.json" ? 2 : 3)]])
            #expect(try db.rows("SELECT count(*) FROM person WHERE phone = '+33612345678'") == [[.integer(1)]])
        }
        let plain = try Fixture()
        try plain.edit(file, replacing: old, with: new)
        guard case .failure(let failure) = plain.runImport() else {
            Issue.record("the import succeeded")
            return
        }
        #expect(failure.errors.map { $0.description.replacingOccurrences(of: plain.content, with: "content") }.first?
            .split(separator: "\n").first.map(String.init) == rejected.first?.split(separator: "\n").first.map(String.init))
    }

    /// A review or submissions file is parsed whole, not scanned: a lone surrogate or a number
    /// past its range in one of its records rejected the whole file with `--keep-going` (every
    /// other decision and submitted record of it with it). Now that record is rejected, named
    /// where the value is, and the file's others are stored.
    @Test func aValueThatIsNoTextRejectsItsSubmittedRecordNotTheFile() throws {
        let fixture = try Fixture()
        let surrogate = #"{ "localId": "1", "text": "Walk \ud800 more", "showName": false, "for": "self", "submittedAt": "2026-05-02T09:58:00Z" }"#
        let number = #"{ "localId": "2", "text": "Run", "showName": false, "for": "self", "submittedAt": "2026-05-02T09:58:00Z", "n": 1e400 }"#
        try fixture.write("submissions/ana.json", """
            { "submittedBy": "ana-lima", "exportedAt": "2026-05-02T10:00:00Z",
              "ideas": [
                \(surrogate),
                \(number),
                { "localId": "3", "text": "Swim", "showName": false, "for": "self", "submittedAt": "2026-05-02T09:58:00Z" } ] }
            """)
        try fixture.edit("reviews/board.json", replacing: #""list": "Newsletter""#, with: #""list": "News\udc00letter""#)
        let report = try fixture.importOrFail(keepGoing: true)
        let rejected = report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(rejected.map { $0.split(separator: "\n").first.map(String.init) ?? "" } == [
            "content/submissions/ana.json:3:37: error: a lone surrogate \\uD800 is not a character",
            "content/submissions/ana.json:4:116: error: the number 1e400 is out of range",
            "content/reviews/board.json:4:53: error: a lone surrogate \\uDC00 is not a character",
        ])
        let lines = try rejects(fixture)
        #expect(lines.map { $0["path"] } == [.string("ideas[0]"), .string("ideas[1]"), .string("decisions[1]")])
        #expect(lines.map { $0["wholeFile"] } == [nil, nil, nil])
        #expect(lines[1]["record"] == .string(number))
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT text FROM idea WHERE id LIKE 's-%'") == [[.text("Swim")]])
            #expect(try db.rows("SELECT item, action FROM review ORDER BY item") == [[.text("idea-1"), .text("archive")]])
        }
    }

    @Test func jsonLinesRejectsNameTheLineAndKeepTheLine() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let ideas = try String(contentsOfFile: fixture.content + "/changejar/ideas.jsonl", encoding: .utf8)
        var lines = ideas.split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: #""submittedAt":"2026-04-20T19:00:00+02:00""#, with: #""submittedAt":"2026-04-20""#)
        lines.insert(#"{"id": "idea-9", "text": "#, at: 2)
        try fixture.write("changejar/ideas.jsonl", lines.joined(separator: "\n") + "\n")

        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/changejar/ideas.jsonl:2: submittedAt: error: expected an ISO 8601 timestamp with an offset, found "2026-04-20": a date without a time"#,
            "content/changejar/ideas.jsonl:3:26: error: expected a JSON value, found the end of the line (a JSON Lines record is one line)\n    {\"id\": \"idea-9\", \"text\": \n                             ^",
        ])
        let rejected = try rejects(fixture)
        #expect(rejected.map { $0["line"] } == [.number(2), .number(3)])
        #expect(rejected.map { $0["record"] } == [.string(lines[1]), .string(lines[2])])
        #expect(rejected.map { $0["path"] } == [.string("submittedAt"), .string("")])
        #expect(try Store(path: fixture.store, readOnly: true).readSite { try $0.ideas().map(\.id) } == ["idea-3", "idea-1"])
    }

    /// A second value on a line of a JSON Lines file is said to stand where the line should
    /// end, not the document (it said "expected the end of the document after the JSON value").
    @Test func aSecondValueOnAJSONLinesLineSaysTheLineShouldEnd() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let ideas = try String(contentsOfFile: fixture.content + "/changejar/ideas.jsonl", encoding: .utf8)
        var lines = ideas.split(separator: "\n").map(String.init)
        lines.insert(#"{"id": "idea-9", "text": "Run"} {}"#, at: 2)
        try fixture.write("changejar/ideas.jsonl", lines.joined(separator: "\n") + "\n")

        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/changejar/ideas.jsonl:3:33: error: expected the end of the line after the JSON value (a JSON Lines record is one line), found '{'\n"
                + "    {\"id\": \"idea-9\", \"text\": \"Run\"} {}\n" + String(repeating: " ", count: 36) + "^",
        ])
        #expect(try rejects(fixture).map { $0["line"] } == [.number(3)])
    }

    /// An id met a second time names where the export has it first, read again from the file:
    /// an id spelled with an escape is found, and "first" is where it is written first, even when
    /// that record was itself rejected (its own error says so).
    @Test func anIDMetTwiceNamesWhereItIsFirst() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let ideas = try String(contentsOfFile: fixture.content + "/changejar/ideas.jsonl", encoding: .utf8)
        var lines = ideas.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let first = try #require(lines[0].firstMatch(of: /"id":"([^"]+)"/)).1
        // Line 1 spells its id with an escape; lines 4 and 5 repeat it plainly.
        let escaped = first.replacingOccurrences(of: "-", with: #"\u002d"#)
        #expect(escaped != first)
        lines[0] = lines[0].replacing(#/"id":"[^"]+"/#, with: #""id":"\#(escaped)""#)
        lines.append(lines[1].replacing(#/"id":"[^"]+"/#, with: #""id":"\#(first)""#))
        lines.append(lines[2].replacing(#/"id":"[^"]+"/#, with: #""id":"\#(first)""#))
        try fixture.write("changejar/ideas.jsonl", lines.joined(separator: "\n") + "\n")
        var report = try fixture.importOrFail(keepGoing: true)
        let repeated = #"error: expected a unique idea id, found "\#(first)" a second time (first at content/changejar/ideas.jsonl line 1)"#
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/changejar/ideas.jsonl:4: id: " + repeated,
            "content/changejar/ideas.jsonl:5: id: " + repeated,
        ])

        // The first record rejected for another reason: the second is stored, the third names the first.
        lines[0] = lines[0].replacing(#/"for":"[a-z]+"/#, with: #""for":"everyone""#)
        try fixture.write("changejar/ideas.jsonl", lines.joined(separator: "\n") + "\n")
        report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/changejar/ideas.jsonl:1: for: error: expected "self" or "someone", found "everyone""#,
            "content/changejar/ideas.jsonl:5: id: " + repeated,
        ])
    }

    @Test func aReviewOfARejectedQuoteNamesTheRejectionNotAnUnknownID() throws {
        // DATA.md: what follows from a rejection names the record it follows from. The board
        // reviewed q-1, whose record is rejected here (an empty text).
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""text": "I never said I was a morning person.""#, with: #""text": """#)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.location?.recordPath } == ["quotes[0].text"])
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.contains(
            #"content/reviews/board.json: decisions[1].item: warning: the record of "q-1" was rejected (content/quotes/export.json quotes[0]), so the review report lists this decision on an unknown item"#),
            "\(warnings)")
        #expect(!warnings.contains { $0.contains("no idea or quote has the id \"q-1\"") })
    }

    /// DATA.md: a follow-on error names its cause. A file rejected whole on a first import
    /// leaves nothing of its type in the store: the quotes of users it held, and a review of a
    /// quote it held, name that file rather than a user or an id nobody has.
    @Test func whatFollowsFromAFileRejectedWholeNamesTheFile() throws {
        let utf16: [UInt8] = [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00, 0x0A, 0x00]
        let users = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        _ = FileManager.default.createFile(atPath: users.content + "/quotes/users.jsonl", contents: Data(utf16))
        let report = try users.importOrFail(keepGoing: true)
        let file = "content/quotes/users.jsonl"
        let rejected = report.rejected.map { $0.description.replacingOccurrences(of: users.content, with: "content") }
        #expect(rejected.first == "\(file): error: the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8")
        #expect(rejected.dropFirst().contains(
            "content/quotes/quotes.jsonl:1: submittedBy: error: expected the phone of a registered Quotes user, found +14155550100, "
                + "which no Quotes user has: \(file), which holds the Quotes users, could not be read and was rejected whole"),
            "\(rejected)")
        #expect(rejected.dropFirst().allSatisfy { $0.hasSuffix("could not be read and was rejected whole") }, "\(rejected)")

        let quotes = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        _ = FileManager.default.createFile(atPath: quotes.content + "/quotes/quotes.jsonl", contents: Data(utf16))
        let warnings = try quotes.importOrFail(keepGoing: true).warnings
            .map { $0.description.replacingOccurrences(of: quotes.content, with: "content") }
        #expect(warnings.contains(
            #"content/reviews/board.json: decisions[1].item: warning: no idea or quote has the id "q-1"; content/quotes/quotes.jsonl could not be read and was rejected whole"#),
            "\(warnings)")
    }

    /// A JSON Lines file whose lines end with CR alone (old Mac files) was read as one record:
    /// every quote was rejected as one, and removed. It is refused whole, naming why, and with
    /// --keep-going what it held stays stored; no warning says the quotes are removed.
    /// A file rejected whole keeps what it held, and the people it named keep their place in
    /// the order the import meets people (`appearance`): before, they were met later or not at
    /// all, every place after theirs shifted, and pages that depend on it (the suffixes of equal
    /// names, the Add Quote screen's `data-part`) changed until a good import.
    @Test(arguments: ["quotes/quotes.jsonl", "quotes/contacts.jsonl"])
    func aFileRejectedWholeKeepsEveryonesPlace(_ path: String) throws {
        // Xavier is met first in the contacts, before Uncle Bob, whom the quotes met first; an
        // idea's author after them all is met last.
        var files = try ReimportTests.asJSONLines(Fixture.sample)
        var contacts = files["quotes/contacts.jsonl"]!.split(separator: "\n").map(String.init)
        contacts.insert(#"{"owner":"+14155550100","phone":"+12125550123","name":"Xavier"}"#, at: 1)
        files["quotes/contacts.jsonl"] = contacts.joined(separator: "\n") + "\n"
        let fixture = try Fixture(files)
        try fixture.importOrFail()
        let order = "SELECT id, phone, email, appearance FROM person ORDER BY id"
        let before = try fixture.read { db in try db.rows(order) }
        FileManager.default.createFile(
            atPath: fixture.content + "/" + path, contents: Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00, 0x0A, 0x00]))
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.count == 1)
        #expect(try fixture.read { db in try db.rows(order) } == before)
        let people = report.tables.first { $0.name == "people" }?.changes
        #expect(people == RowChanges(added: 0, updated: 0, unchanged: people?.unchanged ?? 0, removed: 0))
    }

    /// Also when the first record is longer than the 64 KB the check first reads (padded with
    /// white space, as JSON allows): the file was read as one record, rejected, and every quote
    /// it held removed from the store.
    @Test(arguments: [0, 70_000])
    func aJSONLinesFileWithCarriageReturnsAloneIsRefusedWhole(padding: Int) throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.importOrFail()
        let bytes = try fixture.storeBytes()
        let path = fixture.content + "/quotes/quotes.jsonl"
        let text = String(repeating: " ", count: padding) + (try String(contentsOfFile: path, encoding: .utf8))
        try fixture.write("quotes/quotes.jsonl", text.replacingOccurrences(of: "\n", with: "\r"))
        let firstLine = text.prefix { $0 != "\n" }
        let expected = "\(fixture.name("quotes/quotes.jsonl")):1:\(firstLine.unicodeScalars.count + 1): error: the lines end with a "
            + "carriage return alone (as old Mac files do); JSON Lines needs line feeds (LF or CRLF) between records: save the file with LF line ends"
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [expected])
        #expect(!failure.warnings.contains { $0.message.contains("removed") }, "\(failure.warnings)")
        #expect(try fixture.storeBytes() == bytes)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map(\.description) == [expected])
        #expect(!report.warnings.contains { $0.message.contains("removed") }, "\(report.warnings)")
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT id FROM quote ORDER BY id") == [[.text("q-1")], [.text("q-2")], [.text("q-3")]])
        }
    }

    /// A carriage return alone inside a JSON Lines record (where the file has line feeds) is
    /// white space in the record, not a line break: an error after it names the record's line,
    /// the one the rejects file gives, at the column that counts it as one character. (It said
    /// `:3:1` of the record on line 2.) One rule for what a line is: a line feed ends it.
    @Test func aCarriageReturnAloneInsideARecordEndsNoLine() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.importOrFail()
        let bytes = try fixture.storeBytes()
        try fixture.edit("quotes/quotes.jsonl", replacing: #"{"id":"q-2","#, with: "{\"id\":\"q-2\",\r,")
        let file = fixture.name("quotes/quotes.jsonl")
        let expected = "\(file):2:14: error: expected a member name in double quotes, found ','"
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        // The first line of each message: the quoted line follows it.
        func heads(_ errors: [Diagnostic]) -> [String] { errors.map { String($0.description.prefix { $0 != "\n" }) } }
        #expect(heads(failure.errors) == [expected])
        // The quoted line is the record's whole line, the carriage return shown as its picture.
        #expect(failure.errors.first?.description.contains("\n    {\"id\":\"q-2\",\u{240D},\"text\"") == true, "\(failure.errors)")
        #expect(try fixture.storeBytes() == bytes)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(heads(report.rejected) == [expected])
        #expect(try rejects(fixture).map { $0["line"] } == [.number(2)])
        // So is a value error of the line (a lone surrogate escape) after a carriage return.
        try fixture.edit("quotes/quotes.jsonl", replacing: "\r,", with: "\r\"note\":\"\\ud800\",")
        let surrogate = try fixture.importOrFail(keepGoing: true)
        #expect(heads(surrogate.rejected) == ["\(file):2:22: error: a lone surrogate \\uD800 is not a character"])
        #expect(try rejects(fixture).map { $0["line"] } == [.number(2)])
    }

    /// Two files with the same reviewer's decision on one item at the same instant and export:
    /// the later in file order is kept, as documented, and since renaming a file would change
    /// which, a warning names both.
    @Test func aTieBetweenDecisionsIsSaid() throws {
        let fixture = try Fixture()
        try fixture.write("reviews/second.json", #"""
            { "reviewer": "Board review, May", "exportedAt": "2026-05-02T10:00:00Z",
              "decisions": [ { "item": "q-1", "action": "archive", "at": "2026-05-02T11:59:00+02:00" } ] }
            """#)
        let report = try fixture.importOrFail()
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.contains(
            #"content/reviews/second.json: decisions[0].at: warning: another decision of "Board review, May" on "q-1" at the same instant and export (content/reviews/board.json decisions[1]): this one, read later in file order, is kept"#),
            "\(warnings)")
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT action FROM review WHERE item = 'q-1'") == [[.text("archive")]])
        }
        // The same decision twice (a second download of one export) says nothing.
        try fixture.write("reviews/second.json", #"""
            { "reviewer": "Board review, May", "exportedAt": "2026-05-02T10:00:00Z",
              "decisions": [ { "item": "q-1", "action": "list", "list": "Newsletter", "at": "2026-05-02T09:59:00Z" } ] }
            """#)
        #expect(!(try fixture.importOrFail()).warnings.contains { $0.message.contains("same instant") })
    }

    /// A reviewer's later download holds every decision again: with that file unreadable, the
    /// decision it made stays as stored, not replaced by the earlier one the other file holds
    /// (DATA.md: the records an unreadable file held stay as they were).
    @Test func anUnreadableReviewFileKeepsItsLaterDecisions() throws {
        let fixture = try Fixture()
        try fixture.write("reviews/later.json", #"""
            { "reviewer": "Board review, May", "exportedAt": "2026-05-08T12:00:00Z",
              "decisions": [ { "item": "q-1", "action": "delete", "at": "2026-05-08T10:00:00Z" } ] }
            """#)
        try fixture.importOrFail()
        func action() throws -> [[DatabaseValue]] {
            var rows: [[DatabaseValue]] = []
            try fixture.read { (db: Database) throws in rows = try db.rows("SELECT action FROM review WHERE item = 'q-1'") }
            return rows
        }
        #expect(try action() == [[.text("delete")]])
        try fixture.write("reviews/later.json", #"{ "reviewer": "Board review, May", "exportedAt": "2026-05-08T12:00:00Z", "decisions": ["#)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.count == 1)
        #expect(try action() == [[.text("delete")]])
        // Readable again with an even later decision: it is taken.
        try fixture.write("reviews/later.json", #"""
            { "reviewer": "Board review, May", "exportedAt": "2026-05-09T12:00:00Z",
              "decisions": [ { "item": "q-1", "action": "later", "until": "2026-06-01", "at": "2026-05-09T10:00:00Z" } ] }
            """#)
        try fixture.importOrFail()
        #expect(try action() == [[.text("later")]])
    }

    /// `at` is read to the microsecond: the decision made later in the same second wins, with
    /// no word of a tie (the store keeps whole seconds).
    @Test func theLatestDecisionIsToTheFractionOfASecond() throws {
        let fixture = try Fixture()
        try fixture.write("reviews/fractions.json", #"""
            { "reviewer": "Fractions", "exportedAt": "2026-05-02T12:00:00Z", "decisions": [
              { "item": "q-1", "action": "delete", "at": "2026-05-02T10:00:00.900Z" },
              { "item": "q-1", "action": "archive", "at": "2026-05-02T10:00:00.100Z" } ] }
            """#)
        let report = try fixture.importOrFail()
        #expect(!report.warnings.contains { $0.message.contains("same instant") }, "\(report.warnings)")
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT action FROM review WHERE reviewer = 'Fractions'") == [[.text("delete")]])
        }
    }

    @Test("A review of a JSON Lines record that is not JSON at all names the rejected line by the id it is written with")
    func aReviewOfALineThatDoesNotParseNamesTheRejection() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let ideas = try String(contentsOfFile: fixture.content + "/changejar/ideas.jsonl", encoding: .utf8)
        // The board reviewed idea-1 (decisions[0]); its line loses a comma's worth of syntax.
        let broken = ideas.replacingOccurrences(of: #"{"id":"idea-1","#, with: #"{"id" : "idea-1",,"#)
        #expect(broken != ideas)
        try fixture.write("changejar/ideas.jsonl", broken)
        let report = try fixture.importOrFail(keepGoing: true)
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.contains { $0.hasPrefix(#"content/reviews/board.json: decisions[0].item: warning: the record of "idea-1" was rejected (content/changejar/ideas.jsonl line "#) },
                "\(warnings)")
        #expect(!warnings.contains { $0.contains("no idea or quote has the id \"idea-1\"") })
    }

    @Test func aReviewOfAnIdThatAnIdeaAndAQuoteShareSaysItShowsOnBoth() throws {
        // The two apps number their records apart: an idea and a quote may share an id, and a
        // decision names only the id.
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""id": "idea-2""#, with: #""id": "q-1""#)
        let report = try fixture.importOrFail()
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.contains(
            #"content/reviews/board.json: decisions[1].item: warning: both an idea and a quote have the id "q-1": this decision shows on both"#),
            "\(warnings)")
        #expect(warnings.filter { $0.contains("decisions[") }.count == 1, "\(warnings)")
    }

    @Test func aRejectedRecordNeverCarriesItsPassword() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/users.json", replacing: #"{ "email": "Zed@Example.com", "name": "Zed" }"#,
                         with: #"{ "email": "Zed@Example.com", "name": "", "Password_Hash": "hunter2" }"#)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.count == 1)
        let line = try #require(try rejects(fixture).first)
        // Cut from the text as written: everything else stays byte for byte.
        #expect(line["record"] == .string(#"{ "email": "Zed@Example.com", "name": "" }"#))
        #expect(line["passwordFieldsRemoved"] == .array([.string("Password_Hash")]))
        let rejectsText = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        #expect(!rejectsText.contains("hunter2"))
        #expect(try !fixture.storeBytes().contains(Data("hunter2".utf8)))
    }

    /// A line that is not JSON is written back unless it may hold a password field: a quote
    /// that only mentions passwords in its text is kept in the rejects file; one with a
    /// password member (plainly or with escapes) is withheld. A syntax error's quoted line
    /// never shows a password's value.
    @Test func unparsableRecordsAreWithheldOnlyWhenTheyMayHoldAPassword() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.edit("quotes/quotes.jsonl", replacing: #""text":"I never said I was a morning person.""#,
                         with: #""text":"I forgot my password again","#)
        try fixture.edit("quotes/quotes.jsonl", replacing: #""text":"Tea first, then the world.""#,
                         with: #""text":"Tea", "pass\u0077ord": "hunter2-SECRET",,"#)
        _ = fixture.runImport(keepGoing: true)
        let lines = try rejects(fixture)
        #expect(lines.count == 2)
        #expect(lines.first?["record"]?.stringValue?.contains("I forgot my password again") == true, "\(lines)")
        #expect(lines.first?["passwordFieldsRemoved"] == nil)
        #expect(lines.last?["record"] == .null)
        #expect(try !String(contentsOfFile: fixture.rejects, encoding: .utf8).contains("hunter2"))

        let strict = try Fixture()
        try strict.edit("quotes/export.json", replacing: #""firstName": "Ana""#, with: #""firstName": "Ana", "password": "hunter2-SECRET",,"#)
        guard case .failure(let failure) = strict.runImport() else { Issue.record("the import succeeded"); return }
        let message = failure.errors.map(\.description).joined(separator: "\n")
        #expect(message.contains(#""password": ••••••••••••••••"#), "\(message)")
        #expect(!message.contains("hunter2"), "\(message)")
    }

    @Test(arguments: [
        (#"{"a": 1, "password": "x y", "b": 2}"#, #"{"a": 1, "password": •••••, "b": 2}"#),
        (#"{"Pass\u0077ord" : 12345, "c": "password"}"#, #"{"Pass\u0077ord" : •••••, "c": "password"}"#),
        (#"{"text": "my password is long"}"#, #"{"text": "my password is long"}"#),
        (#"{"passwordHint": {"q": 1}}"#, #"{"passwordHint": •••••••••"#),
        (#"{"password": "cut off"#, #"{"password": ••••••••"#),
    ])
    func quotedLinesHidePasswordValues(_ line: String, _ expected: String) {
        #expect(PasswordNames.hidingValues(in: line) == expected)
        #expect(PasswordNames.hidingValues(in: line).unicodeScalars.count == line.unicodeScalars.count)
    }

    /// Password members are cut out of the record's text at any depth, with the comma that
    /// joined them; numbers, escapes and spacing stay as written (writing the parsed record
    /// again turned 2.50 into 2.5, 1E3 into 1000, "B\u00e9n" into "Bén").
    @Test(arguments: [
        (#"{"a": 2.50, "password": "x", "b": 1E3}"#, #"{"a": 2.50, "b": 1E3}"#),
        (#"{"password": "x", "a": "B\u00e9n\/"}"#, #"{"a": "B\u00e9n\/"}"#),
        (#"{"a": -0.0, "passwordHint": "x"}"#, #"{"a": -0.0}"#),
        (#"{"pass\u0077ord": 1, "p2password": [1, {"c": 2}], "a": [12345678901234567890123]}"#, #"{"a": [12345678901234567890123]}"#),
        (#"{"password": 1}"#, #"{}"#),
        (#"{ "u": {"x": 1, "Password": {"y": "}"}}, "l": [{"password": 2, "z": "a,b"}] }"#, #"{ "u": {"x": 1}, "l": [{"z": "a,b"}] }"#),
    ])
    func passwordMembersAreCutFromTheTextAsWritten(_ text: String, _ expected: String) throws {
        #expect(PasswordMembers.removed(from: text) == expected)
    }

    @Test func nothingRejectedLeavesAnEmptyRejectsFileAndExitsZero() throws {
        let fixture = try Fixture()
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .success)
        #expect(try String(contentsOfFile: fixture.rejects, encoding: .utf8) == "")
        #expect(!FileManager.default.fileExists(atPath: fixture.rejects + ".partial"))
    }
}

/// Fields that do not reach the store are reported once per field name and file.
struct FieldWarningTests {
    @Test func unknownAndPasswordFieldsAreWarnedOncePerFieldAndFile() throws {
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""when": "2026-05-01T18:00:00-07:00","#,
                         with: #""when": "2026-05-01T18:00:00-07:00", "mood": "wry", "#)
        try fixture.edit("quotes/export.json", replacing: #""when": "2026-04-01T10:00:00Z","#,
                         with: #""when": "2026-04-01T10:00:00Z", "mood": "lost","#)
        try fixture.edit("quotes/export.json", replacing: #""name": "Dad" }"#, with: #""name": "Dad", "emoji": "👨" }"#)
        try fixture.edit("quotes/export.json", replacing: #""lastName": "Silva","#, with: #""lastName": "Silva", "password": "hunter2","#)
        try fixture.edit("changejar/users.json", replacing: #""name": "Zed" }"#, with: #""name": "Zed", "oldPassword": "hunter3" }"#)
        try fixture.write("quotes/notes.txt", "not data")
        let report = try fixture.importOrFail()
        #expect(report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/quotes/notes.txt: warning: not an export file; ignored",
            // In reading order: Quotes users, Change Jar users, then quotes (a quote before its parts).
            #"content/quotes/export.json: users[1].password: warning: dropped the password field "password": passwords never reach the store (in 1 record)"#,
            #"content/changejar/users.json: users[2].oldPassword: warning: dropped the password field "oldPassword": passwords never reach the store (in 1 record)"#,
            #"content/quotes/export.json: quotes[0].mood: warning: unknown field "mood" is not stored (in 2 records)"#,
            #"content/quotes/export.json: quotes[0].saidBy.emoji: warning: unknown field "emoji" is not stored (in 1 record)"#,
        ])
        #expect(report.exitCode == .success)
        let bytes = try fixture.storeBytes()
        #expect(!bytes.contains(Data("hunter2".utf8)) && !bytes.contains(Data("hunter3".utf8)))
    }

    /// JSON names are their code points: "café" in NFC and in NFD are two unknown fields (the
    /// parser lets one object hold both, and neither is a repeat), each warned about with its own
    /// count. They were tallied as one String, one warning "in 2 records" for one record.
    @Test func namesAlikeOnlyByNormalisationAreTwoFieldsWarnedApart() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/users.json", replacing: #""name": "Zed" }"#, with: #""name": "Zed", "caf\u00e9": 1, "cafe\u0301": 2 }"#)
        try fixture.edit("changejar/users.json", replacing: #""name": "Chloé M.","#, with: #""name": "Chloé M.", "cafe\u0301": 3,"#)
        let report = try fixture.importOrFail()
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings == [
            #"content/changejar/users.json: users[1].café: warning: unknown field "café" is not stored (in 2 records)"#,
            #"content/changejar/users.json: users[2].café: warning: unknown field "café" is not stored (in 1 record)"#,
        ], "\(warnings)")
        // String's == calls the two spellings equal: which is which is in their code points.
        #expect(warnings.map { $0.unicodeScalars.contains("\u{301}") } == [true, false])
    }

    /// A record of thousands of made-up field names (a million held a gigabyte and printed a
    /// million lines): the first hundred are listed, in the order met, then one line for the rest.
    /// A made-up member named with a million characters is warned about with its name cut, in
    /// the record path too (which had printed it whole: a megabyte of a line).
    @Test func aLongUnknownFieldNameIsCutInTheWarning() throws {
        let fixture = try Fixture()
        let name = String(repeating: "k", count: 1_000_000)
        try fixture.edit("changejar/ideas.json", replacing: #""for": "someone""#, with: #""for": "someone", "\#(name)": 1"#)
        let report = try fixture.importOrFail()
        let cut = String(repeating: "k", count: 80) + "…"
        #expect(report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/changejar/ideas.json: ideas[1].\#(cut): warning: unknown field "\#(cut)" is not stored (in 1 record)"#,
        ])
    }

    @Test func manyUnknownFieldsAreListedUpToAHundred() throws {
        let fixture = try Fixture()
        let names = (0..<5_000).map { "\"f\($0)\": \($0)" }.joined(separator: ", ")
        try fixture.edit("quotes/export.json", replacing: #""when": "2026-05-01T18:00:00-07:00","#,
                         with: #""when": "2026-05-01T18:00:00-07:00", "# + names + ", ")
        let report = try fixture.importOrFail()
        let warnings = report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(warnings.count == 101)
        #expect(warnings.first == #"content/quotes/export.json: quotes[0].f0: warning: unknown field "f0" is not stored (in 1 record)"#)
        #expect(warnings[99] == #"content/quotes/export.json: quotes[0].f99: warning: unknown field "f99" is not stored (in 1 record)"#)
        #expect(warnings.last == "warning: unknown or password fields in 4900 more places are not stored, not listed")
    }
}
