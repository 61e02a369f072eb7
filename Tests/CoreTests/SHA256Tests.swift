import Testing
import VantageCore

/// FIPS 180-4 vectors; the system's digest (libcrypto, when present) and the Swift rounds agree.
@Suite("SHA-256")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256Vectors(message: String, digest: String) {
        #expect(SHA256.swiftHex(Array(message.utf8)) == digest)
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test("The system's SHA-256 (when there is one) and the Swift rounds agree on every length")
    func sha256Implementations() {
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in Array(0...300) + [4096, 65_537] {
            let bytes = (0..<length).map { _ -> UInt8 in
                generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: generator >> 33)
            }
            #expect(SHA256.hex(bytes) == SHA256.swiftHex(bytes), "length \(length)")
        }
    }

    @Test("SHA-256 of a million 'a's, fed in uneven pieces")
    func sha256Chunked() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: 0x61, count: 999)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count - fed % 7, 1_000_000 - fed)
            hasher.update(piece[0..<count])
            fed += count
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
