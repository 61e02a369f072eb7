import Store
import VantageCore

/// Every home's fingerprint (`BuildFingerprint.viewer`) from one pass over the store, for an
/// incremental rebuild to find the people it need not render without reading each one's quotes.
///
/// Reading a viewer's quotes through `visibleQuotes` costs an index search per quote and hearer;
/// on the peer workload (10,000 people, 200,000 quotes, 800,000 visibility pairs) that was about
/// five CPU seconds, half of a rebuild that renders a handful of people. Here every quote is
/// read once in id order with its hearers (`SiteReader.everyQuote`, two scans), reduced to its
/// digest (`BuildFingerprint.quote`), and handed to each person who sees it (`Quote.viewerIDs`,
/// the `visible_quote` rule); each home's digests are then put in the fingerprint's order and
/// hashed. The value is the one `BuildFingerprint.viewer(_:siteDigest:contacts:quotes:)` gives
/// from that viewer's own reads, which is what a rendered viewer is recorded with
/// (`ViewerFingerprintTests` compare the two for every person of several stores).
struct ViewerFingerprints: Sendable {
    /// Fingerprints by person id, for every home.
    let byPerson: [Int64: String]

    init(store: Store, homes: [SiteModel.Home], siteDigest: String) throws {
        var homeIndex: [Int64: Int] = [:]
        homeIndex.reserveCapacity(homes.count)
        for (index, home) in homes.enumerated() { homeIndex[home.person.id] = index }
        // Per quote: its digest (in one buffer), when, and its id; per home: the quotes it sees.
        var digests: [UInt8] = []
        var saidAt: [Int64] = []
        var ids: [[UInt8]] = []
        var seen = [[Int32]](repeating: [], count: homes.count)
        var contacts = [[Int64: String]](repeating: [:], count: homes.count)
        try store.readSite { reader in
            try reader.everyQuote { quote in
                let index = Int32(saidAt.count)
                digests += BuildFingerprint.quote(quote)
                saidAt.append(quote.saidAt)
                ids.append(Array(quote.id.utf8))
                for viewer in quote.viewerIDs {
                    if let home = homeIndex[viewer] { seen[home].append(index) }
                }
            }
            try reader.everyContact { owner, names in
                if let home = homeIndex[owner] { contacts[home] = names }
            }
        }
        // Each quote's place in the fingerprint's order, once; then a home's quotes sort as integers.
        var order = Array(0..<Int32(saidAt.count))
        order.sort { BuildFingerprint.precedes(saidAt: saidAt[Int($0)], id: ids[Int($0)], saidAt[Int($1)], ids[Int($1)]) }
        var rank = [Int32](repeating: 0, count: order.count)
        for (place, quote) in order.enumerated() { rank[Int(quote)] = Int32(place) }
        let size = BuildFingerprint.quoteDigestSize
        var byPerson: [Int64: String] = [:]
        byPerson.reserveCapacity(homes.count)
        var buffer: [UInt8] = []
        for (index, home) in homes.enumerated() {
            buffer.removeAll(keepingCapacity: true)
            for quote in seen[index].sorted(by: { rank[Int($0)] < rank[Int($1)] }) {
                let start = Int(quote) * size
                buffer += digests[start..<(start + size)]
            }
            byPerson[home.person.id] = BuildFingerprint.viewer(
                home, siteDigest: siteDigest, contacts: contacts[index], quoteDigests: buffer)
        }
        self.byPerson = byPerson
    }
}
