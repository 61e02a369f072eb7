
/// `manifest.json`'s format, written and read in this one place:
///
/// ```
/// {"pages": [
/// {"path":"ana/index.html","kind":"home","viewer":"ana","sha256":"…","bytes":1234},
/// …
/// ]}
/// ```
///
/// One compact entry a line, keys in OUTPUT.md's order (`kind` absent when unknown, `viewer`
/// absent on site-wide pages), entries sorted by path and joined by `,\n`. The fixed framing is
/// what lets a build write the manifest in chunks (one per viewer) and the next build find a
/// viewer's run of lines again without parsing the whole file (`viewerRuns`).
public enum ManifestCodec {
    /// What comes before the first entry.
    public static let header: [UInt8] = Array("{\"pages\": [\n".utf8)
    /// What comes between two entries.
    public static let separator: [UInt8] = Array(",\n".utf8)
    /// What comes after the last entry.
    public static let footer: [UInt8] = Array("\n]}\n".utf8)

    /// One entry as its line (no separator).
    public static func line(_ entry: ManifestEntry) -> String {
        var object = JSONObject(keys: ["path"], values: [.string(entry.path)])
        if let kind = entry.kind {
            object.keys.append("kind")
            object.values.append(.string(kind))
        }
        if let viewer = entry.viewer {
            object.keys.append("viewer")
            object.values.append(.string(viewer))
        }
        object.keys += ["sha256", "bytes"]
        object.values += [.string(entry.sha256), .number(Double(entry.bytes))]
        return JSONWriter.string(.object(object))
    }

    /// Entries sharing one path prefix as one chunk of lines: sorted by path (bytewise) and
    /// joined by `separator`, ready to be placed between other chunks by `document`.
    public static func chunk(_ entries: [ManifestEntry]) -> [UInt8] {
        let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sorted.count * 160)
        for (index, entry) in sorted.enumerated() {
            if index > 0 { bytes += separator }
            appendLine(entry, to: &bytes)
        }
        return bytes
    }

    /// `line(entry)` appended as bytes. Written here directly (a line through `JSONValue` and
    /// `JSONWriter` cost about 90,000 instructions, as much as rendering a small page): a
    /// string that needs no escape (paths, kinds, slugs and digests nearly always) is copied
    /// as it is, any other goes through `JSONWriter.writeString`, so the bytes are `line`'s.
    static func appendLine(_ entry: ManifestEntry, to bytes: inout [UInt8]) {
        bytes += #"{"path":"#.utf8
        appendString(entry.path, to: &bytes)
        if let kind = entry.kind {
            bytes += #","kind":"#.utf8
            appendString(kind, to: &bytes)
        }
        if let viewer = entry.viewer {
            bytes += #","viewer":"#.utf8
            appendString(viewer, to: &bytes)
        }
        bytes += #","sha256":"#.utf8
        appendString(entry.sha256, to: &bytes)
        bytes += #","bytes":"#.utf8
        bytes += JSONWriter.formatNumber(Double(entry.bytes)).utf8
        bytes.append(UInt8(ascii: "}"))
    }

    /// A JSON string as `JSONWriter.writeString` (HTML-safe) writes it.
    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&")
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            bytes += text.utf8
            bytes.append(UInt8(ascii: "\""))
        } else {
            var escaped = ""
            JSONWriter.writeString(text, into: &escaped)
            bytes += escaped.utf8
        }
    }

    /// The whole document from `count` chunks already in path order (`chunk(i)` gives the
    /// i-th), handed to `emit` a piece at a time: the manifest of a large site need not be in
    /// memory at once.
    public static func document(
        chunks count: Int, chunk: (Int) throws -> [UInt8], _ emit: ([UInt8]) throws -> Void
    ) rethrows {
        try emit(header)
        var first = true
        for index in 0..<count {
            let bytes = try chunk(index)
            if bytes.isEmpty { continue }
            try emit(first ? bytes : separator + bytes)
            first = false
        }
        try emit(footer)
    }

    /// The whole document of `entries` (sorted here).
    public static func encode(_ entries: [ManifestEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        let lines = chunk(entries)
        document(chunks: 1, chunk: { _ in lines }) { bytes += $0 }
        return bytes
    }
}
