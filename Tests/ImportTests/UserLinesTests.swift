import Foundation
@testable import Import
import Testing
import VantageCore

/// The users of a JSON Lines export are kept until people are merged without their lines'
/// bytes (`LineTexts` reads a line again when the merge rejects it): what reaches the rejects
/// file is still the line byte for byte.
struct UserLinesTests {
    @Test func usersRejectedWhenMergingKeepTheirLinesByteForByte() throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        let users = try String(contentsOfFile: fixture.content + "/quotes/users.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(users.count >= 2)
        // The first user twice more, under other names, and the second once more: a blank line
        // and a CRLF line end among them, so that line numbers and line ends both count.
        let again1 = users[0].replacingOccurrences(of: #""firstName":""#, with: #""firstName":"Re-"#)
        let again2 = users[0].replacingOccurrences(of: #""firstName":""#, with: #""firstName":"Also "#)
        let again3 = users[1].replacingOccurrences(of: #""firstName":""#, with: #""firstName":"Re-"#)
        #expect(again1 != users[0] && again3 != users[1])
        let lines = users + ["", again1 + "\r", again3, again2]
        try fixture.write("quotes/users.jsonl", lines.joined(separator: "\n") + "\n")

        let report = try fixture.importOrFail(keepGoing: true)
        let first = users.count + 2
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/quotes/users.jsonl:\(first): phone: error: expected each Quotes user once, found +14155550100 again (also content/quotes/users.jsonl line 1)",
            "content/quotes/users.jsonl:\(first + 1): phone: error: expected each Quotes user once, found +14155550199 again (also content/quotes/users.jsonl line 2)",
            "content/quotes/users.jsonl:\(first + 2): phone: error: expected each Quotes user once, found +14155550100 again (also content/quotes/users.jsonl line 1)",
        ])
        let text = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        let rejected = try text.split(separator: "\n").map { line in
            try #require(try JSONParser.parse(Array(line.utf8), file: "rejects").objectValue)
        }
        #expect(rejected.map { $0["line"] } == [.number(Double(first)), .number(Double(first + 1)), .number(Double(first + 2))])
        #expect(rejected.map { $0["record"] } == [.string(again1), .string(again3), .string(again2)])
    }

    @Test func aDocumentsUserRejectedWhenMergingKeepsItsTextByteForByte() throws {
        let fixture = try Fixture()
        let duplicate = #"{ "email": "chloe@example.com", "name": "Zed" }"#
        try fixture.edit("changejar/users.json", replacing: #"{ "email": "Zed@Example.com", "name": "Zed" }"#, with: duplicate)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/changejar/users.json: users[2].email: error: expected each Change Jar user once, found "chloe@example.com" again (also users[1])"#,
        ])
        let text = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        let rejected = try #require(try JSONParser.parse(Array(text.split(separator: "\n")[0].utf8), file: "rejects").objectValue)
        #expect(rejected["path"] == .string("users[2].email"))
        #expect(rejected["record"] == .string(duplicate))
    }

    @Test func lineTextsReadForwardAndStartAgainForAnEarlierLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-line-texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("users.jsonl").path
        try Data("{\"a\": 1}\n\n  \n{\"b\": 2}\r\n{\"c\": \"é\"}".utf8).write(to: URL(fileURLWithPath: path))
        let texts = LineTexts(ContentLayout.File(path: path, name: "users.jsonl"))
        #expect(texts.text(ofLine: 4) == #"{"b": 2}"#)
        #expect(texts.text(ofLine: 5) == #"{"c": "é"}"#)
        #expect(texts.text(ofLine: 1) == #"{"a": 1}"#)
        #expect(texts.text(ofLine: 5) == #"{"c": "é"}"#)
        // A blank line is no record, and a line past the end is none either.
        #expect(texts.text(ofLine: 2) == "")
        #expect(texts.text(ofLine: 9) == "")
        #expect(texts.text(ofLine: 4) == #"{"b": 2}"#)
    }

    @Test func theExpectedCountOfJSONLinesIsItsLineFeedsBoundedByItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-line-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = folder.appendingPathComponent("records.jsonl").path
        let line = #"{"phone": "+15550100", "firstName": "Ana"}"#
        try Data((Array(repeating: line, count: 5).joined(separator: "\n")).utf8).write(to: URL(fileURLWithPath: records))
        #expect(JSONLinesReader.lineFeeds(path: records)?.lineFeeds == 4)
        #expect(RecordSource.lines(ContentLayout.File(path: records, name: "records.jsonl")).expectedCount == 5)
        // A file of line feeds alone reserves one record per 16 bytes, not one per line.
        let blank = folder.appendingPathComponent("blank.jsonl").path
        try Data(repeating: 0x0A, count: 1600).write(to: URL(fileURLWithPath: blank))
        #expect(RecordSource.lines(ContentLayout.File(path: blank, name: "blank.jsonl")).expectedCount == 100)
        #expect(RecordSource.lines(ContentLayout.File(path: folder.path + "/missing.jsonl", name: "missing.jsonl")).expectedCount == 0)
        #expect(JSONLinesReader.lineFeeds(path: folder.path + "/missing.jsonl") == nil)
    }
}
