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

    @Test("Characters XML cannot hold are dropped; everything else is kept")
    func xmlText() {
        #expect(XMLText.clean("plain") == "plain")
        #expect(XMLText.clean("a\u{0}b\u{1B}c\td\ne") == "abc\td\ne")
        #expect(XMLText.clean("x\u{FFFE}y\u{FFFF}z") == "xyz")
        #expect(XMLText.clean("日本語 ✓ \u{FFFD}") == "日本語 ✓ \u{FFFD}")
        // Controls and non-characters anywhere in a long text, where it is read eight bytes at a time.
        let line = "a plain sentence of ordinary words, long enough for words\tand\r\nlines"
        #expect(XMLText.clean(line) == line)
        for offset in [0, 7, 8, 9, 15, 16, 40, line.utf8.count - 1, line.utf8.count] {
            for bad in ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\u{0B}"] {
                var text = line
                text.insert(contentsOf: bad, at: text.utf8.index(text.startIndex, offsetBy: offset))
                #expect(XMLText.clean(text) == line, "\(bad.unicodeScalars.first!.value) at \(offset)")
            }
        }
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
