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
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The folder of the render tests' fixtures.
let fixturesFolder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// The small fixture store's SQL (`Fixtures/small/store.sql`).
let smallStoreSQL: String = {
    let url = fixturesFolder.appendingPathComponent("small/store.sql")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()
