import Store
import VantageCore

/// Every home's fingerprint (`BuildFingerprint.viewer`) from one pass over the store, for an
/// incremental rebuild to find the people it need not render without reading each one's quotes.
///
/// Reading a viewer's quotes through `visibleQuotes` costs an index search per quote and hearer;
/// on the peer workload (10,000 people, 200,000 quotes, 800,000 visibility pairs) that was about
/// five CPU seconds, half of a rebuild that renders a handful of people. Here every quote is
/// read once in id order with its hearers (`SiteReader.everyQuote`, two scans), reduced to its
/// digest (`BuildFingerprint.appendDigest`), and handed to each person who sees it (`Quote.viewerIDs`,
/// the `visible_quote` rule); each home's digests are then put in the fingerprint's order and
/// hashed. The pass makes no array per quote or per home: the digests are one buffer, who sees
/// what is a list of (home, quote) pairs put in home order by counting, and the fingerprint's
/// order is one sort of the quotes by time (their ids need not be compared: the pass reads them
/// in id order). The value is the one `BuildFingerprint.viewer(_:siteDigest:contacts:quotes:)` gives
/// from that viewer's own reads, which is what a rendered viewer is recorded with
/// (`ViewerFingerprintTests` compare the two for every person of several stores).
struct ViewerFingerprints: Sendable {
    /// Fingerprints by person id, for every home.
    let byPerson: [Int64: String]

    init(store: Store, homes: [SiteModel.Home], places: [Int64: Int64], siteDigest: String) throws {
        var homeIndex: [Int64: UInt32] = [:]
        homeIndex.reserveCapacity(homes.count)
        for (index, home) in homes.enumerated() { homeIndex[home.person.id] = UInt32(index) }
        let size = BuildFingerprint.quoteDigestSize
        // Per quote, in the pass's order (id order): its digest (in one buffer) and when; per
        // pair of a home and a quote it sees: the home, then the quote, in one word.
        var digests: [UInt8] = []
        var saidAt: [Int64] = []
        var pairs: [UInt64] = []
        var contacts = [[Int64: String]](repeating: [:], count: homes.count)
        var scratch = BuildFingerprint()
        try store.readSite { reader in
            try reader.everyQuote { quote in
                let index = UInt64(saidAt.count)
                scratch.appendDigest(of: quote, places: places, to: &digests)
                saidAt.append(quote.saidAt.microseconds)
                quote.forEachViewer { viewer in
                    if let home = homeIndex[viewer] { pairs.append(UInt64(home) << 32 | index) }
                }
            }
            try reader.everyContact { owner, names in
                if let home = homeIndex[owner] { contacts[Int(home)] = names }
            }
        }
        // The fingerprint's order (`BuildFingerprint.precedes`: newest first, ties by id) is
        // (time descending, pass index ascending), since the pass visits the quotes in the ids'
        // byte order (`SiteReader.everyQuote`: ORDER BY id, BINARY), the order `precedes` uses.
        var order = Array(0..<Int32(saidAt.count))
        saidAt.withUnsafeBufferPointer { when in
            order.sort { when[Int($0)] != when[Int($1)] ? when[Int($0)] > when[Int($1)] : $0 < $1 }
        }
        var rank = [Int32](repeating: 0, count: order.count)
        for (place, quote) in order.enumerated() { rank[Int(quote)] = Int32(place) }
        // Each home's quotes as ranks, grouped by home (a counting sort of the pairs).
        var start = [Int](repeating: 0, count: homes.count + 1)
        for pair in pairs { start[Int(pair >> 32) + 1] += 1 }
        for home in 0..<homes.count { start[home + 1] += start[home] }
        var next = start
        var ranks = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            let home = Int(pair >> 32)
            ranks[next[home]] = rank[Int(pair & 0xFFFF_FFFF)]
            next[home] += 1
        }
        var byPerson: [Int64: String] = [:]
        byPerson.reserveCapacity(homes.count)
        var buffer: [UInt8] = []
        for (index, home) in homes.enumerated() {
            ranks[start[index]..<start[index + 1]].sort()
            buffer.removeAll(keepingCapacity: true)
            digests.withUnsafeBufferPointer { all in
                for place in ranks[start[index]..<start[index + 1]] {
                    let first = Int(order[Int(place)]) * size
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: all[first..<(first + size)]))
                }
            }
            byPerson[home.person.id] = BuildFingerprint.viewer(
                home, siteDigest: siteDigest, contacts: contacts[index], quoteDigests: buffer, places: places)
        }
        self.byPerson = byPerson
    }
}
