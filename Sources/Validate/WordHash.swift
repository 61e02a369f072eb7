/// The scan's fast byte hash: eight bytes mixed at a time, then the tail byte by byte (FNV's
/// prime with a shift). Used for hash tables only (`StructureKey`, `LinkMemo`), whose keys are
/// always compared whole, so its value never decides a verdict or reaches the output.
enum WordHash {
    /// `bytes` mixed into `seed`.
    static func mix(_ raw: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = seed
        var offset = 0
        while offset + 8 <= raw.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x1000_0000_01B3
            state ^= state >> 29
            offset += 8
        }
        while offset < raw.count {
            state = (state ^ UInt64(raw[offset])) &* 0x1000_0000_01B3
            offset += 1
        }
        return state
    }
}
