import Foundation
import Store
import VantageCore

/// On a first import, the hearer rows (three in four of the rows an export has) are written by
/// a thread of their own into a side database, so that SQLite's per-row work for them runs
/// beside the storing thread's instead of after it, and are then moved into the store in one
/// statement that copies the side table's B-tree cells as they are (SQLite's transfer
/// optimisation: `INSERT INTO hearer SELECT * FROM side.hearer` into an empty table of the
/// same definition, references unchecked).
///
/// The side database is a file beside the store (`<store>-hearers`), with no journal: it is
/// scratch, unlinked as soon as its rows are in the store's transaction, and removed when the
/// import fails. The store is only ever written by the import's own transaction, so a failed
/// import leaves it as it was.
///
/// Rows reach the writer in chunks of whole quotes (the quote's id and time once, then each
/// hearer's person and name); at most `depth` chunks wait, so memory stays bounded whatever
/// the export's size.
final class HearerStaging: @unchecked Sendable {
    /// The schema name the side database is attached under in the store's connection.
    static let schemaName = "vantage_hearers"

    /// The side database's path.
    let path: String
    private let condition = NSCondition()
    /// Chunks handed over and not yet written, oldest first.
    private var waiting: [Chunk] = []
    /// Written chunks, emptied, for the storing thread to fill again.
    private var spare: [Chunk] = []
    private var ended = false
    private var running = true
    private var failure: Error?
    private var current = Chunk()
    private var finished = false
    /// The side database's connection, used by the writer thread only, and released by it at
    /// the end (closing the file before the store's connection reads it).
    private var side: Database?
    private static let depth = 4
    private static let quotesPerChunk = 1024

    /// One chunk of rows: `quotes` index into `rows`, and both into `bytes` (UTF-8 of ids and names).
    struct Chunk {
        struct Quote { var idStart: Int32, idCount: Int32, saidAt: Int64, firstRow: Int32, rowCount: Int32 }
        struct Row { var person: Int64, nameStart: Int32, nameCount: Int32 }
        var bytes: [UInt8] = []
        var quotes: [Quote] = []
        var rows: [Row] = []
        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
            quotes.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
        }
    }

    /// Starts the writer when `database` may take the moved rows (foreign keys off, `hearer`
    /// empty and without indexes but its key); nil otherwise, and the rows go in one by one.
    static func start(beside database: Database) throws -> HearerStaging? {
        guard case .integer(0) = try database.scalar("PRAGMA foreign_keys"),
              try database.scalar("SELECT 1 FROM hearer LIMIT 1") == nil,
              try database.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'hearer' AND sql IS NOT NULL") == nil,
              case .text(let definition) = try database.scalar("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'hearer'"),
              !database.path.isEmpty, database.path != ":memory:"
        else { return nil }
        let path = database.path + "-hearers"
        do {
            return try HearerStaging(path: path, definition: definition)
        } catch {
            // Scratch that cannot be made (a full disk, a folder that takes no new file): the
            // rows go in one by one instead, and any error is the store's own.
            unlink(path)
            return nil
        }
    }

    private init(path: String, definition: String) throws {
        self.path = path
        // Left behind by an import that was killed: scratch, never the store.
        unlink(path)
        // Opened here, before the writer starts, so that a side database that cannot be made
        // is known at once.
        let side = try Database(path: path)
        self.side = side
        // The same definition as the store's table, so that the move copies cells unchanged
        // (the transfer needs identical columns, key and CHECK constraints). A page cache of
        // 512 KB: the rows come nearly in key order, so a larger one spares no page, and a JSON
        // Lines import's peak stays where it was without the writer (SCALE.md, "The import").
        try side.execute("""
            PRAGMA foreign_keys = OFF; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -512;
            \(definition);
            BEGIN
            """)
        Thread { [self] in write() }.start()
    }

    /// Adds the hearers of a new quote (`count` of them, hearer `index` being `hearer(index)`),
    /// in position order.
    func add(quote id: String, saidAt: DataInstant, count: Int, _ hearer: (Int) -> (person: Int64, name: String)) throws {
        guard count > 0 else { return }
        precondition(!finished)
        let idStart = current.bytes.count
        current.bytes.append(contentsOf: id.utf8)
        current.quotes.append(Chunk.Quote(idStart: Int32(idStart), idCount: Int32(current.bytes.count - idStart), saidAt: saidAt.microseconds,
                                          firstRow: Int32(current.rows.count), rowCount: Int32(count)))
        for index in 0..<count {
            let (person, name) = hearer(index)
            let nameStart = current.bytes.count
            current.bytes.append(contentsOf: name.utf8)
            current.rows.append(Chunk.Row(person: person, nameStart: Int32(nameStart), nameCount: Int32(current.bytes.count - nameStart)))
        }
        if current.quotes.count >= Self.quotesPerChunk { try handOver() }
    }

    /// Hands the current chunk to the writer, waiting while `depth` chunks wait already.
    private func handOver() throws {
        condition.lock()
        defer { condition.unlock() }
        while failure == nil, waiting.count >= Self.depth { condition.wait() }
        if let failure { throw failure }
        var next = spare.popLast() ?? Chunk()
        swap(&next, &current)
        waiting.append(next)
        condition.broadcast()
    }

    /// Waits for the writer to store every row added, then moves them into `database`'s
    /// `hearer` (which must be as `start` found it) and unlinks the side file. The side
    /// database stays attached until `detach(from:)`, after the import's transaction has ended.
    func finish(into database: Database) throws {
        precondition(!finished)
        finished = true
        if !current.quotes.isEmpty { try handOver() }
        try stopWriter()
        let attach = try database.statement("ATTACH DATABASE ?1 AS \(Self.schemaName)")
        try attach.bindText(path, at: 1)
        try attach.runBound()
        // The file is read through the open connection from now on; its name is no longer needed.
        defer { unlink(path) }
        try database.execute("INSERT INTO main.hearer SELECT * FROM \(Self.schemaName).hearer")
    }

    /// Stops the writer without moving anything (the import failed) and removes the side file.
    func abandon() {
        finished = true
        condition.lock()
        if failure == nil { failure = CancellationError() }
        condition.broadcast()
        condition.unlock()
        _ = try? stopWriter()
        unlink(path)
    }

    /// Detaches the side database from `database` once its transaction has ended (SQLite keeps
    /// an attached file's lock until then); nothing when it was never attached.
    static func detach(from database: Database) {
        guard (try? database.scalar("SELECT 1 FROM pragma_database_list WHERE name = ?1", [.text(schemaName)])) ?? nil != nil else {
            return
        }
        try? database.execute("DETACH DATABASE \(schemaName)")
    }

    /// Tells the writer no more chunks come, waits for it to end, and throws its error if any.
    private func stopWriter() throws {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        condition.broadcast()
        while running { condition.wait() }
        if let failure { throw failure }
    }

    /// The writer thread: inserts each chunk's rows, commits at the end, and closes the side
    /// database (so that the store's connection can read it). After a failure it only discards.
    private func write() {
        do {
            guard let side else { return }
            var statements: [Statement] = []
            for count in 1...QuoteSync.maximumBatch {
                statements.append(try side.statement(QuoteSync.insertHearersSQL(rows: count)))
            }
            while let chunk = take() {
                if failure == nil {
                    do {
                        try insert(chunk, with: statements)
                    } catch {
                        fail(error)
                    }
                }
                give(back: chunk)
            }
            for statement in statements { statement.reset() }
            statements.removeAll()
            if failure == nil { try side.execute("COMMIT") }
        } catch {
            fail(error)
        }
        side = nil
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }

    private func insert(_ chunk: Chunk, with statements: [Statement]) throws {
        try chunk.bytes.withUnsafeBufferPointer { bytes in
            func text(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start + count)])
            }
            for quote in chunk.quotes {
                try QuoteSync.insertHearers(count: Int(quote.rowCount), with: statements) { statement in
                    try statement.bindText(bytes: text(quote.idStart, quote.idCount), at: 1)
                    try statement.bindInteger(quote.saidAt, at: 2)
                } row: { statement, index, base in
                    let hearer = chunk.rows[Int(quote.firstRow) + index]
                    try statement.bindInteger(hearer.person, at: base + 1)
                    try statement.bindText(bytes: text(hearer.nameStart, hearer.nameCount), at: base + 2)
                }
            }
        }
    }

    /// The next chunk to write; nil once the storing thread has ended and every chunk is taken.
    private func take() -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !ended, failure == nil { condition.wait() }
        if waiting.isEmpty { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }

    private func give(back chunk: Chunk) {
        var chunk = chunk
        chunk.removeAll()
        condition.lock()
        spare.append(chunk)
        condition.unlock()
    }

    /// Keeps the writer's first error, naming the side file (the import then fails with it).
    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil {
            failure = error is CancellationError ? error
                : Diagnostic.error("cannot write the import's side database of hearers: \(error)", at: SourceLocation(file: path))
        }
        condition.broadcast()
        condition.unlock()
    }
}
