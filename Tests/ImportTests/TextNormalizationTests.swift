import Testing
@testable import Import

/// The forms the import stores text in.
struct TextNormalizationTests {
    /// Texts that fail NFC's quick check go through ICU's normaliser: an ideograph beyond U+FFFF
    /// with an accent after it was stored as "Á" (Foundation's normaliser on Linux read U+20041 as
    /// U+0041), and a tag character with an accent as two letters, which then counted twice
    /// against the 160 and 280 characters the compose screens had allowed.
    @Test func textIsStoredInNFC() {
        func stored(_ text: String) -> [UInt32] { TextNormalization.nfc(text).unicodeScalars.map(\.value) }
        #expect(stored("\u{20041}\u{301} one") == [0x20041, 0x301, 0x20, 0x6F, 0x6E, 0x65])
        #expect(stored("a\u{E0061}\u{301}") == [0x61, 0xE0061, 0x301])
        #expect(stored("Jose\u{301}") == [0x4A, 0x6F, 0x73, 0xE9])
        #expect(stored("日本語 ñ") == [0x65E5, 0x672C, 0x8A9E, 0x20, 0xF1])
        let limit = String(repeating: "a\u{E0061}\u{301}", count: 160)
        #expect(TextNormalization.characterCount(TextNormalization.nfc(limit)) == 160)
    }
}
