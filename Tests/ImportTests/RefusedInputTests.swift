import Foundation
import Import
import Store
import Testing
import VantageCore

/// Input the import once accepted, crashed on or refused in the wrong place (issue 11): each is
/// refused at the door with the file and the place, the store exactly as it was.
struct RefusedInputTests {
    let bad = BadInputTests()

    @Test(arguments: ["changejar/ideas.json", "quotes/export.json", "site.json", "reviews/x.json"])
    func aFolderWhereAJSONExportIsExpectedIsALocatedError(path: String) throws {
        let errors = try bad.errors { fixture in
            if FileManager.default.fileExists(atPath: fixture.name(path)) { try fixture.remove(path) }
            try fixture.write(path + "/inside.json", "{}")  // a real folder, not even empty
        }
        #expect(errors == ["content/\(path): error: expected a file, found a folder"])
    }

    @Test(arguments: ["changejar/ideas.jsonl", "quotes/quotes.jsonl", "quotes/contacts.jsonl"])
    func aDanglingLinkOrFolderAtAnExportPathKeepsEveryRecord(path: String) throws {
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.importOrFail()
        let bytes = try fixture.storeBytes()
        let full = fixture.name(path)
        if FileManager.default.fileExists(atPath: full) { try FileManager.default.removeItem(atPath: full) }
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: fixture.root + "/gone.jsonl")
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            "\(full): error: cannot read the file: it is a symbolic link to \(fixture.root)/gone.jsonl, which does not exist",
        ])
        #expect(try fixture.storeBytes() == bytes)

        // A link that leads back to itself is there, but leads nowhere: said so, not "missing".
        try FileManager.default.removeItem(atPath: full)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: full)
        guard case .failure(let loop) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(loop.errors.map(\.description) == [
            "\(full): error: cannot read the file: it is a symbolic link to \(full), which leads back to itself through symbolic links",
        ])
        #expect(try fixture.storeBytes() == bytes)

        try FileManager.default.removeItem(atPath: full)
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false)
        guard case .failure(let folder) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(folder.errors.map(\.description) == ["\(full): error: expected a file, found a folder"])
        #expect(try fixture.storeBytes() == bytes)
    }

    /// An app's folder that is there but cannot be listed (a dangling link, a file, a folder
    /// without permission) was taken for an export without that folder, and every record it
    /// held was removed with exit 0. It is refused by name, with or without --keep-going, the
    /// store byte for byte as it was.
    @Test(arguments: ["changejar", "quotes", "reviews"])
    func anAppFolderThatCannotBeReadKeepsEveryRecord(folder: String) throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let bytes = try fixture.storeBytes()
        let full = fixture.name(folder)
        let moved = fixture.root + "/moved-" + folder
        try FileManager.default.moveItem(atPath: full, toPath: moved)
        let cases: [(String, () throws -> Void)] = [
            ("cannot read the folder: it is a symbolic link to \(fixture.root)/gone, which does not exist", {
                try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: fixture.root + "/gone")
            }),
            ("expected a folder of export files, found a file", { try Data("x".utf8).write(to: URL(fileURLWithPath: full)) }),
        ]
        for (message, make) in cases {
            try make()
            for keepGoing in [false, true] {
                guard case .failure(let failure) = fixture.runImport(keepGoing: keepGoing) else {
                    Issue.record("the import succeeded: \(message)"); return
                }
                #expect(failure.errors.map(\.description) == ["\(full): error: \(message)"])
                #expect(try fixture.storeBytes() == bytes)
            }
            try FileManager.default.removeItem(atPath: full)
        }
        try FileManager.default.moveItem(atPath: moved, toPath: full)
    }

    @Test func aNULInATextIsNamedAtTheRecordAndKeepGoingRejectsOnlyThatRecord() throws {
        let errors = try bad.errors { fixture in
            try fixture.edit("changejar/ideas.json", replacing: "Walk to work on Fridays", with: #"Walk\u0000to work"#)
        }
        #expect(errors == [
            #"content/changejar/ideas.json: ideas[0].text: error: expected the idea (1 to 160 characters) without NUL characters (U+0000), found "Walk\u{0}to work""#,
        ])
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: "Walk to work on Fridays", with: #"Walk\u0000to work"#)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first?.location?.recordPath == "ideas[0].text")
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT id FROM idea ORDER BY id") == [[.text("idea-2")], [.text("idea-3")]])
        }
    }

    @Test(arguments: [
        ("javascript:alert(1)", "changejar/ideas.json", "idea-1", "ideas[0].id", "the idea's id"),
        ("../../x", "changejar/ideas.json", "idea-1", "ideas[0].id", "the idea's id"),
        ("idea 1", "changejar/ideas.json", "idea-1", "ideas[0].id", "the idea's id"),
        (".hidden", "quotes/export.json", "q-1", "quotes[0].id", "the quote's id"),
        ("q-1/..", "quotes/export.json", "q-1", "quotes[0].id", "the quote's id"),
        ("idée", "quotes/export.json", "q-1", "quotes[0].id", "the quote's id"),
        (String(repeating: "q", count: 129), "quotes/export.json", "q-1", "quotes[0].id", "the quote's id"),
        ("<b>", "reviews/board.json", "idea-1", "decisions[0].item", "the id of an idea or quote"),
    ])
    func idsTheSiteCannotUseAreRefusedAtTheRecord(id: String, path: String, old: String, recordPath: String, what: String) throws {
        let errors = try bad.errors { fixture in
            try fixture.edit(path, replacing: "\"\(old)\"", with: "\"\(id)\"")
        }
        let shown = id.count > 80 ? String(id.prefix(80)) + "…" : id
        #expect(errors == [
            "content/\(path): \(recordPath): error: expected \(what): 1 to 128 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit; found \"\(shown)\"",
        ])
    }

    @Test func everyIdOfTheSampleContentAndTheBenchWorkloadFollowsTheSyntax() throws {
        let ids = ["idea-0001", "q-0001", "q1", "idea-00001", "q-0000001", "idea-000001", "Q_2026.05", "a"]
        #expect(ids.allSatisfy(RecordID.isValid))
        // The shipped sample content imports as it is.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let store = FileManager.default.temporaryDirectory.path + "/vantage-sample-ids-\(UUID().uuidString)/store.sqlite"
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        let report = try Importer.run(ImportOptions(contentDirectory: root.path + "/content", storePath: store))
        #expect(report.exitCode == .success)
    }

    @Test func aRepeatedMemberNameIsAnErrorAtTheSecondName() throws {
        var errors = try bad.errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""contacts": ["#, with: #""quotes": [], "contacts": ["#)
        }
        #expect(errors == [
            "content/quotes/export.json:24:3: error: the member name \"quotes\" appears a second time in this object (JSON names must be unique)\n      \"quotes\": [], \"contacts\": [\n      ^",
        ])
        errors = try bad.errors { fixture in
            try fixture.edit("changejar/ideas.json", replacing: #""showName": true, "for": "someone""#,
                             with: #""showName": true, "for": "someone", "showName": false"#)
        }
        let line = #"      "author": { "email": "zed@example.com", "name": "Zed" }, "showName": true, "for": "someone", "showName": false },"#
        let column = line.distance(from: line.startIndex, to: line.range(of: #""showName": false"#)!.lowerBound) + 1
        #expect(column == 100)
        #expect(errors == [
            "content/changejar/ideas.json:5:100: error: the member name \"showName\" appears a second time in this object (JSON names must be unique)\n    \(line)\n    \(String(repeating: " ", count: 99))^",
        ])
        // JSON Lines: the line of the record, the column in it.
        let fixture = try Fixture(ReimportTests.asJSONLines(Fixture.sample))
        try fixture.write("changejar/ideas.jsonl", #"{"id":"idea-1","id":"idea-2"}"# + "\n")
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.first?.location == SourceLocation(file: fixture.name("changejar/ideas.jsonl"), line: 1, column: 16))
    }

    @Test func aFileStartingWithANULByteGetsALocatedMessage() throws {
        let errors = try bad.errors { fixture in
            try fixture.write("changejar/ideas.json", bytes: [0] + Array(#"{ "ideas": [] }"#.utf8))
        }
        // The quoted line shows the NUL as its picture (␀), not the byte itself.
        #expect(errors == ["content/changejar/ideas.json:1:1: error: expected a JSON value, found a NUL byte (0x00)\n    ␀{ \"ideas\": [] }\n    ^"])
        let nuls = try bad.errors { fixture in try fixture.write("site.json", bytes: [0, 0, 0, 0, 0]) }
        #expect(nuls.first?.hasPrefix("content/site.json:1:1: error: expected a JSON value, found a NUL byte (0x00)") == true)
    }

    @Test(arguments: ["9999-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "9998-12-31T23:59:59-01:00"])
    func aBuildDateOutsideTheUsableRangeIsRefusedInSiteJSON(date: String) throws {
        let errors = try bad.errors { fixture in
            try fixture.edit("site.json", replacing: #""pageSize": 2"#, with: #""pageSize": 2, "buildDate": "\#(date)""#)
        }
        // Year 9999 is outside every timestamp's range (the data's too), 1969 only outside a
        // build's now: either way the message gives the build's range, the one that applies.
        let expected = #"content/site.json: buildDate: error: expected the build's now from 1970-01-01T00:00:00Z to 9998-12-31T23:59:59Z, found "\#(date)""#
        #expect(errors == [expected])
    }

    @Test(arguments: [
        ("quotes/export.json", "\"when\": \"2026-05-01T18:00:00-07:00\"", "when", "9999-06-01T12:00:00Z"),
        ("quotes/export.json", "\"when\": \"2026-05-01T18:00:00-07:00\"", "when", "1200-01-01T00:00:00Z"),
        ("changejar/ideas.json", "\"submittedAt\": \"2026-04-10T09:30:00Z\"", "submittedAt", "9999-12-31T23:59:59+14:00"),
    ])
    func aTimestampInTheDataThatNoPageCouldShowIsRefusedAtTheRecord(path: String, old: String, field: String, date: String) throws {
        // Once accepted, such a timestamp became the build's now (or a date on a page) and
        // every later build failed on its pages instead of the import on its record.
        let errors = try bad.errors { fixture in
            try fixture.edit(path, replacing: old, with: "\"\(field)\": \"\(date)\"")
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/\(path): ") == true)
        #expect(errors.first?.hasSuffix(
            ".\(field): error: expected an ISO 8601 timestamp with an offset, found \"\(date)\": outside the instants the site can show, from 1583-01-01T00:00:00Z to 9998-12-31T23:59:59Z") == true)
    }

    @Test func theLastUsableBuildDateIsAccepted() throws {
        let fixture = try Fixture()
        try fixture.edit("site.json", replacing: #""pageSize": 2"#, with: #""pageSize": 2, "buildDate": "9998-12-31T23:59:59Z""#)
        try fixture.importOrFail()
        #expect(BuildInstant.isUsable(BuildInstant.end - 1) && !BuildInstant.isUsable(BuildInstant.end) && !BuildInstant.isUsable(-1))
    }

    @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftUntouched() throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(atPath: fixture.root + "/state", withIntermediateDirectories: true)
        do {
            let other = try Database(path: fixture.store)
            try other.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
        }
        let bytes = try fixture.storeBytes()
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map(\.description) == [
            "\(fixture.store): error: not a Vantage store (an SQLite database with the tables notes, schema version 0); it was left untouched. Give --db a Vantage store or a new file",
        ])
        #expect(try fixture.storeBytes() == bytes)
        // Reading (as a build does) refuses it the same way.
        #expect(throws: StoreError.self) { try Store(path: fixture.store, readOnly: true) }
        #expect(try fixture.storeBytes() == bytes)
        // A file that is not SQLite at all is refused too, and kept.
        try Data("just text\n".utf8).write(to: URL(fileURLWithPath: fixture.store))
        guard case .failure(let text) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(text.errors.first?.description.contains("not a Vantage store") == true)
        #expect(try String(contentsOfFile: fixture.store, encoding: .utf8) == "just text\n")
    }

    @Test func aFailedFirstImportRemovesEveryFolderItCreated() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self""#, with: #""for": "me""#)
        let store = fixture.root + "/new/deeper/state/store.sqlite"
        let rejects = fixture.root + "/elsewhere/r/rejects.jsonl"
        #expect(throws: ImportFailure.self) {
            try Importer.run(ImportOptions(contentDirectory: fixture.content, storePath: store))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/new"))
        // With --keep-going, a failure (here a site.json error) removes the rejects folders too.
        try fixture.edit("site.json", replacing: #""pageSize": 2"#, with: #""pageSize": 0"#)
        #expect(throws: ImportFailure.self) {
            try Importer.run(ImportOptions(contentDirectory: fixture.content, storePath: store, keepGoing: true, rejectsPath: rejects))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/new"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/elsewhere"))
        // A folder that was there before stays, with what it held.
        try FileManager.default.createDirectory(atPath: fixture.root + "/kept", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.root + "/kept/mine.txt"))
        #expect(throws: ImportFailure.self) {
            try Importer.run(ImportOptions(contentDirectory: fixture.content, storePath: fixture.root + "/kept/sub/store.sqlite"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/kept") == ["mine.txt"])
    }
}
