import Foundation
import Testing

@testable import Import

/// The compose screens count characters as the import does (`TextNormalization.characterCount`,
/// Swift's grapheme clusters), or a text the screen lets through is refused by the import and
/// stops the build. `Tests/Browser/fixtures/graphemes.json` holds generated mixed-script texts
/// with Swift's count of each: this test holds the file to Swift's count, and
/// `test_compose.py` holds the compose screen's counter to the file. Recorded again (new texts
/// from the same seed) with `VANTAGE_RECORD_GRAPHEMES=1`.
@Suite("Grapheme counts shared with the compose screens")
struct GraphemeCountTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/fixtures/graphemes.json")

    /// Pieces texts are made of: single characters of many scripts, the joiners and marks between
    /// them, and whole sequences (ZWJ emoji, flags, skin tones, conjuncts of each GB9c script).
    static let pieces: [String] = {
        var pieces: [String] = [
            "a", "Z", "é", "e\u{301}", "\u{301}", "\u{308}", "\u{20DD}", " ", "\r\n", "\r", "\n", "\t", "1", ".",
            "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FD}", "\u{1F3FB}",
            "👍", "👍🏽", "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️", "🇧🇷", "🇯🇵", "🇺", "🇸", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{D7B0}",
            "ก", "\u{E33}", "\u{E31}", "\u{E48}", "ำ", "ສ", "\u{EB3}", "ｶ", "\u{FF9E}",
            "ع", "\u{64E}", "ש", "\u{5B8}", "ف", "\u{600}", "\u{110BD}",
            "ア", "字", "Ж", "Ω",
        ]
        // Each GB9c script's consonants, virama, vowel signs and nukta, and its conjuncts.
        let indic: [(first: UInt32, virama: UInt32, signs: [UInt32])] = [
            (0x0915, 0x094D, [0x093E, 0x093F, 0x0940, 0x0941, 0x093C, 0x0902, 0x0901]),  // Devanagari
            (0x0995, 0x09CD, [0x09BE, 0x09BF, 0x09C1, 0x09BC, 0x0981]),  // Bengali
            (0x0A95, 0x0ACD, [0x0ABE, 0x0ABF, 0x0AC1, 0x0ABC]),  // Gujarati
            (0x0B15, 0x0B4D, [0x0B3E, 0x0B3F, 0x0B41, 0x0B3C]),  // Oriya
            (0x0C15, 0x0C4D, [0x0C3E, 0x0C3F, 0x0C41, 0x0C55]),  // Telugu
            (0x0D15, 0x0D4D, [0x0D3E, 0x0D3F, 0x0D41, 0x0D57]),  // Malayalam
            // Viramas outside GB9c: Tamil, Kannada, Sinhala, Gurmukhi; Khmer's coeng, Myanmar,
            // Balinese, Javanese, Tai Tham.
            (0x0B95, 0x0BCD, [0x0BBE, 0x0BBF]), (0x0C95, 0x0CCD, [0x0CBE, 0x0CBF]), (0x0D9A, 0x0DCA, [0x0DCF, 0x0DD2]),
            (0x0A15, 0x0A4D, [0x0A3E, 0x0A3C]), (0x1780, 0x17D2, [0x17B6, 0x17B7]), (0x1000, 0x1039, [0x102B, 0x102D]),
            (0x1B13, 0x1B44, [0x1B35, 0x1B36]), (0xA98F, 0xA9C0, [0xA9B4, 0xA9B6]), (0x1A20, 0x1A60, [0x1A61, 0x1A62]),
        ]
        func s(_ v: UInt32) -> String { String(Character(Unicode.Scalar(v)!)) }
        for script in indic {
            let consonants = (0..<6).map { s(script.first + $0) }
            pieces += consonants + [s(script.virama)] + script.signs.map(s)
            pieces.append(consonants[0] + s(script.virama) + consonants[1])
            pieces.append(consonants[2] + s(script.virama) + consonants[3] + script.signs.map(s)[0])
            pieces.append(consonants[4] + s(script.virama) + "\u{200D}" + consonants[5])
        }
        pieces += ["क्षि", "ស្រី", "ᬓ᭄ᬱ", "क᭄क", "क्က", "ক্क", "क्\u{200C}क", "क\u{94D}\u{301}क"]
        return pieces
    }()

    /// A text of 1 to 12 pieces, from a seeded generator (SplitMix64), so the file is the same
    /// from one recording to the next.
    static func texts(count: Int) -> [String] {
        var state: UInt64 = 0x5EED_6EA9_4E5C
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            (0..<(1 + Int(next() % 12))).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
        }
    }

    struct Case: Codable { let text: String; let count: Int }

    @Test("Every text of the shared file has Swift's count")
    func theFileHoldsSwiftsCounts() throws {
        if ProcessInfo.processInfo.environment["VANTAGE_RECORD_GRAPHEMES"] == "1" {
            let cases = Self.texts(count: 4000).map { Case(text: $0, count: TextNormalization.characterCount($0)) }
            let lines = try cases.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            try ("[\n" + lines.joined(separator: ",\n") + "\n]\n").write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.file))
        #expect(cases.count >= 4000)
        for item in cases {
            #expect(TextNormalization.characterCount(item.text) == item.count, "\(item.text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Cases the screen once counted otherwise: after Balinese's virama a Devanagari consonant
        // starts a cluster; after Devanagari's, a Myanmar one does not; Khmer's coeng joins nothing.
        #expect(TextNormalization.characterCount("क᭄क") == 2)
        #expect(TextNormalization.characterCount("क्က") == 1)
        #expect(TextNormalization.characterCount("ស្រី") == 2)
    }
}
