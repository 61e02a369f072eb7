import Foundation
@testable import Import
import Store
import Testing
import VantageCore

/// Every kind of bad input: the exact message (file, line and column or record path, what was
/// expected), exit code 2, and a store exactly as it was — byte for byte and dump for dump.
struct BadInputTests {
    /// Imports the sample, breaks it with `change`, imports again and returns the errors (files
    /// named under `content/`) after checking the exit code and that the store did not change.
    func errors(after change: (Fixture) throws -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let dump = try fixture.dump()
        let bytes = try fixture.storeBytes()
        try change(fixture)
        guard case .failure(let failure) = fixture.runImport() else {
            Issue.record("the import succeeded", sourceLocation: sourceLocation)
            return []
        }
        #expect(failure.exitCode == .unusable, sourceLocation: sourceLocation)
        #expect(try fixture.dump() == dump, sourceLocation: sourceLocation)
        #expect(try fixture.storeBytes() == bytes, sourceLocation: sourceLocation)
        // Name files relative to the fixture, as a user running in its folder would see them.
        return failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
    }

    @Test func malformedJSONNamesFileLineAndColumn() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/quotes/export.json"
            try fixture.edit("quotes/export.json", replacing: #""saidBy": { "phone": "+44 (0)20 7946 0018", "name": "Bob" },"#,
                             with: #""saidBy": { "phone": "+44 (0)20 7946 0018" "name": "Bob" },"#)
        }
        // Line 16 of the file is `      "saidBy": …`; column 50 is the quote that opens "name".
        let line = #"      "saidBy": { "phone": "+44 (0)20 7946 0018" "name": "Bob" },"#
        #expect(Array(line)[49] == "\"")
        #expect(errors == [
            "\(file):16:50: error: expected ',' or '}' to continue the object, found '\"'\n    \(line)\n    \(String(repeating: " ", count: 49))^"
        ])
    }

    /// A string's closing quote left out: the scan of the root object read every string after
    /// it inside out, and an escaped quote later on put it back in step, so the walk succeeded
    /// with `quotes` swallowed ("the field is missing", no place). A line feed cannot be in a
    /// string, so the scan stops there and the parser names the place.
    @Test func aMissingClosingQuoteIsNamedWhereTheParserFindsIt() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/quotes/export.json"
            try fixture.edit("quotes/export.json", replacing: #""firstName": "Ana", "lastName": "Lima""#,
                             with: #""firstName": "Ana, "lastName": "Lima""#)
            try fixture.edit("quotes/export.json", replacing: #""I never said I was a morning person.""#,
                             with: #""I never said \"no\" twice.""#)
        }
        let line = #"    { "phone": "(415) 555-0100", "firstName": "Ana, "lastName": "Lima", "locale": "en-US","#
        let column = line.distance(from: line.startIndex, to: line.range(of: "lastName")!.lowerBound) + 1
        #expect(errors == [
            "\(file):3:\(column): error: expected ',' or '}' to continue the object, found 'l'\n    \(line)\n    \(String(repeating: " ", count: column - 1))^"
        ])
    }

    /// The same on one line (a minified export): no line feed stops the scan, which read the
    /// strings after the gap inside out and succeeded with `quotes` swallowed. A root check that
    /// fails on a scanned document now gives the file's first syntax error, if it has one.
    @Test func aMissingClosingQuoteOnOneLineIsNamedWhereTheParserFindsIt() throws {
        let line = #"{"users":[{"phone":"+14155550100","firstName":"Ana","lastName":"Lima}],"quotes":[{"id":"q1","text":"a \"b\" c","saidBy":{"phone":"+14155550100","name":"Ana"},"heardBy":[{"phone":"+14155550199","name":"Dad"}],"when":"2025-01-01T00:00:00Z","submittedBy":"+14155550100"}],"contacts":[]}"#
        let errors = try errors { fixture in try fixture.write("quotes/export.json", line) }
        let column = line.distance(from: line.startIndex, to: line.range(of: "quotes")!.lowerBound) + 1
        #expect(errors.first?.hasPrefix("content/quotes/export.json:1:\(column): error: expected ',' or '}' to continue the object, found 'q'") == true,
                "\(errors)")
    }

    @Test func aBadPhoneNamesTheRecordPathAndWhatWasExpected() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/quotes/export.json"
            try fixture.edit("quotes/export.json", replacing: #"{ "phone": "+44 20 7946 0018", "name": "Uncle Bob" }"#,
                             with: #"{ "phone": "555-01", "name": "Uncle Bob" }"#)
        }
        #expect(errors == [
            #"\#(file): quotes[0].heardBy[1].phone: error: expected a phone number, found "555-01": too short (5 digits after +1, where numbers have 10)"#
        ])
    }

    @Test func aBadJSONLinesRecordNamesTheLineAndThePathInIt() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.importOrFail()
        let dump = try fixture.dump()
        let quotes = try String(contentsOfFile: fixture.content + "/quotes/quotes.jsonl", encoding: .utf8)
        try fixture.write("quotes/quotes.jsonl", quotes.replacingOccurrences(of: #""phone":"0033 6 12 34 56 78""#, with: #""phone":"06 12 34 56 78 90""#))
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            #"\#(fixture.name("quotes/quotes.jsonl")):2: heardBy[0].phone: error: expected a phone number, found "06 12 34 56 78 90": too long (12 digits after +1, where numbers have 10)"#
        ])
        #expect(try fixture.dump() == dump)
    }

    /// A file of NUL bytes after its first bytes (an export cut short and padded, as a crashed
    /// writer leaves it): the error at its first bad byte, from the file's start alone. The
    /// scan walked the NULs to the end as one element and the whole file was read for the
    /// message: 6 GB of memory for a file of 3 GB, or the import killed.
    @Test func aDocumentPaddedWithNULBytesIsRefusedAtItsFirstOne() throws {
        let errors = try errors { fixture in
            var bytes = Array(#"{"ideas":["#.utf8)
            bytes += [UInt8](repeating: 0, count: 4 << 20)
            try Data(bytes).write(to: URL(fileURLWithPath: fixture.content + "/changejar/ideas.json"))
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/changejar/ideas.json:1:11: error: expected a JSON value, found a NUL byte (0x00)") == true,
                "\(errors)")
    }

    @Test func theScanStopsWhereNoNumberOrLiteralCanGo() throws {
        let path = NSTemporaryDirectory() + "vantage-scan-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (text, stop) in [(#"{"ideas":[\#u{0}\#u{0}"#, 10), (#"{"ideas":[1,tru\#u{1}e]}"#, 15), (#"{"ideas":[1,2é]}"#, 13)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let handle = try #require(fopen(path, "rb"))
            defer { fclose(handle) }
            var stoppedAt = -1
            #expect(JSONScanner.members(ofFile: handle, stoppedAt: &stoppedAt) == nil)
            #expect(stoppedAt == stop, "\(text)")
        }
        // The start of a document: an error inside it is found, a document cut short is not one.
        #expect(JSONParser.firstError(inStartOf: Array(#"{"a":[1,2"#.utf8), file: "f") == nil)
        #expect(JSONParser.firstError(inStartOf: Array("{\"a\":[1,\"x\u{1}y\"".utf8), file: "f")?.location?.column == 11)
    }

    /// A JSON Lines file with a line longer than any record (a stray binary file, NUL padding):
    /// refused whole at that line, without holding the line in memory.
    @Test func aJSONLinesLineLongerThanAnyRecordRefusesTheFile() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        var bytes = Array((#"{"id":"idea-1","text":"Walk","submittedAt":"2026-04-10T09:30:00Z","by":{"email":"ana@example.com","name":"Ana"},"showName":true}"# + "\n").utf8)
        bytes += [UInt8](repeating: 0x20, count: JSONLinesReader.Iterator.longestLine + 1)
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.content + "/changejar/ideas.jsonl"))
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            "\(fixture.name("changejar/ideas.jsonl")):2:1: error: line 2 is longer than 16 MB with no line break, longer than any record: a JSON Lines file holds one record a line"
        ])
    }

    /// A review file named with a byte that is not UTF-8: said as such, not "it does not exist"
    /// (the name read back with U+FFFD in it names no file).
    @Test func aFileNameThatIsNotUTF8IsSaidToBeOne() throws {
        let errors = try errors { fixture in
            var path = Array((fixture.content + "/reviews/a").utf8) + [0xFF] + Array(".json".utf8)
            path.append(0)
            let descriptor = path.withUnsafeBufferPointer { bytes in
                open(UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        #expect(errors == [
            "content/reviews: error: a file here is named with bytes that are not UTF-8 (shown as \"a\u{FFFD}.json\"), which cannot be named in a message or a rejects file: rename it"
        ])
    }

    @Test func aMalformedJSONLinesLineNamesLineAndColumn() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.write("changejar/ideas.jsonl", #"{"id":"idea-1","text":"Walk","submittedAt":"2026-04-10T09:30:00Z",}"# + "\n")
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == ["""
            \(fixture.name("changejar/ideas.jsonl")):1:67: error: expected a member name in double quotes, found '}'
                {"id":"idea-1","text":"Walk","submittedAt":"2026-04-10T09:30:00Z",}
                                                                                  ^
            """])
        #expect(try fixture.dump() == nil)  // there was no store, and there still is none
    }

    @Test func textThatIsNotUTF8IsNamed() throws {
        var file = ""
        let latin1 = try errors { fixture in
            file = "content/changejar/users.json"
            var bytes = Array(#"{ "users": [ { "email": "zed@example.com", "name": "Z"#.utf8)
            bytes += [0xE9] + Array(#"d" } ] }"#.utf8)  // "Zéd" in Latin-1
            try fixture.write("changejar/users.json", bytes: bytes)
        }
        // Column 54 is the byte 0xE9 after `"name": "Z`; the quoted line shows it as U+FFFD.
        let line = #"{ "users": [ { "email": "zed@example.com", "name": "Z\#u{FFFD}d" } ] }"#
        #expect(Array(line)[53] == "\u{FFFD}")
        #expect(latin1 == [
            "\(file):1:54: error: the text is not valid UTF-8\n    \(line)\n    \(String(repeating: " ", count: 53))^"
        ])
        let utf16 = try errors { fixture in
            file = "content/changejar/ideas.json"
            try fixture.write("changejar/ideas.json", bytes: [0xFF, 0xFE] + Array(#"{"ideas":[]}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        }
        #expect(utf16 == ["\(file): error: the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8"])
    }

    @Test(arguments: [
        (#""when": "2026-05-01T18:00:00-07:00""#, #""when": "2026-05-01T18:00:00""#,
         #"quotes[0].when: error: expected an ISO 8601 timestamp with an offset, found "2026-05-01T18:00:00": it has no offset; add Z or one such as -07:00"#),
        (#""when": "2026-05-01T18:00:00-07:00""#, #""when": "2026-02-30T18:00:00Z""#,
         #"quotes[0].when: error: expected an ISO 8601 timestamp with an offset, found "2026-02-30T18:00:00Z": no such date"#),
        (#""text": "Tea first, then the world.","#, #""text": "","#,
         #"quotes[1].text: error: expected the words said, found an empty string"#),
        // DATA.md: quotes are 1 to quoteLimit characters (default 280) in the apps' exports too,
        // counted as a reader sees them: 281 skin-toned thumbs are 281, not 2,248 bytes.
        (#""text": "Tea first, then the world.","#, #""text": "\#(String(repeating: "👍🏽", count: 281))","#,
         #"quotes[1].text: error: expected 1 to 280 characters (site.json quoteLimit), found 281"#),
        (#""heardBy": [ { "phone": "0033 6 12 34 56 78", "name": "Chloé" } ]"#, #""heardBy": []"#,
         #"quotes[1].heardBy: error: expected an array of one or more contacts, found an empty array"#),
        (#""saidBy": { "phone": "+1 415 555 0199", "name": "Dad" },"#, "",
         #"quotes[0].saidBy: error: expected an object (a contact: phone and name); the field is missing"#),
        (#""name": "Dad""#, #""name": 7"#,
         #"quotes[0].saidBy.name: error: expected the contact's name, found a number"#),
        (#""id": "q-2""#, #""id": "q-1""#,
         #"quotes[1].id: error: expected a unique quote id, found "q-1" a second time (first at quotes[0])"#),
        (#""submittedBy": "+33612345678""#, #""submittedBy": "+442079460018""#,
         #"quotes[1].submittedBy: error: expected the phone of a registered Quotes user, found +442079460018, which no Quotes user has"#),
        (#"{ "phone": "415.555.0100", "name": "Ana" }"#, #"{ "phone": "415.555.0100", "name": "Ana" }, { "phone": "(415) 555-0100", "name": "Ana again" }"#,
         #"quotes[0].heardBy[1].phone: error: expected each hearer once, found +14155550100 again (also heardBy[0])"#),
        // Past sixteen hearers the phones seen are a set: a repeat is named as before.
        (#"{ "phone": "415.555.0100", "name": "Ana" }"#,
         (0..<20).map { #"{ "phone": "+1 212 555 01\#(String(format: "%02d", $0))", "name": "H\#($0)" }"# }.joined(separator: ", ")
            + #", { "phone": "+1 212 555 0103", "name": "H3 again" }"#,
         #"quotes[0].heardBy[20].phone: error: expected each hearer once, found +12125550103 again (also heardBy[3])"#),
        (#""owner": "+33612345678""#, #""owner": "+442079460018""#,
         #"contacts[1].owner: error: expected the phone of a registered Quotes user, found +442079460018, which no Quotes user has"#),
    ])
    func aBadQuotesRecordIsNamed(old: String, new: String, expected: String) throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/quotes/export.json"
            try fixture.edit("quotes/export.json", replacing: old, with: new)
        }
        #expect(errors == ["\(file): \(expected)"])
    }

    @Test func theQuoteLimitOfSiteJSONHoldsForTheExportsQuotes() throws {
        // A lower limit in site.json refuses the exported quote over it (the store unchanged).
        let errors = try errors { fixture in
            try fixture.edit("site.json", replacing: #""pageSize": 2"#, with: #""pageSize": 2, "quoteLimit": 30"#)
        }
        #expect(errors == [
            "content/quotes/export.json: quotes[0].text: error: expected 1 to 30 characters (site.json quoteLimit), found 36"
        ])
        // At the limit, exactly, a quote is stored.
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: "Tea first, then the world.", with: String(repeating: "👍🏽", count: 280))
        try fixture.importOrFail()
    }

    @Test(arguments: [
        ("changejar/ideas.json", #""text": "Plant a tree""#, #""text": "\#(String(repeating: "🌳", count: 161))""#,
         #"ideas[2].text: error: expected 1 to 160 characters, found 161"#),
        ("changejar/ideas.json", #""for": "self" }"#, #""for": "me" }"#,
         #"ideas[0].for: error: expected "self" or "someone", found "me""#),
        ("changejar/ideas.json", #""showName": false"#, #""showName": "no""#,
         #"ideas[0].showName: error: expected true or false, found a string"#),
        ("changejar/ideas.json", #""email": "zed@example.com""#, #""email": "zed at example.com""#,
         #"ideas[1].author.email: error: expected an email address, found "zed at example.com""#),
        ("changejar/users.json", #""email": "Zed@Example.com", "name": "Zed""#, #""email": "chloe@example.com", "name": "Zed""#,
         #"users[2].email: error: expected each Change Jar user once, found "chloe@example.com" again (also users[1])"#),
        ("reviews/board.json", #""action": "later", "until": "2026-06-01""#, #""action": "later""#,
         #"decisions[0].until: error: expected a date such as "2026-06-01" (action "later" needs one); the field is missing"#),
        // Null is said to be null, as for every other field; it was "the field is missing".
        ("reviews/board.json", #""action": "later", "until": "2026-06-01""#, #""action": "later", "until": null"#,
         #"decisions[0].until: error: expected a date such as "2026-06-01" (action "later" needs one), found null"#),
        ("reviews/board.json", #""list": "Newsletter""#, #""list": null"#,
         #"decisions[1].list: error: expected the name of a list (action "list" needs one), found null"#),
        ("reviews/board.json", #""action": "archive""#, #""action": "shred""#,
         #"decisions[2].action: error: expected "archive", "delete", "later" or "list", found "shred""#),
        ("site.json", #""pageSize": 2"#, #""pageSize": 0"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found 0"#),
        // A name or a text that shows nothing is refused as an empty one is (VisibleText), and
        // its invisible characters are spelled out in the message.
        ("changejar/users.json", #""email": "Zed@Example.com", "name": "Zed""#, #""email": "Zed@Example.com", "name": "\u00a0 \u200b""#,
         #"users[2].name: error: expected the user's name, found "\u{A0} \u{200B}", which shows nothing"#),
        ("changejar/ideas.json", #""text": "Plant a tree""#, #""text": " \t\u3000""#,
         #"ideas[2].text: error: expected the idea (1 to 160 characters), found " \t\u{3000}", which shows nothing"#),
        ("quotes/export.json", #""text": "Tea first, then the world.","#, #""text": "\u2028 \u2060","#,
         #"quotes[1].text: error: expected the words said, found "\u{2028} \u{2060}", which shows nothing"#),
        ("reviews/board.json", #""list": "Newsletter""#, #""list": " \u200b""#,
         #"decisions[1].list: error: expected the name of a list (action "list" needs one), found " \u{200B}", which shows nothing"#),
        // Numbers are echoed as written, not as the double they read as.
        ("site.json", #""pageSize": 2"#, #""pageSize": 9223372036854775808"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found 9223372036854775808"#),
        ("site.json", #""pageSize": 2"#, #""pageSize": 2.50"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found 2.50"#),
        ("site.json", #""pageSize": 2"#, #""pageSize": -0"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found -0"#),
        ("site.json", #""pageSize": 2"#, #""pageSize": 1E+5"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found 1E+5"#),
        ("site.json", #""pageSize": 2"#, #""pageSize": \#(String(repeating: "9", count: 300))"#,
         #"pageSize: error: expected a whole number from 1 to 10000, found 99999999999999999999…(300 characters)"#),
        ("site.json", #""pageSize": 2"#, #""pageSize": 2, "quoteLimit": 0.0"#,
         #"quoteLimit: error: expected a whole number of characters from 1 to 100000, found 0.0"#),
        // Every page's title ends in the site's: one that shows nothing would leave "Ana Lima · ".
        ("site.json", #""title": "Family""#, #""title": """#,
         #"title: error: expected the site's title, found an empty string; leave it out for the default, "Vantage""#),
        ("site.json", #""title": "Family""#, #""title": " \u200b""#,
         #"title: error: expected the site's title, found " \u{200B}", which shows nothing; leave it out for the default, "Vantage""#),
    ])
    func aBadRecordElsewhereIsNamed(path: String, old: String, new: String, expected: String) throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/" + path
            try fixture.edit(path, replacing: old, with: new)
        }
        #expect(errors == ["\(file): \(expected)"])
    }

    @Test func aQuotesUserWhoseNameShowsNothingIsRefusedWithWhatFollows() throws {
        let errors = try errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""firstName": "Jose\u0301", "lastName": "Silva""#,
                             with: #""firstName": "\u3164", "lastName": " ""#)
        }
        #expect(errors == [
            #"content/quotes/export.json: users[1].firstName: error: expected the user's first name, found "\u{3164}", which shows nothing, and the last name " " shows nothing"#,
            #"content/quotes/export.json: quotes[2].submittedBy: error: expected the phone of a registered Quotes user, found +14155550199, whose user record was rejected (content/quotes/export.json users[1])"#,
        ])
        // Each part's own value is quoted, not the two joined.
        let blank = try self.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""firstName": "Jose\u0301", "lastName": "Silva""#,
                             with: #""firstName": "", "lastName": "  ""#)
        }
        #expect(blank.first == #"content/quotes/export.json: users[1].firstName: error: expected the user's first name, found an empty string, and the last name "  " shows nothing"#)
    }

    @Test func aNamePartThatShowsNothingIsNoPart() throws {
        // A first or last name of white space only is left out of the name, as an empty one is,
        // rather than joined into it as spaces.
        for (first, last, name) in [(" ", "Solo", "Solo"), ("Wes", "\\u00a0", "Wes"), ("", "Solo", "Solo")] {
            let fixture = try Fixture()
            try fixture.edit("quotes/export.json", replacing: #""firstName": "Jose\u0301", "lastName": "Silva""#,
                             with: #""firstName": "\#(first)", "lastName": "\#(last)""#)
            try fixture.importOrFail()
            let names = try fixture.read { db in try db.rows("SELECT name FROM person WHERE quotes_user = 1") }
            #expect(names.contains([.text(name)]), "\(first)|\(last): \(names)")
        }
    }

    @Test func anIdHoldingAPhoneOfTheExportIsRefused() throws {
        // Ids are published verbatim (OUTPUT.md's data-id); a phone never is, in any form.
        let quotes = "content/quotes/export.json"
        let held = #"which holds the phone of a person of the export"#
        // A Quotes user's phone, written with dashes; and the speaker's own (a contact, Bob), as
        // international digits without the plus.
        #expect(try errors { try $0.edit("quotes/export.json", replacing: #""id": "q-3""#, with: #""id": "q-1-415-555-0199""#) } == [
            #"\#(quotes): quotes[2].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-1-415-555-0199", \#(held)"#
        ])
        #expect(try errors { try $0.edit("quotes/export.json", replacing: #""id": "q-2""#, with: #""id": "q.442079460018.x""#) } == [
            #"\#(quotes): quotes[1].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q.442079460018.x", \#(held)"#
        ])
        // A contact met in an earlier quote (Bob heard q-1), not q-3's own people; separators doubled.
        #expect(try errors { try $0.edit("quotes/export.json", replacing: #""id": "q-3""#, with: #""id": "q-44--20-7946-0018""#) } == [
            #"\#(quotes): quotes[2].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-44--20-7946-0018", \#(held)"#
        ])
        // The same phone with letters typed for the digits they look like (O for 0, l and I for
        // 1), as the mask reads a text: it was accepted and published in the feed and the search
        // index.
        for id in ["q-4l5-555-0l99", "q.4I5.555.OI99", "q-1-4l5-555-Ol99"] {
            #expect(try errors { try $0.edit("quotes/export.json", replacing: #""id": "q-3""#, with: #""id": "\#(id)""#) } == [
                #"\#(quotes): quotes[2].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "\#(id)", \#(held)"#
            ], "\(id)")
        }
        // Words beside digits that read as no phone of the export stay ids.
        #expect(RecordID.phoneCandidates("q-1").isEmpty)
        #expect(RecordID.phoneCandidates("oil-2024-lol").allSatisfy { !$0.hasSuffix("4155550199") })
        #expect(RecordID.phoneCandidates("q-4l5-555-0l99").contains("4155550199"))
        // A review decision's item is published too (the review report).
        #expect(try errors { try $0.edit("reviews/board.json", replacing: #""item": "q-1""#, with: #""item": "q-14155550100""#) } == [
            #"content/reviews/board.json: decisions[1].item: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-14155550100", \#(held)"#
        ])
        // An idea's id holding a user's phone in national form, after a count.
        #expect(try errors { try $0.edit("changejar/ideas.json", replacing: #""id": "idea-2""#, with: #""id": "idea-7-4155550100""#) } == [
            #"content/changejar/ideas.json: ideas[1].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "idea-7-4155550100", \#(held)"#
        ])
        // A person only in an address book, whose contacts are stored after the quotes: known
        // to the check too, in a JSON export and in JSON Lines.
        #expect(try errors {
            try $0.edit("quotes/export.json", replacing: #""name": "Papa" }"#,
                        with: #""name": "Papa" }, { "owner": "+14155550100", "phone": "+1 310 555 0142", "name": "Pizza Place" }"#)
            try $0.edit("quotes/export.json", replacing: #""id": "q-3""#, with: #""id": "q-3105550142""#)
        } == [
            #"\#(quotes): quotes[2].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-3105550142", \#(held)"#
        ])
        let lines = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let contacts = try String(contentsOfFile: lines.content + "/quotes/contacts.jsonl", encoding: .utf8)
        try lines.write("quotes/contacts.jsonl", contacts + #"{"owner": "+14155550100", "phone": "(310) 555-0142", "name": "Pizza Place"}"# + "\n")
        try lines.edit("quotes/quotes.jsonl", replacing: #""id":"q-3""#, with: #""id":"q-3105550142""#)
        guard case .failure(let failure) = lines.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.description.contains(
            #"content/quotes/quotes.jsonl:3: id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-3105550142", \#(held)"#),
            "\(failure)")

        // A phone met only after the quote, as a hearer of a later quote (no user, no contact):
        // nobody's when q-1 is read, so found once everyone is met, at q-1, in both formats.
        let later = #"{ "phone": "1 (415) 555-0199", "name": "José" }, { "phone": "+1 310 555 0177", "name": "Neighbour" }"#
        #expect(try errors {
            try $0.edit("quotes/export.json", replacing: #"{ "phone": "1 (415) 555-0199", "name": "José" }"#, with: later)
            try $0.edit("quotes/export.json", replacing: #""id": "q-1""#, with: #""id": "q-13105550177""#)
            try $0.edit("reviews/board.json", replacing: #""item": "q-1""#, with: #""item": "q-2""#)
        } == [
            #"\#(quotes): quotes[0].id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-13105550177", \#(held)"#
        ])
        let laterLines = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try laterLines.edit("quotes/quotes.jsonl", replacing: #"{"phone":"1 (415) 555-0199","name":"José"}"#,
                            with: #"{"phone":"1 (415) 555-0199","name":"José"},{"phone":"+1 310 555 0177","name":"Neighbour"}"#)
        try laterLines.edit("quotes/quotes.jsonl", replacing: #""id":"q-1""#, with: #""id":"q-13105550177""#)
        try laterLines.edit("reviews/board.json", replacing: #""item": "q-1""#, with: #""item": "q-2""#)
        guard case .failure(let laterFailure) = laterLines.runImport() else { Issue.record("the import succeeded"); return }
        #expect(laterFailure.description.contains(
            #"content/quotes/quotes.jsonl:1: id: error: expected an id without a phone number in it (ids are published in the site's pages), found "q-13105550177", \#(held)"#),
            "\(laterFailure)")

        // Long numbers that are no phone of the export stay ids: a Unix time, a date and a count.
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""id": "q-2""#, with: #""id": "q-1714638600""#)
        try fixture.edit("quotes/export.json", replacing: #""id": "q-3""#, with: #""id": "q-20260502-0001""#)
        try fixture.importOrFail()
        let stored = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 'q-1714%' OR id LIKE 'q-2026%' ORDER BY id") }
        #expect(stored == [[.text("q-1714638600")], [.text("q-20260502-0001")]])
    }

    @Test func aRejectedUserTakesTheRecordsThatNeedThemAlong() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/quotes/export.json"
            try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""locale": "French""#)
        }
        #expect(errors == [
            #"\#(file): users[2].locale: error: expected a BCP 47 language tag that starts with its language, such as "pt-BR", found "French""#,
            // The follow-on errors name the record they follow from (DATA.md "Bad input").
            #"\#(file): quotes[1].submittedBy: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\#(file) users[2])"#,
            #"\#(file): contacts[1].owner: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\#(file) users[2])"#,
        ])
        // A user's JSON Lines line that is not JSON at all: its phone is still read from the line's
        // text, so the records that need the user name it, not a user no one registered.
        let lines = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try lines.edit("quotes/users.jsonl", replacing: #""fr-FR""#, with: #""fr-FR",,"#)
        guard case .failure(let broken) = lines.runImport() else { Issue.record("the import succeeded"); return }
        let users = lines.name("quotes/users.jsonl")
        #expect(broken.errors.dropFirst().map(\.description) == [
            "\(lines.name("quotes/quotes.jsonl")):2: submittedBy: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\(users) line 3)",
            "\(lines.name("quotes/contacts.jsonl")):2: owner: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\(users) line 3)",
        ], "\(broken.errors)")
        let duplicate = try self.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""phone": "+1 415 555 0199", "firstName""#, with: #""phone": "(415) 555-0100", "firstName""#)
        }
        #expect(duplicate == [
            #"\#(file): users[1].phone: error: expected each Quotes user once, found +14155550100 again (also users[0])"#,
            #"\#(file): quotes[2].submittedBy: error: expected the phone of a registered Quotes user, found +14155550199, which no Quotes user has"#,
        ])
        // A user rejected for another's email: no user has its phone any more, and the records
        // that name it say that they follow from it.
        let email = try self.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""email": "ana.lima@example.com", "locale": "fr-FR""#)
        }
        #expect(email == [
            #"\#(file): users[2].email: error: expected each email once, found "ana.lima@example.com" again (also users[0])"#,
            #"\#(file): quotes[1].submittedBy: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\#(file) users[2])"#,
            #"\#(file): contacts[1].owner: error: expected the phone of a registered Quotes user, found +33612345678, whose user record was rejected (\#(file) users[2])"#,
        ])
        let timeZone = try self.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""timeZone": "America/Los_Angeles", "email""#, with: #""timeZone": "Mars/Olympus", "email""#)
        }
        #expect(timeZone.first == #"\#(file): users[0].timeZone: error: expected an IANA time zone such as "America/Sao_Paulo", found "Mars/Olympus""#)
        // A bare offset is a zone to Foundation, not an IANA name (that is Etc/GMT-5).
        let offset = try self.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""timeZone": "America/Los_Angeles", "email""#, with: #""timeZone": "GMT+5", "email""#)
        }
        #expect(offset.first == #"\#(file): users[0].timeZone: error: expected an IANA time zone such as "America/Sao_Paulo", found "GMT+5""#)
        #expect(timeZone.count == 3)
    }

    @Test func aChangeJarUserMatchingTwoQuotesUsersIsRefused() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/changejar/users.json"
            try fixture.edit("quotes/export.json", replacing: #""locale": "fr","#, with: #""locale": "fr", "email": "zed@example.com","#)
            try fixture.edit("changejar/users.json", replacing: #""name": "Zed" }"#, with: #""name": "Zed", "phone": "+1 415 555 0100" }"#)
        }
        #expect(errors == [
            #"\#(file): users[2]: error: expected one person, found the phone of the Quotes user content/quotes/export.json users[0] and the email of the Quotes user content/quotes/export.json users[1]"#
        ])
    }

    /// Two Change Jar users of one Quotes user: the second is refused, and the message names the
    /// first by its file too (it had said "(also users[0])" right after the Quotes user's
    /// `users[0]` in the other file, which read as one record twice).
    @Test func aSecondChangeJarUserOfOneQuotesUserNamesTheFirstByItsFile() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/changejar/users.json"
            try fixture.edit("changejar/users.json", replacing: #""name": "Zed" }"#, with: #""name": "Zed", "phone": "+1 415 555 0100" }"#)
        }
        #expect(errors == [
            #"\#(file): users[2]: error: expected one Change Jar user per person, found a second one for the Quotes user content/quotes/export.json users[0] (the first: content/changejar/users.json users[0])"#
        ])
    }

    /// A Quotes user and a Change Jar user merged by their phone, each with an email of their
    /// own: the Change Jar one is stored, and an idea written under either is the person's
    /// (DATA.md: sharing a phone or an email makes one person), not a new author's.
    @Test func anIdeaWrittenUnderAMergedPersonsOtherEmailIsTheirs() throws {
        let fixture = try Fixture()
        // José (a Quotes user) and Zed (a Change Jar user) share a phone; each has an email.
        try fixture.edit("quotes/export.json", replacing: #""locale": "fr","#, with: #""locale": "fr", "email": "zed.quotes@example.com","#)
        try fixture.edit("changejar/users.json", replacing: #""name": "Zed" }"#, with: #""name": "Zed", "phone": "+1 415 555 0199" }"#)
        try fixture.edit("changejar/ideas.json", replacing: #""email": "outsider@example.com""#, with: #""email": "Zed.Quotes@example.com""#)
        let report = try fixture.importOrFail()
        #expect(report.warnings.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }.contains(
            #"content/changejar/users.json: users[2].email: warning: the Quotes user content/quotes/export.json users[1] has the email "zed.quotes@example.com", this Change Jar user "zed@example.com"; keeping "zed@example.com" (an idea written under either is theirs)"#))
        try fixture.read { (db: Database) throws in
            // No person was made for the other email: both ideas are the merged person's.
            #expect(try db.rows("SELECT count(*) FROM person WHERE email = 'zed.quotes@example.com'") == [[.integer(0)]])
            #expect(try db.rows("""
                SELECT idea.id FROM idea JOIN person ON person.id = idea.author_id
                WHERE person.email = 'zed@example.com' AND person.phone = '+14155550199' ORDER BY idea.id
                """) == [[.text("idea-2")], [.text("idea-3")]])
        }
    }

    @Test func oneMistakeTooLongIsReportedWithEveryOtherBadRecord() throws {
        var file = ""
        let errors = try errors { fixture in
            file = "content/changejar/ideas.json"
            try fixture.edit("changejar/ideas.json", replacing: #""2026-04-10T09:30:00Z""#, with: #""yesterday""#)
            try fixture.edit("changejar/ideas.json", replacing: #""for": "someone""#, with: #""for": 1"#)
        }
        #expect(errors == [
            #"\#(file): ideas[0].submittedAt: error: expected an ISO 8601 timestamp with an offset, found "yesterday": not in the form 2026-05-01T18:00:00-07:00"#,
            #"\#(file): ideas[1].for: error: expected "self" or "someone", found a number"#,
        ])
    }

    @Test func aRecordTypeGivenTwiceIsRefused() throws {
        var folder = ""
        let errors = try errors { fixture in
            folder = "content/changejar"
            try fixture.write("changejar/ideas.jsonl", "")
        }
        #expect(errors == ["\(folder): error: both ideas.json and ideas.jsonl exist; keep one"])
    }

    @Test func aMissingContentDirectoryIsNamed() throws {
        let fixture = try Fixture()
        try FileManager.default.removeItem(atPath: fixture.content)
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            "\(fixture.content): error: no content directory here (expected changejar/, quotes/, reviews/ and site.json)"
        ])
        #expect(try fixture.dump() == nil)
        #expect(!FileManager.default.fileExists(atPath: (fixture.store as NSString).deletingLastPathComponent))
    }
}
