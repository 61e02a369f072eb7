import Foundation
import Import
import Store
import Testing
import VantageCore

/// The sample export imported into an empty store: what lands where.
struct SampleImportTests {
    @Test func storesEveryRecordTypeAndCountsIt() throws {
        let fixture = try Fixture()
        let report = try fixture.importOrFail()
        #expect(report.exitCode == .success)
        #expect(report.tables.map { "\($0.name) \($0.stored) +\($0.changes.added)" } == [
            "site 1 +1", "people 6 +6", "ideas 3 +3", "quotes 3 +3", "hearers 4 +4", "contacts 2 +2", "reviews 2 +2",
        ])
        #expect(report.recordsRead.map { "\($0.count) \($0.name)" } == [
            "3 Quotes users", "3 Change Jar users", "3 quotes", "2 contacts", "3 ideas", "3 review decisions",
        ])
        #expect(report.warnings.isEmpty)
    }

    @Test func everyReferenceHoldsAfterAFirstImportAndAfterChanges() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()  // into an empty store: references are made, not checked per row
        #expect(try fixture.read { try $0.rows("PRAGMA foreign_key_check") }.isEmpty)
        try fixture.edit("quotes/export.json", replacing: #""name": "Uncle Bob""#, with: #""name": "Robert""#)
        try fixture.importOrFail()
        #expect(try fixture.read { try $0.rows("PRAGMA foreign_key_check") }.isEmpty)
        #expect(try fixture.read { try $0.scalar("PRAGMA foreign_keys") } == .integer(1))
    }

    /// A Quotes user's name is the first and last names joined, each with the direction
    /// controls it opens closed in it: an override left open in the first name must not turn
    /// the last name round ("Ann htimS X").
    @Test func eachPartOfANameClosesItsOwnDirectionControls() throws {
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""firstName": "Jose\u0301", "lastName": "Silva""#,
                         with: #""firstName": "Ann \u202eX", "lastName": "Silva \u2067y""#)
        try fixture.importOrFail()
        let name = try fixture.read { try $0.scalar("SELECT name FROM person WHERE phone = '+14155550199'") }
        #expect(name == .text("Ann \u{202E}X\u{202C} Silva \u{2067}y\u{2069}"))
    }

    /// Emails compare as case folding has them: Greek's final sigma is a sigma, so `ΟΔΟΣ@…`
    /// (a Quotes user), `οδος@…` (the same person in Change Jar) and `Οδος@…` (an idea's
    /// author) are one person.
    @Test func emailsAlikeButForAFinalSigmaAreOnePerson() throws {
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""email": "Ana.Lima@Example.com""#, with: #""email": "ΟΔΟΣ@Example.com""#)
        try fixture.edit("changejar/users.json", replacing: #""email": "ana.lima@example.com""#, with: #""email": "οδος@example.com""#)
        try fixture.edit("changejar/ideas.json", replacing: #""email": "Ana.Lima@example.com""#, with: #""email": "Οδος@example.com""#)
        try fixture.importOrFail()
        let rows = try fixture.read { try $0.rows("SELECT email, quotes_user, changejar_user FROM person WHERE email LIKE '%example.com' AND email NOT IN ('chloe@example.com', 'zed@example.com', 'outsider@example.com')") }
        #expect(rows.count == 1, "\(rows)")
        #expect(rows.first?.first == .text("οδοσ@example.com"))
    }

    @Test func mergesPeopleAcrossTheAppsByEmailAndByPhone() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let people = try fixture.read { db in try db.rows(
            "SELECT phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at FROM person ORDER BY phone IS NULL, phone, email")
        }
        let rendered = people.map { row in row.map { value -> String in
            switch value {
            case .null: return "-"
            case .integer(let v): return String(v)
            case .text(let v): return v
            case .real(let v): return String(v)
            }
        }.joined(separator: " | ") }
        #expect(rendered == [
            // Ana: Quotes user joined to the Change Jar user by email; Quotes wins name, locale, time zone.
            "+14155550100 | ana.lima@example.com | Ana Lima | en-US | America/Los_Angeles | 1 | 1 | 1776211200000000",
            // José: Quotes only; his name arrives decomposed and is stored NFC.
            "+14155550199 | - | Jos\u{E9} Silva | fr | Europe/Paris | 1 | 0 | -",
            // Chloé: joined by phone; Change Jar gives the email; never visited.
            "+33612345678 | chloe@example.com | Chloé Martin | fr-FR | Europe/Paris | 1 | 1 | -",
            // Bob: only ever a contact, written three ways.
            "+442079460018 | - | - | - | - | 0 | 0 | -",
            // An idea author who uses neither app, and a Change Jar-only user.
            "- | outsider@example.com | - | - | - | 0 | 0 | -",
            "- | zed@example.com | Zed | - | - | 0 | 1 | -",
        ])
    }

    /// A Quotes user whose chosen name is only a phone or an email (which the site masks, so it
    /// names no one) takes the name of their Change Jar record (before: "Unknown" on their home,
    /// settings and the "view as" index, with "Chloé M." on file). A real name still wins.
    @Test(arguments: [("(33) 6 12 34 56 78", "Chloé M."), ("chloe@example.com", "Chloé M."), ("Chloé", "Chloé Martin")])
    func aQuotesNameThatIsOnlyAPhoneOrAnEmailGivesWayToTheChangeJarName(firstName: String, expected: String) throws {
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""firstName": "Chloé""#, with: #""firstName": "\#(firstName)""#)
        if firstName != "Chloé" {
            try fixture.edit("quotes/export.json", replacing: #""lastName": "Martin""#, with: #""lastName": """#)
        }
        try fixture.importOrFail()
        let name = try fixture.read { db in try db.rows("SELECT name FROM person WHERE phone = '+33612345678'") }
        #expect(name.first?.first == .text(expected))
    }

    /// The id of the person with `phone` (or `email`), by the test's own query.
    static func personID(_ db: Database, phone: String? = nil, email: String? = nil) throws -> Int64 {
        let rows = try db.rows("SELECT id FROM person WHERE phone IS ?1 OR email IS ?2", [
            phone.map(DatabaseValue.text) ?? .null, email.map(DatabaseValue.text) ?? .null,
        ])
        guard case .integer(let id)? = rows.first?.first else { throw Diagnostic.error("no person \(phone ?? email ?? "")") }
        return id
    }

    @Test func storesNormalisedQuotesWithHearersInExportOrder() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let (ana, jose, bob) = try fixture.read { db in
            (try Self.personID(db, phone: "+14155550100"), try Self.personID(db, phone: "+14155550199"),
             try Self.personID(db, phone: "+442079460018"))
        }
        let quotes = try Store(path: fixture.store, readOnly: true).readSite { try $0.visibleQuotes(viewer: bob) }
        let q1 = try #require(quotes.first { $0.id == "q-1" })
        #expect(q1 == Quote(
            id: "q-1", text: "I never said I was a morning person.", speakerID: jose, speakerRecordedName: "Dad",
            saidAt: DataInstant(seconds: 1_777_683_600), hearers: [Hearer(personID: ana, recordedName: "Ana"), Hearer(personID: bob, recordedName: "Uncle Bob")]))
    }

    @Test func aViewerSeesExactlyTheQuotesTheySaidOrHeardNewestFirst() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let (ana, chloe, bob, zed) = try fixture.read { db in
            (try Self.personID(db, phone: "+14155550100"), try Self.personID(db, phone: "+33612345678"),
             try Self.personID(db, phone: "+442079460018"), try Self.personID(db, email: "zed@example.com"))
        }
        try Store(path: fixture.store, readOnly: true).readSite { (reader: SiteReader) throws in
            // Ana submitted q-1 and heard it, said q-3; q-2 is neither, so she never sees it.
            #expect(try reader.visibleQuotes(viewer: ana).map(\.id) == ["q-1", "q-3"])
            #expect(try reader.visibleQuotes(viewer: chloe).map(\.id) == ["q-2"])
            #expect(try reader.visibleQuotes(viewer: bob).map(\.id) == ["q-2", "q-1"])
            #expect(try reader.visibleQuotes(viewer: bob).filter { $0.speakerID == bob }.map(\.id) == ["q-2"])
            #expect(try reader.visibleQuotes(viewer: zed).isEmpty)
            #expect(try reader.quoteCount() == 3)
        }
    }

    @Test func ideasAreReadNewestFirstWithTheirAuthorAndAudience() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let ana = try fixture.read { try Self.personID($0, phone: "+14155550100") }
        let ideas = try Store(path: fixture.store, readOnly: true).readSite { try $0.ideas() }
        #expect(ideas.map(\.id) == ["idea-3", "idea-2", "idea-1"])
        #expect(ideas.last == Idea(
            id: "idea-1", text: "Walk to work on Fridays", submittedAt: DataInstant(seconds: 1_775_813_400), authorID: ana, authorName: "Ana Lima",
            showName: false, audience: .self))
    }

    @Test func thePeopleTheBuildReadsCarryNoPhoneOrEmail() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        // The reads hand rendering no contact details: no read selects the columns.
        for sql in StoreSQL.allReads {
            #expect(!sql.replacingOccurrences(of: "phone IS NOT NULL", with: "").contains("phone"), "\(sql)")
            #expect(!sql.replacingOccurrences(of: "email IS NOT NULL", with: "").contains("email"), "\(sql)")
        }
        let people = try Store(path: fixture.store, readOnly: true).readSite { try $0.people() }
        #expect(people.count == 6)
        #expect(people.filter(\.hasEmail).count == 4)  // Ana, Chloé, Zed and the idea author
        #expect(people.filter(\.hasPhone).count == 4)  // the three Quotes users and Uncle Bob
        #expect(people.filter(\.hasHome).count == 4)
    }

    @Test func keepsTheSiteSettingsAndTheLatestDecisionPerItem() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            #expect(try db.reviews() == [
                StoredReview(reviewer: "Board review, May", item: "idea-1", action: "archive", until: nil, list: nil,
                             decidedAt: 1_777_715_970, exportedAt: 1_777_716_000),
                StoredReview(reviewer: "Board review, May", item: "q-1", action: "list", until: nil, list: "Newsletter",
                             decidedAt: 1_777_715_940, exportedAt: 1_777_716_000),
            ])
        }
        try Store(path: fixture.store, readOnly: true).readSite { (reader: SiteReader) throws in
            #expect(try reader.settings() == SiteSettings(
                title: "Family", defaultLocale: "en", locales: ["en", "fr"], timeZone: "America/Los_Angeles", pageSize: 2,
                buildDate: nil))
            #expect(try reader.reviews().map { "\($0.item) \($0.action)" } == ["idea-1 archive", "q-1 list"])
            // No buildDate: the latest instant in the data is the review export.
            #expect(try reader.latestInstant() == 1_777_716_000)
        }
    }

    @Test func everyReadTheBuildRunsIsAnIndexSearch() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            for sql in StoreSQL.allReads {
                let arguments: [DatabaseValue] = sql.contains("?1") ? [.integer(1)] : []
                let plan = try db.rows("EXPLAIN QUERY PLAN " + sql, arguments).compactMap { row -> String? in
                    if case .text(let detail) = row.last { return detail } else { return nil }
                }
                // A read of a whole table is a scan by design (the build reads every person,
                // idea and review once); a per-viewer read must not scan a table. Scanning the
                // (already index-searched) rows of a view or subquery is fine.
                guard sql.contains("?1") else { continue }
                let scans = plan.filter {
                    $0.hasPrefix("SCAN ") && !["SCAN v", "SCAN visible_quote"].contains($0) && !$0.hasPrefix("SCAN (subquery")
                }
                #expect(scans.isEmpty, "full scan in \(plan) for \(sql)")
                if sql == StoreSQL.visibleQuotes {
                    #expect(plan.contains("SEARCH quote USING COVERING INDEX quote_by_speaker (said_by=?)"), "\(plan)")
                    #expect(plan.contains("SEARCH h USING COVERING INDEX hearer_feed (person_id=?)"), "\(plan)")
                }
            }
            // The idea list is read in index order, never sorted.
            let plan = try db.rows("EXPLAIN QUERY PLAN " + StoreSQL.ideas).compactMap { row -> String? in
                if case .text(let detail) = row.last { return detail } else { return nil }
            }
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }
}
