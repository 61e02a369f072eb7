#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Escaped dates and `andList` results shared by every renderer of one locale, time zone,
/// "now" and catalog (one per `PageMemoPools` key). A renderer's own `PageMemo` remembers what
/// its recent pages formatted, at most `Localizer.memoLimit` entries; this one remembers across
/// all of them, so that a quote listed for each person who heard it has its date and its
/// hearers formatted by ICU once, not once per person (a person's own pages are a few hundred
/// of the build's hundreds of thousands, so the renderers' memos had started over long before
/// the next hearer's pages came).
///
/// A key is a byte string (`Key`) compared whole: its digest only chooses the slot. Records
/// (digest, lengths, key, value) are written end to end into chunks that are never moved; the
/// table holds a slot per record (the digest's upper half and the record's place). Every
/// instance draws on one budget (`Budget.shared`, for the chunks and the tables): past it, nothing
/// more is kept, and what is not kept is formatted each time, as without the memo. A memo lives
/// as long as a Localizer of its settings does (a build keeps its Localizers), and gives its
/// room back to the budget when the last one is gone.
final class SharedFormatMemo: @unchecked Sendable {
    // @unchecked: every member but the budget is touched only with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var slots: UnsafeMutablePointer<UInt64>
    private var slotCount = 0
    private var count = 0
    private var chunks: [UnsafeMutableRawPointer] = []
    /// The last chunk's size and how much of it is written.
    private var chunkSize = 0
    private var chunkUsed = 0
    /// Every chunk's bytes, for the budget.
    private var chunkBytes = 0
    private var full = false
    private let budget: Budget

    /// The first byte of a key: what kind of text it is the key of.
    static let dateKind: UInt8 = 1
    static let listKind: UInt8 = 2

    /// Chunks double from the first size to the largest (a memo of a few dates takes little of
    /// the budget); a slot can address 2^15 chunks of up to 1 MB.
    private static let firstChunkSize = 16 << 10
    private static let largestChunkSize = 1 << 20
    private static let recordHeader = 16

    /// `budget`: what this memo's room is counted against (every instance of a build shares
    /// `Budget.shared`).
    init(budget: Budget = .shared) {
        self.budget = budget
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        slots = .allocate(capacity: 1)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        slots.deallocate()
        for chunk in chunks { chunk.deallocate() }
        budget.release(slotCount * 8 + chunkBytes)
    }

    /// The records kept.
    var storedCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return count
    }

    /// Appends the value stored for `key` to `output`; false when there is none.
    func write(_ key: borrowing Key, into output: inout OutputBuffer) -> Bool {
        let digest = key.digest
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let record = find(key, digest) else { return false }
        let keyLength = Int(record.load(fromByteOffset: 8, as: UInt32.self))
        let valueLength = Int(record.load(fromByteOffset: 12, as: UInt32.self))
        output.append(
            (record + Self.recordHeader + keyLength).assumingMemoryBound(to: UInt8.self), count: valueLength)
        return true
    }

    /// Keeps `value` for `key` when the budget allows (a key stored already keeps its value).
    func store(_ key: borrowing Key, _ value: UnsafeBufferPointer<UInt8>) {
        let digest = key.digest
        let size = (Self.recordHeader + key.count + value.count + 7) & ~7
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !full, find(key, digest) == nil else { return }
        if (count + 1) * 2 > slotCount, !grow() { return }
        guard let record = room(size) else { return }
        record.storeBytes(of: digest, as: UInt64.self)
        record.storeBytes(of: UInt32(key.count), toByteOffset: 8, as: UInt32.self)
        record.storeBytes(of: UInt32(value.count), toByteOffset: 12, as: UInt32.self)
        key.copy(to: record + Self.recordHeader)
        if let source = value.baseAddress {
            (record + Self.recordHeader + key.count).copyMemory(from: source, byteCount: value.count)
        }
        let reference = UInt64(chunks.count - 1) << 17 | UInt64((chunkUsed - size) >> 3)
        insert(digest, reference)
        count += 1
    }

    /// The record holding `key`, if any.
    private func find(_ key: borrowing Key, _ digest: UInt64) -> UnsafeMutableRawPointer? {
        guard slotCount > 0 else { return nil }
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        while slots[index] != 0 {
            let slot = slots[index]
            if slot >> 32 == digest >> 32 {
                let record = self.record(slot)
                if record.load(as: UInt64.self) == digest,
                    Int(record.load(fromByteOffset: 8, as: UInt32.self)) == key.count,
                    key.equals(UnsafeRawPointer(record + Self.recordHeader))
                {
                    return record
                }
            }
            index = (index + 1) & mask
        }
        return nil
    }

    private func record(_ slot: UInt64) -> UnsafeMutableRawPointer {
        let reference = (slot & 0xFFFF_FFFF) - 1
        return chunks[Int(reference >> 17)] + Int(reference & 0x1_FFFF) << 3
    }

    private func insert(_ digest: UInt64, _ reference: UInt64) {
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = (digest >> 32) << 32 | (reference + 1)
    }

    /// Doubles the table (at least 1,024 slots); false when the budget does not allow it.
    private func grow() -> Bool {
        let newCount = max(1_024, slotCount * 2)
        guard budget.reserve((newCount - slotCount) * 8) else {
            full = true
            return false
        }
        let old = slots
        let oldCount = slotCount
        slots = .allocate(capacity: newCount)
        slots.initialize(repeating: 0, count: newCount)
        slotCount = newCount
        for index in 0..<oldCount where old[index] != 0 {
            let slot = old[index]
            insert(record(slot).load(as: UInt64.self), (slot & 0xFFFF_FFFF) - 1)
        }
        old.deallocate()
        return true
    }

    /// `size` bytes for a record at the end of the last chunk, or in a new one.
    private func room(_ size: Int) -> UnsafeMutableRawPointer? {
        // A record larger than a chunk can be is not kept (a slot holds offsets into 1 MB).
        guard size <= Self.largestChunkSize else { return nil }
        if chunkUsed + size > chunkSize {
            var next = chunks.isEmpty ? Self.firstChunkSize : min(chunkSize * 2, Self.largestChunkSize)
            while next < size { next *= 2 }
            guard chunks.count < 1 << 15, budget.reserve(next) else {
                full = true
                return nil
            }
            chunks.append(.allocate(byteCount: next, alignment: 8))
            chunkSize = next
            chunkBytes += next
            chunkUsed = 0
        }
        let record = chunks[chunks.count - 1] + chunkUsed
        chunkUsed += size
        return record
    }

    /// The bytes the memos counted against it hold, at most `limit`.
    final class Budget: @unchecked Sendable {
        /// Every memo's: 96 MB.
        static let shared = Budget(limit: 96 << 20)

        let limit: Int
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var held = 0

        init(limit: Int) {
            self.limit = limit
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        /// The bytes held now.
        var bytesHeld: Int {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return held
        }

        func reserve(_ bytes: Int) -> Bool {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            guard held + bytes <= limit else { return false }
            held += bytes
            return true
        }

        func release(_ bytes: Int) {
            pthread_mutex_lock(mutex)
            held -= bytes
            pthread_mutex_unlock(mutex)
        }
    }

    /// A key: the kind of text, then what it is formatted from, as bytes (a date's style and
    /// instant; a list's items, each with its length, so that no two lists share a key).
    struct Key: ~Copyable {
        private var bytes: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int = 64) {
            self.capacity = capacity
            bytes = .allocate(capacity: capacity)
        }

        deinit { bytes.deallocate() }

        /// Starts a key of another kind, keeping the memory.
        mutating func reset(_ kind: UInt8) {
            count = 0
            append(kind)
        }

        mutating func append(_ byte: UInt8) {
            reserve(1)
            bytes[count] = byte
            count += 1
        }

        mutating func append(_ value: UInt64) {
            reserve(8)
            UnsafeMutableRawPointer(bytes + count).storeBytes(of: value.littleEndian, as: UInt64.self)
            count += 8
        }

        /// A text, after its length.
        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                reserve(utf8.count + 4)
                UnsafeMutableRawPointer(bytes + count).storeBytes(of: UInt32(utf8.count).littleEndian, as: UInt32.self)
                count += 4
                if let source = utf8.baseAddress { (bytes + count).update(from: source, count: utf8.count) }
                count += utf8.count
            }
        }

        /// FNV-1a over the bytes, then mixed so that both halves depend on all of them.
        var digest: UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for index in 0..<count { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
            hash ^= hash >> 29
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            return hash ^ (hash >> 32)
        }

        func equals(_ other: UnsafeRawPointer) -> Bool { memcmp(bytes, other, count) == 0 }

        func copy(to target: UnsafeMutableRawPointer) { target.copyMemory(from: bytes, byteCount: count) }

        private mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            (bytes, capacity) = OutputBuffer.grown(bytes, used: count, capacity: capacity, needed: count + extra)
        }
    }
}
