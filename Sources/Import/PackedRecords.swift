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
    /// The first record of each chunk (records fill the chunks in order), and how many chunks
    /// from the first have been released.
    private var firstRecords: [Int] = []
    private var released = 0

    var count: Int { starts.count }

    mutating func reserveCapacity(_ count: Int) { starts.reserveCapacity(count) }

    mutating func append(_ record: Record) {
        var writer = PackedFields.Writer(bytes: [])
        writer.number(UInt64(record.record))
        record.pack(into: &writer)
        let (chunk, offset) = chunks.append(writer.bytes)
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

    /// Text field `field` of record `index`, nil when absent.
    func text(_ index: Int, _ field: Record.Field) -> String? {
        withText(index, field) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The hash of text field `field` of record `index`, as `KeyIndex.hash` gives it for the
    /// same text; nil when the field is absent.
    func hash(_ index: Int, _ field: Record.Field) -> Int? {
        withText(index, field) { bytes in bytes.map(KeyIndex.hash) }
    }

    /// True when text field `field` of record `index` is `key`, byte for byte.
    func text(_ index: Int, _ field: Record.Field, is key: String) -> Bool {
        KeyIndex.withBytes(key) { key in text(index, field, is: key) }
    }

    /// True when text field `field` of record `index` is `key`.
    func text(_ index: Int, _ field: Record.Field, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        withText(index, field) { bytes in bytes.map { KeyIndex.equal($0, key) } ?? false }
    }

    private func withText<T>(_ index: Int, _ field: Record.Field, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        withFields(index) { reader in
            _ = reader.number()
            for _ in 0..<field.rawValue { reader.skipText() }
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
/// in the same. Its text fields come first, in the order of its `Field`'s raw values.
protocol PackableRecord {
    associatedtype Field: RawRepresentable<Int>
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
        private let bytes: UnsafeBufferPointer<UInt8>
        private var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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

        mutating func textBytes() -> UnsafeBufferPointer<UInt8>? {
            let length = Int(number())
            guard length > 0 else { return nil }
            let start = position
            position += length - 1
            return UnsafeBufferPointer(rebasing: bytes[start..<position])
        }

        mutating func skipText() { position += max(Int(number()) - 1, 0) }

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
