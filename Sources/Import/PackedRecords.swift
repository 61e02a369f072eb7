#if canImport(Glibc)
import Glibc
#endif

/// Records kept as bytes, end to end, while the users of an export are merged: each record's
/// fields written one after the other (a length, then the UTF-8), in chunks that are never
/// moved or grown, and one number per record saying where it starts.
///
/// Why this shape: the users' phase is a JSON Lines import's highest point, and it grows with
/// the people. A user kept as a struct of `String`s took 88–104 bytes, and each string longer
/// than 15 bytes (most emails, many names, most time zones) an allocation of its own of 48–64
/// bytes more; packed, a user takes its text's bytes, a byte per field and 8 bytes for its place.
/// A record is made a struct again, with `String`s, only when it is needed whole (when it is
/// claimed, or for a message); a key is compared and hashed where it lies.
struct PackedRecords<Record: PackableRecord> {
    private var chunks = ByteChunks()
    /// Where each record starts: its chunk (high 32 bits) and offset in it.
    private var starts: [UInt64] = []
    /// The writer's buffer, reused for every record.
    private var scratch: [UInt8] = []
    /// The first record of each chunk (records fill the chunks in order), and how many chunks
    /// from the first have been released.
    private var firstRecords: [Int] = []
    private var released = 0

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    mutating func reserveCapacity(_ count: Int) { starts.reserveCapacity(count) }

    mutating func append(_ record: Record) {
        scratch.removeAll(keepingCapacity: true)
        var writer = PackedFields.Writer(bytes: scratch)
        scratch = []
        writer.number(UInt64(record.record))
        record.pack(into: &writer)
        scratch = writer.bytes
        let (chunk, offset) = chunks.append(scratch)
        if offset == 0 { firstRecords.append(starts.count) }
        starts.append(UInt64(chunk) << 32 | UInt64(offset))
    }

    /// Lets go of the chunks that hold only records before `index` (read in order, as the
    /// merge claims people, so that the directory the claims fill reuses their room). Those
    /// records must not be read again.
    mutating func release(before index: Int) {
        while released + 1 < firstRecords.count, firstRecords[released + 1] <= index {
            chunks.release(released)
            released += 1
        }
    }

    /// Record `index`, whole.
    subscript(index: Int) -> Record {
        withFields(index) { reader in
            let record = Int(reader.number())
            return Record(record: record, unpacking: &reader)
        }
    }

    /// The place (line or element) of record `index`, without unpacking it.
    func record(_ index: Int) -> Int { withFields(index) { Int($0.number()) } }

    /// Text field `field` of record `index` (see the record's `Field`), nil when absent.
    func text(_ index: Int, _ field: Int) -> String? {
        withText(index, field) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The hash of text field `field` of record `index`, as `KeyIndex.hash` gives it for the
    /// same text; nil when the field is absent.
    func hash(_ index: Int, _ field: Int) -> Int? {
        withText(index, field) { bytes in bytes.map(KeyIndex.hash) }
    }

    /// True when text field `field` of record `index` is `key`, byte for byte.
    func text(_ index: Int, _ field: Int, is key: String) -> Bool {
        KeyIndex.withBytes(key) { key in text(index, field, is: key) }
    }

    /// True when text field `field` of record `index` is `key`.
    func text(_ index: Int, _ field: Int, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        withText(index, field) { bytes in bytes.map { KeyIndex.equal($0, key) } ?? false }
    }

    private func withText<T>(_ index: Int, _ field: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        withFields(index) { reader in
            _ = reader.number()
            for _ in 0..<field { reader.skipText() }
            return body(reader.textBytes())
        }
    }

    private func withFields<T>(_ index: Int, _ body: (inout PackedFields.Reader) -> T) -> T {
        let start = starts[index]
        return chunks.withBytes(chunk: Int(start >> 32), from: Int(start & 0xFFFF_FFFF)) { bytes in
            var reader = PackedFields.Reader(bytes: bytes)
            return body(&reader)
        }
    }
}

/// A record that can be kept packed: it writes its fields in one order and reads them back
/// in the same. Its text fields come first, numbered by its `Field` (for `PackedRecords.text`).
protocol PackableRecord {
    /// Its line, or its element of the document's array.
    var record: Int { get }
    func pack(into fields: inout PackedFields.Writer)
    init(record: Int, unpacking fields: inout PackedFields.Reader)
}

/// The encoding of one packed record's fields: numbers as LEB128; a text as its length plus
/// one (0 for none), then its UTF-8; an integer as 0 (none), or 1 and its zigzag LEB128.
enum PackedFields {
    struct Writer {
        fileprivate(set) var bytes: [UInt8]

        mutating func number(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func text(_ text: String?) {
            guard let text else { return number(0) }
            number(UInt64(text.utf8.count) + 1)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func integer(_ value: Int64?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            number(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }
    }

    struct Reader {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate var position = 0

        fileprivate init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func number() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        fileprivate mutating func textBytes() -> UnsafeBufferPointer<UInt8>? {
            let length = Int(number())
            guard length > 0 else { return nil }
            let start = position
            position += length - 1
            return UnsafeBufferPointer(rebasing: bytes[start..<position])
        }

        fileprivate mutating func skipText() { position += max(Int(number()) - 1, 0) }

        mutating func text() -> String? { textBytes().map { String(decoding: $0, as: UTF8.self) } }

        mutating func integer() -> Int64? {
            let present = bytes[position]
            position += 1
            guard present == 1 else { return nil }
            let zigzag = number()
            return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        }
    }
}

/// Byte strings kept in chunks of 256 KB that are filled and never grown (so nothing is ever
/// held twice while it moves); a string longer than a chunk gets a chunk of its own.
struct ByteChunks: Sendable {
    static let chunkSize = 1 << 18
    private var chunks: [[UInt8]] = []

    /// Stores `bytes` in one piece; returns its chunk and offset.
    mutating func append(_ bytes: [UInt8]) -> (chunk: Int, offset: Int) {
        if let last = chunks.indices.last, chunks[last].capacity - chunks[last].count >= bytes.count {
            let offset = chunks[last].count
            chunks[last].append(contentsOf: bytes)
            return (last, offset)
        }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(max(Self.chunkSize, bytes.count))
        chunk.append(contentsOf: bytes)
        chunks.append(chunk)
        return (chunks.count - 1, 0)
    }

    /// Frees chunk `chunk` (its strings must not be read again).
    mutating func release(_ chunk: Int) { chunks[chunk] = [] }

    /// The bytes of chunk `chunk` from `offset` to its end.
    func withBytes<T>(chunk: Int, from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        chunks[chunk].withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset...])) }
    }
}

/// A table from keys to small numbers (indices into records that hold the keys), for keys
/// that are kept elsewhere: 4 bytes a slot, open-addressed and probed linearly, at most half
/// full. A look-up compares a candidate's key through `matches`; nothing is stored but the
/// numbers. (A `[String: Int32]` took about 33 bytes an entry, and held its own copy of each
/// key: four of them were a quarter of the users' phase.)
struct KeyIndex: Sendable {
    private var slots: [Int32]
    private(set) var count = 0

    init(minimumCapacity: Int) {
        var size = 8
        while size < minimumCapacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
    }

    /// The hash of a key's UTF-8 (the same for a `String` and its bytes; never reaches output).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    static func hash(_ key: String) -> Int { withBytes(key, hash) }

    /// `key`'s UTF-8, in place when the string has it contiguous (a native string always does).
    static func withBytes<T>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = key.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(key.utf8).withUnsafeBufferPointer(body)
    }

    /// True when `a` and `b` hold the same bytes.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// The number stored for the key whose hash is `hash` and that `matches` recognises.
    func find(hash: Int, where matches: (Int32) -> Bool) -> Int32? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let value = slots[slot]
            if value < 0 { return nil }
            if matches(value) { return value }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for a key (of hash `hash`) that the table does not hold yet. Growing,
    /// the table asks `rehash` for the hash of each number's key.
    mutating func insert(_ value: Int32, hash: Int, rehash: (Int32) -> Int) {
        precondition(value >= 0, "a KeyIndex holds numbers from 0 up")
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = Array(repeating: -1, count: old.count * 2)
            for value in old where value >= 0 { place(value, hash: rehash(value)) }
        }
        place(value, hash: hash)
        count += 1
    }

    /// Removes the number `matches` recognises, if the table holds it, moving back the numbers
    /// after it that probed past its slot (so that no look-up stops short at the hole).
    mutating func remove(hash: Int, where matches: (Int32) -> Bool, rehash: (Int32) -> Int) {
        let mask = slots.count - 1
        var hole = hash & mask
        while true {
            if slots[hole] < 0 { return }
            if matches(slots[hole]) { break }
            hole = (hole + 1) & mask
        }
        var next = hole
        while true {
            next = (next + 1) & mask
            let value = slots[next]
            if value < 0 { break }
            let home = rehash(value) & mask
            // The number at `next` may stay when its home lies after the hole, up to `next`.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if stays { continue }
            slots[hole] = value
            hole = next
        }
        slots[hole] = -1
        count -= 1
    }

    private mutating func place(_ value: Int32, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = value
    }
}

/// A table from text keys to row ids, for the person directory: each key once, as bytes in
/// chunks, and a `KeyIndex` of entries (about 40 bytes a phone and 45 an email, where a
/// `[String: Int64]` took about 40 and the email's own string 64 more).
struct KeyTable: Sendable {
    /// The keys, each as a packed text (its length, then its bytes), and where each starts.
    private struct Keys: Sendable {
        var chunks = ByteChunks()
        /// Each entry's start: its chunk in the high 32 bits, its offset in the low.
        var starts: [UInt64] = []

        func withKey<T>(_ entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            let start = starts[entry]
            return chunks.withBytes(chunk: Int(start >> 32), from: Int(start & 0xFFFF_FFFF)) { bytes in
                var reader = PackedFields.Reader(bytes: bytes)
                return body(reader.textBytes()!)
            }
        }

        func hash(_ entry: Int32) -> Int { withKey(Int(entry), KeyIndex.hash) }
    }

    private var keys = Keys()
    private var values: [Int64] = []
    /// Entries removed (a key set again after its removal is a new entry).
    private var removed = RowIDSet()
    private var index: KeyIndex

    init(minimumCapacity: Int = 0) { index = KeyIndex(minimumCapacity: minimumCapacity) }

    /// Keys held.
    var count: Int { index.count }

    /// Makes room for `count` keys in all, so that the index does not grow while they are set.
    mutating func reserveCapacity(_ count: Int) {
        guard count > index.count else { return }
        var grown = KeyIndex(minimumCapacity: count)
        for entry in keys.starts.indices where !removed.contains(Int64(entry)) {
            grown.insert(Int32(entry), hash: keys.hash(Int32(entry)), rehash: keys.hash)
        }
        index = grown
        keys.starts.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    subscript(key: String) -> Int64? {
        get { KeyIndex.withBytes(key) { key in entry(key, hash: KeyIndex.hash(key)).map { values[Int($0)] } } }
        set {
            let hash = KeyIndex.hash(key)
            if let entry = KeyIndex.withBytes(key, { self.entry($0, hash: hash) }) {
                if let newValue {
                    values[Int(entry)] = newValue
                } else {
                    let keys = keys
                    index.remove(hash: hash, where: { $0 == entry }, rehash: keys.hash)
                    removed.insert(Int64(entry))
                }
                return
            }
            guard let newValue else { return }
            var writer = PackedFields.Writer(bytes: [])
            writer.text(key)
            let (chunk, offset) = keys.chunks.append(writer.bytes)
            let entry = keys.starts.count
            precondition(entry < Int(Int32.max), "a KeyTable holds fewer than 2^31 entries")
            keys.starts.append(UInt64(chunk) << 32 | UInt64(offset))
            values.append(newValue)
            let keys = keys
            index.insert(Int32(entry), hash: hash, rehash: keys.hash)
        }
    }

    /// Each key held and its value, in the order the keys were added (a key removed and set
    /// again counts from then).
    func forEach(_ body: (String, Int64) -> Void) {
        for entry in keys.starts.indices where !removed.contains(Int64(entry)) {
            keys.withKey(entry) { body(String(decoding: $0, as: UTF8.self), values[entry]) }
        }
    }

    private func entry(_ key: UnsafeBufferPointer<UInt8>, hash: Int) -> Int32? {
        index.find(hash: hash) { entry in keys.withKey(Int(entry)) { KeyIndex.equal($0, key) } }
    }
}
