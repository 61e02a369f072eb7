import Testing
import VantageCore

/// Direction controls in text from the data are contained: what a text opens is closed at its
/// end, an isolate it closes without opening is opened at its start, and the text stays whole.
struct DirectionControlsTests {
    @Test(arguments: [
        ("Zoë", "Zoë"),
        ("“quoted” … ’", "“quoted” … ’"),  // E2 80 9C/9D/A6/99: not controls
        ("\u{202E}Zoë", "\u{202E}Zoë\u{202C}"),
        ("Pri\u{2069}\u{202E}ya", "\u{2068}Pri\u{2069}\u{202E}ya\u{202C}"),
        ("\u{2067}عربي\u{2069} ok", "\u{2067}عربي\u{2069} ok"),
        ("\u{202B}a\u{2066}b", "\u{202B}a\u{2066}b\u{2069}\u{202C}"),
        // A PDI closes the isolate and the embeddings opened inside it.
        ("\u{2068}a\u{202D}b\u{2069}c", "\u{2068}a\u{202D}b\u{2069}c"),
        // An unmatched PDF is ignored by the algorithm, and left.
        ("a\u{202C}b", "a\u{202C}b"),
        ("\u{2069}\u{2069}x\u{2066}", "\u{2068}\u{2068}\u{2069}\u{2069}x\u{2066}\u{2069}"),
    ])
    func balances(_ text: String, _ expected: String) {
        let balanced = DirectionControls.balanced(text)
        #expect(Array(balanced.unicodeScalars) == Array(expected.unicodeScalars))
        #expect(balanced.contains(text))
    }
}
