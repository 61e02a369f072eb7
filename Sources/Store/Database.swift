import CSQLite
import Foundation
import VantageCore

/// SQLite's "copy this text now" destructor, a macro Swift does not import.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// An error from SQLite: the result code, SQLite's message and the SQL. Bound values are never
/// included: they may hold personal data.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var sql: String?
    /// True when the file is not an SQLite database at all (SQLITE_NOTADB).
    public var isNotADatabase: Bool { code == SQLITE_NOTADB }
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")))" }
        return text
    }
    /// True when SQLite refused to write because the database cannot be written
    /// (`SQLITE_READONLY` and its extended codes: the file's permissions, a read-only file
    /// system, a folder where the journal cannot be made), not because of what was written.
    public var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY }
}

/// A value bound to or read from a statement.
public enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One SQLite connection. Not shared between threads: open one per thread.
public final class Database {
    let handle: OpaquePointer
    /// The file this connection opened.
    public let path: String
    private var statementCache: [String: Statement] = [:]

    /// SQLite's memory statistics off before the first connection: they cost a mutex per
    /// allocation (a few percent of an import's storing thread) and nothing reads them.
    private static let configured: Bool = vantage_sqlite_disable_memory_statistics() == SQLITE_OK

    /// Opens (creating if needed) the database at `path`, with foreign keys enforced.
    public init(path: String, readOnly: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(code: rc, message: message, sql: nil)
        }
        self.handle = db
        self.path = path
        sqlite3_busy_timeout(db, 5000)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw DatabaseError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement for `sql`, cached per connection and reset before reuse.
    public func statement(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction, so every query in it sees one snapshot.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(begin: "BEGIN DEFERRED", body)
    }

    /// `begin`, then `body`, then COMMIT; ROLLBACK when `body` throws. A write transaction
    /// takes the write lock at `BEGIN IMMEDIATE`; a read one takes no lock until it reads.
    private func inTransaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        // BEGIN and COMMIT are kept prepared: through `execute` SQLite parsed them anew each
        // time, twice for every viewer of a build (about 40,000 instructions a read).
        try statement(begin).runBound()
        do {
            let result = try body()
            try statement("COMMIT").runBound()
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed since the connection opened (every table, the temp schema included).
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// True when the last error was a hot journal this read-only connection could not roll back
    /// (SQLITE_READONLY_ROLLBACK: a writer died mid-transaction and nobody has opened the file
    /// with write access since).
    public var lastErrorIsUnrolledJournal: Bool { sqlite3_extended_errcode(handle) == SQLITE_READONLY | (3 << 8) }

    /// `PRAGMA user_version`: the number of migrations applied to this store.
    public var userVersion: Int {
        get throws {
            if case .integer(let version) = try scalar("PRAGMA user_version") { return Int(version) }
            return 0
        }
    }

    /// The rows of a query, as values, for small lookups and tests.
    public func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        let statement = try self.statement(sql)
        try statement.bind(arguments)
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> DatabaseValue? {
        try rows(sql, arguments).first?.first
    }

    func error(_ rc: Int32, sql: String?) -> DatabaseError {
        DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// A prepared statement; finalized when released.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    /// The SQL text.
    public let sql: String
    /// `bindText`'s copy of each text parameter, by index: SQLite reads it in place until the
    /// parameter is bound again (its own copy would be a malloc and a free per value).
    private var textBuffers: [UnsafeMutableRawBufferPointer?] = []

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw database.error(rc, sql: sql) }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
        for buffer in textBuffers { buffer?.deallocate() }
    }

    /// Resets the statement and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values to the parameters in order (1-based in SQLite).
    public func bind(_ values: [DatabaseValue]) throws {
        for (index, value) in values.enumerated() { try bind(value, at: Int32(index + 1)) }
    }

    /// Binds one value to the parameter at `index` (1-based).
    public func bind(_ value: DatabaseValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v): rc = sqlite3_bind_text(handle, index, v, Int32(v.utf8.count), SQLITE_TRANSIENT)
        }
        if rc != SQLITE_OK { throw database.error(rc, sql: sql) }
    }

    /// Binds text at `index` without wrapping it in a `DatabaseValue` (the importer's hot path).
    /// The bytes are copied into a buffer this statement keeps for the parameter, which SQLite
    /// reads in place (`SQLITE_STATIC`) until the parameter is bound again or the statement ends.
    @inline(__always)
    public func bindText(_ value: String, at index: Int32) throws {
        // The string's bytes in place, not a copy of it: copying counts a reference of storage
        // another thread made, a cache line both cores then write (the importer's storing thread).
        let rc = value.utf8.withContiguousStorageIfAvailable { bindCopy(of: $0, at: index) } ?? {
            var value = value
            return value.withUTF8 { bindCopy(of: $0, at: index) }
        }()
        if rc != SQLITE_OK { throw database.error(rc, sql: sql) }
    }

    /// Binds the UTF-8 `bytes` at `index` in place (`SQLITE_STATIC`): the caller keeps them
    /// unchanged until the statement has run and been reset, and binds the parameter again
    /// before the next run.
    @inline(__always)
    public func bindText(bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws {
        let rc = bytes.baseAddress.map {
            sqlite3_bind_text(handle, index, UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
        } ?? sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
        if rc != SQLITE_OK { throw database.error(rc, sql: sql) }
    }

    /// Copies `bytes` into the buffer kept for parameter `index` and binds them from there.
    @inline(__always)
    private func bindCopy(of bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
        guard let source = bytes.baseAddress, !bytes.isEmpty, index > 0 else {
            return sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
        }
        let slot = Int(index)
        if textBuffers.count <= slot { textBuffers.append(contentsOf: repeatElement(nil, count: slot + 1 - textBuffers.count)) }
        var buffer = textBuffers[slot]
        if buffer == nil || buffer!.count < bytes.count {
            // SQLite may still point at the old buffer: let go of it before freeing it.
            sqlite3_bind_null(handle, index)
            buffer?.deallocate()
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(64, bytes.count * 2), alignment: 1)
            textBuffers[slot] = buffer
        }
        let target = buffer!.baseAddress!
        target.copyMemory(from: source, byteCount: bytes.count)
        return sqlite3_bind_text(handle, index, target.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
    }

    /// Binds an integer at `index` without wrapping it in a `DatabaseValue`.
    @inline(__always)
    public func bindInteger(_ value: Int64, at index: Int32) throws {
        let rc = sqlite3_bind_int64(handle, index, value)
        if rc != SQLITE_OK { throw database.error(rc, sql: sql) }
    }

    /// Binds NULL at `index`.
    public func bindNull(at index: Int32) throws {
        let rc = sqlite3_bind_null(handle, index)
        if rc != SQLITE_OK { throw database.error(rc, sql: sql) }
    }

    /// Runs a statement whose parameters are already bound, to completion, then resets it.
    public func runBound() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds a string (or NULL) at `index`.
    public func bind(_ value: String?, at index: Int32) throws {
        try bind(value.map(DatabaseValue.text) ?? .null, at: index)
    }

    /// Binds an integer (or NULL) at `index`.
    public func bind(_ value: Int64?, at index: Int32) throws {
        try bind(value.map(DatabaseValue.integer) ?? .null, at: index)
    }

    /// Advances to the next row; false when done.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw database.error(rc, sql: sql)
    }

    /// Binds, runs to completion, and resets (for inserts and updates).
    public func run(_ values: [DatabaseValue] = []) throws {
        sqlite3_reset(handle)
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The text of column `index` (0-based), or nil for NULL.
    public func text(_ index: Int) -> String? {
        guard let pointer = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index`'s text against `bytes` in SQLite's `BINARY` order (the bytes compared as
    /// unsigned, then the shorter first): negative, zero or positive. NULL sorts first. No
    /// `String` is made, for merges of two scans in key order.
    public func compareText(_ index: Int, with bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let pointer = sqlite3_column_text(handle, Int32(index)) else { return -1 }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        let common = min(count, bytes.count)
        if common > 0, let other = bytes.baseAddress {
            let order = memcmp(pointer, other, common)
            if order != 0 { return Int(order) }
        }
        return count - bytes.count
    }

    /// The integer of column `index`, or nil for NULL.
    public func integer(_ index: Int) -> Int64? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, Int32(index))
    }

    /// The real of column `index`, or nil for NULL.
    public func real(_ index: Int) -> Double? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : sqlite3_column_double(handle, Int32(index))
    }

    /// Column `index` as a `DatabaseValue`.
    public func value(at index: Int) -> DatabaseValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, Int32(index)))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, Int32(index)))
        case SQLITE_NULL: return .null
        default: return .text(text(index) ?? "")
        }
    }
}
