import Testing
import VantageCore

/// Unicode Normalization Form C (`NFC`), held to values from the Unicode Character Database
/// and to its properties on random text.
struct NFCTests {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func composesAsTheCharacterDatabaseSays() {
        #expect(scalars(NFC.normalize("Cafe\u{301}")) == [0x43, 0x61, 0x66, 0xE9])
        #expect(scalars(NFC.normalize("\u{1100}\u{1161}\u{11A8}")) == [0xAC01])  // Hangul jamo
        #expect(scalars(NFC.normalize("\u{2126}")) == [0x3A9])  // a singleton: OHM SIGN is omega
        #expect(scalars(NFC.normalize("\u{0344}")) == [0x308, 0x301])
        #expect(scalars(NFC.normalize("a\u{323}\u{302}")) == [0x1EAD])  // marks reordered, then composed
        // Beyond U+FFFF: a composition exclusion decomposes, an ideograph keeps its accent apart.
        #expect(scalars(NFC.normalize("\u{1D15E}")) == [0x1D157, 0x1D165])
        #expect(scalars(NFC.normalize("\u{20041}\u{301}")) == [0x20041, 0x301])  // Foundation gave U+00C1
        #expect(scalars(NFC.normalize("a\u{E0061}\u{301}")) == [0x61, 0xE0061, 0x301])  // Foundation gave a, U+00E1
        #expect(NFC.normalize("") == "")
    }

    /// On random text of marks, jamo, letters and scalars beyond U+FFFF: the result is
    /// canonically equivalent to the input, in NFC by the standard library's own check, and
    /// normalising it again changes nothing.
    @Test func isEquivalentInNFCAndStable() {
        let pool: [UInt32] = [0x41, 0x61, 0x65, 0x3B1, 0x301, 0x308, 0x323, 0x302, 0x327, 0x1100, 0x1161, 0x11A8, 0xAC00,
                              0x2126, 0x212B, 0x1D15E, 0x1D157, 0x1D165, 0x20041, 0xE0061, 0x1F600, 0x5D0, 0x5B8, 0x3099, 0x304B]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.append(Unicode.Scalar(pool.randomElement(using: &generator)!)!)
            }
            let original = String(text)
            let normalized = NFC.normalize(original)
            #expect(normalized == original)  // String's == is canonical equivalence
            var span = normalized.utf8Span
            let inNFC = span.checkForNFC(quickCheck: false)
            #expect(inNFC, "\(scalars(original))")
            #expect(NFC.normalize(normalized).utf8.elementsEqual(normalized.utf8))
        }
    }
}
