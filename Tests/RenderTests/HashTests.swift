import Testing
import VantageCore

@testable import Render

@Suite("Hashes")
struct HashTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256Vectors(message: String, digest: String) {
        #expect(SHA256.swiftHex(Array(message.utf8)) == digest)
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test("The system's SHA-256 (when there is one) and the Swift rounds agree on every length")
    func sha256Implementations() {
        var generator = StableHash.of("seed")
        for length in Array(0...300) + [4096, 65_537] {
            let bytes = (0..<length).map { _ -> UInt8 in
                generator = StableHash.mix(generator)
                return UInt8(truncatingIfNeeded: generator)
            }
            #expect(SHA256.hex(bytes) == SHA256.swiftHex(bytes), "length \(length)")
        }
    }

    @Test("SHA-256 of a million 'a's, fed in uneven pieces")
    func sha256Chunked() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: 0x61, count: 999)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count - fed % 7, 1_000_000 - fed)
            hasher.update(piece[0..<count])
            fed += count
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

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
    }
}

@Suite("JSON bytes")
struct JSONBytesTests {
    @Test("The search index's JSON strings are byte for byte what JSONWriter writes", arguments: [
        "", "plain", "quote \" backslash \\ slash /", "lines\nand\rtabs\t", "<script>&amp;</script>",
        "\u{2028}\u{2029}", "\u{2026}\u{20AC}\u{2018}", "\u{1}\u{1F}\u{7F}", "日本語 ✓ 😀 مرحبا", "\u{E2}",
    ])
    func sameAsJSONWriter(text: String) {
        var expected = ""
        JSONWriter.writeString(text, into: &expected)
        #expect(JSONBytes.literal(text) == Array(expected.utf8))
    }
}
