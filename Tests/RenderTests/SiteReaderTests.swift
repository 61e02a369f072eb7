import Foundation
import Store
import Testing

@testable import Render

@Suite("Reading the store")
struct SiteReaderTests {
    @Test("Visible quotes: newest first, ties by id, hearers in export order; the same set as the visible_quote view")
    func visibleQuotes() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        let store = try Store(path: fixture.path, readOnly: true)
        let database = try Database(path: fixture.path, readOnly: true)
        try store.readSite { (reader: SiteReader) throws in
            let ana = try reader.visibleQuotes(viewer: 1)
            #expect(ana.map(\.id) == ["q-4", "q-2", "q-1"])
            #expect(ana[0].hearers.map(\.recordedName) == ["Papa", "Me"])
            #expect(try reader.visibleQuotes(viewer: 2).map(\.id) == ["q-3", "q-2", "q-1"])
            #expect(try reader.visibleQuotes(viewer: 3).map(\.id) == ["q-3"])
            #expect(try reader.visibleQuotes(viewer: 5).isEmpty)
            for viewer in Int64(1)...7 {
                let throughView = try database.rows(
                    "SELECT quote_id FROM visible_quote WHERE viewer_id = ? ORDER BY quote_id", [.integer(viewer)]
                ).map { row -> String in if case .text(let id) = row[0] { return id } else { return "" } }
                #expect(try reader.visibleQuotes(viewer: viewer).map(\.id).sorted() == throughView)
            }
        }
    }

    /// The latest instant is the data's whatever tables are empty (a store with quotes and no
    /// ideas, or ideas and no quotes, once gave 1970; so did data from before 1970), in whole
    /// seconds, rounded down.
    @Test("The latest instant with only quotes, only ideas, only visits, nothing")
    func latestInstantOfPartialData() throws {
        let people = """
            INSERT INTO person (id, phone, email, name, quotes_user, changejar_user, last_visit_at) VALUES
                (1, '+14155550100', 'ana@example.com', 'Ana', 1, 1, NULL);
            """
        let cases: [(String, Int64?)] = [
            ("INSERT INTO quote VALUES ('q', 'x', 1, 'Ana', 1777000000750000, 1);", 1_777_000_000),
            ("INSERT INTO idea VALUES ('i', 'x', 1, 1776000000250000, 1, 'Ana', 1, 'self');", 1_776_000_000),
            ("UPDATE person SET last_visit_at = 1775000000999999;", 1_775_000_000),
            // Data from before 1970 (the import takes 1583 on): its own latest instant, not 1970.
            ("UPDATE person SET last_visit_at = -18316800000000;", -18_316_800),
            ("INSERT INTO quote VALUES ('q', 'x', 1, 'Ana', -250000, 1);", -1),
            ("", nil),
        ]
        for (sql, expected) in cases {
            let fixture = try FixtureStore(sql: people + sql)
            defer { fixture.remove() }
            try Store(path: fixture.path, readOnly: true).readSite { (reader: SiteReader) throws in
                #expect(try reader.latestInstant() == expected, "\(sql)")
            }
        }
    }

    @Test("Ideas newest first, ties by id; settings; latest instant; contacts; people without contact details")
    func reads() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        try Store(path: fixture.path, readOnly: true).readSite { (reader: SiteReader) throws in
            #expect(try reader.ideas().map(\.id) == ["i-0", "i-3", "i-4", "i-2", "i-1"])
            #expect(try reader.settings() == SiteSettings(
                title: "Fixture", defaultLocale: "en", locales: ["en", "fr", "ar", "ja"], timeZone: "UTC", pageSize: 2,
                buildDate: 1_778_400_000))
            #expect(try reader.latestInstant() == 1_778_310_000)
            #expect(try reader.contacts(owner: 2) == [4: "Monsieur Lima"])
            let people = try reader.people()
            #expect(people.map(\.hasHome) == [true, true, true, false, false, true, false])
            #expect(people.map(\.hasEmail) == [true, false, true, false, true, false, false])
        }
    }

    @Test("The store is opened through Store: a store at another schema version is refused")
    func schemaVersion() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        try Database(path: fixture.path).execute("PRAGMA user_version = 1")
        #expect {
            try Store(path: fixture.path, readOnly: true)
        } throws: { error in
            "\(error)".hasSuffix("the store has schema version 1, this vantage needs \(Schema.currentVersion); run 'vantage import'")
        }
    }

    @Test("The build's record round-trips and is replaced whole")
    func buildRecord() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        let store = try Store(path: fixture.path)
        #expect(try store.buildRecord() == nil)
        let first = BuildRecord(output: "/site", manifestDigest: String(repeating: "a", count: 64), viewers: [
            .init(id: 1, slug: "ana", fingerprint: "f1", files: 10, bytes: 1000),
            .init(id: 2, slug: "bo", fingerprint: "f2", files: 3, bytes: 30),
        ])
        try store.record(first)
        #expect(try store.buildRecord().map { BuildRecord(output: $0.output, manifestDigest: $0.manifestDigest,
                                                           viewers: $0.viewers.sorted { $0.id < $1.id }) } == first)
        let second = BuildRecord(output: "/other", manifestDigest: String(repeating: "b", count: 64), viewers: [
            .init(id: 2, slug: "bo", fingerprint: "f3", files: 4, bytes: 40),
        ])
        try store.record(second)
        #expect(try store.buildRecord() == second)
    }

    @Test("Now: buildDate, else SOURCE_DATE_EPOCH, else the latest instant in the data; a malformed epoch is an error")
    func now() throws {
        var settings = SiteSettings(buildDate: 100)
        #expect(try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "200"], latestInData: 300) == (100, .buildDate))
        settings.buildDate = nil
        #expect(try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "200"], latestInData: 300) == (200, .sourceDateEpoch))
        #expect(try BuildClock.now(settings: settings, environment: [:], latestInData: 300) == (300, .latestInData))
        #expect(try BuildClock.now(settings: settings, environment: [:], latestInData: nil) == (0, .epoch))
        for bad in ["yesterday", "-5", "1.5", ""] {
            #expect {
                try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": bad], latestInData: 300)
            } throws: { error in
                "\(error)".contains("SOURCE_DATE_EPOCH must be a whole number of seconds from 1970-01-01T00:00:00Z to 9998-12-31T23:59:59Z (0 to 253370764799), not '\(bad)'")
            }
        }
    }
}
