import Foundation
import Store
import VantageCore

/// Read access to the store for the render: prepared statements, one connection per thread
/// (SQLite connections are not shared), and never a column holding a phone or an email.
public final class SiteStore {
    let database: Database

    /// Opens the store at `path` read-only.
    public init(path: String) throws {
        database = try Database(path: path, readOnly: true)
        try database.execute("PRAGMA query_only = ON")
    }

    /// The `site` row, with the importer's defaults when the row is missing.
    public func settings() throws -> SiteSettings {
        let statement = try database.statement(
            "SELECT title, default_locale, locales, time_zone, page_size, build_date, quote_limit FROM site WHERE id = 1")
        guard try statement.step() else { return SiteSettings() }
        var locales: [String] = []
        if let json = statement.text(2),
            case .array(let items)? = try? JSONParser.parse(Array(json.utf8), file: "site.locales")
        {
            locales = items.compactMap(\.stringValue)
        }
        var settings = SiteSettings(
            title: statement.text(0), defaultLocale: statement.text(1) ?? "en", locales: locales,
            timeZone: statement.text(3) ?? "UTC", pageSize: Int(statement.integer(4) ?? 50),
            buildDate: statement.integer(5))
        settings.quoteLimit = Int(statement.integer(6) ?? 280)
        return settings
    }

    /// Every person, by id. Phone and email stay in the store; only "has an email" comes out.
    public func people() throws -> [Person] {
        let statement = try database.statement("""
            SELECT id, name, locale, time_zone, email IS NOT NULL, quotes_user, changejar_user, last_visit_at
            FROM person ORDER BY id
            """)
        var people: [Person] = []
        while try statement.step() {
            people.append(Person(
                id: statement.integer(0) ?? 0, name: statement.text(1), locale: statement.text(2),
                timeZone: statement.text(3), hasEmail: statement.integer(4) == 1,
                isQuotesUser: statement.integer(5) == 1, isChangeJarUser: statement.integer(6) == 1,
                lastVisitAt: statement.integer(7)))
        }
        return people
    }

    /// Every idea, newest first (ties: id ascending).
    public func ideas() throws -> [Idea] {
        let statement = try database.statement("""
            SELECT id, text, submitted_at, author_id, author_name, show_name, for_whom
            FROM idea ORDER BY submitted_at DESC, id
            """)
        var ideas: [Idea] = []
        while try statement.step() {
            ideas.append(Idea(
                id: statement.text(0) ?? "", text: statement.text(1) ?? "", submittedAt: statement.integer(2) ?? 0,
                authorID: statement.integer(3) ?? 0, authorName: statement.text(4) ?? "",
                showName: statement.integer(5) == 1,
                audience: IdeaAudience(rawValue: statement.text(6) ?? "self") ?? .self))
        }
        return ideas
    }

    /// The quotes `viewer` sees, newest first (ties: id ascending), each with its hearers in
    /// export order: read through `visible_quote`, THE visibility rule (SQLite pushes the
    /// viewer into both halves of the view, so this is two index ranges, not a scan).
    public func visibleQuotes(viewer: Int64) throws -> [Quote] {
        let statement = try database.statement("""
            SELECT q.id, q.text, q.said_by, q.said_by_name, q.said_at, h.person_id, h.name
            FROM visible_quote v
            JOIN quote q ON q.id = v.quote_id
            LEFT JOIN hearer h ON h.quote_id = q.id
            WHERE v.viewer_id = ?1
            ORDER BY v.said_at DESC, v.quote_id, h.position
            """)
        try statement.bind(.integer(viewer), at: 1)
        var quotes: [Quote] = []
        while try statement.step() {
            let id = statement.text(0) ?? ""
            if quotes.last?.id != id {
                quotes.append(Quote(
                    id: id, text: statement.text(1) ?? "", speakerID: statement.integer(2) ?? 0,
                    speakerRecordedName: statement.text(3) ?? "", saidAt: statement.integer(4) ?? 0, hearers: []))
            }
            if let hearer = statement.integer(5) {
                quotes[quotes.count - 1].hearers.append(Hearer(personID: hearer, recordedName: statement.text(6) ?? ""))
            }
        }
        return quotes
    }

    /// The ids of the quotes `viewer` sees according to the `visible_quote` view alone, sorted
    /// (for tests that hold `visibleQuotes`, with its joins, to the rule).
    public func visibleQuoteIDsThroughView(viewer: Int64) throws -> [String] {
        let statement = try database.statement("SELECT quote_id FROM visible_quote WHERE viewer_id = ? ORDER BY quote_id")
        try statement.bind(.integer(viewer), at: 1)
        var ids: [String] = []
        while try statement.step() { ids.append(statement.text(0) ?? "") }
        return ids
    }

    /// `owner`'s address book: person id → the name `owner` has for them.
    public func contacts(owner: Int64) throws -> [Int64: String] {
        let statement = try database.statement("SELECT person_id, name FROM contact WHERE owner_id = ?")
        try statement.bind(.integer(owner), at: 1)
        var names: [Int64: String] = [:]
        while try statement.step() {
            if let person = statement.integer(0), let name = statement.text(1) { names[person] = name }
        }
        return names
    }

    /// Every reviewer's latest decision per item, by item then reviewer.
    public func reviews() throws -> [ReviewDecision] {
        let statement = try database.statement(
            "SELECT reviewer, item, action, until, list, decided_at FROM review ORDER BY item, reviewer")
        var decisions: [ReviewDecision] = []
        while try statement.step() {
            decisions.append(ReviewDecision(
                reviewer: statement.text(0) ?? "", item: statement.text(1) ?? "", action: statement.text(2) ?? "",
                until: statement.text(3), list: statement.text(4), decidedAt: statement.integer(5) ?? 0))
        }
        return decisions
    }

    /// Number of quotes in the store.
    public func quoteCount() throws -> Int {
        let statement = try database.statement("SELECT count(*) FROM quote")
        _ = try statement.step()
        return Int(statement.integer(0) ?? 0)
    }

    /// The text of the quotes with the given ids (for the site-wide review report).
    public func quoteTexts(ids: [String]) throws -> [String: String] {
        let statement = try database.statement("SELECT text FROM quote WHERE id = ?")
        var texts: [String: String] = [:]
        for id in ids {
            statement.reset()
            try statement.bind(.text(id), at: 1)
            if try statement.step(), let text = statement.text(0) { texts[id] = text }
        }
        return texts
    }

    /// The latest instant anywhere in the data (the fallback "now" of a reproducible build).
    public func latestTimestamp() throws -> Int64? {
        let statement = try database.statement("""
            SELECT max(
                coalesce((SELECT max(submitted_at) FROM idea), 0),
                coalesce((SELECT max(said_at) FROM quote), 0),
                coalesce((SELECT max(last_visit_at) FROM person), 0),
                coalesce((SELECT max(max(decided_at, exported_at)) FROM review), 0))
            """)
        guard try statement.step(), let value = statement.integer(0), value > 0 else { return nil }
        return value
    }
}
