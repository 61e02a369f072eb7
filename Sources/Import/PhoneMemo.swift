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
/// 54,000 of the peer workload's million reads.) A stripe that is three quarters full
/// remembers nothing more; the numbers it refuses are simply parsed each time.
final class PhoneMemo: @unchecked Sendable {
    /// Up to 19 digits packed into an integer, their count (leading zeros matter) and whether
    /// a `+` or `00` came first.
    struct Key: Equatable {
        let digits: UInt64
        let count: UInt8
        let international: Bool
    }

    static let stripeBits = 6
    static let slotBits = 10
    /// How many numbers one stripe remembers at most (of its 1,024 slots), 49,152 in all.
    static let stripeLimit = (1 << slotBits) * 3 / 4

    /// One lock's share of the table.
    private final class Stripe: @unchecked Sendable {
        let lock = NSLock()
        /// Where each slot's answer is in `answers`, plus one (0: the slot is free).
        var answerIndex = [UInt32](repeating: 0, count: 1 << PhoneMemo.slotBits)
        var keys = [Key](repeating: Key(digits: 0, count: 0, international: false), count: 1 << PhoneMemo.slotBits)
        var answers: [Result<String, PhoneNumberProblem>] = []
    }

    private let stripes: [Stripe] = (0..<(1 << stripeBits)).map { _ in Stripe() }

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
        let stripe = stripes[which]
        stripe.lock.lock()
        defer { stripe.lock.unlock() }
        var slot = start
        while true {
            let stored = stripe.answerIndex[slot]
            if stored == 0 { return nil }
            if stripe.keys[slot] == key { return stripe.answers[Int(stored) - 1] }
            slot = (slot + 1) & ((1 << Self.slotBits) - 1)
        }
    }

    /// Remembers `answer` for `key`, unless its stripe is full (or another thread was first).
    func remember(_ answer: Result<String, PhoneNumberProblem>, for key: Key) {
        let (which, start) = Self.place(key)
        let stripe = stripes[which]
        stripe.lock.lock()
        defer { stripe.lock.unlock() }
        guard stripe.answers.count < Self.stripeLimit else { return }
        var slot = start
        while stripe.answerIndex[slot] != 0 {
            if stripe.keys[slot] == key { return }
            slot = (slot + 1) & ((1 << Self.slotBits) - 1)
        }
        stripe.answers.append(answer)
        stripe.keys[slot] = key
        stripe.answerIndex[slot] = UInt32(stripe.answers.count)
    }

    /// How many numbers are remembered (for tests).
    var count: Int {
        stripes.reduce(0) { total, stripe in
            stripe.lock.lock()
            defer { stripe.lock.unlock() }
            return total + stripe.answers.count
        }
    }
}
