import Foundation
import Store

/// The quotes' texts and recorded names through the personal-data mask, cleaned once per
/// build instead of once per viewer who sees the quote. A quote is seen by its speaker and
/// every hearer (about four viewers on the peer workload), and masking its text and names
/// costs about 21,000 instructions, the same for each of them.
///
/// Kept by quote id: a digest of the raw texts the mask read (text, the speaker's recorded
/// name, the hearers' recorded names in order) and the cleaned texts when the mask changed
/// any (nil when it changed none, which is most quotes: then the quote is used as it came).
/// A quote whose raw texts do not match the digest kept for its id (the store changed
/// between two viewers' reads) is cleaned again and kept instead, so the answer is always
/// `ViewerPages.cleaned` of the quote given. `MaskedQuotesTests`.
final class MaskedQuotes: @unchecked Sendable {
    // @unchecked: each stripe's table is only touched under that stripe's lock.
    private struct Entry {
        let digest: UInt64
        let cleaned: Cleaned?
    }

    private struct Cleaned {
        let text: String
        let speakerRecordedName: String
        let hearerNames: [String]
    }

    private final class Stripe {
        let lock = NSLock()
        var entries: [String: Entry] = [:]
    }

    /// Several tables, each with its own lock, so that the rendering threads seldom wait.
    private let stripes: [Stripe] = (0..<16).map { _ in Stripe() }

    /// Quotes kept in all (for tests).
    var count: Int { stripes.reduce(0) { total, stripe in stripe.lock.withLock { total + stripe.entries.count } } }

    /// `quote` with its text and names cleaned by `mask`: `ViewerPages.cleaned(quote, mask:)`.
    func cleaned(_ quote: Quote, mask: PersonalDataMask) -> Quote {
        let digest = Self.digest(quote)
        let stripe = stripes[Int(truncatingIfNeeded: digest >> 60) & (stripes.count - 1)]
        if let known = stripe.lock.withLock({ stripe.entries[quote.id] }), known.digest == digest {
            guard let cleaned = known.cleaned, cleaned.hearerNames.count == quote.hearers.count else { return quote }
            var clean = quote
            clean.text = cleaned.text
            clean.speakerRecordedName = cleaned.speakerRecordedName
            for index in clean.hearers.indices { clean.hearers[index].recordedName = cleaned.hearerNames[index] }
            return clean
        }
        let clean = ViewerPages.cleaned(quote, mask: mask)
        // Compared as bytes: `==` on strings would take a canonically equivalent text for the same.
        let changed =
            !Self.same(clean.text, quote.text) || !Self.same(clean.speakerRecordedName, quote.speakerRecordedName)
            || zip(clean.hearers, quote.hearers).contains { !Self.same($0.recordedName, $1.recordedName) }
        let entry = Entry(
            digest: digest,
            cleaned: changed
                ? Cleaned(
                    text: clean.text, speakerRecordedName: clean.speakerRecordedName,
                    hearerNames: clean.hearers.map(\.recordedName))
                : nil)
        stripe.lock.withLock { stripe.entries[quote.id] = entry }
        return clean
    }

    private static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.count == right.utf8.count && left.utf8.elementsEqual(right.utf8)
    }

    /// A 64-bit digest of the texts the mask reads, each hashed on its own and combined in
    /// order (`StableHash`), so that no two different lists of texts run together alike.
    static func digest(_ quote: Quote) -> UInt64 {
        var state = StableHash.combine(StableHash.of(quote.text), StableHash.of(quote.speakerRecordedName))
        state = StableHash.combine(state, UInt64(quote.hearers.count))
        for hearer in quote.hearers { state = StableHash.combine(state, StableHash.of(hearer.recordedName)) }
        return state
    }
}
