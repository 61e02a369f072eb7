import Foundation
import Store
import VantageCore

/// The import's memory of the quote records it stored (table `import_quote_batch`): per batch
/// of records (the Pipeline's batches, cut at fixed counts), a digest of their bytes and, per
/// record, its id and the phones it names. A re-import reads a batch again only when its
/// bytes or its context (the users and settings it is read against,
/// `ImportSession.quoteContext`) changed: an unchanged batch stored exactly these rows last
/// time and would store them again, so the storing thread only claims its ids and people
/// (docs/IMPORT.md, Re-importing).
///
/// Only a batch whose every record was stored with no warning and no error is remembered, so
/// a skipped batch can add none. Memory stays bounded: the storing thread loads the entries of
/// a few batches ahead of the readers (`load`), and the reader that cuts a batch takes its own.
final class RecordMemory: @unchecked Sendable {
    /// The first 128 bits of a SHA-256.
    struct Digest: Equatable, Sendable {
        var high: UInt64
        var low: UInt64
    }

    /// What was stored for one batch.
    struct Entry: Sendable, Equatable {
        var digest: Digest
        /// A line per record: the quote's id, the speaker's phone, each hearer's phone.
        var records: String
    }

    let batchSize: Int
    /// False when nothing stored can be trusted (another context, or nothing remembered yet).
    let usable: Bool
    private let database: Database
    private let select: Statement
    private let upsert: Statement
    private let delete: Statement
    private let lock = NSLock()
    private var loaded: [Int: Entry] = [:]

    /// Opens the memory for `context` (a digest); a different stored context forgets every
    /// entry (nothing is written when it is the same). `trusted` is false when the tables the
    /// records fill are empty (nothing they stored is there).
    init(database: Database, context: String, batchSize: Int, trusted: Bool) throws {
        self.database = database
        self.batchSize = batchSize
        select = try database.statement("SELECT digest_high, digest_low, records FROM import_quote_batch WHERE batch = ?1")
        upsert = try database.statement(
            "INSERT OR REPLACE INTO import_quote_batch (batch, digest_high, digest_low, records) VALUES (?1, ?2, ?3, ?4)")
        delete = try database.statement("DELETE FROM import_quote_batch WHERE batch = ?1")
        let stored = try database.scalar("SELECT context FROM import_state WHERE kind = 'quotes'")
        if trusted, stored == .text(context) {
            usable = try database.scalar("SELECT 1 FROM import_quote_batch LIMIT 1") != nil
        } else {
            usable = false
            try database.execute("DELETE FROM import_quote_batch")
            if stored != .text(context) {
                try database.execute("INSERT OR REPLACE INTO import_state (kind, context) VALUES ('quotes', '\(context)')")
            }
        }
    }

    /// The digest of a batch: of its record count and each record's length and bytes, so that
    /// any change of a record's bytes, or of where one record ends and the next begins, changes it.
    static func digest(count: Int, _ body: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Digest {
        var stream = SHA256Stream()
        stream.update(count)
        body { bytes in
            stream.update(bytes.count)
            stream.update(UnsafeRawBufferPointer(bytes))
        }
        let (high, low) = stream.finish()
        return Digest(high: high, low: low)
    }

    /// The lines of `records`, each split into its words (by bytes: ids and phones are ASCII).
    static func words(of records: String) -> [[String]] {
        var lines: [[String]] = []
        var records = records
        records.withUTF8 { bytes in
            var line: [String] = []
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == 0x20 || byte == 0x0A {
                line.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
                if byte == 0x0A {
                    lines.append(line)
                    line = []
                }
            }
        }
        return lines
    }

    /// Loads the entry of batch `index` (called on the storing thread, ahead of the cut).
    func load(batch index: Int) throws {
        guard usable else { return }
        select.reset()
        defer { select.reset() }
        try select.bindInteger(Int64(index), at: 1)
        guard try select.step() else { return }
        let entry = Entry(digest: Digest(high: UInt64(bitPattern: select.integer(0)!), low: UInt64(bitPattern: select.integer(1)!)),
                          records: select.text(2) ?? "")
        lock.lock()
        loaded[index] = entry
        lock.unlock()
    }

    /// The entry of batch `index`, handed to the reader that cut it (nil: none).
    func take(batch index: Int) -> Entry? {
        guard usable else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return loaded.removeValue(forKey: index)
    }

    /// Remembers what was stored for batch `index` (nothing is written when it is what was
    /// remembered already), or forgets it (nil: a record had a warning or was rejected).
    func remember(_ entry: Entry?, batch index: Int, previous: Entry?) throws {
        if let entry {
            guard entry != previous else { return }
            try upsert.bindInteger(Int64(index), at: 1)
            try upsert.bindInteger(Int64(bitPattern: entry.digest.high), at: 2)
            try upsert.bindInteger(Int64(bitPattern: entry.digest.low), at: 3)
            try upsert.bindText(entry.records, at: 4)
            try upsert.runBound()
        } else if usable {
            try delete.bindInteger(Int64(index), at: 1)
            try delete.runBound()
        }
    }

    /// Forgets the batches past the last one of this import.
    func finish(batches: Int) throws {
        try database.execute("DELETE FROM import_quote_batch WHERE batch >= \(batches)")
    }
}
