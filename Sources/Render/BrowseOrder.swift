/// The Browse list's order: a shuffle that looks random but is stable for a given person and
/// data. Each idea's key mixes the viewer's slug with the idea's id, so adding an idea moves
/// nothing else and two people see different orders.
public enum BrowseOrder {
    /// `ids` (with precomputed `StableHash.of(id)` values) ordered for `viewerSlug`.
    /// Returns indices into the input.
    public static func order(idHashes: [UInt64], ids: [String], viewerSlug: String) -> [Int] {
        let seed = StableHash.of(viewerSlug)
        var keyed = idHashes.indices.map { (key: StableHash.combine(seed, idHashes[$0]), index: $0) }
        keyed.sort { a, b in
            a.key != b.key ? a.key < b.key : ids[a.index] < ids[b.index]
        }
        return keyed.map(\.index)
    }
}
