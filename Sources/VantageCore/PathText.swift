/// Paths as text, for the places that need a file's folder without touching the file system.
/// `NSString.deletingLastPathComponent` of swift-corelibs-foundation traps on a one-character
/// name (`--db s`, `vantage render a`), so this is the one rule the tool uses.
public enum PathText {
    /// The folder part of `path`: "" for a bare name, "/" for a name at the root, trailing
    /// slashes ignored ("/tmp/x/" → "/tmp").
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return String(parent)
    }

    /// The last part of `path` ("x" of "/tmp/x/"), trailing slashes ignored.
    public static func name(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
