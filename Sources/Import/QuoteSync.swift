import Store
import VantageCore

/// Makes the `quote` and `hearer` tables equal the export's quotes, writing only rows that
/// differ: a re-import of the same export writes nothing.
final class QuoteSync {
    /// A quote with its people resolved to rows.
    struct Resolved {
        var id: String
        var text: String
        var saidBy: Int64
        var saidByName: String
        var saidAt: DataInstant
        var submittedBy: Int64
        var hearers: [(person: Int64, name: String)]
    }

    private let seen: SeenKeys
    /// Where the export's file has a record with this id first, for the error of an id met
    /// twice (set by the session to read its source again; nil: not known).
    var firstRecord: (String) -> RecordLocation? = { _ in nil }
    private let insertQuote, updateQuote, selectQuote: Statement
    private let insertHearer, updateHearer, deleteHearer, selectHearers: Statement
    /// `INSERT … VALUES (…), (…)` for 1 to `maximumBatch` hearers: a quote's new hearers
    /// in one statement. The quote's id (`?1`) and time (`?2`) are bound once for all its rows,
    /// each row adding only its position, person and name (`?3`, `?4`, `?5` for the first).
    private var insertHearers: [Statement] = []
    static let maximumBatch = 8
    /// On a first import, the writer the new quotes' hearers go to (nil: row by row, here).
    private var staging: HearerStaging?
    private let database: Database
    private(set) var quotes = RowChanges()
    private(set) var hearers = RowChanges()

    init(database: Database) throws {
        self.database = database
        seen = try SeenKeys(database: database, table: "quote", keyColumns: ["id"], types: ["TEXT"])
        insertQuote = try database.statement(
            "INSERT INTO quote (id, text, said_by, said_by_name, said_at, submitted_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        updateQuote = try database.statement(
            "UPDATE quote SET text = ?2, said_by = ?3, said_by_name = ?4, said_at = ?5, submitted_by = ?6 WHERE id = ?1")
        selectQuote = try database.statement(
            "SELECT text, said_by, said_by_name, said_at, submitted_by FROM quote WHERE id = ?1")
        insertHearer = try database.statement(
            "INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        updateHearer = try database.statement(
            "UPDATE hearer SET position = ?2, name = ?4, said_at = ?5 WHERE quote_id = ?1 AND person_id = ?3")
        deleteHearer = try database.statement("DELETE FROM hearer WHERE quote_id = ?1 AND person_id = ?2")
        selectHearers = try database.statement(
            "SELECT person_id, position, name, said_at FROM hearer WHERE quote_id = ?1")
        for count in 1...Self.maximumBatch {
            insertHearers.append(try database.statement(Self.insertHearersSQL(rows: count)))
        }
    }

    /// `INSERT INTO hearer` of `rows` rows of one quote (see `insertHearers`).
    static func insertHearersSQL(rows: Int) -> String {
        let values = (0..<rows).map { row in "(?1, ?\(row * 3 + 3), ?\(row * 3 + 4), ?\(row * 3 + 5), ?2)" }
        return "INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES " + values.joined(separator: ", ")
    }

    /// From now until `finishStaging`, the hearers of new quotes are written by a thread of
    /// their own (`HearerStaging`), when the store allows it: a first import into an empty store.
    func startStaging() throws {
        precondition(staging == nil)
        guard insertCatchesRepeats else { return }
        staging = try HearerStaging.start(beside: database)
    }

    /// Moves the staged hearers into the store; from now on hearers are written here again.
    /// Returns the rows moved.
    func finishStaging() throws -> Int {
        guard let staging else { return 0 }
        try staging.finish(into: database)
        self.staging = nil
        return database.changes
    }

    /// Stops the staging writer without moving its rows (the import is failing).
    func abandonStaging() {
        staging?.abandon()
        staging = nil
    }

    /// A condition on `alias.id` that keeps the quotes this import has stored so far (the rows
    /// of an earlier import that it has not met again are on their way out); nil: every row is.
    func storedThisImport(alias: String) -> String? {
        seen.tracksKeys ? "\(alias).id IN (SELECT id FROM temp.seen_quote)" : nil
    }

    /// Checks that `id` was not met before in this export, and notes it.
    func claim(id: String, at location: RecordLocation) throws {
        guard try seen.markNew({ try $0.bindText(id, at: 1) }) else { throw repeated(id, at: location) }
    }

    /// True when a new quote may be stored without claiming its id first: the table was empty
    /// before this import, so the row's own key catches an id met twice (one B-tree search per
    /// quote instead of two).
    var insertCatchesRepeats: Bool { !seen.tracksKeys }

    /// Claims and stores `quote` in one step (see `insertCatchesRepeats`): throws the error of
    /// `claim` when its id was met before, having stored nothing.
    func claimAndWrite(_ quote: Resolved, at location: RecordLocation) throws {
        precondition(insertCatchesRepeats)
        try bindQuote(insertQuote, quote)
        try insertNew(id: quote.id, at: { location })
        try insertAllHearers(quote)
    }

    /// Runs `insertQuote`, bound for the new quote `id`: an id met before is `claim`'s error,
    /// having stored nothing.
    private func insertNew(id: String, at location: () -> RecordLocation) throws {
        do {
            try insertQuote.runBound()
        } catch let error as DatabaseError where error.code & 0xFF == 19 {  // SQLITE_CONSTRAINT
            // Every other constraint of the row is checked before it gets here; make sure.
            if try !seen.markNew({ try $0.bindText(id, at: 1) }) { throw repeated(id, at: location()) }
            throw error
        }
        quotes.added += 1
    }

    /// `claimAndWrite` for a record whose speaker and hearers (`hearerIDs`, one per
    /// `quote.heardBy`, none nil) are all resolved: bound straight from the record, without
    /// copying its strings into a `Resolved` first and freeing them after (2% of the storing
    /// thread's instructions, callgrind). `location` is asked for only for an id met twice.
    func claimAndWrite(_ quote: borrowing QuoteRecord, saidBy: Int64, submittedBy: Int64, hearerIDs: [Int64?],
                       at location: () -> RecordLocation) throws {
        precondition(insertCatchesRepeats && hearerIDs.count == quote.heardBy.count)
        try insertQuote.bindText(quote.id, at: 1)
        try insertQuote.bindText(quote.text, at: 2)
        try insertQuote.bindInteger(saidBy, at: 3)
        try insertQuote.bindText(quote.saidBy.name, at: 4)
        try insertQuote.bindInteger(quote.saidAt.microseconds, at: 5)
        try insertQuote.bindInteger(submittedBy, at: 6)
        try insertNew(id: quote.id, at: location)
        try insertHearerRows(of: quote.id, saidAt: quote.saidAt, count: hearerIDs.count) { index in
            (hearerIDs[index]!, quote.heardBy[index].name)
        }
    }

    private func repeated(_ id: String, at location: RecordLocation) -> Diagnostic {
        RecordID.repeated(id, kind: "quote", at: location, first: firstRecord(id))
    }

    /// Stores `quote` (already claimed), writing only what differs from the stored row.
    func write(_ quote: Resolved) throws {
        if seen.tracksKeys, let stored = try storedQuote(quote.id) {
            if stored != Stored(quote) {
                try bindQuote(updateQuote, quote)
                try updateQuote.runBound()
                quotes.updated += 1
            } else {
                quotes.unchanged += 1
            }
            try writeHearers(quote, existing: try storedHearers(quote.id))
            return
        }
        try bindQuote(insertQuote, quote)
        try insertQuote.runBound()
        quotes.added += 1
        try insertAllHearers(quote)
    }

    /// Counts a quote the import did not read again (`RecordMemory`): its row and its hearers'
    /// stay as they are.
    func countUnchanged(hearers count: Int) {
        quotes.unchanged += 1
        hearers.unchanged += count
    }

    /// Inserts every hearer of a new quote, a few rows per statement.
    private func insertAllHearers(_ quote: Resolved) throws {
        try insertHearerRows(of: quote.id, saidAt: quote.saidAt, count: quote.hearers.count) { quote.hearers[$0] }
    }

    /// Inserts `count` hearers of the new quote `id`, hearer `index` being `hearer(index)`.
    private func insertHearerRows(of id: String, saidAt: DataInstant, count total: Int,
                               _ hearer: (Int) -> (person: Int64, name: String)) throws {
        if let staging {
            try staging.add(quote: id, saidAt: saidAt, count: total, hearer)
            hearers.added += total
            return
        }
        try Self.insertHearers(count: total, with: insertHearers) { statement in
            try statement.bindText(id, at: 1)
            try statement.bindInteger(saidAt.microseconds, at: 2)
        } row: { statement, index, base in
            let (person, name) = hearer(index)
            try statement.bindInteger(person, at: base + 1)
            try statement.bindText(name, at: base + 2)
        }
        hearers.added += total
    }

    /// Inserts `count` hearer rows of one quote with `statements` (`insertHearersSQL` for 1 to
    /// `maximumBatch` rows), a few rows per statement: `quote` binds the quote's id and time
    /// (`?1`, `?2`), `row` binds hearer `index`'s person and name at `base + 1` and `base + 2`
    /// (its position, `base`, is bound here). The one loop for the storing thread and the
    /// hearers' own writer (`HearerStaging`).
    static func insertHearers(count total: Int, with statements: [Statement], quote: (Statement) throws -> Void,
                              row: (Statement, _ index: Int, _ base: Int32) throws -> Void) throws {
        var start = 0
        while start < total {
            let count = min(maximumBatch, total - start)
            let statement = statements[count - 1]
            try quote(statement)
            for offset in 0..<count {
                let base = Int32(offset * 3 + 3)
                try statement.bindInteger(Int64(start + offset), at: base)
                try row(statement, start + offset, base)
            }
            try statement.runBound()
            start += count
        }
    }

    /// Removes the quotes (and so their hearers) the export no longer has.
    func finish(keepingUnseen: Bool = false) throws {
        if keepingUnseen {
            // Nothing is removed.
        } else if let unseen = try seen.unseenTextKeys(keyColumn: "id", limit: 4096) {
            let countHearers = try database.statement("SELECT count(*) FROM hearer WHERE quote_id = ?1")
            let delete = try database.statement("DELETE FROM quote WHERE id = ?1")
            for id in unseen {
                countHearers.reset()
                try countHearers.bindText(id, at: 1)
                if try countHearers.step() { hearers.removed += Int(countHearers.integer(0) ?? 0) }
                countHearers.reset()
                delete.reset()
                try delete.bindText(id, at: 1)
                try delete.runBound()
                quotes.removed += database.changes
            }
        } else if let unseen = seen.unseenCondition(keyColumns: ["id"]) {
            if case .integer(let count) = try database.scalar(
                "SELECT count(*) FROM hearer WHERE quote_id IN (SELECT id FROM quote WHERE \(unseen))")
            {
                hearers.removed += Int(count)
            }
            try database.execute("DELETE FROM quote WHERE \(unseen)")
            quotes.removed += database.changes
        }
        try seen.finish()
    }

    private struct Stored: Equatable {
        var text: String, saidBy: Int64, saidByName: String, saidAt: DataInstant, submittedBy: Int64
        init(text: String, saidBy: Int64, saidByName: String, saidAt: DataInstant, submittedBy: Int64) {
            (self.text, self.saidBy, self.saidByName, self.saidAt, self.submittedBy) = (text, saidBy, saidByName, saidAt, submittedBy)
        }
        init(_ quote: Resolved) {
            self.init(text: quote.text, saidBy: quote.saidBy, saidByName: quote.saidByName, saidAt: quote.saidAt,
                      submittedBy: quote.submittedBy)
        }
    }

    private struct StoredHearer: Equatable {
        var position: Int64, name: String, saidAt: DataInstant
    }

    private func storedQuote(_ id: String) throws -> Stored? {
        selectQuote.reset()
        defer { selectQuote.reset() }
        try selectQuote.bindText(id, at: 1)
        guard try selectQuote.step() else { return nil }
        return Stored(text: selectQuote.text(0) ?? "", saidBy: selectQuote.integer(1) ?? 0,
                      saidByName: selectQuote.text(2) ?? "", saidAt: DataInstant(microseconds: selectQuote.integer(3) ?? 0),
                      submittedBy: selectQuote.integer(4) ?? 0)
    }

    private func storedHearers(_ id: String) throws -> [Int64: StoredHearer] {
        selectHearers.reset()
        defer { selectHearers.reset() }
        try selectHearers.bindText(id, at: 1)
        var result: [Int64: StoredHearer] = [:]
        while try selectHearers.step() {
            result[selectHearers.integer(0) ?? 0] = StoredHearer(
                position: selectHearers.integer(1) ?? 0, name: selectHearers.text(2) ?? "", saidAt: DataInstant(microseconds: selectHearers.integer(3) ?? 0))
        }
        return result
    }

    private func writeHearers(_ quote: Resolved, existing: [Int64: StoredHearer]) throws {
        var remaining = existing
        for (position, hearer) in quote.hearers.enumerated() {
            let wanted = StoredHearer(position: Int64(position), name: hearer.name, saidAt: quote.saidAt)
            if let stored = remaining.removeValue(forKey: hearer.person) {
                if stored == wanted {
                    hearers.unchanged += 1
                    continue
                }
                try bindHearer(updateHearer, quote.id, hearer.person, wanted)
                try updateHearer.runBound()
                hearers.updated += 1
            } else {
                try bindHearer(insertHearer, quote.id, hearer.person, wanted)
                try insertHearer.runBound()
                hearers.added += 1
            }
        }
        for person in remaining.keys.sorted() {
            deleteHearer.reset()
            try deleteHearer.bindText(quote.id, at: 1)
            try deleteHearer.bindInteger(person, at: 2)
            try deleteHearer.runBound()
            hearers.removed += 1
        }
    }

    private func bindQuote(_ statement: Statement, _ quote: Resolved) throws {
        try statement.bindText(quote.id, at: 1)
        try statement.bindText(quote.text, at: 2)
        try statement.bindInteger(quote.saidBy, at: 3)
        try statement.bindText(quote.saidByName, at: 4)
        try statement.bindInteger(quote.saidAt.microseconds, at: 5)
        try statement.bindInteger(quote.submittedBy, at: 6)
    }

    private func bindHearer(_ statement: Statement, _ quote: String, _ person: Int64, _ hearer: StoredHearer) throws {
        try statement.bindText(quote, at: 1)
        try statement.bindInteger(hearer.position, at: 2)
        try statement.bindInteger(person, at: 3)
        try statement.bindText(hearer.name, at: 4)
        try statement.bindInteger(hearer.saidAt.microseconds, at: 5)
    }
}
