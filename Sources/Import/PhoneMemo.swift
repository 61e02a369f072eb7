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
/// stripe that is three quarters full remembers nothing more; the numbers it refuses are
/// simply parsed each time.
final class PhoneMemo: @unchecked Sendable {
    /// Up to 19 digits packed into an integer, their count (leading zeros matter) and whether
    /// a `+` or `00` came first.
    struct Key: Equatable {
        let digits: UInt64
        let count: UInt8
        let international: Bool
    }

    static let stripeBits = 6
    static let slotBits = 9
    /// How many numbers one stripe remembers at most (of its 512 slots), 24,576 in all.
    static let stripeLimit = (1 << slotBits) * 3 / 4

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

    /// A stripe's lock and count, alone on a cache line (the threads take different stripes'
    /// locks at once). It is never moved: a pthread mutex must stay where it was made.
    private struct Stripe {
        var lock = pthread_mutex_t()
        var count = 0
    }

    /// Every stripe's slots, one after another; raw memory, so that a look-up counts no
    /// references (a shared object's reference count is a cache line both cores write).
    private let slots: UnsafeMutablePointer<Slot>
    private let stripes: UnsafeMutableRawPointer
    private static let stripeStride = max(64, MemoryLayout<Stripe>.stride)
    /// The problems remembered (a few: most numbers are valid), under their own lock.
    private let problemLock = NSLock()
    private var problems: [PhoneNumberProblem] = []

    init() {
        let stripeCount = 1 << Self.stripeBits
        slots = .allocate(capacity: stripeCount << Self.slotBits)
        slots.initialize(repeating: Slot(), count: stripeCount << Self.slotBits)
        stripes = .allocate(byteCount: stripeCount * Self.stripeStride, alignment: 64)
        for index in 0..<stripeCount {
            stripe(index).initialize(to: Stripe())
            pthread_mutex_init(lock(index), nil)
        }
    }

    deinit {
        for index in 0..<(1 << Self.stripeBits) {
            pthread_mutex_destroy(lock(index))
        }
        stripes.deallocate()
        slots.deallocate()
    }

    private func stripe(_ index: Int) -> UnsafeMutablePointer<Stripe> {
        (stripes + index * Self.stripeStride).assumingMemoryBound(to: Stripe.self)
    }

    private func lock(_ index: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (stripes + index * Self.stripeStride + MemoryLayout<Stripe>.offset(of: \.lock)!).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The stripe (top bits of the mixed key) and the first slot to probe (the bits below).
    private static func place(_ key: Key) -> (stripe: Int, slot: Int) {
        let mixed = (key.digits ^ UInt64(key.count) << 59 ^ (key.international ? 1 << 58 : 0)) &* 0x9E37_79B9_7F4A_7C15
        let stripe = Int(truncatingIfNeeded: mixed >> UInt64(64 - stripeBits))
        let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - stripeBits - slotBits)) & ((1 << slotBits) - 1)
        return (stripe, slot)
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: Key) -> Result<String, PhoneNumberProblem>? {
        let (which, start) = Self.place(key)
        let lock = lock(which)
        let table = slots + (which << Self.slotBits)
        let flags = Slot.flags(of: key)
        pthread_mutex_lock(lock)
        var index = start
        var found: Slot?
        while true {
            let slot = table[index]
            if slot.flags == 0 { break }
            if slot.digits == key.digits, slot.flags & ~Slot.problem == flags {
                found = slot
                break
            }
            index = (index + 1) & ((1 << Self.slotBits) - 1)
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
        let table = slots + (which << Self.slotBits)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard stripe.pointee.count < Self.stripeLimit else { return }
        var index = start
        while table[index].flags != 0 {
            if table[index].digits == key.digits, table[index].flags & ~Slot.problem == stored.flags & ~Slot.problem { return }
            index = (index + 1) & ((1 << Self.slotBits) - 1)
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
