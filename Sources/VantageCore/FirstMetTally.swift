/// Names met while reading a file, each kept once: the place it was first met and how many
/// places have it, in the order first met. This is how every "unknown name" warning is told
/// (the import's unknown and password fields, a String Catalog's unknown members): one warning
/// per name, at its first place, never dropped without a word. Past `limit` distinct names the
/// places of new names are only counted, so a file of a million made-up names neither holds nor
/// prints a million.
public struct FirstMetTally<Key: Hashable, Place> {
    public struct Entry {
        public let key: Key
        /// Where the name was first met.
        public let first: Place
        /// How many places have it.
        public fileprivate(set) var count: Int
    }

    /// Every name kept, in the order first met.
    public private(set) var entries: [Entry] = []
    private var positions: [Key: Int] = [:]
    /// Places of names met after `limit` others: counted, not kept.
    public private(set) var unkept = 0
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// Counts `count` places of `key`, the first of them at `place`. Returns the new entry's
    /// index when `key` is kept for the first time, nil when it was met before or is past the
    /// limit.
    @discardableResult
    public mutating func note(_ key: Key, count: Int = 1, at place: @autoclosure () -> Place) -> Int? {
        if let position = positions[key] {
            entries[position].count += count
            return nil
        }
        guard entries.count < limit else {
            unkept += count
            return nil
        }
        positions[key] = entries.count
        entries.append(Entry(key: key, first: place(), count: count))
        return entries.count - 1
    }

    /// What `other` (the tally of what followed) found, as if it had been found here: counts add
    /// up, a name first met there is first met there, and its places past the limit stay counted.
    /// `kept` is called with each entry of `other` kept here for the first time, and its index.
    public mutating func absorb(_ other: FirstMetTally, kept: (_ otherIndex: Int, _ index: Int) -> Void = { _, _ in }) {
        unkept += other.unkept
        for (otherIndex, entry) in other.entries.enumerated() {
            if let index = note(entry.key, count: entry.count, at: entry.first) {
                kept(otherIndex, index)
            }
        }
    }

    /// The first `limit` entries, to be listed one line each, and how many places the others
    /// (and the uncounted names) have, for one closing line.
    public func listed(_ limit: Int) -> (entries: ArraySlice<Entry>, unlistedPlaces: Int) {
        let shown = entries.prefix(limit)
        return (shown, entries.dropFirst(limit).reduce(unkept) { $0 + $1.count })
    }

    /// The closing line for `places` places not listed: `unknown members in 3 more places are
    /// ignored, not listed` (`what`: "unknown members", `fate`: "are ignored").
    public static func unlistedLine(_ what: String, places: Int, _ fate: String) -> String {
        "\(what) in \(places) more place\(places == 1 ? "" : "s") \(fate), not listed"
    }
}
