import VantageCore

extension Store {
    /// Runs `body` with the site build's reads over one snapshot of the store (one read
    /// transaction): everything `body` reads belongs to the same import.
    public func readSite<T>(_ body: (SiteReader) throws -> T) throws -> T {
        try read { database in try body(SiteReader(database: database)) }
    }
}

/// The site build's reads of the store: the only way the build sees the data, and shaped for
/// privacy (the rows are `SiteRecords` values, which hold no phone number or email). Reached
/// through `Store.readSite`, so the store's schema version was checked when it was opened and
/// every read is inside a snapshot. Each read is one `StoreSQL` constant.
public struct SiteReader {
    let database: Database

    /// The `site` row, with the importer's defaults when the row is missing.
    public func settings() throws -> SiteSettings {
        let statement = try database.statement(StoreSQL.site)
        guard try statement.step() else { return SiteSettings() }
        var locales: [String] = []
        if let json = statement.text(2),
            case .array(let items)? = try? JSONParser.parse(Array(json.utf8), file: "site.locales")
        {
            locales = items.compactMap(\.stringValue)
        }
        var settings = SiteSettings(
            title: statement.text(0), defaultLocale: statement.text(1) ?? SiteSettings.defaultLocaleTag, locales: locales,
            timeZone: statement.text(3) ?? SiteSettings.defaultTimeZone,
            pageSize: statement.integer(4).map { Int($0) } ?? SiteSettings.defaultPageSize, buildDate: statement.integer(5))
        settings.quoteLimit = statement.integer(6).map { Int($0) } ?? SiteSettings.defaultQuoteLimit
        return settings
    }

    /// Every person, by id.
    public func people() throws -> [Person] {
        let statement = try database.statement(StoreSQL.people)
        var people: [Person] = []
        while try statement.step() {
            people.append(Person(
                id: statement.integer(0) ?? 0, name: statement.text(1), locale: statement.text(2),
                timeZone: statement.text(3), hasEmail: statement.integer(4) == 1,
                isQuotesUser: statement.integer(5) == 1, isChangeJarUser: statement.integer(6) == 1,
                lastVisitAt: statement.integer(7).map(DataInstant.init(microseconds:)), hasPhone: statement.integer(8) == 1,
                order: statement.integer(9)))
        }
        return people
    }

    /// Every idea, newest first (ties: id ascending).
    public func ideas() throws -> [Idea] {
        let statement = try database.statement(StoreSQL.ideas)
        var ideas: [Idea] = []
        while try statement.step() {
            ideas.append(Idea(
                id: statement.text(0) ?? "", text: statement.text(1) ?? "", submittedAt: DataInstant(microseconds: statement.integer(2) ?? 0),
                authorID: statement.integer(3) ?? 0, authorName: statement.text(4) ?? "",
                showName: statement.integer(5) == 1,
                audience: IdeaAudience(rawValue: statement.text(6) ?? "self") ?? .self))
        }
        return ideas
    }

    /// How many quotes each person is in (`StoreSQL.quoteCounts`): what the size of their
    /// part of the site grows with.
    public func quoteCounts() throws -> [Int64: Int] {
        let statement = try database.statement(StoreSQL.quoteCounts)
        var counts: [Int64: Int] = [:]
        while try statement.step() {
            if let person = statement.integer(0) { counts[person] = Int(statement.integer(1) ?? 0) }
        }
        return counts
    }

    /// The quotes `viewer` sees, newest first (ties: id ascending), each with its hearers in
    /// export order.
    public func visibleQuotes(viewer: Int64) throws -> [Quote] {
        let statement = try database.statement(StoreSQL.visibleQuotes)
        try statement.bind(.integer(viewer), at: 1)
        let hearers = try database.statement(StoreSQL.quoteHearers)
        var quotes: [Quote] = []
        var rows: [(position: Int64, hearer: Hearer)] = []
        while try statement.step() {
            let id = statement.text(0) ?? ""
            hearers.reset()
            try hearers.bindText(id, at: 1)
            rows.removeAll(keepingCapacity: true)
            while try hearers.step() {
                rows.append((hearers.integer(0) ?? 0, Hearer(personID: hearers.integer(1) ?? 0, recordedName: hearers.text(2) ?? "")))
            }
            // Export order; a person is a quote's hearer once (the key), so places do not tie
            // in an imported store, and the person breaks a tie the same way everywhere.
            if rows.count > 1 { rows.sort { ($0.position, $0.hearer.personID) < ($1.position, $1.hearer.personID) } }
            quotes.append(Quote(
                id: id, text: statement.text(1) ?? "", speakerID: statement.integer(2) ?? 0,
                speakerRecordedName: statement.text(3) ?? "", saidAt: DataInstant(microseconds: statement.integer(4) ?? 0),
                hearers: rows.map(\.hearer)))
        }
        return quotes
    }

    /// `owner`'s address book: person id → the name `owner` has for them.
    public func contacts(owner: Int64) throws -> [Int64: String] {
        let statement = try database.statement(StoreSQL.contacts)
        try statement.bind(.integer(owner), at: 1)
        var names: [Int64: String] = [:]
        while try statement.step() {
            if let person = statement.integer(0), let name = statement.text(1) { names[person] = name }
        }
        return names
    }

    /// Every reviewer's latest decision per item, by item then reviewer.
    public func reviews() throws -> [StoredReview] {
        let statement = try database.statement(StoreSQL.reviews)
        var decisions: [StoredReview] = []
        while try statement.step() { decisions.append(StoredReview(row: statement)) }
        return decisions
    }

    /// Number of quotes in the store.
    public func quoteCount() throws -> Int {
        let statement = try database.statement(StoreSQL.quoteCount)
        _ = try statement.step()
        return Int(statement.integer(0) ?? 0)
    }

    /// The text of the quotes with the given ids (for the site-wide review report).
    public func quoteTexts(ids: [String]) throws -> [String: String] {
        let statement = try database.statement(StoreSQL.quoteText)
        var texts: [String: String] = [:]
        for id in ids {
            statement.reset()
            try statement.bind(.text(id), at: 1)
            if try statement.step(), let text = statement.text(0) { texts[id] = text }
        }
        return texts
    }

    /// The latest instant anywhere in the data (the fallback "now" of a reproducible build;
    /// `BuildClock` applies the rule), nil when the data holds none.
    /// In whole seconds: the second the latest instant falls in.
    public func latestInstant() throws -> Int64? {
        let statement = try database.statement(StoreSQL.latestInstant)
        guard try statement.step() else { return nil }
        // Data from before 1970 has a latest instant too (a negative one): nil only when there is none.
        let records = statement.integer(0).map { DataInstant(microseconds: $0).seconds }
        return [records, statement.integer(1)].compactMap { $0 }.max()
    }
}
