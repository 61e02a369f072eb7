import Foundation
import Import
import Store
import Testing
import VantageCore

/// `content/submissions/*.json` (DATA.md, Submissions from the site): handles resolved through
/// the site's handle rule in the submitter's part, stable ids, the same rules as the apps'
/// exports, each bad record refused at its record path.
///
/// In the sample fixture Ana Lima's part has three people: José Silva (a Quotes user, handle
/// `jose-silva`), Ana herself (`ana-lima`) and Uncle Bob, a contact-only hearer of q-1
/// (`uncle-bob`, from the name recorded in the quote she sees). Chloé Martin is a Quotes user
/// Ana shares no quote or address book with: she is not in Ana's part.
struct SubmissionTests {
    static let good = #"""
        { "submittedBy": "ana-lima", "exportedAt": "2026-05-02T10:00:00Z",
          "quotes": [ { "localId": "1", "text": "Build's at noon.", "saidBy": "jose-silva",
                        "heardBy": ["ana-lima", "uncle-bob"], "when": "2026-05-02T09:30:00-07:00" } ],
          "ideas":  [ { "localId": "2", "text": "Walk to work on Fridays", "showName": false,
                        "for": "self", "submittedAt": "2026-05-02T09:58:00Z" } ] }
        """#

    /// The fixture with one submissions file, imported.
    func imported(_ text: String = good, site: String? = nil) throws -> Fixture {
        let fixture = try Fixture()
        if let site { try fixture.write("site.json", site) }
        try fixture.write("submissions/ana.json", text)
        return fixture
    }

    /// The errors of importing the fixture with `text` as its submissions file (the store must
    /// stay as the import before left it).
    func errors(_ text: String, site: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let fixture = try Fixture()
        if let site { try fixture.write("site.json", site) }
        try fixture.importOrFail()
        let dump = try fixture.dump()
        try fixture.write("submissions/x.json", text)
        guard case .failure(let failure) = fixture.runImport() else {
            Issue.record("the import succeeded", sourceLocation: sourceLocation)
            return []
        }
        #expect(failure.exitCode == .unusable, sourceLocation: sourceLocation)
        #expect(try fixture.dump() == dump, sourceLocation: sourceLocation)
        return failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
    }

    /// `good` with `old` replaced.
    func good(replacing old: String, with new: String) -> String {
        precondition(Self.good.contains(old))
        return Self.good.replacingOccurrences(of: old, with: new)
    }

    @Test func aSubmissionIsStoredWithItsHandlesResolvedToPeople() throws {
        let fixture = try imported()
        try fixture.importOrFail()
        let rows = try fixture.read { db in
            try db.rows("""
                SELECT q.id, q.text, s.phone, q.said_by_name, q.said_at, b.phone FROM quote q
                JOIN person s ON s.id = q.said_by JOIN person b ON b.id = q.submitted_by WHERE q.id LIKE 's-%'
                """)
        }
        #expect(rows == [[
            .text("s-ugdzcrzerqaykh"), .text("Build's at noon."), .text("+14155550199"), .text("José Silva"),
            .integer(1_777_739_400_000_000), .text("+14155550100"),
        ]])
        let hearers = try fixture.read { db in
            try db.rows("SELECT p.phone, h.name FROM hearer h JOIN person p ON p.id = h.person_id WHERE quote_id = 's-ugdzcrzerqaykh' ORDER BY position")
        }
        #expect(hearers == [[.text("+14155550100"), .text("Ana Lima")], [.text("+442079460018"), .text("Uncle Bob")]])
        let ideas = try fixture.read { db in
            try db.rows("""
                SELECT i.id, i.text, p.email, i.author_name, i.show_name, i.for_whom, i.submitted_at FROM idea i
                JOIN person p ON p.id = i.author_id WHERE i.id LIKE 's-%'
                """)
        }
        #expect(ideas == [[
            .text("s-vizpltbxpejvlg"), .text("Walk to work on Fridays"), .text("ana.lima@example.com"), .text("Ana Lima"),
            .integer(0), .text("self"), .integer(1_777_715_880_000_000),
        ]])
    }

    @Test func importingTheSameFileAgainAddsNothing() throws {
        let fixture = try imported()
        try fixture.importOrFail()
        let dump = try fixture.dump()
        let again = try fixture.importOrFail()
        #expect(try fixture.dump() == dump)
        let changes = Dictionary(uniqueKeysWithValues: again.tables.map { ($0.name, $0.changes) })
        #expect(changes["quotes"] == RowChanges(added: 0, updated: 0, unchanged: 4, removed: 0))
        #expect(changes["ideas"] == RowChanges(added: 0, updated: 0, unchanged: 4, removed: 0))
        #expect(changes["hearers"]?.added == 0)
        // Removing the file removes what it added, and only that.
        try fixture.remove("submissions/ana.json")
        let removed = try fixture.importOrFail()
        let after = Dictionary(uniqueKeysWithValues: removed.tables.map { ($0.name, $0.changes) })
        #expect(after["quotes"] == RowChanges(added: 0, updated: 0, unchanged: 3, removed: 1))
        #expect(after["ideas"] == RowChanges(added: 0, updated: 0, unchanged: 3, removed: 1))
    }

    @Test func aFreshStoreAndAnUpdatedOneAgree() throws {
        let fresh = try imported()
        try fresh.importOrFail()
        let updated = try Fixture()
        try updated.importOrFail()
        try updated.write("submissions/ana.json", Self.good)
        try updated.importOrFail()
        #expect(try fresh.logicalDump() == updated.logicalDump())
    }

    @Test func aSubmittedQuoteIsSeenByItsSpeakerAndHearersOnly() throws {
        // Ana records what José said to Uncle Bob: she is in neither, so she does not see it.
        let fixture = try imported(good(replacing: #""heardBy": ["ana-lima", "uncle-bob"]"#, with: #""heardBy": ["uncle-bob"]"#))
        try fixture.importOrFail()
        let viewers = try fixture.read { db in
            try db.rows("SELECT p.phone FROM visible_quote v JOIN person p ON p.id = v.viewer_id WHERE v.quote_id = 's-ugdzcrzerqaykh' ORDER BY 1")
        }
        #expect(viewers == [[.text("+14155550199")], [.text("+442079460018")]])
    }

    @Test func aContactsHandleMayBeWrittenWithDATAmdsCPrefix() throws {
        // DATA.md's example names a contact `c/papa`: the prefix is accepted for a contact
        // without a home, and resolves to the same person as the bare handle.
        let prefixed = try imported(good(replacing: #""uncle-bob"]"#, with: #""c/uncle-bob"]"#))
        try prefixed.importOrFail()
        let bare = try imported()
        try bare.importOrFail()
        #expect(try prefixed.logicalDump() == bare.logicalDump())
        // A home is named by its slug only.
        #expect(try errors(good(replacing: #""saidBy": "jose-silva""#, with: #""saidBy": "c/jose-silva""#)) == [
            #"content/submissions/x.json: quotes[0].saidBy: error: no person with the handle "c/jose-silva" in ana-lima's part"#
        ])
    }

    @Test func aHandleOutsideTheSubmittersPartIsRefused() throws {
        #expect(try errors(good(replacing: #""saidBy": "jose-silva""#, with: #""saidBy": "chloe-martin""#)) == [
            #"content/submissions/x.json: quotes[0].saidBy: error: no person with the handle "chloe-martin" in ana-lima's part"#
        ])
        #expect(try errors(good(replacing: #""uncle-bob"]"#, with: #""papa"]"#)) == [
            #"content/submissions/x.json: quotes[0].heardBy[1]: error: no person with the handle "papa" in ana-lima's part"#
        ])
        // A phone is never a handle, not even of someone in the part.
        #expect(try errors(good(replacing: #""saidBy": "jose-silva""#, with: #""saidBy": "+14155550199""#)) == [
            #"content/submissions/x.json: quotes[0].saidBy: error: no person with the handle "+14155550199" in ana-lima's part"#
        ])
    }

    @Test("A handle or a slug of a user whose record was rejected names that record (DATA.md: what follows names what it follows from)")
    func aRejectedUsersHandleNamesTheRejection() throws {
        let fixture = try Fixture()
        // José's record is rejected for its locale; its name is as good as ever.
        try fixture.edit("quotes/export.json", replacing: #""lastName": "Silva", "locale": "fr""#, with: #""lastName": "Silva", "locale": "!!""#)
        try fixture.write("submissions/ana.json", Self.good)
        try fixture.write("submissions/jose.json", Self.good.replacingOccurrences(of: #""submittedBy": "ana-lima""#, with: #""submittedBy": "jose-silva""#))
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        let errors = failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        let rejected = "a user whose record was rejected (content/quotes/export.json users[1])"
        #expect(errors.contains(#"content/submissions/ana.json: quotes[0].saidBy: error: no person with the handle "jose-silva" in ana-lima's part: it is the handle of \#(rejected)"#), "\(errors)")
        #expect(errors.contains(#"content/submissions/jose.json: submittedBy: error: expected the slug of a person's part of the site, found "jose-silva", the slug of \#(rejected)"#), "\(errors)")
    }

    /// Chloé's Quotes record is rejected, so her address book is too (its owner is no registered
    /// Quotes user); she keeps a part as a Change Jar user (`chloe-m`). A quote she submits naming
    /// her contact "Bob from London" names the rejected contact record, not "no person" (which
    /// said the handle was never hers).
    @Test("A handle of a contact whose record was rejected names that record (DATA.md: what follows names what it follows from)")
    func aRejectedContactsHandleNamesTheRejection() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let dump = try fixture.dump()
        try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""locale": "French""#)
        let quote = good(replacing: #""submittedBy": "ana-lima""#, with: #""submittedBy": "chloe-m""#)
            .replacingOccurrences(of: #""saidBy": "jose-silva""#, with: #""saidBy": "bob-from-london""#)
            .replacingOccurrences(of: #""heardBy": ["ana-lima", "uncle-bob"]"#, with: #""heardBy": ["chloe-m", "c/bob-from-london"]"#)
        try fixture.write("submissions/chloe.json", quote)
        let expected = #"content/submissions/chloe.json: quotes[0].saidBy: error: no person with the handle "bob-from-london" in chloe-m's part: it is the handle of a contact in chloe-m's address book whose record was rejected (content/quotes/export.json contacts[1])"#
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        let errors = failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(errors.last == expected, "\(errors)")
        #expect(try fixture.dump() == dump)
        // With --keep-going too, and in the rejects file; the `c/` spelling names it alike.
        try fixture.write("submissions/chloe.json", quote.replacingOccurrences(of: #""saidBy": "bob-from-london""#, with: #""saidBy": "chloe-m""#))
        let report = try fixture.importOrFail(keepGoing: true)
        let rejected = report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(rejected.last == #"content/submissions/chloe.json: quotes[0].heardBy[1]: error: no person with the handle "c/bob-from-london" in chloe-m's part: it is the handle of a contact in chloe-m's address book whose record was rejected (content/quotes/export.json contacts[1])"#, "\(rejected)")
        // Another person's address book is not Chloé's: Ana never had "Bob from London".
        try fixture.write("submissions/chloe.json", Self.good.replacingOccurrences(of: #""saidBy": "jose-silva""#, with: #""saidBy": "bob-from-london""#))
        let other = try fixture.importOrFail(keepGoing: true).rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") }
        #expect(other.last == #"content/submissions/chloe.json: quotes[0].saidBy: error: no person with the handle "bob-from-london" in ana-lima's part"#, "\(other)")
    }

    @Test func onePersonHeardTwiceUnderTwoHandlesIsRefusedAtTheRecord() throws {
        // `uncle-bob` and `c/uncle-bob` are one person: the record is refused, not the store's
        // key (it used to end the import with SQLite's "UNIQUE constraint failed").
        let twice = good(replacing: #""heardBy": ["ana-lima", "uncle-bob"]"#, with: #""heardBy": ["uncle-bob", "c/uncle-bob"]"#)
        #expect(try errors(twice) == [
            #"content/submissions/x.json: quotes[0].heardBy[1]: error: expected each hearer once, found "c/uncle-bob", the person "uncle-bob" names, again (also heardBy[0])"#
        ])
        // With --keep-going the record alone is rejected, the idea of the same file stored.
        let fixture = try imported(twice)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.exitCode == .findings)
        #expect(report.rejected.map(\.location?.recordPath) == ["quotes[0].heardBy[1]"])
        let stored = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%'") }
        #expect(stored == [[.text("s-vizpltbxpejvlg")]])
    }

    @Test func aPersonWithoutAPhoneCannotSayOrHearAQuote() throws {
        // Zed is a Change Jar user who never joined Quotes: he has a part of the site (`zed`),
        // but a quote is said and heard by phones, and one of his could be seen by no one.
        let zed = good(replacing: #""submittedBy": "ana-lima""#, with: #""submittedBy": "zed""#)
            .replacingOccurrences(of: #""saidBy": "jose-silva""#, with: #""saidBy": "zed""#)
            .replacingOccurrences(of: #""heardBy": ["ana-lima", "uncle-bob"]"#, with: #""heardBy": ["zed"]"#)
        #expect(try errors(zed) == [
            #"content/submissions/x.json: quotes[0].saidBy: error: expected a person with a phone (quotes are said and heard by phones), found "zed", who has none"#
        ])
    }

    /// The ids of the sample file's quote and idea: letters from a digest of what each record is.
    static let quoteID = "s-ugdzcrzerqaykh"
    static let ideaID = "s-vizpltbxpejvlg"

    /// The id is a digest of what the site shows of the record: a phone in its text, masked on
    /// the page, is not in it (the rest of the text and the instant are on the page, so trying
    /// every number against a digest of the raw text found it). Texts that differ only in the
    /// phone masked give the same id.
    @Test func anIdHoldsNoDigestOfAMaskedPhone() throws {
        func id(_ text: String) throws -> String {
            let fixture = try imported(good(replacing: "Build's at noon.", with: text))
            try fixture.importOrFail()
            let rows = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%'") }
            guard case .text(let id)? = rows.first?.first else { Issue.record("no submitted quote"); return "" }
            return id
        }
        let one = try id("Call Ana at 415 555 0100 tonight")
        #expect(one == (try id("Call Ana at +44 20 7946 0018 tonight")))
        #expect(one != (try id("Call Ana at noon tonight")))
    }

    /// A submitted record's id is published (`data-id`): it holds neither the submitter's slug
    /// (an anonymous idea's author, a quote's submitter) nor its `localId`'s digits (a phone).
    @Test func anIdSaysNothingOfWhoSentIt() throws {
        let fixture = try imported(good(replacing: #""localId": "2""#, with: #""localId": "4155550100""#))
        try fixture.importOrFail()
        let ids = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%'") }
        #expect(ids.count == 2)
        for case .text(let id)? in ids.map(\.first) {
            #expect(id.hasPrefix("s-") && id.dropFirst(2).allSatisfy { $0 >= "a" && $0 <= "z" } && id.count == 16, "\(id)")
            #expect(!id.contains("ana") && !id.contains("lima"), "\(id)")
        }
        // Another person's file with the same records: two more records, the ids told apart.
        let ben = Self.good.replacingOccurrences(of: #""submittedBy": "ana-lima""#, with: #""submittedBy": "jose-silva""#)
            .replacingOccurrences(of: #""saidBy": "jose-silva""#, with: #""saidBy": "ana-lima""#)
            .replacingOccurrences(of: #""heardBy": ["ana-lima", "uncle-bob"]"#, with: #""heardBy": ["jose-silva"]"#)
        try fixture.write("submissions/ana.json", Self.good)
        try fixture.write("submissions/jose.json", ben)
        try fixture.importOrFail()
        let all = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%' ORDER BY 1") }
        #expect(all == [Self.ideaID, Self.ideaID + "-2", Self.quoteID, Self.quoteID + "-2"].sorted().map { [DatabaseValue.text($0)] })
    }

    @Test func anIdeaOf161CharactersIsRefused() throws {
        let text = String(repeating: "é", count: 161)
        #expect(try errors(good(replacing: "Walk to work on Fridays", with: text)) == [
            "content/submissions/x.json: ideas[0].text: error: expected 1 to 160 characters, found 161"
        ])
    }

    @Test("A submitted idea's \"for\" is read by the export's rule, with its message")
    func aSubmittedIdeaForNoOneKnownIsRefused() throws {
        #expect(try errors(good(replacing: #""for": "self""#, with: #""for": "me""#)) == [
            #"content/submissions/x.json: ideas[0].for: error: expected "self" or "someone", found "me""#
        ])
    }

    @Test func aQuoteOverTheQuoteLimitIsRefused() throws {
        let site = #"{ "title": "Family", "defaultRegion": "US", "quoteLimit": 40 }"#
        #expect(try errors(good(replacing: "Build's at noon.", with: String(repeating: "👍🏽", count: 41)), site: site) == [
            "content/submissions/x.json: quotes[0].text: error: expected 1 to 40 characters (site.json quoteLimit), found 41"
        ])
        // The default limit is 280.
        #expect(try errors(good(replacing: "Build's at noon.", with: String(repeating: "a", count: 281))) == [
            "content/submissions/x.json: quotes[0].text: error: expected 1 to 280 characters (site.json quoteLimit), found 281"
        ])
    }

    @Test("A text of white space only is refused, as the screens refuse it")
    func aTextThatShowsNothingIsRefused() throws {
        #expect(try errors(good(replacing: "Build's at noon.", with: "   ")) == [
            #"content/submissions/x.json: quotes[0].text: error: expected the words said (1 to 280 characters), found "   ", which shows nothing"#
        ])
        #expect(try errors(good(replacing: "Walk to work on Fridays", with: "\\u00a0\\n")) == [
            #"content/submissions/x.json: ideas[0].text: error: expected the idea (1 to 160 characters), found "\u{A0}\n", which shows nothing"#
        ])
    }

    @Test func anEmptyHeardIsRefused() throws {
        #expect(try errors(good(replacing: #"["ana-lima", "uncle-bob"]"#, with: "[]")) == [
            "content/submissions/x.json: quotes[0].heardBy: error: expected an array of one or more handles, found an empty array"
        ])
    }

    @Test func aWhenWithoutAnOffsetIsRefused() throws {
        let errors = try errors(good(replacing: "2026-05-02T09:30:00-07:00", with: "2026-05-02T09:30:00"))
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix(
            #"content/submissions/x.json: quotes[0].when: error: expected an ISO 8601 timestamp with an offset, found "2026-05-02T09:30:00": "#) == true)
    }

    /// A `part` the screen did not write (empty, upper case, too short) is a mistake in the file,
    /// said so, not "a part the site no longer has".
    @Test(arguments: [#""""#, #""FACDEC3600000000""#, #""abc""#])
    func aPartThatIsNoSignatureIsRefused(part: String) throws {
        #expect(try errors(good(replacing: #""when": "2026-05-02T09:30:00-07:00""#, with: #""when": "2026-05-02T09:30:00-07:00", "part": "# + part)) == [
            "content/submissions/x.json: quotes[0].part: error: expected the signature of the part the quote was composed in (16 lower-case hex digits), found \(part)"
        ])
    }

    @Test func anUnknownSubmitterIsRefused() throws {
        #expect(try errors(good(replacing: #""submittedBy": "ana-lima""#, with: #""submittedBy": "nobody""#)) == [
            #"content/submissions/x.json: submittedBy: error: expected the slug of a person's part of the site, found "nobody", which is no one's"#
        ])
    }

    @Test func aLocalIdIsARecordIdAndUnique() throws {
        // As any record id: `note-1` in a file written by hand is one (it was refused).
        let fixture = try Fixture()
        try fixture.write("submissions/x.json", good(replacing: #""localId": "1""#, with: #""localId": "note-1""#))
        try fixture.importOrFail()
        #expect(try errors(good(replacing: #""localId": "1""#, with: #""localId": "../1""#)) == [
            #"content/submissions/x.json: quotes[0].localId: error: expected the id the site gave the record: 1 to 128 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit; found "../1""#
        ])
        let twice = good(replacing: #""when": "2026-05-02T09:30:00-07:00" } ]"#, with: #"""
            "when": "2026-05-02T09:30:00-07:00" },
                        { "localId": "1", "text": "Again.", "saidBy": "ana-lima", "heardBy": ["jose-silva"],
                          "when": "2026-05-02T09:31:00-07:00" } ]
            """#)
        #expect(try errors(twice) == [
            #"content/submissions/x.json: quotes[1].localId: error: expected a unique localId for this person, found "1" a second time, with other words, another time or other people (also content/submissions/x.json quotes[0])"#
        ])
    }

    /// The same `localId`, words and time with other people (or, for an idea, other choices)
    /// is another record: refused, naming the first, since which one would be stored would
    /// depend on the files' names (and so would who sees the quote).
    @Test func aLocalIdAgainWithOtherPeopleOrChoicesIsRefused() throws {
        let fixture = try imported()
        try fixture.write("submissions/zz-edited.json", Self.good
            .replacingOccurrences(of: #"["ana-lima", "uncle-bob"]"#, with: #"["ana-lima"]"#)
            .replacingOccurrences(of: #""showName": false"#, with: #""showName": true"#))
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/submissions/zz-edited.json: quotes[0].localId: error: expected a unique localId for this person, found "1" a second time, with other words, another time or other people (also content/submissions/ana.json quotes[0])"#,
            #"content/submissions/zz-edited.json: ideas[0].localId: error: expected a unique localId for this person, found "2" a second time, with other words, another time or other choices (also content/submissions/ana.json ideas[0])"#,
        ])
    }

    /// The outbox keeps what it downloaded until the import: a second download holds the first
    /// one's records again, and both files import, each record stored once.
    @Test func aRecordInTwoDownloadsIsStoredOnce() throws {
        let fixture = try imported()
        let later = Self.good.replacingOccurrences(of: #""ideas":  ["#, with: #"""
            "ideas": [ { "localId": "7", "text": "Cook on Mondays", "showName": true, "for": "self", "submittedAt": "2026-05-02T11:00:00Z" },
            """#)
        try fixture.write("submissions/ana-2.json", later)
        try fixture.importOrFail()
        let ids = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%'") }
        #expect(ids.count == 3, "\(ids)")
        let texts = try fixture.read { db in try db.rows("SELECT text FROM idea WHERE id LIKE 's-%' ORDER BY text") }
        #expect(texts == [[.text("Cook on Mondays")], [.text("Walk to work on Fridays")]])
    }

    /// A record met again is the same record when its people are: hearers in another order,
    /// or a contact written `c/uncle-bob` as DATA.md's example writes it, are the same people
    /// (they were refused as "other people").
    @Test(arguments: [#"["uncle-bob", "ana-lima"]"#, #"["ana-lima", "c/uncle-bob"]"#])
    func aRecordAgainWithItsPeopleWrittenOtherwiseIsStoredOnce(hearers: String) throws {
        let fixture = try imported()
        try fixture.write("submissions/ana-2.json", Self.good.replacingOccurrences(of: #"["ana-lima", "uncle-bob"]"#, with: hearers))
        try fixture.importOrFail()
        let ids = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%'") }
        #expect(ids.count == 1, "\(ids)")
        let heard = try fixture.read { db in try db.rows("SELECT h.name FROM hearer h JOIN quote q ON q.id = h.quote_id WHERE q.id LIKE 's-%' ORDER BY h.position") }
        #expect(heard.count == 2, "\(heard)")
    }

    @Test func keepGoingStoresTheGoodRecordsAndRejectsTheBad() throws {
        let text = good(replacing: #""ideas":  ["#, with: #"""
            "ideas": [ { "localId": "3", "text": "", "showName": true, "for": "self", "submittedAt": "2026-05-02T09:58:00Z" },
            """#)
        let fixture = try imported(text)
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            "content/submissions/ana.json: ideas[0].text: error: expected 1 to 160 characters, found 0"
        ])
        let ids = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%' ORDER BY 1") }
        #expect(ids == [Self.ideaID, Self.quoteID].sorted().map { [DatabaseValue.text($0)] })
        let rejects = try String(contentsOfFile: fixture.rejects, encoding: .utf8)
        #expect(rejects.contains("ideas[0].text"))
        #expect(rejects.contains("expected 1 to 160 characters, found 0"))
    }

    @Test func keepGoingRejectsAnUnreadableFileWholeAndKeepsWhatItHeldBefore() throws {
        let fixture = try imported()
        try fixture.importOrFail()
        try fixture.write("submissions/ana.json", "{ \"submittedBy\": ")
        let report = try fixture.importOrFail(keepGoing: true)
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first?.description.contains("submissions/ana.json") == true)
        let ids = try fixture.read { db in try db.rows("SELECT id FROM quote WHERE id LIKE 's-%' UNION ALL SELECT id FROM idea WHERE id LIKE 's-%' ORDER BY 1") }
        #expect(ids == [Self.ideaID, Self.quoteID].sorted().map { [DatabaseValue.text($0)] }, "an unreadable file never counts as its records removed")
        // Without --keep-going the same file stops the import: exit 2, nothing changed.
        guard case .failure(let failure) = fixture.runImport() else {
            Issue.record("the import succeeded")
            return
        }
        #expect(failure.exitCode == .unusable)
    }
}
