import VantageCore

/// Whole-store reads for the incremental build's fingerprints (Render's `ViewerFingerprints`):
/// one pass over every quote, hearer and address book instead of one `visibleQuotes` read per
/// viewer. On the peer workload (10,000 people, 200,000 quotes) the per-viewer reads are about
/// 2.4 million index searches, five CPU seconds of a rebuild that renders a handful of people;
/// these are three scans in primary-key order, a tenth of a second.
extension StoreSQL {
    /// Every quote, by id (the primary key's order: no sort).
    public static let everyQuote = "SELECT id, text, said_by, said_by_name, said_at FROM quote ORDER BY id"

    /// Every hearer row, by quote id then person (the primary key's order: no sort).
    public static let everyHearer = "SELECT quote_id, position, person_id, name FROM hearer ORDER BY quote_id, person_id"

    /// Every address book entry, by owner then person (the primary key's order: no sort).
    public static let everyContact = "SELECT owner_id, person_id, name FROM contact ORDER BY owner_id, person_id"
}

extension SiteReader {
    /// Calls `visit` with every quote of the store and its hearers in export order (as
    /// `visibleQuotes` gives them), in id order. The quote and hearer tables are read side by
    /// side in their primary keys' order (`BINARY`: the ids' UTF-8 bytes) and merged.
    public func everyQuote(_ visit: (Quote) throws -> Void) throws {
        let quotes = try database.statement(StoreSQL.everyQuote)
        let hearers = try database.statement(StoreSQL.everyHearer)
        var hearerRow = try hearers.step()
        var rows: [(position: Int64, hearer: Hearer)] = []
        while try quotes.step() {
            let id = quotes.text(0) ?? ""
            rows.removeAll(keepingCapacity: true)
            while hearerRow {
                let quoteID = hearers.text(0) ?? ""
                // A hearer row of a quote before this one has no quote (the schema's foreign key
                // forbids it): skipped. One after it belongs to a later quote.
                if quoteID.utf8.lexicographicallyPrecedes(id.utf8) {
                    hearerRow = try hearers.step()
                    continue
                }
                guard quoteID.utf8.elementsEqual(id.utf8) else { break }
                rows.append((hearers.integer(1) ?? 0, Hearer(personID: hearers.integer(2) ?? 0, recordedName: hearers.text(3) ?? "")))
                hearerRow = try hearers.step()
            }
            rows.sort { ($0.position, $0.hearer.personID) < ($1.position, $1.hearer.personID) }
            try visit(Quote(
                id: id, text: quotes.text(1) ?? "", speakerID: quotes.integer(2) ?? 0,
                speakerRecordedName: quotes.text(3) ?? "", saidAt: quotes.integer(4) ?? 0, hearers: rows.map(\.hearer)))
        }
    }

    /// Calls `visit` with every address book (owner, person id → name), by owner; owners with
    /// none are not visited.
    public func everyContact(_ visit: (Int64, [Int64: String]) throws -> Void) throws {
        let statement = try database.statement(StoreSQL.everyContact)
        var owner: Int64?
        var names: [Int64: String] = [:]
        while try statement.step() {
            let current = statement.integer(0) ?? 0
            if let owner, owner != current {
                try visit(owner, names)
                names = [:]
            }
            owner = current
            if let person = statement.integer(1), let name = statement.text(2) { names[person] = name }
        }
        if let owner { try visit(owner, names) }
    }
}

extension Quote {
    /// The people who see this quote: its speaker, then its hearers, each once. The rule of
    /// the `visible_quote` view (Schema: a quote is seen by whoever said it and by whoever heard
    /// it), for a pass over every quote; `ViewerFingerprintTests` hold the two equal for every
    /// person of the stores they build.
    public var viewerIDs: [Int64] {
        var viewers = [speakerID]
        for hearer in hearers where !viewers.contains(hearer.personID) { viewers.append(hearer.personID) }
        return viewers
    }
}
