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

    /// `relative` within `folder`, joined by one slash whether or not `folder` ends in one
    /// ("public" or "public/" with "a/b.html": "public/a/b.html"); `folder` itself for an
    /// empty `relative`. How a file of a built site or a template folder is named in messages.
    public static func joined(_ folder: String, _ relative: String) -> String {
        if relative.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The last part of `path` ("x" of "/tmp/x/"), trailing slashes ignored.
    public static func name(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension PathText {
    /// `path` made absolute (against the current folder) with every symbolic link in it
    /// followed, also where its end does not exist yet: the longest part that exists is
    /// resolved and the rest appended as written. So a store about to be made in a linked folder
    /// has the name it will have once made, and its lock is the same file before and after.
    /// (Foundation's `resolvingSymlinksInPath` leaves a path that does not exist as it is.)
    public static func resolved(_ path: String) -> String { resolved(path, links: 0) }

    /// `resolved`, with `links` symbolic links followed by hand so far (a dangling one, whose
    /// target `realpath` cannot resolve, is read and its target resolved in turn: a store named
    /// by a link to a store not made yet has the name it will have once made).
    private static func resolved(_ path: String, links: Int) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let folder = getcwd(&buffer, buffer.count) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
            absolute = folder + "/" + path
        }
        var parts = absolute.split(separator: "/").map(String.init)
        var missing: [String] = []
        while true {
            let head = "/" + parts.joined(separator: "/")
            if let real = realpath(head, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for name in missing.reversed() {
                    if name == "." { continue }
                    if name == ".." {
                        result = parent(of: result)
                        if result.isEmpty { result = "/" }
                        continue
                    }
                    result += (result.hasSuffix("/") ? "" : "/") + name
                }
                return result
            }
            // A link whose target is not there yet: followed to it (at most 40, as the kernel).
            var info = stat()
            if links < 40, lstat(head, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(head, &buffer, buffer.count - 1)
                if length > 0 {
                    let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    let base = target.hasPrefix("/") ? target : parent(of: head) + "/" + target
                    return resolved(([base] + missing.reversed()).joined(separator: "/"), links: links + 1)
                }
            }
            guard let last = parts.popLast() else { return absolute }
            missing.append(last)
        }
    }
}
