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
            "+14155550100 | ana.lima@example.com | Ana Lima | en-US | America/Los_Angeles | 1 | 1 | 1776211200",
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

    @Test func storesNormalisedQuotesWithHearersInExportOrder() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            let ana = try #require(try db.person(phone: "+14155550100"))
            let jose = try #require(try db.person(phone: "+14155550199"))
            let bob = try #require(try db.person(phone: "+442079460018"))
            let q1 = try #require(try db.visibleQuotes(viewer: bob.id).first { $0.id == "q-1" })
            #expect(q1 == StoredQuote(id: "q-1", text: "I never said I was a morning person.", saidBy: jose.id,
                                      saidByName: "Dad", saidAt: 1_777_683_600, submittedBy: ana.id))
            #expect(try db.hearers(quote: "q-1") == [
                StoredHearer(quoteID: "q-1", position: 0, personID: ana.id, name: "Ana"),
                StoredHearer(quoteID: "q-1", position: 1, personID: bob.id, name: "Uncle Bob"),
            ])
        }
    }

    @Test func aViewerSeesExactlyTheQuotesTheySaidOrHeardNewestFirst() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            let ana = try #require(try db.person(phone: "+14155550100"))
            let chloe = try #require(try db.person(phone: "+33612345678"))
            let bob = try #require(try db.person(phone: "+442079460018"))
            let zed = try #require(try db.person(email: "Zed@example.com"))
            // Ana submitted q-1 and heard it, said q-3; q-2 is neither, so she never sees it.
            #expect(try db.visibleQuotes(viewer: ana.id).map(\.id) == ["q-1", "q-3"])
            #expect(try db.visibleQuoteCount(viewer: ana.id) == 2)
            #expect(try db.visibleQuotes(viewer: chloe.id).map(\.id) == ["q-2"])
            #expect(try db.visibleQuotes(viewer: bob.id).map(\.id) == ["q-2", "q-1"])
            #expect(try db.visibleQuotes(viewer: zed.id).isEmpty)
            #expect(try db.isQuote("q-2", visibleTo: ana.id) == false)
            #expect(try db.visibleQuotes(viewer: bob.id, saidBy: bob.id).map(\.id) == ["q-2"])
        }
    }

    @Test func ideasNewToAViewerAreThoseSinceTheLastVisitNotTheirOwn() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            let ana = try #require(try db.person(phone: "+14155550100"))
            let jose = try #require(try db.person(phone: "+14155550199"))
            let zed = try #require(try db.person(email: "zed@example.com"))
            #expect(try db.newIdeas(viewer: ana.id).map(\.id) == ["idea-3", "idea-2"])  // visited 2026-04-15
            #expect(try db.newIdeas(viewer: jose.id).map(\.id) == ["idea-3", "idea-2", "idea-1"])  // no Change Jar record
            #expect(try db.newIdeas(viewer: zed.id).map(\.id) == ["idea-3", "idea-1"])  // never visited, wrote idea-2
            let idea1 = try #require(try db.ideasNewestFirst().last)
            #expect(idea1 == StoredIdea(id: "idea-1", text: "Walk to work on Fridays", textLength: 23, submittedAt: 1_775_813_400,
                                        authorID: ana.id, authorName: "Ana Lima", showName: false, forWhom: "self"))
        }
    }

    @Test func namesFollowTheRulesOfDataMD() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            let ana = try #require(try db.person(phone: "+14155550100"))
            let jose = try #require(try db.person(phone: "+14155550199"))
            let chloe = try #require(try db.person(phone: "+33612345678"))
            let bob = try #require(try db.person(phone: "+442079460018"))
            #expect(try db.name(of: jose, seenBy: ana.id) == "Jos\u{E9} Silva")  // a Quotes user's own name
            #expect(try db.name(of: bob, seenBy: chloe.id) == "Bob from London")  // Chloé's contact
            #expect(try db.name(of: bob, seenBy: ana.id, recordedName: "Uncle Bob") == "Uncle Bob")  // the quote's
            #expect(try db.name(of: bob, seenBy: bob.id) == "Bob")  // the latest visible quote naming him: q-2
        }
    }

    @Test func keepsTheSiteSettingsAndTheLatestDecisionPerItem() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            #expect(try db.site() == StoredSite(title: "Family", defaultLocale: "en", locales: ["en", "fr"],
                                                timeZone: "America/Los_Angeles", defaultRegion: "US", pageSize: 2, buildDate: nil))
            #expect(try db.reviews() == [
                StoredReview(reviewer: "Board review, May", item: "idea-1", action: "archive", until: nil, list: nil,
                             decidedAt: 1_777_715_970, exportedAt: 1_777_716_000),
                StoredReview(reviewer: "Board review, May", item: "q-1", action: "list", until: nil, list: "Newsletter",
                             decidedAt: 1_777_715_940, exportedAt: 1_777_716_000),
            ])
            // No buildDate, no SOURCE_DATE_EPOCH: the latest instant in the data (the review export).
            #expect(try db.buildDate(sourceDateEpoch: nil) == 1_777_716_000)
            #expect(try db.buildDate(sourceDateEpoch: "1700000000") == 1_700_000_000)
        }
    }

    @Test func theQuotesAViewerSeesAndTheIdeasNewToThemAreIndexSearches() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try fixture.read { (db: Database) throws in
            for sql in [StoreSQL.visibleQuotes, StoreSQL.visibleQuoteCount, StoreSQL.visibleQuotesSaidBy, StoreSQL.newIdeas,
                        StoreSQL.ideasByAuthor, StoreSQL.latestRecordedName] {
                let arguments: [DatabaseValue] = sql.contains("?2") ? [.integer(1), .integer(2)] : [.integer(1)]
                let plan = try db.rows("EXPLAIN QUERY PLAN " + sql, arguments).compactMap { row -> String? in
                    if case .text(let detail) = row.last { return detail } else { return nil }
                }
                // Scanning the (already index-searched) rows of a view or subquery is fine; a
                // scan of a table is not.
                let scans = plan.filter {
                    $0.hasPrefix("SCAN ") && !["SCAN v", "SCAN visible_quote"].contains($0) && !$0.hasPrefix("SCAN (subquery")
                }
                #expect(scans.isEmpty, "full scan in \(plan) for \(sql)")
                if sql == StoreSQL.visibleQuotes {
                    #expect(plan.contains("SEARCH quote USING COVERING INDEX quote_by_speaker (said_by=?)"))
                    #expect(plan.contains("SEARCH h USING COVERING INDEX hearer_feed (person_id=?)"))
                }
                if sql == StoreSQL.newIdeas {
                    #expect(plan.contains("SEARCH i USING INDEX idea_newest (submitted_at>?)"))
                }
            }
        }
    }
}
