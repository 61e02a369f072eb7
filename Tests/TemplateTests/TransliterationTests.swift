import Foundation
import Testing
import Template

/// `Transliteration`: ICU transforms opened once give what Foundation's `applyingTransform`
/// gives (which opens a new transliterator on every call).
@Suite("ICU transliteration through one opened transliterator")
struct TransliterationTests {
    static let names = [
        "Zoë Çelik", "Nguyễn Văn An", "Δημήτρης Παπαδόπουλος", "Ольга Иванова", "محمد علي", "דוד כהן", "山田 太郎",
        "李小龍", "김민준", "Ærøskøbing Øster", "Straße", "Dvořák", "İstanbul ığdır", "ผู้ใหญ่ บ้าน", "राहुल शर्मा",
        "Σίσυφος ς", "ﬁnal ﬂow", "Ｆｕｌｌｗｉｄｔｈ", "emoji 👩‍👩‍👧 ok", "", "plain ascii", "ქართული", "Հայերեն",
        "ᏣᎳᎩ", "ئۇيغۇرچە", "Ⅻ ½ ²", "O'Brien-Smith", "\u{0301}combining first", "Ĳssel", "ŋ ɲ ʃ",
    ]

    @Test("Any-Latin; Latin-ASCII gives Foundation's text for names in many scripts", arguments: names)
    func sameAsFoundation(_ name: String) {
        let id = "Any-Latin; Latin-ASCII"
        #expect(Transliteration.apply(id, to: name) == name.applyingTransform(StringTransform(id), reverse: false))
    }

    @Test("Repeated and long texts, and text that grows, come out whole")
    func longAndGrowing() {
        // Han to Latin makes each character several letters: the text outgrows its first room.
        let long = String(repeating: "東京都千代田区", count: 400)
        let id = "Any-Latin; Latin-ASCII"
        let once = Transliteration.apply(id, to: long)
        #expect(once == long.applyingTransform(StringTransform(id), reverse: false))
        #expect(Transliteration.apply(id, to: long) == once)
    }

    @Test("An unknown transform is nil")
    func unknownTransform() {
        #expect(Transliteration.apply("No-Such-Transform", to: "abc") == nil)
    }
}
