import Foundation
@testable import Import
import Testing
import VantageCLI
import VantageCore

/// A first import writes the hearers through a thread of their own into a side database beside
/// the store, then moves them in (`HearerStaging`). Against inserting them one by one on the
/// storing thread: the same store byte for byte in its dump, the same messages, the same rejects
/// file; and the side file never outlives the import, whether it succeeds or fails.
struct HearerStagingTests {
    static func run(_ files: [String: String], keepGoing: Bool, stagesHearers: Bool, threads: Int = 2)
        throws -> (outcome: ReadingThreadsTests.Outcome, staged: Int, leftovers: [String])
    {
        let fixture = try Fixture(files)
        let (outcome, report) = try ReadingThreadsTests.outcome(of: fixture, keepGoing: keepGoing) {
            $0.readingThreads = threads
            $0.stagesHearers = stagesHearers
        }
        let folder = (fixture.store as NSString).deletingLastPathComponent
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("store.sqlite-") }.sorted()
        return (outcome, report?.stagedHearers ?? 0, leftovers)
    }

    /// An export of many quotes (more than the writer's chunks of 1,024 quotes times the four it
    /// lets wait, so the storing thread waits for it too), each with one to three hearers.
    static func bigExport(quotes count: Int, jsonLines: Bool) -> [String: String] {
        func phone(_ index: Int) -> String { "+1415555\(String(format: "%04d", 1000 + index))" }
        let users = (0..<50).map { #"{"phone": "\#(phone($0))", "firstName": "Ana", "lastName": "Nº\#($0)"}"# }
        let quotes = (0..<count).map { index in
            let hearers = (1...(1 + index % 3)).map { offset in
                #"{"phone": "\#(phone((index + offset * 7) % 50))", "name": "Hörer \#(offset) \#(index % 13)"}"#
            }
            return #"{"id": "q\#(index)", "text": "Said \#(index)", "saidBy": {"phone": "\#(phone(index % 50))", "name": "Sprecher"}, "heardBy": [\#(hearers.joined(separator: ", "))], "when": "2026-05-01T18:\#(String(format: "%02d", index % 60)):00Z", "submittedBy": "\#(phone((index + 3) % 50))"}"#
        }
        if jsonLines {
            return ["quotes/users.jsonl": users.joined(separator: "\n") + "\n", "quotes/quotes.jsonl": quotes.joined(separator: "\n") + "\n"]
        }
        return ["quotes/export.json": #"{"users": [\#(users.joined(separator: ",\n"))],"# + "\n"
            + #""quotes": [\#(quotes.joined(separator: ",\n"))]}"#]
    }

    @Test(arguments: [false, true])
    func stagedHearersAreTheStoreOfHearersInsertedOneByOne(jsonLines: Bool) throws {
        let files = Self.bigExport(quotes: 6_000, jsonLines: jsonLines)
        let staged = try Self.run(files, keepGoing: false, stagesHearers: true)
        let plain = try Self.run(files, keepGoing: false, stagesHearers: false)
        #expect(staged.outcome.summary.contains("quotes 6000, hearers 12000"))
        #expect(staged.staged == 12_000 && plain.staged == 0)
        #expect(staged.outcome == plain.outcome)
        #expect(staged.leftovers.isEmpty && plain.leftovers.isEmpty)
        // One reader, four: the same again.
        #expect(try Self.run(files, keepGoing: false, stagesHearers: true, threads: 1).outcome == plain.outcome)
        #expect(try Self.run(files, keepGoing: false, stagesHearers: true, threads: 4).outcome == plain.outcome)
    }

    /// Bad records among the quotes (a repeated id, an unknown user, a bad id, a line that is not
    /// JSON): with `--keep-going` the same rows and rejects; without it nothing stored, the same
    /// errors, and no side file left.
    @Test(arguments: [false, true])
    func badRecordsAreTheSameWithTheWriterAndWithout(jsonLines: Bool) throws {
        let files = ReadingThreadsTests.export(jsonLines: jsonLines)
        for keepGoing in [true, false] {
            let staged = try Self.run(files, keepGoing: keepGoing, stagesHearers: true)
            let plain = try Self.run(files, keepGoing: keepGoing, stagesHearers: false)
            #expect(staged.outcome == plain.outcome)
            #expect(staged.outcome.errors.count == (jsonLines ? 10 : 9))
            #expect(staged.leftovers.isEmpty)
            if keepGoing { #expect(staged.staged > 0) } else { #expect(staged.outcome.dump == nil) }
        }
    }

    /// A document that cannot be read past a record deep in it: the writer has stored rows by
    /// then; they are dropped with the side file, and the store is never made.
    @Test func aDocumentBrokenHalfwayLeavesNoSideFile() throws {
        var files = Self.bigExport(quotes: 6_000, jsonLines: false)
        files["quotes/export.json"] = files["quotes/export.json"]!.replacingOccurrences(of: #"{"id": "q5000", "#, with: #"{"id": "q5000" "#)
        let staged = try Self.run(files, keepGoing: false, stagesHearers: true)
        #expect(staged.outcome.summary == "failed" && staged.outcome.dump == nil)
        #expect(staged.outcome.errors.count == 1 && staged.outcome.errors[0].contains("expected ',' or '}' to continue the object"))
        #expect(staged.leftovers.isEmpty)
        #expect(try Self.run(files, keepGoing: false, stagesHearers: false).outcome == staged.outcome)
    }

    /// A side file that cannot be made (here a folder of that name is in the way): the rows go in
    /// one by one, and the store is the same.
    @Test func aSideFileThatCannotBeMadeMeansRowByRow() throws {
        let files = Self.bigExport(quotes: 1_500, jsonLines: false)
        let fixture = try Fixture(files)
        try FileManager.default.createDirectory(atPath: fixture.store + "-hearers/in-the-way", withIntermediateDirectories: true)
        let report = try Importer.run(ImportOptions(contentDirectory: fixture.content, storePath: fixture.store, keepGoing: false,
                                                    rejectsPath: nil, handles: SiteHandleRule()))
        #expect(report.stagedHearers == 0)
        #expect(report.tables.first { $0.name == "hearers" }?.stored == 3_000)
        #expect(try fixture.dump() == Self.run(files, keepGoing: false, stagesHearers: false).outcome.dump)
        // Whatever was in the way is left as it was.
        #expect(FileManager.default.fileExists(atPath: fixture.store + "-hearers/in-the-way"))
    }

    /// A re-import into a store with quotes goes row by row (rows are compared, not only added),
    /// and stores what a first import of the same export does.
    @Test func aReimportWritesRowByRowAndEndsTheSame() throws {
        func importing(_ fixture: Fixture) throws -> ImportReport {
            try Importer.run(ImportOptions(contentDirectory: fixture.content, storePath: fixture.store, keepGoing: false,
                                           rejectsPath: nil, handles: SiteHandleRule()))
        }
        let edited = Self.bigExport(quotes: 1_600, jsonLines: false)
        let fixture = try Fixture(Self.bigExport(quotes: 1_500, jsonLines: false))
        #expect(try importing(fixture).stagedHearers == 3_000)
        try fixture.write("quotes/export.json", edited["quotes/export.json"]!)
        let again = try importing(fixture)
        #expect(again.stagedHearers == 0)
        #expect(again.tables.first { $0.name == "hearers" }?.changes == RowChanges(added: 199, unchanged: 3_000))
        let fresh = try Fixture(edited)
        #expect(try importing(fresh).stagedHearers == 3_199)
        #expect(try fixture.logicalDump() == fresh.logicalDump())
    }
}
