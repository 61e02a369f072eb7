import Foundation
import VantageCore

/// Typed wrappers over `StoreSQL`, for the site build: `store.read { db in try db.visibleQuotes(viewer: id) }`.
extension Database {
    /// The quotes `viewer` sees, newest first.
    public func visibleQuotes(viewer: Int64) throws -> [StoredQuote] {
        try all(StoreSQL.visibleQuotes, [.integer(viewer)], Self.quote)
    }

    /// How many quotes `viewer` sees.
    public func visibleQuoteCount(viewer: Int64) throws -> Int {
        if case .integer(let count) = try scalar(StoreSQL.visibleQuoteCount, [.integer(viewer)]) { return Int(count) }
        return 0
    }

    /// The quotes said by `speaker` that `viewer` sees, newest first.
    public func visibleQuotes(viewer: Int64, saidBy speaker: Int64) throws -> [StoredQuote] {
        try all(StoreSQL.visibleQuotesSaidBy, [.integer(viewer), .integer(speaker)], Self.quote)
    }

    /// True when `viewer` sees the quote `id`.
    public func isQuote(_ id: String, visibleTo viewer: Int64) throws -> Bool {
        try scalar(StoreSQL.isQuoteVisible, [.integer(viewer), .text(id)]) != nil
    }

    /// The hearers of a quote in export order.
    public func hearers(quote id: String) throws -> [StoredHearer] {
        try all(StoreSQL.hearers, [.text(id)]) { row in
            StoredHearer(quoteID: row.text(0) ?? "", position: Int(row.integer(1) ?? 0),
                         personID: row.integer(2) ?? 0, name: row.text(3) ?? "")
        }
    }

    /// The ideas new to `viewer`, newest first.
    public func newIdeas(viewer: Int64) throws -> [StoredIdea] {
        try all(StoreSQL.newIdeas, [.integer(viewer)], Self.idea)
    }

    /// Every idea, newest first.
    public func ideasNewestFirst() throws -> [StoredIdea] {
        try all(StoreSQL.ideasNewestFirst, [], Self.idea)
    }

    /// The ideas `author` wrote, newest first.
    public func ideas(author: Int64) throws -> [StoredIdea] {
        try all(StoreSQL.ideasByAuthor, [.integer(author)], Self.idea)
    }

    /// A person by internal id.
    public func person(id: Int64) throws -> StoredPerson? {
        try all(StoreSQL.personByID, [.integer(id)], Self.person).first
    }

    /// A person by E.164 phone.
    public func person(phone: String) throws -> StoredPerson? {
        try all(StoreSQL.personByPhone, [.text(phone)], Self.person).first
    }

    /// A person by (lower-cased) email.
    public func person(email: String) throws -> StoredPerson? {
        try all(StoreSQL.personByEmail, [.text(email.lowercased())], Self.person).first
    }

    /// The people with a home, by phone then email.
    public func peopleWithHomes() throws -> [StoredPerson] {
        try all(StoreSQL.peopleWithHomes, [], Self.person)
    }

    /// The people mentioned by the quotes `viewer` sees, by phone.
    public func peopleInVisibleQuotes(viewer: Int64) throws -> [StoredPerson] {
        try all(StoreSQL.peopleInVisibleQuotes, [.integer(viewer)], Self.person)
    }

    /// The name `owner` has for `person` in their Quotes contacts.
    public func contactName(owner: Int64, person: Int64) throws -> String? {
        if case .text(let name) = try scalar(StoreSQL.contactName, [.integer(owner), .integer(person)]) { return name }
        return nil
    }

    /// How `person` is named on a page `viewer` sees (DATA.md "Names"): the name a Quotes user
    /// chose; else the viewer's contact name; else `recordedName` (the name recorded with the
    /// quote being shown) or, for a heading not tied to one quote, the name recorded with the
    /// most recent visible quote that mentions the person.
    public func name(of person: StoredPerson, seenBy viewer: Int64, recordedName: String? = nil) throws -> String? {
        if person.isQuotesUser, let name = person.name { return name }
        if let name = try contactName(owner: viewer, person: person.id) { return name }
        if let recordedName { return recordedName }
        if case .text(let name) = try scalar(StoreSQL.latestRecordedName, [.integer(viewer), .integer(person.id)]) {
            return name
        }
        return nil
    }

    /// The review decisions, by reviewer then item.
    public func reviews() throws -> [StoredReview] {
        try all(StoreSQL.reviews, []) { row in
            StoredReview(reviewer: row.text(0) ?? "", item: row.text(1) ?? "", action: row.text(2) ?? "",
                         until: row.text(3), list: row.text(4), decidedAt: row.integer(5) ?? 0,
                         exportedAt: row.integer(6) ?? 0)
        }
    }

    /// The site settings (defaults when nothing was imported yet).
    public func site() throws -> StoredSite {
        let sites = try all(StoreSQL.site, []) { row in
            var locales: [String] = []
            if let json = row.text(2), let value = try? JSONParser.parse(Array(json.utf8), file: "site.locales") {
                locales = value.arrayValue?.compactMap(\.stringValue) ?? []
            }
            return StoredSite(title: row.text(0), defaultLocale: row.text(1) ?? "en", locales: locales,
                              timeZone: row.text(3) ?? "UTC", defaultRegion: row.text(4) ?? "US",
                              pageSize: Int(row.integer(5) ?? 50), buildDate: row.integer(6))
        }
        return sites.first ?? StoredSite(title: nil, defaultLocale: "en", locales: [], timeZone: "UTC",
                                         defaultRegion: "US", pageSize: 50, buildDate: nil)
    }

    /// The "now" of a build (DATA.md): site.json's buildDate; else `sourceDateEpoch` (the
    /// value of SOURCE_DATE_EPOCH, passed in so the store never reads the environment); else
    /// the latest instant in the data; nil for an empty store. Never the wall clock.
    public func buildDate(sourceDateEpoch: String?) throws -> Int64? {
        if let date = try site().buildDate { return date }
        if let epoch = sourceDateEpoch?.trimmingCharacters(in: .whitespaces), let seconds = Int64(epoch) { return seconds }
        if case .integer(let latest) = try scalar(StoreSQL.latestInstant) { return latest }
        return nil
    }

    // MARK: Row decoding

    private func all<T>(_ sql: String, _ arguments: [DatabaseValue], _ decode: (Statement) -> T) throws -> [T] {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var result: [T] = []
        while try statement.step() { result.append(decode(statement)) }
        return result
    }

    private static func quote(_ row: Statement) -> StoredQuote {
        StoredQuote(id: row.text(0) ?? "", text: row.text(1) ?? "", saidBy: row.integer(2) ?? 0,
                    saidByName: row.text(3) ?? "", saidAt: row.integer(4) ?? 0, submittedBy: row.integer(5) ?? 0)
    }

    private static func idea(_ row: Statement) -> StoredIdea {
        StoredIdea(id: row.text(0) ?? "", text: row.text(1) ?? "", textLength: Int(row.integer(2) ?? 0),
                   submittedAt: row.integer(3) ?? 0, authorID: row.integer(4) ?? 0, authorName: row.text(5) ?? "",
                   showName: row.integer(6) == 1, forWhom: row.text(7) ?? "")
    }

    static func person(_ row: Statement) -> StoredPerson {
        StoredPerson(id: row.integer(0) ?? 0, phone: row.text(1), email: row.text(2), name: row.text(3),
                     locale: row.text(4), timeZone: row.text(5), isQuotesUser: row.integer(6) == 1,
                     isChangeJarUser: row.integer(7) == 1, lastVisitAt: row.integer(8))
    }
}
