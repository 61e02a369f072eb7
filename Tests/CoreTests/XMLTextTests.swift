import Testing
import VantageCore

@Suite("Text from the data made safe for a page")
struct XMLTextTests {
    @Test("Line breaks a page cannot hold are line feeds; the words they parted stay apart")
    func lineBreaks() {
        #expect(XMLText.clean("VT\u{0B}FF\u{0C}here") == "VT\nFF\nhere")
        #expect(XMLText.clean("NEL\u{85}here") == "NEL\nhere")
        // What a page may hold is kept as it is, line separators included.
        #expect(XMLText.clean("a\tb\nc\rd\u{2028}e\u{2029}f") == "a\tb\nc\rd\u{2028}e\u{2029}f")
    }

    @Test("Other characters no escape can carry are dropped")
    func dropped() {
        // Noncharacters (a Swift literal may not hold them), built from their values.
        let noncharacters = [0xFDD0, 0xFFFE, 0x10FFFF].map { String(Unicode.Scalar(UInt32($0))!) }
        #expect(XMLText.clean("a\u{01}b\u{7F}c\u{9F}d" + noncharacters.joined(separator: "e") + "f") == "abcdeef")
        #expect(XMLText.clean("a\u{1B}[31mred") == "a[31mred")
    }

    @Test("Every code point below U+0100: kept, a line feed, or dropped, as a page may hold it")
    func everyLowCodePoint() {
        for value in UInt32(1)..<0x100 {
            let scalar = Unicode.Scalar(value)!
            let cleaned = XMLText.clean("x" + String(scalar) + "y")
            if XMLText.isAllowed(value) {
                #expect(cleaned == "x" + String(scalar) + "y", "U+\(String(value, radix: 16))")
            } else if [0x0B, 0x0C, 0x85].contains(value) {
                #expect(cleaned == "x\ny", "U+\(String(value, radix: 16))")
            } else {
                #expect(cleaned == "xy", "U+\(String(value, radix: 16))")
            }
        }
    }
}
