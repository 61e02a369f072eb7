import Testing
import VantageCore

@testable import Render

@Suite("Stable hash and Browse order")
struct StableHashTests {
    @Test("The stable hash is fixed across runs and machines")
    func stableHash() {
        // Fixed values: a change here changes every Browse order.
        #expect(StableHash.of("") == StableHash.mix(0xcbf2_9ce4_8422_2325))
        #expect(StableHash.of("ana") == StableHash.of("ana"))
        #expect(StableHash.of("ana") != StableHash.of("anb"))
    }

    @Test("Browse is a permutation, stable per viewer, different between viewers")
    func browseOrder() {
        let ids = (1...200).map { "idea-\($0)" }
        let hashes = ids.map(StableHash.of)
        let ana = BrowseOrder.order(idHashes: hashes, ids: ids, viewerSlug: "ana")
        #expect(ana.sorted() == Array(0..<200))
        #expect(BrowseOrder.order(idHashes: hashes, ids: ids, viewerSlug: "ana") == ana)
        #expect(BrowseOrder.order(idHashes: hashes, ids: ids, viewerSlug: "bo") != ana)
        #expect(ana != Array(0..<200))
        // Adding an idea keeps the relative order of the others.
        let more = ids + ["idea-new"]
        let anaMore = BrowseOrder.order(idHashes: more.map(StableHash.of), ids: more, viewerSlug: "ana")
        #expect(anaMore.filter { $0 < 200 } == ana)
    }
}

@Suite("Fragments and XML text")
struct FragmentTests {
    @Test(arguments: [
        ("idea-0001", "idea-idea-0001"), ("a b", "idea-a~20b"), ("x~y", "idea-x~7Ey"), ("é", "idea-~C3~A9"),
        ("a_b.c", "idea-a_b.c"),
    ])
    func ideaFragments(id: String, fragment: String) {
        #expect(Fragment.idea(id) == fragment)
    }

    @Test("Every code point is kept or dropped as Unicode's own properties say: controls but tab, line feed and carriage return, and noncharacters go (U+000B, U+000C and NEL as line feeds)")
    func xmlTextAgreesWithUnicodeProperties() {
        // The oracle: general category Cc (less tab, LF, CR) and the noncharacter property, from
        // the standard library's Unicode tables, not from the ranges XMLText spells out.
        var wrong: [UInt32] = []
        var kept = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let forbidden = (scalar.properties.generalCategory == .control && ![0x09, 0x0A, 0x0D].contains(value))
                || scalar.properties.isNoncharacterCodePoint
            if XMLText.isAllowed(value) == forbidden { wrong.append(value) }
            // The byte scan, on a character inside ASCII text and alone, agrees (every 97th and every odd one).
            if value % 97 == 0 || forbidden {
                // The line breaks a page cannot hold (U+000B, U+000C, NEL) become line feeds.
                let replacement = XMLText.isLineBreak(value) ? "\n" : ""
                let text = "abcdefghij" + String(Character(scalar)) + "klmnopqrst"
                if XMLText.clean(text) != (forbidden ? "abcdefghij" + replacement + "klmnopqrst" : text) { wrong.append(value) }
                if XMLText.clean(String(Character(scalar))) != (forbidden ? replacement : String(Character(scalar))) { wrong.append(value) }
                kept += 1
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
        #expect(kept > 11_000)
    }

    @Test("The byte scan finds the first code point a page may not hold, wherever it lies in a word")
    func firstDisallowedAgreesWithTheScalarReading() {
        // The reference: decode scalar by scalar (bytes that are not UTF-8 stepped over, as the
        // scan does) and ask `isAllowed`.
        func reference(_ bytes: [UInt8]) -> Int? {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 && byte < 0xC0 { index += 1; continue }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= bytes.count else { return nil }
                var value = length == 1 ? UInt32(byte) : UInt32(byte & (0xFF >> (length + 1)))
                for next in 1..<max(length, 1) where length > 1 { value = value << 6 | UInt32(bytes[index + next] & 0x3F) }
                if !XMLText.isAllowed(value) { return index }
                index += length
            }
            return nil
        }
        // Printable ASCII with every byte below 0x80 dropped in at every place of three words.
        let base = Array("0123456789abcdefghijklmnopqrstuv".utf8)
        var wrong: [String] = []
        for byte in UInt8(0)..<0x80 {
            for place in 0..<base.count {
                var bytes = base
                bytes[place] = byte
                let found = bytes.withUnsafeBytes { XMLText.firstDisallowed(in: $0)?.offset }
                if found != reference(bytes) { wrong.append("\(byte)@\(place)") }
                // Two at once: an allowed control before, a forbidden one after.
                if place + 3 < base.count {
                    bytes[place + 3] = 0x0A
                    let both = bytes.withUnsafeBytes { XMLText.firstDisallowed(in: $0)?.offset }
                    if both != reference(bytes) { wrong.append("\(byte)@\(place)+LF") }
                }
            }
        }
        // Random pages of ASCII, line ends, tabs, controls, DEL, C1, noncharacters and letters.
        let pieces: [[UInt8]] = ["a", "b c", "\n", "\t", "\r\n", "\u{1}", "\u{7F}", "\u{85}", "é", "日本", "😀", "<p>", "\u{0B}"]
            .map { Array($0.utf8) } + [0xFDD0, 0xFFFE, 0x1FFFF].map { Array(String(Character(Unicode.Scalar($0)!)).utf8) }
        var state: UInt64 = 3
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = Int(state >> 33) % (pieces.count * 4)
                bytes += pick < pieces.count ? pieces[pick] : pieces[pick % 3]
            }
            let found = bytes.withUnsafeBytes { XMLText.firstDisallowed(in: $0)?.offset }
            if found != reference(bytes) { wrong.append(String(decoding: bytes, as: UTF8.self).debugDescription) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("Characters XML cannot hold are dropped (line breaks it cannot hold become line feeds); everything else is kept")
    func xmlText() {
        #expect(XMLText.clean("plain") == "plain")
        #expect(XMLText.clean("a\u{0}b\u{1B}c\td\ne") == "abc\td\ne")
        #expect(XMLText.clean("x\u{FFFE}y\u{FFFF}z") == "xyz")
        #expect(XMLText.clean("日本語 ✓ \u{FFFD}") == "日本語 ✓ \u{FFFD}")
        // Controls and non-characters anywhere in a long text, where it is read eight bytes at a time.
        let line = "a plain sentence of ordinary words, long enough for words\tand\r\nlines"
        #expect(XMLText.clean(line) == line)
        for offset in [0, 7, 8, 9, 15, 16, 40, line.utf8.count - 1, line.utf8.count] {
            let more = [0x7F, 0x85, 0x9F, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF].map { String(Character(Unicode.Scalar(UInt32($0))!)) }
            for bad in ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\u{0B}"] + more {
                var text = line
                text.insert(contentsOf: bad, at: text.utf8.index(text.startIndex, offsetBy: offset))
                // Dropped, or a line feed for a line break a page cannot hold.
                var expected = line
                if XMLText.isLineBreak(bad.unicodeScalars.first!.value) {
                    expected.insert("\n", at: expected.utf8.index(expected.startIndex, offsetBy: offset))
                }
                #expect(XMLText.clean(text) == expected, "\(bad.unicodeScalars.first!.value) at \(offset)")
            }
        }
    }
}

@Suite("Line ends as read")
struct LineEndTests {
    /// The search index carries a text's lines as the page shows them: an XML parser reads CR LF
    /// and a lone CR as LF (a lone CR in the index showed as a space in a result).
    @Test func lineEndsAreReadAsAnXMLParserReadsThem() {
        #expect(XMLText.lineEndsAsRead("one\rtwo\r\nthree\n\rfour\r\r") == "one\ntwo\nthree\n\nfour\n\n")
        #expect(XMLText.lineEndsAsRead("plain\nlines") == "plain\nlines")
        #expect(XMLText.lineEndsAsRead("é\r\u{301}") == "é\n\u{301}")
    }
}

@Suite("JSON bytes")
struct JSONBytesTests {
    @Test("The search index's JSON strings are byte for byte what JSONWriter writes", arguments: [
        "", "plain", "quote \" backslash \\ slash /", "lines\nand\rtabs\t", "<script>&amp;</script>",
        "\u{2028}\u{2029}", "\u{2026}\u{20AC}\u{2018}", "\u{1}\u{1F}\u{7F}", "日本語 ✓ 😀 مرحبا", "\u{E2}",
        "a\u{2028}", "\u{2029}b", "\u{2000}\u{20AC}\u{2027}\u{202A}\u{2028}", "long run without escapes then \"", "\u{0}",
    ])
    func sameAsJSONWriter(text: String) {
        var expected = ""
        JSONWriter.writeString(text, into: &expected)
        #expect(JSONBytes.literal(text) == Array(expected.utf8))
    }
}
