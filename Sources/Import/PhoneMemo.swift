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
/// 54,000 of the peer workload's million reads.) A slot is 16 bytes, the key and the answer's
/// digits together, so a look-up reads one cache line and hands back a string that needs no
/// heap (an E.164 number is short enough for Swift's inline strings); a problem is kept aside. A
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

    /// Sixteen bytes: the key, and the answer as E.164 digits, four bits each. (Slots of 32
    /// bytes, the answer kept as ASCII, were about 50 bytes a number: 8 MB of a JSON Lines
    /// import's highest point at 160,000 people, 33 MB at the memo's limit.)
    private struct Slot {
        /// Bits 0–56: the digits; 57–61: their count; 62: international; 63: taken. Zero when
        /// empty. Digits from 2^57 up (18 digits or more, from 144,115,188,075,855,872) do not
        /// fit and are not remembered (parsed each time: no E.164 number has more than 15).
        var key: UInt64 = 0
        /// A number: its digits after the `+`, four bits each, the first in the lowest (bits
        /// 0–59), and how many in bits 60–63 (1 to 15). A problem: a count of 0 and its index
        /// in `problems` below.
        var answer: UInt64 = 0

        static let digitBits: UInt64 = 57
        static let taken: UInt64 = 1 << 63

        /// The key's word; nil when its digits do not fit.
        static func word(of key: Key) -> UInt64? {
            guard key.digits < 1 << digitBits, key.count < 32 else { return nil }
            return taken | (key.international ? 1 << 62 : 0) | UInt64(key.count) << digitBits | key.digits
        }

        /// The answer's word for an E.164 number (`+` and 1 to 15 digits, the first not 0);
        /// nil for any other text.
        static func answer(e164: String) -> UInt64? {
            var word: UInt64 = 0
            var count: UInt64 = 0
            for (index, byte) in e164.utf8.enumerated() {
                if index == 0 {
                    guard byte == 0x2B else { return nil }
                    continue
                }
                guard byte >= 0x30, byte <= 0x39, count < 15, index > 1 || byte != 0x30 else { return nil }
                word |= UInt64(byte - 0x30) << (4 * count)
                count += 1
            }
            return count == 0 ? nil : word | count << 60
        }

        /// The E.164 text of a number's answer word.
        static func e164(_ answer: UInt64) -> String {
            let count = Int(answer >> 60)
            var text: (UInt64, UInt64) = (0, 0)
            return withUnsafeMutableBytes(of: &text) { raw in
                raw[0] = 0x2B
                for index in 0..<count { raw[index + 1] = 0x30 | UInt8(truncatingIfNeeded: answer >> (4 * UInt64(index)) & 0xF) }
                return String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<(count + 1)]), as: UTF8.self)
            }
        }
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

    /// The stripe (top bits of the mixed key word) and where to probe first in a table of any
    /// size (the bits below; `& mask` takes as many as the table needs).
    private static func place(_ word: UInt64) -> (stripe: Int, slot: Int) {
        let mixed = word &* 0x9E37_79B9_7F4A_7C15
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
        for index in 0..<oldSize where old[index].key != 0 {
            let slot = old[index]
            var target = place(slot.key).slot & mask
            while slots[target].key != 0 { target = (target + 1) & mask }
            slots[target] = slot
        }
        old.deallocate()
        stripe.pointee.slots = slots
        stripe.pointee.mask = mask
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: Key) -> Result<String, PhoneNumberProblem>? {
        guard let word = Slot.word(of: key) else { return nil }
        let (which, start) = Self.place(word)
        let lock = lock(which)
        let stripe = stripe(which)
        pthread_mutex_lock(lock)
        let table = stripe.pointee.slots
        let mask = stripe.pointee.mask
        var index = start & mask
        var found: UInt64?
        while true {
            let slot = table[index]
            if slot.key == 0 { break }
            if slot.key == word {
                found = slot.answer
                break
            }
            index = (index + 1) & mask
        }
        pthread_mutex_unlock(lock)
        guard let found else { return nil }
        if found >> 60 == 0 {
            problemLock.lock()
            defer { problemLock.unlock() }
            return .failure(problems[Int(found)])
        }
        return .success(Slot.e164(found))
    }

    /// Remembers `answer` for `key`, unless its stripe is full (or another thread was first).
    func remember(_ answer: Result<String, PhoneNumberProblem>, for key: Key) {
        guard let word = Slot.word(of: key) else { return }
        var stored = Slot(key: word)
        switch answer {
        case .success(let e164):
            // libphonenumber's E.164 form: `+` and at most 15 digits, the first not 0.
            guard let number = Slot.answer(e164: e164) else { return }
            stored.answer = number
        case .failure(let problem):
            problemLock.lock()
            stored.answer = UInt64(problems.count)
            problems.append(problem)  // kept even if the slot is not: a few bytes, rarely
            problemLock.unlock()
        }
        let (which, start) = Self.place(word)
        let stripe = stripe(which)
        let lock = lock(which)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard stripe.pointee.count < Self.stripeLimit else { return }
        if stripe.pointee.count >= (stripe.pointee.mask + 1) * 3 / 4 { Self.grow(stripe) }
        let table = stripe.pointee.slots
        let mask = stripe.pointee.mask
        var index = start & mask
        while table[index].key != 0 {
            if table[index].key == word { return }
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
