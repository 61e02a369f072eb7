import Foundation

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
        // The positions are sorted, not the entries (sorting five strings an entry copied and
        // retained each of them), and paths compare with `memcmp` (a generic comparison of
        // two `UTF8View`s walked their long shared `slug/` prefix a byte at a time).
        var order = Array(entries.indices)
        entries.withUnsafeBufferPointer { entries in
            order.sort { pathPrecedes(entries[$0].path, entries[$1].path) }
        }
        var bytes: [UInt8] = []
        // A line is about 200 bytes on the peer workload: 160 made every chunk grow (copied) once.
        bytes.reserveCapacity(entries.count * 256)
        for (index, position) in order.enumerated() {
            if index > 0 { bytes += separator }
            appendLine(entries[position], to: &bytes)
        }
        return bytes
    }

    /// `left.utf8.lexicographicallyPrecedes(right.utf8)`, on contiguous bytes where they are.
    @inline(__always)
    static func pathPrecedes(_ left: String, _ right: String) -> Bool {
        let compared: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                let common = min(leftBytes.count, rightBytes.count)
                if common > 0 {
                    let order = memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return leftBytes.count < rightBytes.count
            }
        }
        if let compared, let compared { return compared }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
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
        func isPlain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&")
        }
        let plain =
            text.utf8.withContiguousStorageIfAvailable { utf8 in utf8.allSatisfy(isPlain) }
            ?? text.utf8.allSatisfy(isPlain)
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
