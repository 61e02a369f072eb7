/// A deterministic text dump of a store: its schema version, then every row of every table
/// ordered by all its columns. Two stores with equal dumps hold the same data; tests compare
/// dumps to prove that a failed import changed nothing, and golden files can hold them.
extension Database {
    /// The dump; text values are quoted the way SQL writes them, so NULL and '' differ.
    public func dump() throws -> String {
        var out = "user_version \(try userVersion)\n"
        let tables = try rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for case .text(let table) in tables.compactMap(\.first) {
            let columns = try rows("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(table)])
                .compactMap { row -> String? in if case .text(let name) = row.first { return name } else { return nil } }
            let quoted = columns.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            let quotedTable = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            out += "table \(table) (\(columns.joined(separator: ", ")))\n"
            let statement = try Statement(
                database: self, sql: "SELECT \(quoted.joined(separator: ", ")) FROM \(quotedTable) ORDER BY \(quoted.joined(separator: ", "))")
            while try statement.step() {
                let values = (0..<statement.columnCount).map { Self.literal(statement.value(at: $0)) }
                out += "  " + values.joined(separator: "|") + "\n"
            }
        }
        return out
    }

    private static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .text(let v): return "'" + v.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }
}
