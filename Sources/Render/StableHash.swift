/// A 64-bit hash that is the same in every process and on every machine (Swift's `Hasher` is
/// seeded per process, so it must never decide anything that reaches the output).
/// FNV-1a over UTF-8, finished with the SplitMix64 mixer so that nearby inputs spread.
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes.
    public static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return mix(hash)
    }

    /// SplitMix64's finaliser: a bijection on 64 bits with good avalanche.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Combines two hashes (order matters).
    public static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        mix(a ^ (b &* 0x9e37_79b9_7f4a_7c15))
    }
}
