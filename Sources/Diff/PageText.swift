import VantageCore

/// A page turned into lines that read as content, so a diff of two versions shows what a
/// viewer would notice rather than how the markup moved.
public enum PageText {
    /// The lines of a file, chosen by its extension: XHTML pages as text blocks, JSON (the
    /// search index) as pretty-printed members, other UTF-8 text as its own lines. Nil for
    /// bytes that are not UTF-8 text (images, fonts), which are compared by hash only.
    public static func lines(of bytes: [UInt8], path: String) -> [String]? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".xhtml") || lowered.hasSuffix(".htm") {
            return xhtmlLines(bytes)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        if lowered.hasSuffix(".json"), let value = try? JSONParser.parse(bytes, file: path) {
            return jsonLines(value)
        }
        // The build's search index: a script around one JSON document, read as the document
        // (one member a line), so a changed entry shows as itself rather than as one long line.
        if SearchIndexScript.isIndex(path), let document = SearchIndexScript.json(bytes),
            let value = try? JSONParser.parse(Array(document), file: path)
        {
            return jsonLines(value)
        }
        return plainLines(bytes)
    }

    /// The lines of a text file as written, without line terminators.
    static func plainLines(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> String in
            var slice = line[...]
            if slice.last == 0x0D { slice = slice.dropLast() }
            return String(decoding: slice, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
