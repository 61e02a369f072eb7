/// SHA-256 (FIPS 180-4) for the manifest's checksums. Foundation on Linux has no digest API and
/// the project takes no packages, so it is written out here (and used when the system has no
/// libcrypto: see `SHA256+System.swift`); tests check it against the standard test vectors.
public struct SHA256: Sendable {
    private var state: State = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    public init() {}

    /// The digest of `bytes` as 64 lower-case hex digits, computed by the Swift rounds.
    public static func swiftHex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    /// Adds `bytes` to the message.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        length &+= UInt64(bytes.count)
        let handled: Void? = bytes.withContiguousStorageIfAvailable { pointer in absorb(pointer) }
        if handled == nil { Array(bytes).withUnsafeBufferPointer { absorb($0) } }
    }

    /// Compresses whole blocks straight from the input; only a partial block is buffered.
    private mutating func absorb(_ input: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        if !buffer.isEmpty {
            let needed = 64 - buffer.count
            buffer.append(contentsOf: input.prefix(needed))
            offset = min(needed, input.count)
            guard buffer.count == 64 else { return }
            let block = buffer
            block.withUnsafeBufferPointer { Self.compress(&state, $0.baseAddress!, blocks: 1) }
            buffer.removeAll(keepingCapacity: true)
        }
        let whole = (input.count - offset) / 64
        if whole > 0, let base = input.baseAddress {
            Self.compress(&state, base + offset, blocks: whole)
            offset += whole * 64
        }
        buffer.append(contentsOf: input[offset...])
    }

    /// Pads, finishes and returns the digest as hex.
    public mutating func finalizeHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in finalize() {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Pads, finishes and returns the 32 bytes of the digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        buffer.append(0x80)
        while buffer.count % 64 != 56 { buffer.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let tail = buffer
        tail.withUnsafeBufferPointer { Self.compress(&state, $0.baseAddress!, blocks: $0.count / 64) }
        buffer.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        var out = [UInt8]()
        out.reserveCapacity(32)
        for word in words {
            for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return out
    }

    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The 64 rounds over `blocks` consecutive 64-byte blocks. A static function over plain
    /// pointers and locals: closures and `self` accesses in the round loop cost more than the
    /// arithmetic.
    private static func compress(_ state: inout State, _ input: UnsafePointer<UInt8>, blocks: Int) {
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var (h0, h1, h2, h3, h4, h5, h6, h7) = state
                for blockIndex in 0..<blocks {
                    let block = input + blockIndex &* 64
                    for i in 0..<16 {
                        w[i] = UInt32(block[i &* 4]) << 24 | UInt32(block[i &* 4 &+ 1]) << 16
                            | UInt32(block[i &* 4 &+ 2]) << 8 | UInt32(block[i &* 4 &+ 3])
                    }
                    for i in 16..<64 {
                        let w15 = w[i &- 15], w2 = w[i &- 2]
                        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 &>> 3)
                        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 &>> 10)
                        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for i in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ s0 &+ majority
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
                state = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}
