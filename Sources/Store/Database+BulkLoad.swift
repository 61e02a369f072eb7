/// Loading many rows into empty tables: maintaining a secondary index row by row means a
/// random B-tree insertion per row (and, once the index outgrows the page cache, disk reads);
/// building it once at the end is one sort. Used by the importer on a first import.
extension Database {
    /// Runs `body` with the secondary indexes of `tables` dropped, then creates them again
    /// with their exact original SQL. Call inside a transaction, so that a failure restores
    /// them with everything else. Indexes behind UNIQUE or PRIMARY KEY constraints stay.
    public func withIndexesDeferred<T>(on tables: [String], _ body: () throws -> T) throws -> T {
        var indexes: [(name: String, sql: String)] = []
        for table in tables {
            for row in try rows("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL ORDER BY name",
                                [.text(table)]) {
                if case .text(let name) = row[0], case .text(let sql) = row[1] { indexes.append((name, sql)) }
            }
        }
        for index in indexes { try execute("DROP INDEX \"\(index.name)\"") }
        let result = try body()
        // SQLite sorts an index in runs as large as the page cache, one run in memory per
        // sorting thread (`PRAGMA threads`): with the default 2 MB cache and two threads, the
        // runs were the highest point of a JSON Lines import (59 MB against 55 with 1 MB runs,
        // peer workload), and runs of half the size sorted as fast (x0.99, 8 pairs).
        let cacheSize = try rows("PRAGMA cache_size").first.flatMap { row -> Int64? in
            if case .integer(let pages) = row[0] { pages } else { nil }
        }
        if cacheSize != nil, !indexes.isEmpty { try execute("PRAGMA cache_size = -1024") }
        for index in indexes { try execute(index.sql) }
        if let cacheSize, !indexes.isEmpty { try execute("PRAGMA cache_size = \(cacheSize)") }
        return result
    }
}
