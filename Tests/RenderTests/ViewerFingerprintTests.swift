import Foundation
import Import
import Store
import Testing
import VantageCLI

@testable import Render

/// The incremental build's pass over the whole store (`ViewerFingerprints`) against each
/// viewer's own reads: the same fingerprint for every home, the same quotes (`Quote.viewerIDs`
/// against the `visible_quote` view) for every person, and a changed field of a quote changes
/// the fingerprints of exactly the people who see it.
@Suite("Viewer fingerprints from one pass over the store")
struct ViewerFingerprintTests {
    /// Checks `store` and returns the number of homes compared.
    @discardableResult
    static func expectAgreement(store path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let store = try Store(path: path, readOnly: true)
        let people = try store.readSite { try $0.people() }
        let site = SiteModel(settings: SiteSettings(), now: 0, people: people, ideas: [])
        let homes = site.homes
        let scanned = try ViewerFingerprints(store: store, homes: homes, places: site.personOrder, siteDigest: "site")
        // Keyed by the ids' bytes, as the scans order them.
        var every: [[UInt8]: Quote] = [:]
        var seenBy: [Int64: Set<[UInt8]>] = [:]
        try store.readSite { reader in
            try reader.everyQuote { quote in
                every[Array(quote.id.utf8)] = quote
                for viewer in quote.viewerIDs { seenBy[viewer, default: []].insert(Array(quote.id.utf8)) }
            }
        }
        try store.readSite { reader in
            for person in people {
                let visible = try reader.visibleQuotes(viewer: person.id)
                #expect(
                    Set(visible.map { Array($0.id.utf8) }) == seenBy[person.id] ?? [], "person \(person.id)",
                    sourceLocation: sourceLocation)
                // The same values, hearers in the same order.
                #expect(
                    visible.map { every[Array($0.id.utf8)] } == visible.map(Optional.some), "person \(person.id)",
                    sourceLocation: sourceLocation)
            }
            for home in homes {
                let own = BuildFingerprint.viewer(
                    home, siteDigest: "site", contacts: try reader.contacts(owner: home.person.id),
                    quotes: try reader.visibleQuotes(viewer: home.person.id), places: site.personOrder)
                #expect(scanned.byPerson[home.person.id] == own, "home \(home.slug)", sourceLocation: sourceLocation)
            }
        }
        #expect(scanned.byPerson.count == homes.count, sourceLocation: sourceLocation)
        return homes.count
    }

    @Test("The sample content: every home's fingerprint from the pass is the one from its own reads")
    func sample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("store.sqlite").path
        _ = try Importer.run(ImportOptions(
            contentDirectory: repositoryRoot.appendingPathComponent("content").path, storePath: store, handles: SiteHandleRule()))
        #expect(try Self.expectAgreement(store: store) > 20)
    }

    @Test("The small fixture store")
    func small() throws {
        let fixture = try FixtureStore(sql: try smallStoreSQL)
        defer { fixture.remove() }
        #expect(try Self.expectAgreement(store: fixture.path) >= 3)
    }

    /// People 1-4 have homes, 5 and 6 do not. Quote ids in the order of their bytes, which the
    /// merge of the two scans follows (a prefix of another id, upper case before lower, é after
    /// z, beyond the BMP; the importer stores them in NFC, where Swift's order is the bytes'),
    /// a speaker among their own hearers, hearers whose positions run against their person ids,
    /// a quote nobody else heard, equal times.
    static let hostileSQL = """
        INSERT INTO person (id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at) VALUES
            (1, '+14155550101', NULL, 'Ana', 'en', 'UTC', 1, 0, NULL),
            (2, '+14155550102', NULL, 'Ben', 'fr', 'Europe/Paris', 1, 0, NULL),
            (3, '+14155550103', 'c@example.com', 'Cleo', 'en', 'UTC', 1, 1, 1700000000),
            (4, NULL, 'd@example.com', 'Dan', 'en', 'UTC', 0, 1, NULL),
            (5, '+14155550105', NULL, NULL, NULL, NULL, 0, 0, NULL),
            (6, '+14155550106', NULL, NULL, NULL, NULL, 0, 0, NULL);
        INSERT INTO quote (id, text, said_by, said_by_name, said_at, submitted_by) VALUES
            ('q-1', 'one', 1, 'Ana', 1000, 1),
            ('q-10', 'ten', 2, 'Benji', 1000, 1),
            ('q-1a', 'one a', 5, 'Eve', 900, 2),
            ('Q-2', 'upper', 3, 'Cleo', 1000, 3),
            ('q-\u{E9}', 'e acute', 1, 'Ana', 800, 1),
            ('q-z', 'zed', 2, 'Ben', 800, 2),
            ('q-\u{1F600}', 'astral', 6, 'Fay', 1200, 1),
            ('q-alone', 'nobody heard it', 4, 'Dan', 700, 4);
        INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES
            ('q-1', 0, 3, 'Cleo', 1000), ('q-1', 1, 1, 'Me', 1000), ('q-1', 2, 2, 'Ben', 1000),
            ('q-10', 0, 6, 'Fay', 1000), ('q-10', 1, 1, 'Ana', 1000),
            ('q-1a', 0, 2, 'B.', 900), ('q-1a', 1, 5, 'Eve herself', 900),
            ('Q-2', 0, 4, 'Danny', 1000),
            ('q-\u{E9}', 0, 2, 'Ben', 800),
            ('q-z', 0, 1, 'Ana', 800), ('q-z', 1, 3, 'C', 800),
            ('q-\u{1F600}', 0, 4, 'Dan', 1200), ('q-\u{1F600}', 1, 3, 'Cleo', 1200);
        INSERT INTO contact (owner_id, person_id, name) VALUES
            (1, 5, 'Evie'), (1, 6, 'Fay F.'), (3, 5, 'E'), (5, 1, 'A');
        """

    @Test("Ids in byte order, a speaker among their own hearers, people without a home, equal times")
    func hostileStore() throws {
        let fixture = try FixtureStore(sql: Self.hostileSQL)
        defer { fixture.remove() }
        #expect(try Self.expectAgreement(store: fixture.path) == 4)
    }

    @Test("A change to any field a page shows changes the fingerprints of exactly the homes that see it")
    func changesReachExactlyTheirViewers() throws {
        // (the change, the homes whose fingerprint must change)
        let changes: [(sql: String, homes: Set<Int64>)] = [
            ("UPDATE quote SET text = 'One!' WHERE id = 'q-1'", [1, 2, 3]),
            ("UPDATE quote SET said_by_name = 'A.' WHERE id = 'q-1'", [1, 2, 3]),
            ("UPDATE quote SET said_at = 999 WHERE id = 'q-10'", [1, 2]),
            ("UPDATE hearer SET said_at = 999 WHERE quote_id = 'q-10'; UPDATE quote SET said_at = 999 WHERE id = 'q-10'", [1, 2]),
            ("UPDATE hearer SET name = 'Fay!' WHERE quote_id = 'q-10' AND person_id = 6", [1, 2]),
            ("UPDATE hearer SET position = 5 - position WHERE quote_id = 'q-1'", [1, 2, 3]),
            ("INSERT INTO hearer VALUES ('q-alone', 0, 1, 'Ana', 700)", [1, 4]),
            ("DELETE FROM hearer WHERE quote_id = 'Q-2'", [3, 4]),
            ("UPDATE quote SET said_by = 3 WHERE id = 'q-\u{E9}'", [1, 2, 3]),
            ("DELETE FROM quote WHERE id = 'q-z'", [1, 2, 3]),
            ("INSERT INTO quote VALUES ('q-0', 'new', 6, 'Fay', 1000, 1); INSERT INTO hearer VALUES ('q-0', 0, 2, 'Ben', 1000)", [2]),
            ("UPDATE contact SET name = 'Evelyn' WHERE owner_id = 1 AND person_id = 5", [1]),
            ("INSERT INTO contact VALUES (2, 5, 'Eve')", [2]),
            ("DELETE FROM contact WHERE owner_id = 5", []),
            ("UPDATE person SET last_visit_at = 1 WHERE id = 4", [4]),
            ("UPDATE quote SET text = 'x' WHERE id = 'q-1a'; UPDATE hearer SET name = 'y' WHERE quote_id = 'q-1a'", [2]),
        ]
        for change in changes {
            let fixture = try FixtureStore(sql: Self.hostileSQL)
            defer { fixture.remove() }
            let before = try Self.fingerprints(fixture.path)
            let database = try Database(path: fixture.path)
            try database.execute(change.sql)
            try Self.expectAgreement(store: fixture.path)
            let after = try Self.fingerprints(fixture.path)
            let changed = Set(after.keys.filter { before[$0] != after[$0] })
            #expect(changed == change.homes, "\(change.sql)")
        }
    }

    static func fingerprints(_ path: String) throws -> [Int64: String] {
        let store = try Store(path: path, readOnly: true)
        let people = try store.readSite { try $0.people() }
        let site = SiteModel(settings: SiteSettings(), now: 0, people: people, ideas: [])
        return try ViewerFingerprints(store: store, homes: site.homes, places: site.personOrder, siteDigest: "site").byPerson
    }
}
