import Testing

@testable import Template

/// Properties the fast paths must keep: escaping equals the character-by-character definition
/// for any text, and names resolve the same whatever shape each list item has.
@Suite("Rendering properties")
struct RenderingPropertyTests {
    /// The definition of escaping, one character at a time.
    private func referenceEscape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func escapingMatchesTheDefinitionForAnyText() {
        let alphabet: [String] = [
            "a", "Z", "0", " ", "\n", "&", "<", ">", "\"", "'", "=", "%", ";", "é", "日", "🎉", "&amp;", "\u{0}", "~", "\u{7F}",
        ]
        var generator = Generator(state: 42)
        for _ in 0..<2_000 {
            let length = generator.next(40)
            let text = (0..<length).map { _ in alphabet[generator.next(alphabet.count)] }.joined()
            #expect(HTMLEscaping.escape(text) == referenceEscape(text), "\(text.debugDescription)")
        }
    }

    @Test func everyByteValueNextToASpecialCharacterIsHandled() {
        for byte in 0..<128 {
            let scalar = Character(Unicode.Scalar(UInt8(byte)))
            let text = String(repeating: scalar, count: 9) + "<" + String(scalar) + "&"
            #expect(HTMLEscaping.escape(text) == referenceEscape(text), "byte \(byte)")
        }
    }

    @Test func itemsOfDifferentShapesResolveTheirOwnMembers() throws {
        let library = try TemplateLibrary(
            templates: ["page": "{{#items}}[{{a}}|{{b}}|{{c}}]{{/items}}"], mode: .spec)
        let items: Value = [
            "c": "root-c",
            "items": [
                ["a": "1", "b": "2"], ["b": "3", "c": "4", "a": "5"], ["c": "6"], ["a": "7", "x": "8", "y": "9", "b": "10"],
                .map((0..<40).reduce(into: [String: Value]()) { $0["k\($1)"] = .string("\($1)") }.merging(["a": "big"]) { $1 }),
                ["a": "11"],
            ],
        ]
        #expect(
            try library.render("page", context: items, localizer: nil)
                == "[1|2|root-c][5|3|4][||6][7|10|root-c][big||root-c][11||root-c]")
    }

    @Test func nestedSectionsSeeOuterFramesAfterInnerOnesEnd() throws {
        let library = try TemplateLibrary(
            templates: ["page": "{{#outer}}{{name}}:{{#inner}}{{name}}{{/inner}}:{{name}};{{/outer}}"], mode: .strict)
        let context: Value = [
            "outer": [["name": "A", "inner": [["name": "a1"], ["name": "a2"]]], ["name": "B", "inner": []]]
        ]
        #expect(try library.render("page", context: context, localizer: nil) == "A:a1a2:A;B::B;")
    }
}
