import Foundation

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
    private let database: Database

    /// Opens the store at `path`, creating the file and its directory when `readOnly` is false,
    /// and applies every pending migration. A read-only store must already be at the current
    /// schema version.
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        if readOnly {
            guard FileManager.default.fileExists(atPath: path) else {
                throw StoreError(path: path, message: "no store here; run 'vantage import' first")
            }
        } else {
            let directory = (path as NSString).deletingLastPathComponent
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
        } catch let error as DatabaseError {
            throw StoreError(path: path, message: "cannot open the store: \(error.message)")
        }
        if readOnly {
            let version = try database.userVersion
            guard version == Schema.currentVersion else {
                throw StoreError(
                    path: path,
                    message: "the store has schema version \(version), this vantage needs \(Schema.currentVersion); run 'vantage import'")
            }
        } else {
            try migrate()
        }
    }

    /// The number of migrations applied (`PRAGMA user_version`).
    public var schemaVersion: Int { get throws { try database.userVersion } }

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

    /// Applies the migrations this store has not seen yet, each in its own transaction that
    /// also records the new version, so a failed step leaves the store at the previous one.
    private func migrate() throws {
        let version = try database.userVersion
        guard version <= Schema.currentVersion else {
            throw StoreError(
                path: path,
                message: "the store has schema version \(version), newer than this vantage knows (\(Schema.currentVersion))")
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
