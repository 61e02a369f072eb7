import Foundation
import Testing
@testable import Validate

/// `ByteStrings` answers as a `Set<[UInt8]>` of the same keys would, for keys looked up in
/// place inside a larger buffer.
@Suite struct ByteStringsTests {
    /// Keys that are prefixes of one another, the empty key, keys of every length across the
    /// hash's eight-byte steps, and enough of them to grow the table many times.
    static func keys() -> [[UInt8]] {
        var keys: [[UInt8]] = [[], [0], [0, 0], [1], [1, 0], Array("html".utf8), Array("htm".utf8)]
        // Sixty keys of each length, their bytes base-6 digits of a linear congruential
        // sequence: only six byte values, so many keys share long prefixes.
        var counter: UInt64 = 1
        for length in 0..<40 {
            for _ in 0..<60 {
                counter = counter &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var digits = counter
                keys.append((0..<length).map { _ in
                    defer { digits = digits / 6 | digits << 61 }
                    return UInt8(digits % 6)
                })
            }
        }
        return keys
    }

    @Test func answersAsASetDoes() {
        let all = Self.keys()
        let members = Array(all.enumerated().filter { $0.offset % 3 != 0 }.map(\.element))
        var strings = ByteStrings()
        var reference: Set<[UInt8]> = []
        for key in members {
            let inserted = key.withUnsafeBytes { strings.insert($0) }
            #expect(inserted == reference.insert(key).inserted)
        }
        #expect(strings.count == reference.count)
        #expect(strings.byteCount == reference.reduce(0) { $0 + $1.count })
        // Looked up inside a larger buffer: the key between other bytes.
        for key in all {
            let padded: [UInt8] = [9, 9, 9] + key + [9, 9]
            let found = padded.withUnsafeBytes { strings.contains(UnsafeRawBufferPointer(rebasing: $0[3..<(3 + key.count)])) }
            #expect(found == reference.contains(key), "\(key)")
        }
    }

    @Test func isBuiltFromArrays() {
        let strings = ByteStrings([Array("ab".utf8), Array("ab".utf8), []])
        #expect(strings.count == 2)
        #expect(strings.contains(Array("ab".utf8)) && strings.contains([]))
        #expect(!strings.contains(Array("a".utf8)) && !strings.contains(Array("abc".utf8)))
    }
}
