#if canImport(Glibc)
import Glibc
#endif

/// A table from keys to small numbers (indices into records that hold the keys), for keys
/// that are kept elsewhere: 4 bytes a slot, open-addressed and probed linearly, at most half
/// full. A look-up compares a candidate's key through `matches`; nothing is stored but the
/// numbers. (A `[String: Int32]` took about 33 bytes an entry, and held its own copy of each
/// key: four of them were a quarter of the users' phase.) The table has exactly twice the room
/// asked for, not the next power of two (which was up to twice that again: 524,288 slots for
/// 160,000 users): a hash is brought into range by a multiplication (its high bits), not a mask.
struct KeyIndex: Sendable {
    private var slots: [Int32]
    private(set) var count = 0

    init(minimumCapacity: Int) {
        slots = Array(repeating: -1, count: max(8, minimumCapacity * 2))
    }

    /// The slot a hash probes first: the high half of its product with the table's size.
    private func home(_ hash: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: hash).multipliedFullWidth(by: UInt64(slots.count)).high)
    }

    /// The slot after `slot`, round to the first after the last.
    private func after(_ slot: Int) -> Int { slot + 1 == slots.count ? 0 : slot + 1 }

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
        var slot = home(hash)
        while true {
            let value = slots[slot]
            if value < 0 { return nil }
            if matches(value) { return value }
            slot = after(slot)
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
        var hole = home(hash)
        while true {
            if slots[hole] < 0 { return }
            if matches(slots[hole]) { break }
            hole = after(hole)
        }
        var next = hole
        while true {
            next = after(next)
            let value = slots[next]
            if value < 0 { break }
            let first = home(rehash(value))
            // The number at `next` may stay when its home lies after the hole, up to `next`.
            let stays = hole <= next ? (hole < first && first <= next) : (hole < first || first <= next)
            if stays { continue }
            slots[hole] = value
            hole = next
        }
        slots[hole] = -1
        count -= 1
    }

    private mutating func place(_ value: Int32, hash: Int) {
        var slot = home(hash)
        while slots[slot] >= 0 { slot = after(slot) }
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
