import Foundation
import Store
import VantageCore

/// The import's memory of the quote records it stored (table `import_quote_record`): per
/// record, by its place among the file's records, the digest of its bytes, its id and the
/// phones it names. A re-import reads a record again only when its bytes or its context (the
/// users and settings it is read against, `ImportSession.quoteContext`) changed: an unchanged
/// record stored exactly these rows last time and would store them again, so the storing
/// thread only claims its id and its people (docs/IMPORT.md, Re-importing).
///
/// Only a record that was stored with no warning and no error is remembered, so a skipped
/// record can add none. Memory stays bounded: the storing thread loads the entries of a few
/// batches ahead of the readers (`load`), and a reader takes those of the batch it cuts.
final class RecordMemory: @unchecked Sendable {
    /// The first 128 bits of the SHA-256 of a record's bytes.
    struct Digest: Equatable, Sendable {
        var high: UInt64
        var low: UInt64
        init(_ bytes: UnsafeBufferPointer<UInt8>) { (high, low) = SHA256.leadingWords(bytes) }
        init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }
    }

    /// What was stored for one record.
    struct Entry: Sendable, Equatable {
        var digest: Digest
        var quoteID: String
        /// The speaker's phone, then each hearer's, space-separated (E.164 has no spaces).
        var phones: String
    }

    let batchSize: Int
    /// False when nothing stored can be trusted (another context, or nothing remembered yet).
    let usable: Bool
    private let database: Database
    private let select: Statement
    private let upsert: Statement
    private let delete: Statement
    private let lock = NSLock()
    private var loaded: [Int: [Entry?]] = [:]

    /// Opens the memory for `context` (a digest); a different stored context forgets every
    /// entry (nothing is written when it is the same).
    /// `trusted` is false when the table the records fill is empty (nothing they stored is there).
    init(database: Database, context: String, batchSize: Int, trusted: Bool) throws {
        self.database = database
        self.batchSize = batchSize
        select = try database.statement("""
            SELECT position, digest_high, digest_low, quote_id, phones FROM import_quote_record
            WHERE position >= ?1 AND position < ?2 ORDER BY position
            """)
        upsert = try database.statement(
            "INSERT OR REPLACE INTO import_quote_record (position, digest_high, digest_low, quote_id, phones) VALUES (?1, ?2, ?3, ?4, ?5)")
        delete = try database.statement("DELETE FROM import_quote_record WHERE position = ?1")
        let stored = try database.scalar("SELECT context FROM import_state WHERE kind = 'quotes'")
        if trusted, stored == .text(context) {
            usable = try database.scalar("SELECT 1 FROM import_quote_record LIMIT 1") != nil
        } else {
            usable = false
            try database.execute("DELETE FROM import_quote_record")
            if stored != .text(context) {
                try database.execute("INSERT OR REPLACE INTO import_state (kind, context) VALUES ('quotes', '\(context)')")
            }
        }
    }

    /// Loads the entries of batch `index` (called on the storing thread, ahead of the cut).
    func load(batch index: Int) throws {
        guard usable else { return }
        var entries = [Entry?](repeating: nil, count: batchSize)
        let start = Int64(index * batchSize)
        select.reset()
        defer { select.reset() }
        try select.bindInteger(start, at: 1)
        try select.bindInteger(start + Int64(batchSize), at: 2)
        while try select.step() {
            let offset = Int(select.integer(0)! - start)
            entries[offset] = Entry(
                digest: Digest(high: UInt64(bitPattern: select.integer(1)!), low: UInt64(bitPattern: select.integer(2)!)),
                quoteID: select.text(3) ?? "", phones: select.text(4) ?? "")
        }
        lock.lock()
        loaded[index] = entries
        lock.unlock()
    }

    /// The entries of batch `index`, handed to the reader that cut it (nil: none loaded).
    func take(batch index: Int) -> [Entry?]? {
        guard usable else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return loaded.removeValue(forKey: index)
    }

    /// Remembers what was stored for the record at `position` (nothing is written when it is
    /// what was remembered already).
    func remember(_ entry: Entry, at position: Int, previous: Entry?) throws {
        guard entry != previous else { return }
        try upsert.bindInteger(Int64(position), at: 1)
        try upsert.bindInteger(Int64(bitPattern: entry.digest.high), at: 2)
        try upsert.bindInteger(Int64(bitPattern: entry.digest.low), at: 3)
        try upsert.bindText(entry.quoteID, at: 4)
        try upsert.bindText(entry.phones, at: 5)
        try upsert.runBound()
    }

    /// Forgets the record at `position` (rejected, or stored with a warning: read it again).
    func forget(at position: Int, previous: Entry?) throws {
        // A row may be there that was not loaded: delete it whenever rows can be there.
        guard previous != nil || usable else { return }
        try delete.bindInteger(Int64(position), at: 1)
        try delete.runBound()
    }

    /// Forgets the records past the last one of this import.
    func finish(count: Int) throws {
        try database.execute("DELETE FROM import_quote_record WHERE position >= \(count)")
    }
}
