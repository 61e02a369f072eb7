/// A small hash table keyed by two machine words and a tag (an instant's bits and a date
/// style, say), with a multiplicative hash instead of `Hasher`'s SipHash: the memos are read
/// several times per list item, so each lookup has to cost a few nanoseconds. It holds at most
/// `limit` entries and starts over when full, which bounds memory.
struct ScalarMemo<Payload> {
    private var keys: [UInt64]
    private var secondKeys: [UInt64]
    /// 0 marks an empty slot, so stored tags are offset by one.
    private var tags: [UInt8]
    private var payloads: [Payload?]
    private var mask: Int
    private(set) var count = 0
    let limit: Int

    init(limit: Int, initialCapacity: Int = 256) {
        self.limit = limit
        var capacity = 16
        while capacity < initialCapacity { capacity <<= 1 }
        keys = Array(repeating: 0, count: capacity)
        secondKeys = Array(repeating: 0, count: capacity)
        tags = Array(repeating: 0, count: capacity)
        payloads = Array(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    @inline(__always)
    private func slot(_ key: UInt64, _ second: UInt64, _ tag: UInt8) -> Int {
        let mixed = (key ^ (second &* 0xC2B2_AE3D_27D4_EB4F) ^ (UInt64(tag) &* 0x1656_67B1_9E37_79F9))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    func value(for key: UInt64, _ second: UInt64 = 0, tag: UInt8 = 0) -> Payload? {
        let stored = tag &+ 1
        var index = slot(key, second, tag)
        while tags[index] != 0 {
            if tags[index] == stored, keys[index] == key, secondKeys[index] == second { return payloads[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    mutating func set(_ payload: Payload, for key: UInt64, _ second: UInt64 = 0, tag: UInt8 = 0) {
        if count >= limit { self = ScalarMemo(limit: limit) }
        if (count + 1) * 2 > keys.count { grow() }
        let stored = tag &+ 1
        var index = slot(key, second, tag)
        while tags[index] != 0 {
            if tags[index] == stored, keys[index] == key, secondKeys[index] == second {
                payloads[index] = payload
                return
            }
            index = (index + 1) & mask
        }
        keys[index] = key
        secondKeys[index] = second
        tags[index] = stored
        payloads[index] = payload
        count += 1
    }

    private mutating func grow() {
        let old = (keys, secondKeys, tags, payloads)
        let capacity = keys.count * 2
        keys = Array(repeating: 0, count: capacity)
        secondKeys = Array(repeating: 0, count: capacity)
        tags = Array(repeating: 0, count: capacity)
        payloads = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        count = 0
        for index in old.0.indices where old.2[index] != 0 {
            set(old.3[index]!, for: old.0[index], old.1[index], tag: old.2[index] &- 1)
        }
    }
}
