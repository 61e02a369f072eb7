import VantageCore

/// A page turned into lines that read as content, so a diff of two versions shows what a
/// viewer would notice rather than how the markup moved.
public enum PageText {
    /// The lines of a file, chosen by its extension: XHTML pages as text blocks, JSON (the
    /// search index) as pretty-printed members, other UTF-8 text as its own lines. Nil for
    /// bytes that are not UTF-8 text (images, fonts), which are compared by hash only.
    public static func lines(of bytes: [UInt8], path: String) -> [String]? {
        if PageName.looksLikePage(path) {
            return xhtmlLines(bytes)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        if path.lowercased().hasSuffix(".json"), let value = try? JSONParser.parse(bytes, file: path) {
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

    /// The lines of a text file as written, without their line feeds. What else would end a
    /// line or act on a terminal is shown as its escape (a carriage return, `\u{D}`, so that a
    /// file turned from LF to CRLF differs on every line; an escape sequence, `\u{1B}`). The
    /// last line of a file without a final line feed ends in `DiffLine.withoutLineFeed`: it
    /// differs from the same line with its line feed, as in `diff -u`, and is shown followed by
    /// "\\ No newline at end of file", which is no line of the file.
    static func plainLines(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            oneLine(String(decoding: line, as: UTF8.self), keepingTabs: true)
        }
        if lines.last == "" { lines.removeLast() } else if !lines.isEmpty { lines[lines.count - 1] += DiffLine.withoutLineFeed }
        return lines
    }
}
