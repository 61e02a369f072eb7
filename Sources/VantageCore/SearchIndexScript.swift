/// A viewer's search index as the build writes it and `vantage diff` reads it: the file
/// `<viewer>/search-index.js`, a script that assigns one JSON document to
/// `window.VANTAGE_SEARCH` (a page opened from `file://` may load a script, not `fetch()` JSON).
/// Its name and form live here, for both.
public enum SearchIndexScript {
    /// The file's name in a viewer's folder.
    public static let fileName = "search-index.js"
    /// What comes before the JSON document.
    public static let prefix: StaticString = "window.VANTAGE_SEARCH="
    /// What comes after it.
    public static let suffix: StaticString = ";\n"

    /// True for a path (relative to the site's top) that is a viewer's search index.
    public static func isIndex(_ path: String) -> Bool {
        path.hasSuffix("/" + fileName) && path.split(separator: "/").count == 2
    }

    /// The JSON document inside an index script, or nil when `script` is not one.
    public static func json(_ script: [UInt8]) -> ArraySlice<UInt8>? {
        let head = prefix.withUTF8Buffer { Array($0) }
        guard script.count >= head.count + 1, script.starts(with: head) else { return nil }
        var end = script.count
        while end > head.count, [0x0A, 0x0D, 0x20, 0x3B].contains(script[end - 1]) { end -= 1 }  // newline, ";"
        return script[head.count..<end]
    }
}
