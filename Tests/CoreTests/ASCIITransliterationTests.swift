import Foundation
import Testing

@testable import VantageCore

/// The reused transliterators give, text for text, what Foundation's `applyingTransform` gives
/// (it opens one per call): slugs, and so every path of the site, must not move.
@Suite("ASCII transliteration")
struct ASCIITransliterationTests {
    /// Names in many scripts and shapes: Latin with marks (composed and not), ligatures and
    /// compatibility forms, Cyrillic, Greek (with breathings), Arabic, Hebrew, Persian, Devanagari,
    /// Thai, Han, kana, Hangul, Georgian, Armenian, Ethiopic, Cherokee, astral ideographs, emoji
    /// and flags, marks alone, controls and invisible characters, and one long name.
    static let names: [String] = [
        "José Álvarez", "Jose\u{301} A\u{301}lvarez", "Zoë Müller", "Łukasz Żółć", "Ærøskøbing Straße", "Dvořák Čapek",
        "Nguyễn Văn An", "ǅemal ǈuba", "ﬁnn ﬂow", "Ａｎａ　Ｌｉｍａ", "Ŀlorenç", "Þórr Ðan", "İsmail Işık",
        "Дмитрий Соколов", "Ελένη Παπαδοπούλου", "Ἀθηνᾶ Ὀδυσσεύς", "أحمد حسن", "مُحَمَّد", "דוד כהן", "فاطمه رضایی",
        "राहुल शर्मा", "ศรีสุดา ใจดี", "山田 太郎", "さくら", "カタカナ ｶﾀｶﾅ", "김민준", "ნინო", "Արամ", "አበበ", "ᏣᎳᎩ",
        "\u{20041}\u{20042}", "😀 Ana 👩‍👩‍👧", "🇫🇷 Léa", "\u{301}\u{302}", "Ana\u{200B}Lima", "Tab\tName", "Ana\u{202E}Lima",
        "O'Brien-Smith", "Ma Jiàn 马建", "Ş Ţ Ș Ț", "ŉ ĸ ſ", String(repeating: "Ærø ", count: 300),
    ]

    @Test("Equal to Foundation's applyingTransform, name for name, on every thread")
    func equalToFoundation() {
        let expected = Self.names.map {
            $0.applyingTransform(StringTransform(ASCIITransliteration.identifier), reverse: false)
        }
        #expect(Self.names.map(ASCIITransliteration.latin) == expected)
        // Two threads at once, each name many times: each takes its own transliterator.
        let results = ParallelMap.map(count: 4) { _ in (0..<5).flatMap { _ in Self.names.map(ASCIITransliteration.latin) } }
        for result in results { #expect(result == Array((0..<5).map { _ in expected }.joined())) }
    }

    @Test("The empty text is itself")
    func empty() {
        #expect(ASCIITransliteration.latin("") == "")
    }
}
