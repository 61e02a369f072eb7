import Foundation
import Store

/// A store built from SQL for tests of the render's reads: the schema's migrations, then
/// `sql`. Lives in a fresh temporary folder that the caller removes.
struct FixtureStore {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init(sql: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try Database(path: folder.appendingPathComponent("store.sqlite").path)
        for migration in Schema.migrations { try database.execute(migration.sql) }
        try database.execute("PRAGMA user_version = \(Schema.migrations.count)")
        try database.execute(sql)
        // Every import writes the settings row, and a reader refuses a store without one.
        try database.execute("INSERT OR IGNORE INTO site (id) VALUES (1)")
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A fixture file that holds no rows.
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "the fixture \(path) holds no rows" }
    }
}

/// The folder of the render tests' fixtures.
let fixturesFolder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// The small fixture store's SQL (`Fixtures/small/store.sql`); throws when the file is missing
/// or empty, so that no test runs over an empty store by accident.
var smallStoreSQL: String {
    get throws {
        let url = fixturesFolder.appendingPathComponent("small/store.sql")
        let sql = try String(contentsOf: url, encoding: .utf8)
        guard sql.contains("INSERT") else { throw FixtureStore.Missing(path: url.path) }
        return sql
    }
}
