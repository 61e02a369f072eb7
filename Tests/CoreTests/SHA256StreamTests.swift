import Testing
import VantageCore

/// The import's streamed digest (libcrypto's SHA256_Update when present) is SHA-256 itself,
/// however the message is cut into pieces.
struct SHA256StreamTests {
    @Test(arguments: [1, 3, 64, 1000])
    func leadingWordsAreThoseOfSHA256(piece: Int) {
        let message = Array(String(repeating: "abc", count: 400).utf8)
        var stream = SHA256Stream()
        var start = 0
        while start < message.count {
            let end = min(start + piece, message.count)
            message[start..<end].withUnsafeBytes { stream.update($0) }
            start = end
        }
        let (high, low) = stream.finish()
        let hex = SHA256.swiftHex(message)
        #expect(String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16) == String(hex.prefix(32)))
    }

    @Test func abc() {
        var stream = SHA256Stream()
        Array("abc".utf8).withUnsafeBytes { stream.update($0) }
        let (high, low) = stream.finish()
        #expect(high == 0xba78_16bf_8f01_cfea && low == 0x4141_40de_5dae_2223)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
