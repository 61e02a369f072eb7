import Foundation
import Import
import Store
import Testing
import VantageCore

/// The re-import's memory of the quote records (docs/IMPORT.md, Re-importing): a batch of
/// records unchanged since the last import is not read again. Each test imports export A,
/// changes it to B and imports again, and compares everything with the same B imported
/// without the memory (its rows cleared, so every record is read, as before the memory
/// existed) and, where people keep the same ids, into a fresh store: the dump, the report,
/// the errors, the warnings and the rejects file.
struct ReimportMemoryTests {
    /// 700 quote records (batches of 256, 256 and 188), said and heard by users and by
    /// contacts who never registered; `change` may rewrite (or, returning nil, drop) one.
    static func records(_ count: Int = 700, change: (Int, String) -> String? = { $1 }) -> [String] {
        (0..<count).compactMap { index in
            change(index, #"""
                { "id": "q\#(index)", "text": "Quote number \#(index) café",
                  "saidBy": { "phone": "+1 415 555 01\#(10 + index % 4)", "name": "Speaker" },
                  "heardBy": [ { "phone": "+1 415 555 02\#(10 + index % 7)", "name": "Contact \#(index % 7)" },
                               { "phone": "+1 415 555 01\#(10 + (index + 1) % 4)", "name": "Hearer" } ],
                  "when": "2026-05-01T18:00:00Z", "submittedBy": "+14155550\#(110 + index % 4)" }
                """#)
        }
    }

    static let users = (0..<4).map { user in
        #"{ "phone": "+1 415 555 01\#(10 + user)", "firstName": "User\#(user)", "lastName": "Lima", "locale": "en-US", "timeZone": "UTC" }"#
    }

    /// `quotes/export.json` with the users and `records`.
    static func quotes(_ count: Int = 700, change: (Int, String) -> String? = { $1 }) -> String {
        "{ \"users\": [\n" + users.joined(separator: ",\n") + "\n], \"quotes\": [\n"
            + records(count, change: change).joined(separator: ",\n") + "\n] }\n"
    }

    /// Everything an import leaves behind that a user or the build can see, and its memory.
    struct Outcome: Equatable {
        /// The dump without the import's memory (`import_*` tables), which `memory` holds.
        var data: String?
        var memory: String?
        /// The batches remembered.
        var batches: Int
        /// The report's counts per table (a fresh import adds what a re-import leaves alone).
        var changes: String
        /// Records read, warnings and errors (or rejections).
        var report: String
        var rejects: String?
        var failed: Bool { report.hasPrefix("failed") }
    }

    static func outcome(_ fixture: Fixture, keepGoing: Bool) throws -> Outcome {
        let result = fixture.runImport(keepGoing: keepGoing)
        let report: String
        var changes = ""
        switch result {
        case .success(let value):
            changes = "\(value.tables.map { "\($0.name) \($0.stored) \($0.changes)" })"
            report = "read \(value.recordsRead.map { "\($0.name) \($0.count)" })\n"
                + "warnings \(value.warnings.map(\.description))\nrejected \(value.rejected.map(\.description))"
        case .failure(let failure):
            report = "failed \(failure.errors.map(\.description))\nwarnings \(failure.warnings.map(\.description))"
        }
        var batches = 0
        if FileManager.default.fileExists(atPath: fixture.store),
           case .integer(let count) = try fixture.read({ try $0.scalar("SELECT count(*) FROM import_quote_batch") })
        {
            batches = Int(count)
        }
        let rejects = try? String(contentsOfFile: fixture.rejects, encoding: .utf8)
        // Names of the content folder differ between the fixtures; the rest must not.
        func local(_ text: String) -> String { text.replacingOccurrences(of: fixture.root, with: "ROOT") }
        var data: String?
        var memory: String?
        if let dump = try fixture.dump() {
            var inMemory = false
            (data, memory) = ("", "")
            for line in dump.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("table ") { inMemory = line.hasPrefix("table import_") }
                if inMemory { memory! += line + "\n" } else { data! += line + "\n" }
            }
        }
        return Outcome(data: data.map(local), memory: memory, batches: batches, changes: changes, report: local(report),
                       rejects: rejects.map(local))
    }

    /// Expects the same report, rejects and (unless `data` is false) data; the memory too
    /// when the import succeeded (a failed one leaves each store as it was).
    static func expectSame(_ x: Outcome, _ y: Outcome, data: Bool = true, changes: Bool = true, _ comment: Comment? = nil,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(x.report == y.report, comment, sourceLocation: sourceLocation)
        if changes { #expect(x.changes == y.changes, comment, sourceLocation: sourceLocation) }
        #expect(x.rejects == y.rejects, comment, sourceLocation: sourceLocation)
        if data { #expect(x.data == y.data, comment, sourceLocation: sourceLocation) }
        if data, !x.failed { #expect(x.memory == y.memory, comment, sourceLocation: sourceLocation) }
    }

    /// Imports `a` then `b` into one store, and `b` into one whose memory was cleared between
    /// the imports; returns both outcomes of `b`, and the one of `b` into a fresh store.
    static func reimport(_ a: [String: String], _ b: [String: String], keepGoing: Bool = false) throws
        -> (remembered: Outcome, unremembered: Outcome, fresh: Outcome)
    {
        let remembered = try Fixture(a)
        let unremembered = try Fixture(a)
        let fresh = try Fixture(b)
        try remembered.importOrFail(keepGoing: keepGoing)
        try unremembered.importOrFail(keepGoing: keepGoing)
        // Forgotten: every record of B is read, as before the memory existed.
        try Store(path: unremembered.store).write { try $0.execute("DELETE FROM import_quote_batch") }
        for (path, text) in b {
            try remembered.write(path, text)
            try unremembered.write(path, text)
        }
        for path in a.keys where b[path] == nil {
            try remembered.remove(path)
            try unremembered.remove(path)
        }
        return (try outcome(remembered, keepGoing: keepGoing), try outcome(unremembered, keepGoing: keepGoing),
                try outcome(fresh, keepGoing: keepGoing))
    }

    static let site = ["site.json": #"{ "title": "Family" }"#]

    static func export(_ text: String) -> [String: String] { site.merging(["quotes/export.json": text]) { $1 } }

    @Test func oneEditedQuoteStoresWhatAFreshImportStores() throws {
        let b = Self.export(Self.quotes { index, text in
            index == 300 ? text.replacingOccurrences(of: "Quote number 300", with: "Quote number 300, edited") : text
        })
        let outcome = try Self.reimport(Self.export(Self.quotes()), b)
        Self.expectSame(outcome.remembered, outcome.unremembered)
        Self.expectSame(outcome.remembered, outcome.fresh, changes: false)
        #expect(outcome.remembered.changes.contains(#"quotes 700 RowChanges(added: 0, updated: 1, unchanged: 699, removed: 0)"#))
        #expect(outcome.remembered.data?.contains("'Quote number 300, edited café'") == true)
        #expect(outcome.remembered.batches == 3)
    }

    /// The changes of `aChangedExportStoresWhatReadingEverythingStores`, by name.
    static func change(_ name: String) -> (Int, String) -> String? {
        switch name {
        // A quote removed: every later record moves up one place, so every later batch changed.
        case "a removed quote": return { index, text in index == 10 ? nil : text }
        case "a renamed contact":
            return { index, text in index == 257 ? text.replacingOccurrences(of: "\"Contact 5\"", with: "\"Contact five\"") : text }
        case "a new speaker":
            return { index, text in
                index == 258 ? text.replacingOccurrences(of: "+1 415 555 0112\", \"name\": \"Speaker", with: "+1 415 555 0299\", \"name\": \"New") : text
            }
        case "a changed id": return { index, text in index == 600 ? text.replacingOccurrences(of: "\"q600\"", with: "\"q-new\"") : text }
        default: return { $1 }
        }
    }

    @Test(arguments: ["a removed quote", "a renamed contact", "a new speaker", "a changed id"])
    func aChangedExportStoresWhatReadingEverythingStores(_ name: String) throws {
        let b = Self.export(Self.quotes(change: Self.change(name)))
        #expect(b["quotes/export.json"] != Self.quotes(), "\(name)")
        let outcome = try Self.reimport(Self.export(Self.quotes()), b)
        Self.expectSame(outcome.remembered, outcome.unremembered, "\(name)")
        #expect(!outcome.remembered.failed, "\(name)")
    }

    @Test func aChangedUserStoresWhatReadingEverythingStores() throws {
        let b = Self.export(Self.quotes().replacingOccurrences(of: #""firstName": "User2""#, with: #""firstName": "Renamed""#))
        let outcome = try Self.reimport(Self.export(Self.quotes()), b)
        Self.expectSame(outcome.remembered, outcome.unremembered)
        Self.expectSame(outcome.remembered, outcome.fresh, changes: false)
        // A user who is no longer one: the quotes they submitted are errors again, at each record.
        let c = Self.export(Self.quotes().replacingOccurrences(
            of: #"{ "phone": "+1 415 555 0113", "firstName": "User3", "lastName": "Lima", "locale": "en-US", "timeZone": "UTC" }"#,
            with: #"{ "phone": "+1 415 555 0199", "firstName": "User3", "lastName": "Lima" }"#))
        let gone = try Self.reimport(Self.export(Self.quotes()), c)
        Self.expectSame(gone.remembered, gone.unremembered)
        Self.expectSame(gone.remembered, gone.fresh, data: false, changes: false)
        #expect(gone.remembered.report.contains(
            "quotes[3].submittedBy: error: expected the phone of a registered Quotes user, found +14155550113, which no Quotes user has"))
    }

    @Test func anIDMadeRepeatedByAnEditIsNamedAtItsSecondRecordInAnUnchangedBatch() throws {
        // q650 sits in the last batch, which did not change; the edit in the first batch makes
        // its id the second q650 of the export.
        let b = Self.export(Self.quotes { index, text in index == 5 ? text.replacingOccurrences(of: "\"q5\"", with: "\"q650\"") : text })
        let strict = try Self.reimport(Self.export(Self.quotes()), b)
        Self.expectSame(strict.remembered, strict.unremembered)
        Self.expectSame(strict.remembered, strict.fresh, data: false, changes: false)
        #expect(strict.remembered.report.contains(
            #"ROOT/content/quotes/export.json: quotes[650].id: error: expected a unique quote id, found \"q650\" a second time (first at quotes[5])"#))
        let kept = try Self.reimport(Self.export(Self.quotes()), b, keepGoing: true)
        Self.expectSame(kept.remembered, kept.unremembered)
        #expect(kept.remembered.rejects?.contains(#"Quote number 650 café"#) == true)
        #expect(kept.remembered.changes.contains("quotes 699"))
        // The batch with the rejected record is not remembered: the next import reads it again.
        #expect(kept.remembered.batches == 2)
    }

    @Test func anIDHoldingThePhoneOfAPersonNewInAnEarlierBatchIsRefusedInAnUnchangedBatch() throws {
        // q-2025550123 sits in the last batch, which does not change; the edit brings the phone
        // its id holds into the first batch, as a new hearer. Read again, the record is refused
        // (the id would publish the phone): the unchanged batch must say so too.
        let a = Self.export(Self.quotes { index, text in
            index == 650 ? text.replacingOccurrences(of: "\"q650\"", with: "\"q-2025550123\"") : text
        })
        let b = Self.export(Self.quotes { index, text in
            switch index {
            case 5: return text.replacingOccurrences(
                of: #"{ "phone": "+1 415 555 0215", "name": "Contact 5" },"#,
                with: #"{ "phone": "+1 415 555 0215", "name": "Contact 5" }, { "phone": "(202) 555-0123", "name": "New" },"#)
            case 650: return text.replacingOccurrences(of: "\"q650\"", with: "\"q-2025550123\"")
            default: return text
            }
        })
        #expect(b != a)
        let strict = try Self.reimport(a, b)
        Self.expectSame(strict.remembered, strict.unremembered)
        Self.expectSame(strict.remembered, strict.fresh, data: false, changes: false)
        #expect(strict.remembered.report.contains(
            #"quotes[650].id: error: expected an id without a phone number in it"#))
        #expect(strict.remembered.report.contains(#"found \"q-2025550123\", which holds the phone of a person of the export"#))
        let kept = try Self.reimport(a, b, keepGoing: true)
        Self.expectSame(kept.remembered, kept.unremembered)
        #expect(kept.remembered.data?.contains("q-2025550123") == false)
        #expect(kept.remembered.changes.contains("quotes 699"))
    }

    @Test func aWarningOfAnUnchangedRecordIsGivenAgain() throws {
        func mood(_ index: Int, _ text: String) -> String {
            index == 400 ? text.replacingOccurrences(of: #""text": "#, with: #""mood": "glad", "text": "#) : text
        }
        let a = Self.export(Self.quotes(change: mood))
        let b = Self.export(Self.quotes { index, text in
            mood(index, index == 2 ? text.replacingOccurrences(of: "Quote number 2 ", with: "Quote number two ") : text)
        })
        let outcome = try Self.reimport(a, b)
        Self.expectSame(outcome.remembered, outcome.unremembered)
        Self.expectSame(outcome.remembered, outcome.fresh, changes: false)
        #expect(outcome.remembered.report.contains(#"quotes[400].mood: warning: unknown field \"mood\" is not stored (in 1 record)"#))
    }

    @Test func jsonLinesWithBlankLinesAreRememberedByRecordNotByLine() throws {
        func lines(_ change: (Int, String) -> String? = { $1 }) -> [String: String] {
            let records = Self.records(change: change).map { $0.replacingOccurrences(of: "\n", with: " ") }
            return Self.site.merging([
                "quotes/users.jsonl": Self.users.joined(separator: "\n") + "\n",
                // A blank line every hundred records: lines and records are not the same count.
                "quotes/quotes.jsonl": records.enumerated().map { $0 % 100 == 0 ? "\n" + $1 : $1 }.joined(separator: "\n") + "\n",
            ]) { $1 }
        }
        let outcome = try Self.reimport(lines(), lines { index, text in
            index == 500 ? text.replacingOccurrences(of: "Quote number 500", with: "Quote 500") : text
        })
        Self.expectSame(outcome.remembered, outcome.unremembered)
        Self.expectSame(outcome.remembered, outcome.fresh, changes: false)
        #expect(outcome.remembered.changes.contains("quotes 700 RowChanges(added: 0, updated: 1, unchanged: 699, removed: 0)"))
    }

    @Test func anUnchangedExportWritesNoPageAndTheMemoryIsUsed() throws {
        let fixture = try Fixture(Self.export(Self.quotes()))
        try fixture.importOrFail()
        #expect(try fixture.read { try $0.scalar("SELECT count(*) FROM import_quote_batch") } == .integer(3))
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.store))
        let report = try fixture.importOrFail()
        #expect(report.changedNothing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store)) == before)
    }

    /// The proof that unchanged batches are skipped, and only they: a row changed behind the
    /// import's back stays while its batch is unchanged, and is read again (so repaired) once
    /// the batch, or the users every record is read against, change.
    @Test func onlyAChangedBatchOrContextIsReadAgain() throws {
        let fixture = try Fixture(Self.export(Self.quotes()))
        try fixture.importOrFail()
        func tamper() throws {
            try Store(path: fixture.store).write { try $0.execute("UPDATE quote SET text = 'tampered' WHERE id IN ('q0', 'q300')") }
        }
        func texts() throws -> [DatabaseValue] {
            try fixture.read { try $0.rows("SELECT text FROM quote WHERE id IN ('q0', 'q300') ORDER BY id").map { $0[0] } }
        }
        try tamper()
        try fixture.importOrFail()
        #expect(try texts() == [.text("tampered"), .text("tampered")])
        // q301 is in q300's batch (256 to 511): that batch is read again, the first is not.
        let edited = Self.quotes { index, text in
            index == 301 ? text.replacingOccurrences(of: "Quote number 301", with: "Quote 301") : text
        }
        try fixture.write("quotes/export.json", edited)
        try fixture.importOrFail()
        #expect(try texts() == [.text("tampered"), .text("Quote number 300 café")])
        // A renamed user changes no quote row: nothing is read again.
        try tamper()
        try fixture.write("quotes/export.json", edited.replacingOccurrences(of: "\"User1\"", with: "\"Una\""))
        try fixture.importOrFail()
        #expect(try texts() == [.text("tampered"), .text("tampered")])
        // A new user (who was one of the contacts): every record is read again.
        try fixture.write("quotes/export.json", edited.replacingOccurrences(
            of: "\"users\": [\n", with: "\"users\": [\n{ \"phone\": \"+1 415 555 0299\", \"firstName\": \"New\", \"lastName\": \"User\" },\n"))
        try fixture.importOrFail()
        #expect(try texts() == [.text("Quote number 0 café"), .text("Quote number 300 café")])
    }
}
