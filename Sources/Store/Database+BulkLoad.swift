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
        for index in indexes { try execute(index.sql) }
        return result
    }
}
