import Foundation
import VantageCore

/// The SQLite store that `vantage import` fills and the site build reads: one database file,
/// migrated to the current schema when opened. The connection is reachable only inside
/// `read { db in … }` (one snapshot) and `write { db in … }` (one transaction).
///
/// A `Store` is one connection and is not shared between threads: open one per thread
/// (read-only for readers).
public final class Store {
    /// Where the store lives unless `--db` says otherwise, relative to the current directory.
    public static let defaultPath = ".vantage/store.sqlite"

    /// The database file.
    public let path: String
    private var database: Database

    /// Opens the store at `path`, creating the file and its directory when `readOnly` is false,
    /// and applies every pending migration. A read-only store must already be at the current
    /// schema version.
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        // A device, folder or pipe is no store: SQLite would open `/dev/null` and then fail
        // with an I/O error, leaving a `-journal` file beside it.
        if let problem = FileCheck.kindProblem(at: path) {
            throw StoreError(path: path, message: problem)
        }
        if readOnly {
            guard FileManager.default.fileExists(atPath: path) else {
                throw StoreError(path: path, message: "no store here; run 'vantage import' first")
            }
        } else {
            let directory = PathText.parent(of: path)
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw StoreError(path: path, message: "cannot create the directory \(directory)")
                }
            }
        }
        do {
            database = try Database(path: path, readOnly: readOnly)
            if readOnly, try Self.holdsUnrolledJournal(database) {
                try Self.rollBackJournal(at: path)
                database = try Database(path: path, readOnly: true)
            }
        } catch let error as DatabaseError {
            throw StoreError(path: path, message: "cannot open the store: \(error.message)")
        }
        try checkIsVantageStore()
        if readOnly {
            let version = try database.userVersion
            guard version == Schema.currentVersion else {
                // An older store is brought up to date by an import; a newer one only by the
                // vantage that wrote it.
                throw StoreError(
                    path: path,
                    message: version < Schema.currentVersion
                        ? "the store has schema version \(version), this vantage needs \(Schema.currentVersion); run 'vantage import'"
                        : Self.newerMessage(version))
            }
            // The migrations commit before the import's own transaction, so an import killed
            // before its commit leaves a store at the current schema with nothing in it. Built
            // from, it would be an empty site published over a good one: it is no store yet.
            guard try hasCompletedImport else {
                throw StoreError(path: path, message: Self.noImportMessage)
            }
        } else {
            try migrate()
        }
    }

    /// The number of migrations applied (`PRAGMA user_version`).
    public var schemaVersion: Int { get throws { try database.userVersion } }

    /// What a reader is told when no import has completed into the store: as when there is none.
    public static let noImportMessage = "no store here (no import has completed into it); run 'vantage import' first"

    /// True when an import has committed into this store: every import writes the site's
    /// settings row in its transaction, and nothing else writes it (the migrations do not).
    /// A store an earlier vantage imported with `--keep-going` while its `site.json` was rejected
    /// has no settings row but has the records: those say an import completed too (an empty
    /// export is refused, so a completed import always stored someone).
    public var hasCompletedImport: Bool {
        get throws {
            try database.scalar("""
                SELECT 1 WHERE EXISTS (SELECT 1 FROM site) OR EXISTS (SELECT 1 FROM person)
                    OR EXISTS (SELECT 1 FROM quote) OR EXISTS (SELECT 1 FROM idea)
                """) != nil
        }
    }

    /// Runs `body` with the connection inside one read transaction (a consistent snapshot).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try database.readTransaction { try body(database) }
    }

    /// Runs `body` with the connection inside one write transaction: everything it did is
    /// committed when it returns and rolled back when it throws.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try database.transaction { try body(database) }
    }

    /// Like `write`, with foreign-key enforcement switched off for the transaction (SQLite
    /// allows the switch only outside one). Only for a writer that makes every reference
    /// itself, such as the importer filling an empty store; checking each row again would only
    /// cost time.
    public func writeUncheckedReferences<T>(_ body: (Database) throws -> T) throws -> T {
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        return try database.transaction { try body(database) }
    }

    /// True when the store holds no person, quote or idea (nothing imported yet).
    public var isEmpty: Bool {
        get throws {
            try read { db in
                try ["person", "quote", "idea"].allSatisfy { try db.scalar("SELECT 1 FROM \($0) LIMIT 1") == nil }
            }
        }
    }

    /// True when a read-only connection cannot read the store because an import was killed
    /// mid-transaction: its hot journal must be rolled back first, which needs write access.
    private static func holdsUnrolledJournal(_ database: Database) throws -> Bool {
        do {
            _ = try database.userVersion
            return false
        } catch is DatabaseError where database.lastErrorIsUnrolledJournal {
            return true
        } catch is DatabaseError {
            return false  // said by checkIsVantageStore, which reads the same again
        }
    }

    /// Rolls back the journal a killed import left, by reading the store once through a
    /// connection with write access, as SQLite does for any writer that opens it. No store lock
    /// is needed: SQLite rolls a journal back only when no connection holds the store's write
    /// lock (its writer is gone), and it does so under its own exclusive lock, so neither a
    /// running import nor another reader (shard builds share one store) can be in its way.
    /// A store this process may not write (a read-only copy shared by shard builds) is refused,
    /// saying how to finish the rollback.
    private static func rollBackJournal(at path: String) throws {
        let folder = PathText.parent(of: path)
        guard access(path, R_OK | W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0,
              let writer = try? Database(path: path), (try? writer.userVersion) != nil
        else {
            throw StoreError(
                path: path,
                message: "the store holds the journal of an import that did not finish (\(path)-journal), and it cannot be "
                    + "rolled back without write access to the store and its folder; run 'vantage import' (or open the store "
                    + "once with write access) to finish rolling it back, then run this again")
        }
    }

    /// Refuses a database some other program made (`--db` pointing at the wrong file), before
    /// anything is written to it: a Vantage store is either empty (a new file) or has a schema
    /// version and Vantage's first tables.
    private func checkIsVantageStore() throws {
        let version: Int
        let tables: [String]
        do {
            version = try database.userVersion
            tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .compactMap { if case .text(let name) = $0.first { name } else { nil } }
        } catch let error as DatabaseError where error.isNotADatabase {
            throw StoreError(path: path, message: "not a Vantage store (\(error.message)); give --db a Vantage store or a new file")
        } catch let error as DatabaseError {
            // A Vantage store may be unreadable for a while (locked, a disk error): not another file.
            throw StoreError(path: path, message: "cannot read the store: \(error.message)")
        }
        if tables.isEmpty, version == 0 { return }
        let ours = ["site", "person", "idea", "quote"]
        guard version > 0, ours.allSatisfy(tables.contains) else {
            let shown = tables.isEmpty ? "no tables" : "the tables " + tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            throw StoreError(
                path: path,
                message: "not a Vantage store (an SQLite database with \(shown), schema version \(version)); it was left untouched. Give --db a Vantage store or a new file")
        }
    }

    /// What a store written by a newer vantage is told.
    static func newerMessage(_ version: Int) -> String {
        "the store has schema version \(version), newer than this vantage knows (\(Schema.currentVersion)): "
            + "build with the vantage that wrote it, or import into another store (--db FILE)"
    }

    /// Applies the migrations this store has not seen yet, each in its own transaction that
    /// also records the new version, so a failed step leaves the store at the previous one.
    private func migrate() throws {
        let version = try database.userVersion
        guard version <= Schema.currentVersion else {
            throw StoreError(path: path, message: Self.newerMessage(version))
        }
        for (index, migration) in Schema.migrations.enumerated().dropFirst(version) {
            do {
                try database.transaction {
                    try database.execute(migration.sql)
                    try database.execute("PRAGMA user_version = \(index + 1)")
                }
            } catch let error as DatabaseError {
                throw StoreError(path: path, message: "migration \(index + 1) (\(migration.name)) failed: \(error)")
            }
        }
    }
}

/// A problem with the store file itself: it cannot be opened, created or migrated.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The store file.
    public var path: String
    /// What went wrong, for a person.
    public var message: String
    /// `path: error: message`.
    public var description: String { "\(path): error: \(message)" }
}
