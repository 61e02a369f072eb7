import Store

/// The keys of one table met in this export, so that rows the export no longer has can be
/// removed at the end and a key met twice is caught. When the table was empty before the
/// import the table itself is that record (nothing to remove); otherwise the keys go to a
/// temporary table on disk, so memory does not grow with the export.
final class SeenKeys {
    let table: String
    private let database: Database
    /// True when the table had rows before this import.
    let tracksKeys: Bool
    private let lookup: Statement
    private let mark: Statement?

    /// `keyColumns` name the table's primary key; `types` their SQL types.
    init(database: Database, table: String, keyColumns: [String], types: [String]) throws {
        self.database = database
        self.table = table
        let hasRows = try database.scalar("SELECT 1 FROM \(table) LIMIT 1") != nil
        tracksKeys = hasRows
        let condition = keyColumns.enumerated().map { "\($1) = ?\($0 + 1)" }.joined(separator: " AND ")
        lookup = try database.statement("SELECT 1 FROM \(table) WHERE \(condition)")
        if hasRows {
            let columns = zip(keyColumns, types).map { "\($0) \($1) NOT NULL" }.joined(separator: ", ")
            try database.execute("""
                DROP TABLE IF EXISTS temp.seen_\(table);
                CREATE TEMP TABLE seen_\(table) (\(columns), PRIMARY KEY (\(keyColumns.joined(separator: ", ")))) WITHOUT ROWID;
                """)
            let parameters = keyColumns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            mark = try database.statement("INSERT OR IGNORE INTO temp.seen_\(table) VALUES (\(parameters))")
        } else {
            mark = nil
        }
    }

    /// Notes the key bound by `bind` as met; false when it was met before in this export.
    func markNew(_ bind: (Statement) throws -> Void) throws -> Bool {
        if let mark {
            mark.reset()
            try bind(mark)
            try mark.runBound()
            return database.changes == 1
        }
        lookup.reset()
        try bind(lookup)
        let exists = try lookup.step()
        lookup.reset()
        return !exists
    }

    /// The condition selecting rows of `table` whose key was not met (`alias` qualifies columns).
    func unseenCondition(keyColumns: [String]) -> String? {
        guard tracksKeys else { return nil }
        return "(\(keyColumns.joined(separator: ", "))) NOT IN (SELECT \(keyColumns.joined(separator: ", ")) FROM temp.seen_\(table))"
    }

    /// The keys of `table` not met, when the key is one text column (`keyColumn`) and at most
    /// `limit` are unmet; nil when more are (or keys are not tracked: then none is unmet).
    ///
    /// The table and the keys met are read side by side in key order (both primary keys,
    /// `BINARY`) and merged: two scans instead of a B-tree search of the keys met for every row,
    /// which was a fifth of a re-import's storing thread on the peer workload (200,000 quotes),
    /// where usually nothing is unmet.
    func unseenTextKeys(keyColumn: String, limit: Int) throws -> [String]? {
        guard tracksKeys else { return [] }
        let rows = try database.statement("SELECT \(keyColumn) FROM \(table) ORDER BY \(keyColumn)")
        let met = try database.statement("SELECT \(keyColumn) FROM temp.seen_\(table) ORDER BY \(keyColumn)")
        // Reset (their read cursors let go) before the table of keys met is dropped.
        defer {
            rows.reset()
            met.reset()
        }
        var unseen: [String] = []
        var metRow = try met.step()
        while try rows.step() {
            var key = rows.text(0) ?? ""
            let found = try key.withUTF8 { bytes -> Bool in
                while metRow {
                    let order = met.compareText(0, with: bytes)
                    if order < 0 {
                        metRow = try met.step()  // met, not in the table (a record rejected)
                        continue
                    }
                    return order == 0
                }
                return false
            }
            if !found {
                unseen.append(key)
                if unseen.count > limit { return nil }
            }
        }
        return unseen
    }

    /// Drops the temporary table.
    func finish() throws {
        if tracksKeys { try database.execute("DROP TABLE IF EXISTS temp.seen_\(table)") }
    }
}
