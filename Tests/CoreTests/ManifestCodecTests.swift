import Testing
import VantageCore

@Suite("manifest.json, written and read by one codec")
struct ManifestCodecTests {
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    static let entries = [
        ManifestEntry(path: "index.html", kind: "index", viewer: nil, sha256: digest, bytes: 1234),
        ManifestEntry(path: "ana/index.html", kind: "home", viewer: "ana", sha256: digest, bytes: 0),
        ManifestEntry(path: "ana/quotes/by/dad/page-2.html", kind: "quotes-by", viewer: "ana", sha256: digest, bytes: 77),
        ManifestEntry(path: "assets/site.css", kind: nil, viewer: nil, sha256: digest, bytes: 9),
        ManifestEntry(path: "zoë/ideas/new/index.html", kind: "ideas-new", viewer: "zoë", sha256: digest, bytes: 5),
        ManifestEntry(path: "a\"b/index.html", kind: "home", viewer: "a\"b", sha256: digest, bytes: 1),
    ]

    @Test("encode then decode gives the entries back, sorted by path (bytewise)")
    func roundTrip() throws {
        let bytes = ManifestCodec.encode(Self.entries)
        let decoded = try ManifestCodec.decode(bytes, file: "manifest.json")
        #expect(decoded == Self.entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        // And decoding then encoding again is the same bytes.
        #expect(ManifestCodec.encode(decoded) == bytes)
    }

    @Test("The format of OUTPUT.md: one compact entry a line, keys in order, absent kind and viewer left out")
    func format() {
        let text = String(decoding: ManifestCodec.encode(Array(Self.entries.prefix(2))), as: UTF8.self)
        #expect(text == """
            {"pages": [
            {"path":"ana/index.html","kind":"home","viewer":"ana","sha256":"\(Self.digest)","bytes":0},
            {"path":"index.html","kind":"index","sha256":"\(Self.digest)","bytes":1234}
            ]}

            """)
        #expect(String(decoding: ManifestCodec.encode([]), as: UTF8.self) == "{\"pages\": [\n\n]}\n")
    }

    @Test("A chunk's lines are byte for byte the JSONWriter lines, hostile strings included")
    func chunkLinesAreTheWriterLines() {
        let hostile = [
            "plain/index.html", "a\"b", "back\\slash", "<script>&amp;", "tab\tnew\nline\r", "\u{1}\u{1F}\u{7F}",
            "zoë/ünï/日本", "\u{2028}\u{2029}", "emoji 👩‍👩‍👧", "", "\u{E000}",
        ]
        var entries: [ManifestEntry] = []
        for (index, text) in hostile.enumerated() {
            entries.append(ManifestEntry(path: "\(text)/\(index).html", kind: text, viewer: text, sha256: Self.digest, bytes: index * 1000))
            entries.append(ManifestEntry(path: "\(text)\(index)", kind: nil, viewer: nil, sha256: text, bytes: Int(Int32.max) + index))
        }
        let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let expected = sorted.map { Array(ManifestCodec.line($0).utf8) }.joined(separator: ManifestCodec.separator)
        #expect(ManifestCodec.chunk(entries) == Array(expected))
    }

    @Test("A chunk sorts its paths bytewise: shared prefixes, prefixes of each other, beyond ASCII")
    func chunkOrder() throws {
        let paths = [
            "ana/quotes/page-10.html", "ana/quotes/page-1.html", "ana/quotes/page-2.html", "ana/quotes",
            "ana/zoë.html", "ana/zoe\u{308}.html", "ana/Zoe.html", "ana/ゾ.html", "ana/🙂.html", "ana/a.html",
            "ana/index.html", "ana/ideas/new/index.html", "ana/ideas/index.html", "ana/i",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let entries = paths.shuffled(using: &generator).map {
                ManifestEntry(path: $0, kind: nil, viewer: "ana", sha256: Self.digest, bytes: 1)
            }
            let decoded = try ManifestCodec.decode(ManifestCodec.encode(entries), file: "manifest.json")
            #expect(decoded.map(\.path) == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test("A document written in chunks is the document written whole")
    func chunks() {
        let sorted = Self.entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let parts = [Array(sorted.prefix(2)), [], Array(sorted.dropFirst(2))].map(ManifestCodec.chunk)
        var bytes: [UInt8] = []
        ManifestCodec.document(chunks: parts.count, chunk: { parts[$0] }) { bytes += $0 }
        #expect(bytes == ManifestCodec.encode(Self.entries))
    }

    @Test("Each viewer's run of lines is found again, and is the chunk that wrote it")
    func viewerRuns() {
        let bytes = ManifestCodec.encode(Self.entries)
        let runs = bytes.withUnsafeBytes { ManifestCodec.viewerRuns(in: $0) }
        // A slug written with escapes never matches the slug looked up, so it is left out.
        #expect(Set(runs.keys) == ["ana", "zoë"])
        let ana = Self.entries.filter { $0.viewer == "ana" }
        #expect(runs["ana"]?.count == 2)
        #expect(runs["ana"].map { Array(bytes[$0.range]) } == ManifestCodec.chunk(ana))
        #expect(runs["zoë"]?.count == 1)
    }

    @Test("Bad entries are refused with their record path", arguments: [
        (#"{"pages": [{"path":"../x","sha256":"\#(digest)","bytes":1}]}"#,
         "manifest.json: pages[0].path: error: the path \"../x\" has an empty, '.' or '..' component"),
        (#"{"pages": [{"path":"a.html","sha256":"ABC","bytes":1}]}"#,
         "manifest.json: pages[0].sha256: error: expected 64 lowercase hex digits, found \"ABC\""),
        (#"{"pages": [{"path":"a.html","sha256":"\#(digest)","bytes":1.5}]}"#,
         "manifest.json: pages[0].bytes: error: expected a whole number of bytes, found 1.5"),
        (#"{"pages": {}}"#, "manifest.json: pages: error: expected an array, found an object"),
    ])
    func refused(json: String, message: String) {
        #expect {
            try ManifestCodec.decode(Array(json.utf8), file: "manifest.json")
        } throws: { error in
            "\(error)" == message
        }
    }
}
