/// A memo of short byte strings (escaped dates and translations) keyed by two machine words and
/// a tag. Entries are plain data in one array and the bytes live in one arena, so a lookup is
/// a multiplicative hash, a probe of one cache line and a copy out of the arena: no hashing of
/// strings and no reference counting. It holds at most `limit` entries and starts over when
/// full, which bounds memory.
struct ByteMemo: ~Copyable {
    private struct Entry {
        var key: UInt64 = 0
        var second: UInt64 = 0
        /// 0 marks an empty slot; stored tags are offset by one.
        var tag: UInt8 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
    }

    private var entries: UnsafeMutableBufferPointer<Entry>
    private var mask: Int
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity: Int
    private var arenaUsed = 0
    private(set) var count = 0
    let limit: Int

    /// An empty memo; memory is taken on the first `store`.
    init(limit: Int) {
        self.limit = limit
        entries = .allocate(capacity: 1)
        entries.initialize(repeating: Entry())
        mask = 0
        arenaCapacity = 0
        arena = .allocate(capacity: 1)
    }

    deinit {
        entries.deallocate()
        arena.deallocate()
    }

    @inline(__always)
    private func slot(_ key: UInt64, _ second: UInt64, _ tag: UInt8) -> Int {
        let mixed = (key ^ (second &* 0xC2B2_AE3D_27D4_EB4F) ^ (UInt64(tag) &* 0x1656_67B1_9E37_79F9))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// Appends the bytes stored for the key to `output`; false when there are none.
    @inline(__always)
    func write(_ key: UInt64, _ second: UInt64, tag: UInt8, into output: inout OutputBuffer) -> Bool {
        let stored = tag &+ 1
        var index = slot(key, second, tag)
        while entries[index].tag != 0 {
            let entry = entries[index]
            if entry.tag == stored, entry.key == key, entry.second == second {
                output.append(arena + Int(entry.offset), count: Int(entry.length))
                return true
            }
            index = (index + 1) & mask
        }
        return false
    }

    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>, for key: UInt64, _ second: UInt64, tag: UInt8) {
        guard limit > 0 else { return }
        if count >= limit { clear() }
        if (count + 1) * 2 > entries.count { grow() }
        if arenaUsed + bytes.count > arenaCapacity { growArena(bytes.count) }
        if let source = bytes.baseAddress { (arena + arenaUsed).update(from: source, count: bytes.count) }
        let stored = tag &+ 1
        var index = slot(key, second, tag)
        while entries[index].tag != 0 {
            if entries[index].tag == stored, entries[index].key == key, entries[index].second == second { break }
            index = (index + 1) & mask
        }
        if entries[index].tag == 0 { count += 1 }
        entries[index] = Entry(
            key: key, second: second, tag: stored, offset: Int32(arenaUsed), length: Int32(bytes.count))
        arenaUsed += bytes.count
    }

    private mutating func clear() {
        entries.update(repeating: Entry())
        count = 0
        arenaUsed = 0
    }

    private mutating func grow() {
        let old = entries
        entries = .allocate(capacity: max(64, old.count * 2))
        entries.initialize(repeating: Entry())
        mask = entries.count - 1
        for entry in old where entry.tag != 0 {
            var index = slot(entry.key, entry.second, entry.tag &- 1)
            while entries[index].tag != 0 { index = (index + 1) & mask }
            entries[index] = entry
        }
        old.deallocate()
    }

    private mutating func growArena(_ needed: Int) {
        (arena, arenaCapacity) = OutputBuffer.grown(
            arena, used: arenaUsed, capacity: max(2048, arenaCapacity), needed: arenaUsed + needed)
    }
}
