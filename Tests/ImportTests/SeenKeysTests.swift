import Foundation
import Store
import Testing

@testable import Import

/// The keys a re-import did not meet, found by merging the table and the keys met in key order
/// (`SeenKeys.unseenTextKeys`), against the same difference worked out in Swift.
struct SeenKeysTests {
    /// Keys whose byte order is not their number's nor their letters' case order.
    static let keys = [
        "q1", "q10", "q100", "q2", "q20", "Q3", "a", "a\u{1}", "ab", "é", "e\u{301}", "z", "", "日本", "q-1", "q_1", "q11",
    ]

    func store(_ name: String) throws -> (Database, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seen-\(name)-\(UUID().uuidString).sqlite").path
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
        let insert = try database.statement("INSERT INTO t (id) VALUES (?1)")
        for key in Self.keys {
            insert.reset()
            try insert.bindText(key, at: 1)
            try insert.runBound()
        }
        return (database, path)
    }

    @Test("Every unmet key, in byte order; keys met that the table lacks are passed over", arguments: [0, 1, 2, 3, 5, 8])
    func unmetKeys(seed: Int) throws {
        let (database, path) = try store("\(seed)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let seen = try SeenKeys(database: database, table: "t", keyColumns: ["id"], types: ["TEXT"])
        // A varying subset of the table's keys, and keys the table lacks (a rejected record's).
        // As bytes: Swift's String equality would take "é" and "e\u{301}" for one key.
        var met: Set<[UInt8]> = []
        for (index, key) in Self.keys.enumerated() where (index * 7 + seed) % 3 != 0 { met.insert(Array(key.utf8)) }
        for extra in ["q0", "q1000", "a\u{0}b", "zz", "\u{10FFFF}"] where (extra.utf8.count + seed) % 2 == 0 { met.insert(Array(extra.utf8)) }
        for key in met.sorted(by: { $0.lexicographicallyPrecedes($1) }).reversed() {
            #expect(try seen.markNew { try $0.bindText(String(decoding: key, as: UTF8.self), at: 1) })
        }
        let expected = Self.keys.map { Array($0.utf8) }.filter { !met.contains($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        let unseen = try #require(try seen.unseenTextKeys(keyColumn: "id", limit: 100))
        #expect(unseen.map { Array($0.utf8) } == expected)
        // Over the limit: nil, for the caller to remove them with SQL instead.
        if expected.count > 1 { #expect(try seen.unseenTextKeys(keyColumn: "id", limit: expected.count - 1) == nil) }
        try seen.finish()
    }

    @Test("A table that was empty before the import keeps no keys: nothing is unmet")
    func emptyTable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seen-empty-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
        let seen = try SeenKeys(database: database, table: "t", keyColumns: ["id"], types: ["TEXT"])
        #expect(try seen.unseenTextKeys(keyColumn: "id", limit: 10) == [])
    }
}
