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
            var id = quotes.text(0) ?? ""
            rows.removeAll(keepingCapacity: true)
            try id.withUTF8 { idBytes in
                while hearerRow {
                    let order = hearers.compareText(0, with: idBytes)
                    // A hearer row of a quote before this one has no quote (the schema's foreign
                    // key forbids it): skipped. One after it belongs to a later quote.
                    if order < 0 {
                        hearerRow = try hearers.step()
                        continue
                    }
                    guard order == 0 else { break }
                    rows.append((hearers.integer(1) ?? 0, Hearer(personID: hearers.integer(2) ?? 0, recordedName: hearers.text(3) ?? "")))
                    hearerRow = try hearers.step()
                }
            }
            rows.sort { ($0.position, $0.hearer.personID) < ($1.position, $1.hearer.personID) }
            try visit(Quote(
                id: id, text: quotes.text(1) ?? "", speakerID: quotes.integer(2) ?? 0,
                speakerRecordedName: quotes.text(3) ?? "", saidAt: DataInstant(microseconds: quotes.integer(4) ?? 0), hearers: rows.map(\.hearer)))
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
        var viewers: [Int64] = []
        forEachViewer { viewers.append($0) }
        return viewers
    }

    /// Calls `visit` with each person who sees this quote, in `viewerIDs`' order, without
    /// making an array (the pass over every quote calls it 200,000 times on the peer workload).
    @inline(__always)
    public func forEachViewer(_ visit: (Int64) throws -> Void) rethrows {
        try visit(speakerID)
        for (place, hearer) in hearers.enumerated() where hearer.personID != speakerID {
            // Each once: a hearer listed twice counts at the first place only.
            if hearers[..<place].contains(where: { $0.personID == hearer.personID }) { continue }
            try visit(hearer.personID)
        }
    }
}
