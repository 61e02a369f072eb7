import Foundation

/// The answers of one reader, shared by the threads of an import, keyed by the digits read
/// (so `(415) 555-0100` and `415.555.0100` share one answer).
///
/// Why this shape: an export repeats a few thousand numbers a million times (every quote names
/// its speaker, hearers and submitter), and a libphonenumber parse costs about as much as
/// checking a whole quote. The table is split into stripes, each with its own lock, so the
/// import's threads rarely wait for one another, and a stripe is an open-addressed table
/// probed linearly: a number once remembered stays remembered. (A direct-mapped table let two
/// numbers of one slot evict each other; at 10,000 numbers in 65,536 slots that re-parsed
/// 54,000 of the peer workload's million reads.) A slot holds the key and the answer's text
/// together, so a look-up reads one cache line and hands back a string that needs no heap
/// (an E.164 number is short enough for Swift's inline strings); a problem is kept aside. A
/// stripe that is three quarters full doubles its table (under its own lock), up to 16,384
/// slots; one full at that size remembers nothing more, and the numbers it refuses are simply
/// parsed each time. (With a fixed 512 slots a stripe, 24,576 numbers in all, an export of
/// 40,000 people parsed most of its numbers again on every read: 16% of the import's samples
/// were ICU's regular expressions under libphonenumber, and it took 21 s where 20,000 people
/// took 4.5.)
final class PhoneMemo: @unchecked Sendable {
    /// Up to 19 digits packed into an integer, their count (leading zeros matter) and whether
    /// a `+` or `00` came first.
    struct Key: Equatable {
        let digits: UInt64
        let count: UInt8
        let international: Bool
    }

    static let stripeBits = 6
    /// A stripe's table starts with 2^9 slots and doubles up to 2^14.
    static let firstSlotBits = 9
    static let maxSlotBits = 14
    /// How many numbers one stripe remembers at most (of its 16,384 slots), 786,432 in all.
    static let stripeLimit = (1 << maxSlotBits) * 3 / 4

    private struct Slot {
        var digits: UInt64 = 0
        /// The E.164 number as ASCII (`+` and at most 15 digits), `length` bytes of the two
        /// words; or, for a problem, its index in `first`. Kept as text so that a hit only copies
        /// bytes into an inline string (formatting the digits again was 4% of a reading thread).
        var first: UInt64 = 0, second: UInt64 = 0
        /// Bit 7: taken; bit 6: the answer is a problem; bit 5: international; bits 0–4: the count.
        var flags: UInt8 = 0
        var length: UInt8 = 0

        static let taken: UInt8 = 0x80, problem: UInt8 = 0x40, international: UInt8 = 0x20

        static func flags(of key: Key) -> UInt8 { taken | (key.international ? international : 0) | key.count }
    }

    /// A stripe's lock, count and table, alone on a cache line (the threads take different
    /// stripes' locks at once). It is never moved: a pthread mutex must stay where it was made.
    /// The table is raw memory, so that a look-up counts no references (a shared object's
    /// reference count is a cache line both cores write).
    private struct Stripe {
        var lock = pthread_mutex_t()
        var count = 0
        var slots: UnsafeMutablePointer<Slot>
        /// The table's size less one (a power of two less one).
        var mask: Int
    }

    private let stripes: UnsafeMutableRawPointer
    private static let stripeStride = max(64, MemoryLayout<Stripe>.stride)
    /// The problems remembered (a few: most numbers are valid), under their own lock.
    private let problemLock = NSLock()
    private var problems: [PhoneNumberProblem] = []

    init() {
        let stripeCount = 1 << Self.stripeBits
        stripes = .allocate(byteCount: stripeCount * Self.stripeStride, alignment: 64)
        for index in 0..<stripeCount {
            let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << Self.firstSlotBits)
            slots.initialize(repeating: Slot(), count: 1 << Self.firstSlotBits)
            stripe(index).initialize(to: Stripe(slots: slots, mask: (1 << Self.firstSlotBits) - 1))
            pthread_mutex_init(lock(index), nil)
        }
    }

    deinit {
        for index in 0..<(1 << Self.stripeBits) {
            pthread_mutex_destroy(lock(index))
            stripe(index).pointee.slots.deallocate()
        }
        stripes.deallocate()
    }

    private func stripe(_ index: Int) -> UnsafeMutablePointer<Stripe> {
        (stripes + index * Self.stripeStride).assumingMemoryBound(to: Stripe.self)
    }

    private func lock(_ index: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (stripes + index * Self.stripeStride + MemoryLayout<Stripe>.offset(of: \.lock)!).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The stripe (top bits of the mixed key) and where to probe first in a table of any size
    /// (the bits below; `& mask` takes as many as the table needs).
    private static func place(_ key: Key) -> (stripe: Int, slot: Int) {
        place(digits: key.digits, count: UInt64(key.count), international: key.international)
    }

    private static func place(digits: UInt64, count: UInt64, international: Bool) -> (stripe: Int, slot: Int) {
        let mixed = (digits ^ count << 59 ^ (international ? 1 << 58 : 0)) &* 0x9E37_79B9_7F4A_7C15
        let stripe = Int(truncatingIfNeeded: mixed >> UInt64(64 - stripeBits))
        let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - stripeBits - maxSlotBits))
        return (stripe, slot)
    }

    /// Doubles a stripe's table, every number moved to its place in the new one (under the
    /// stripe's lock).
    private static func grow(_ stripe: UnsafeMutablePointer<Stripe>) {
        let old = stripe.pointee.slots
        let oldSize = stripe.pointee.mask + 1
        let mask = oldSize * 2 - 1
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: mask + 1)
        slots.initialize(repeating: Slot(), count: mask + 1)
        for index in 0..<oldSize where old[index].flags != 0 {
            let slot = old[index]
            var target = place(digits: slot.digits, count: UInt64(slot.flags & 0x1F), international: slot.flags & Slot.international != 0).slot & mask
            while slots[target].flags != 0 { target = (target + 1) & mask }
            slots[target] = slot
        }
        old.deallocate()
        stripe.pointee.slots = slots
        stripe.pointee.mask = mask
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: Key) -> Result<String, PhoneNumberProblem>? {
        let (which, start) = Self.place(key)
        let lock = lock(which)
        let stripe = stripe(which)
        let flags = Slot.flags(of: key)
        pthread_mutex_lock(lock)
        let table = stripe.pointee.slots
        let mask = stripe.pointee.mask
        var index = start & mask
        var found: Slot?
        while true {
            let slot = table[index]
            if slot.flags == 0 { break }
            if slot.digits == key.digits, slot.flags & ~Slot.problem == flags {
                found = slot
                break
            }
            index = (index + 1) & mask
        }
        pthread_mutex_unlock(lock)
        guard let found else { return nil }
        if found.flags & Slot.problem != 0 {
            problemLock.lock()
            defer { problemLock.unlock() }
            return .failure(problems[Int(found.first)])
        }
        let length = Int(found.length)
        return .success(withUnsafeBytes(of: (found.first, found.second)) { raw in
            String(decoding: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<length]), as: UTF8.self)
        })
    }

    /// Remembers `answer` for `key`, unless its stripe is full (or another thread was first).
    func remember(_ answer: Result<String, PhoneNumberProblem>, for key: Key) {
        var stored = Slot(digits: key.digits, flags: Slot.flags(of: key))
        switch answer {
        case .success(let e164):
            // libphonenumber's E.164 form: `+` and at most 15 digits, the first not 0.
            let utf8 = Array(e164.utf8)
            guard utf8.count >= 2, utf8.count <= 16, utf8[0] == 0x2B, utf8[1] != 0x30,
                utf8.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: utf8) }
            (stored.first, stored.second) = words
            stored.length = UInt8(utf8.count)
        case .failure(let problem):
            problemLock.lock()
            stored.flags |= Slot.problem
            stored.first = UInt64(problems.count)
            problems.append(problem)  // kept even if the slot is not: a few bytes, rarely
            problemLock.unlock()
        }
        let (which, start) = Self.place(key)
        let stripe = stripe(which)
        let lock = lock(which)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard stripe.pointee.count < Self.stripeLimit else { return }
        if stripe.pointee.count >= (stripe.pointee.mask + 1) * 3 / 4 { Self.grow(stripe) }
        let table = stripe.pointee.slots
        let mask = stripe.pointee.mask
        var index = start & mask
        while table[index].flags != 0 {
            if table[index].digits == key.digits, table[index].flags & ~Slot.problem == stored.flags & ~Slot.problem { return }
            index = (index + 1) & mask
        }
        table[index] = stored
        stripe.pointee.count += 1
    }

    /// How many numbers are remembered (for tests).
    var count: Int {
        (0..<(1 << Self.stripeBits)).reduce(0) { total, index in
            pthread_mutex_lock(lock(index))
            defer { pthread_mutex_unlock(lock(index)) }
            return total + stripe(index).pointee.count
        }
    }
}
