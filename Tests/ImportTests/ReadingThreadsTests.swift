import Foundation
import Import
import Store
import Testing
import VantageCLI
import VantageCore

/// Records are parsed and checked on several threads and stored on one, in file order: any
/// number of reading threads gives the same store, byte for byte in its dump, the same errors
/// in the same order, the same warnings and the same rejects file.
struct ReadingThreadsTests {
    /// An export of several batches (the pipeline hands 256 records at a time), with bad
    /// records spread through it: each kind of error the readers or the storing thread find.
    static func export(jsonLines: Bool) -> [String: String] {
        func phone(_ index: Int) -> String {
            // Several spellings of the same numbers, so the phone memo and the merge both work.
            let digits = String(format: "%04d", 1000 + index)
            switch index % 3 {
            case 0: return "+1 415 555 \(digits)"
            case 1: return "(415) 555-\(digits)"
            default: return "415.555.\(digits)"
            }
        }
        var users: [String] = []
        for index in 0..<300 {
            var user = #"{"phone": "\#(phone(index))", "firstName": "Jose\#(index % 2 == 0 ? "\\u0301" : "")", "lastName": "Nº\#(index)""#
            if index == 150 { user += #", "nickname": "Zé""# }
            if index == 151 { user += #", "password": "hunter2""# }
            if index == 200 { user = #"{"phone": "555-01", "firstName": "Short", "lastName": "Phone""# }
            users.append(user + "}")
        }
        var quotes: [String] = []
        for index in 0..<1_500 {
            let id = index == 900 ? "q-10" : "q-\(index)"
            let speaker = index % 7 == 0 ? "+44 20 7946 \(String(format: "%04d", index % 50))" : phone(index % 300)
            var hearers: [String] = []
            for offset in 1...(1 + index % 3) {
                hearers.append(#"{"phone": "\#(phone((index + offset * 37) % 300))", "name": "Hearer \#(offset) — ñ"}"#)
            }
            let when = index == 1_200 ? "2026-05-01T18:00:00" : "2026-05-01T18:\(String(format: "%02d", index % 60)):00Z"
            // Escapes the export scan must step over: an escaped quote, an escaped backslash
            // right before the closing quote.
            let text = index % 5 == 0 ? "Cafe\\u0301 talk \(index) 日本語 \\\"quoted\\\""
                : index % 11 == 0 ? "Back\\\\slash \(index) \\\\" : "Said \(index) <b>&</b>"
            var quote = #"{"id": "\#(id)", "text": "\#(text)", "saidBy": {"phone": "\#(speaker)", "name": "Speaker"}, "heardBy": [\#(hearers.joined(separator: ", "))], "when": "\#(when)", "submittedBy": "\#(phone((index + 37) % 300))""#
            if index == 700 || index == 1_300 { quote += #", "mood": "happy""# }
            if index == 1_400 { quote = #"{"id": "bad id", "text": "x""# }
            quotes.append(quote + "}")
        }
        if jsonLines {
            // A line that is not JSON, in the middle: rejected at its line, the rest read on.
            quotes.insert(#"{"id": "q-broken", "text": }"#, at: 1_000)
            return [
                "quotes/users.jsonl": users.joined(separator: "\n") + "\n",
                "quotes/quotes.jsonl": quotes.joined(separator: "\n") + "\n",
            ]
        }
        return ["quotes/export.json": #"{"users": [\#(users.joined(separator: ",\n"))],"# + "\n"
            + #""quotes": [\#(quotes.joined(separator: ",\n"))]}"#]
    }

    /// What one import shows: its outcome, warnings and errors in order, the rejects file and
    /// the store's dump.
    struct Outcome: Equatable {
        var summary: String
        var warnings: [String]
        var errors: [String]
        var rejects: String?
        var dump: String?
    }

    static func run(_ files: [String: String], threads: Int, keepGoing: Bool) throws -> Outcome {
        let fixture = try Fixture(files)
        return try outcome(of: fixture, keepGoing: keepGoing) { $0.readingThreads = threads }.outcome
    }

    /// Imports `fixture`'s content into its store (`configure` sets the options beyond
    /// `keepGoing`) and tells what came of it, with the report of a successful import. The one
    /// harness of the tests that compare whole imports made different ways.
    static func outcome(of fixture: Fixture, keepGoing: Bool, configure: (inout ImportOptions) -> Void) throws
        -> (outcome: Outcome, report: ImportReport?)
    {
        var options = ImportOptions(contentDirectory: fixture.content, storePath: fixture.store, keepGoing: keepGoing,
                                    rejectsPath: keepGoing ? fixture.rejects : nil, handles: SiteHandleRule())
        configure(&options)
        func names(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        }
        var outcome: Outcome
        var report: ImportReport?
        switch Result(catching: { () throws(ImportFailure) in try Importer.run(options) }) {
        case .success(let imported):
            outcome = Outcome(summary: imported.tables.map { "\($0.name) \($0.stored)" }.joined(separator: ", "),
                              warnings: names(imported.warnings), errors: names(imported.rejected))
            report = imported
        case .failure(let failure):
            outcome = Outcome(summary: "failed", warnings: names(failure.warnings), errors: names(failure.errors))
        }
        outcome.rejects = try? String(contentsOfFile: fixture.rejects, encoding: .utf8)
            .replacingOccurrences(of: fixture.content, with: "content")
        outcome.dump = try fixture.dump()
        return (outcome, report)
    }

    @Test(arguments: [false, true])
    func anyNumberOfReadersStoresTheSameAndRejectsTheSame(jsonLines: Bool) throws {
        let files = Self.export(jsonLines: jsonLines)
        let one = try Self.run(files, threads: 1, keepGoing: true)
        // The export really has what the comparison is about.
        #expect(one.summary.hasPrefix("site 1, people "))
        // A bad user, the quotes it submitted (follow-on errors), a repeated id, a local time, a
        // bad id, and for JSON Lines a line that is not JSON.
        #expect(one.errors.count == (jsonLines ? 10 : 9))
        let repeated = jsonLines ? "content/quotes/quotes.jsonl:901: id: " : "content/quotes/export.json: quotes[900].id: "
        let first = jsonLines ? "content/quotes/quotes.jsonl line 11" : "quotes[10]"
        #expect(one.errors.contains(repeated + #"error: expected a unique quote id, found "q-10" a second time (first at "# + first + ")"))
        if jsonLines { #expect(one.errors.contains { $0.hasPrefix("content/quotes/quotes.jsonl:1001:28: error: expected a JSON value, found '}'") }) }
        #expect(one.warnings.contains { $0.contains(#"unknown field "mood" is not stored (in 2 records)"#) })
        #expect(one.dump?.contains("Jos\u{E9}") == true && one.dump?.contains("Caf\u{E9} talk 5 日本語 \"quoted\"") == true)
        #expect(one.dump?.contains(#"Back\slash 11 \"#) == true)
        for threads in [2, 4] {
            #expect(try Self.run(files, threads: threads, keepGoing: true) == one)
        }
        // Without --keep-going: nothing stored, the same errors in the same order.
        let strict = try Self.run(files, threads: 1, keepGoing: false)
        #expect(strict.summary == "failed" && strict.dump == nil && strict.errors == one.errors)
        #expect(try Self.run(files, threads: 4, keepGoing: false) == strict)
    }

    /// A document that cannot be read past some record: every reader count reports its first
    /// syntax error, at the same line and column, and stores nothing.
    @Test func aSyntaxErrorDeepInTheExportIsTheSameErrorWithAnyNumberOfReaders() throws {
        var files = Self.export(jsonLines: false)
        files["quotes/export.json"] = files["quotes/export.json"]!.replacingOccurrences(
            of: #"{"id": "q-1111", "#, with: #"{"id": "q-1111" "#)
        let one = try Self.run(files, threads: 1, keepGoing: false)
        #expect(one.summary == "failed" && one.dump == nil)
        #expect(one.errors.count == 1)
        // The line is long (one record a line): the message quotes the part around the place.
        let lines = one.errors.first?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(lines.first == #"content/quotes/export.json:1412:17: error: expected ',' or '}' to continue the object, found '"'"#)
        #expect(lines.count == 3 && lines[1].hasPrefix(#"    {"id": "q-1111" "text": "#) && lines[1].hasSuffix("…") && lines[1].count == 4 + 121)
        #expect(lines.last == Substring(String(repeating: " ", count: 4 + 16) + "^"))
        #expect(try Self.run(files, threads: 4, keepGoing: false) == one)
        // With --keep-going the file is rejected whole, the same way.
        let kept = try Self.run(files, threads: 1, keepGoing: true)
        #expect(try Self.run(files, threads: 3, keepGoing: true) == kept)
    }

    /// The real sample content: one reader and four give the same store.
    @Test func theSampleContentIsStoredTheSameWithAnyNumberOfReaders() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let content = root.appendingPathComponent("content").path
        var dumps: [String] = []
        for threads in [1, 4] {
            let fixture = try Fixture([:])
            var options = ImportOptions(contentDirectory: content, storePath: fixture.store, handles: SiteHandleRule())
            options.readingThreads = threads
            _ = try Importer.run(options)
            dumps.append(try #require(try fixture.dump()))
        }
        #expect(dumps[0] == dumps[1])
        #expect(dumps[0].contains("quote"))
    }
}
