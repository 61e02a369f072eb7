import Foundation

/// A URL written in a page (`href`, `src`, `action`, `cite`, CSS `url()`), read the way the
/// site's rules see it: every reference is relative, stays inside the site and names a file.
enum Reference: Equatable {
    /// `#id` on the same page.
    case fragment(String)
    /// A file in the site, as a path relative to the site root (decoded), with an optional
    /// fragment (decoded).
    case file(path: String, fragment: String?)
    /// A `data:` image inline in an `img` (allowed: it loads nothing from outside).
    case inlineImage
    /// A reference the rules reject.
    case problem(Finding.Rule, String)

    /// The URL schemes of `data:` URLs allowed in `img src`.
    static let inlineImageTypes = ["image/png", "image/gif", "image/jpeg", "image/webp", "image/svg+xml"]

    /// Reads `value`, written in `attribute` (for messages) of `element`, on the page at
    /// `pagePath` (relative to the site root).
    init(_ value: String, attribute: String, element: String, pagePath: String) {
        let written = "\(attribute)=\"\(value)\""
        // Browsers strip leading and trailing whitespace and remove tabs and newlines inside.
        let url = value.trimmingASCIIWhitespace().filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        if url.isEmpty {
            self = .problem(.brokenLink, "\(written) is empty: every link names a file")
            return
        }
        if let scheme = Self.scheme(of: url) {
            switch scheme {
            case "javascript":
                self = .problem(.scriptURL, "\(written) is a javascript: URL: behaviour belongs in a script file")
            case "data" where element == "img" && attribute == "src":
                let type = url.dropFirst(5).prefix { $0 != ";" && $0 != "," }.lowercased()
                self = Self.inlineImageTypes.contains(type)
                    ? .inlineImage
                    : .problem(.external, "\(written) is a data: URL of type \(type.isEmpty ? "text/plain" : type), not an image")
            case "data":
                self = .problem(.external, "\(written) is a data: URL: only img src may inline an image")
            default:
                self = .problem(.external, "\(written) refers outside the site")
            }
            return
        }
        if url.hasPrefix("//") {
            self = .problem(.external, "\(written) refers outside the site")
            return
        }
        if url.hasPrefix("/") || url.hasPrefix("\\") {
            self = .problem(.external, "\(written) is root-relative: it breaks under file:// and on a sub-path; make it relative")
            return
        }
        // Split off the fragment, then the query (which names no other file).
        var rest = Substring(url)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") { rest = rest[..<question] }
        if let encoded = fragment {
            guard let decoded = encoded.removingPercentEncoding, !decoded.isEmpty else {
                self = .problem(.brokenFragment, "\(written) names an empty or malformed fragment")
                return
            }
            fragment = decoded
        }
        if rest.isEmpty {
            // "#id" (or "?q#id"): this page.
            self = fragment.map { .fragment($0) } ?? .file(path: pagePath, fragment: nil)
            return
        }
        guard let path = String(rest).removingPercentEncoding else {
            self = .problem(.brokenLink, "\(written) has malformed percent-encoding")
            return
        }
        let lastSegment = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if path.hasSuffix("/") || lastSegment == "." || lastSegment == ".." {
            let folder = Self.resolve(path, from: pagePath) ?? path
            let suggestion = (folder.isEmpty ? "" : folder + "/") + "index.html"
            self = .problem(.folderLink, "\(written) names a folder: every link names a file (\(suggestion))")
            return
        }
        guard let resolved = Self.resolve(path, from: pagePath) else {
            self = .problem(.external, "\(written) leads outside the site")
            return
        }
        self = .file(path: resolved, fragment: fragment)
    }

    /// The lower-cased scheme of an absolute URL (`https`, `mailto`, `javascript`), or nil.
    /// Browsers ignore control characters and spaces at the start, so `java\tscript:` counts.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            if isLetter || (isOther && !scheme.isEmpty) {
                scheme.unicodeScalars.append(scalar)
            } else {
                return nil
            }
        }
        return nil
    }

    /// `relative` resolved against the folder of `pagePath`, both relative to the site root;
    /// nil when `..` climbs above the root.
    static func resolve(_ relative: String, from pagePath: String) -> String? {
        var segments = pagePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for segment in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".", "": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            default:
                segments.append(String(segment))
            }
        }
        return segments.joined(separator: "/")
    }
}
