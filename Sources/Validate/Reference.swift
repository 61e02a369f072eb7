import Foundation
import VantageCore

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

    /// The finding for a link `written` (`href="…"`) that names `folder` (relative to the site
    /// root, "" for the root) rather than a file, with the file it means: the folder's
    /// `index.html`. Met reading the link (`ana/`) and once the site's files are known (`ana`).
    static func folderLink(_ written: String, folder: String) -> (Finding.Rule, String) {
        let index = (folder.isEmpty ? "" : folder + "/") + PageName.folderIndex
        return (.folderLink, "\(written) names a folder: every link names a file (\(index))")
    }

    /// The media types a `data:` URL in `img src` may have.
    static let inlineImageTypes: Set<String> = ["image/png", "image/gif", "image/jpeg", "image/webp", "image/svg+xml"]

    /// Reads `value`, written in `attribute` of `element`, on the page at `pagePath`.
    init(_ value: String, attribute: String, element: String, pagePath: String) {
        self.init(value, attribute: attribute, element: element, page: PagePath(pagePath))
    }

    /// Reads `value`, written in `attribute` (for messages) of `element`, on `page`.
    init(_ value: String, attribute: String, element: String, page: PagePath) {
        // Most references in a page are "#id" or a plain relative path: handle those without
        // Foundation and without building messages.
        var url = value
        if value.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }) {
            // Browsers strip leading and trailing whitespace and remove tabs and newlines inside.
            url = value.trimmingASCIIWhitespace().filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        }
        func written() -> String { "\(attribute)=\"\(value)\"" }
        guard let first = url.utf8.first else {
            self = .problem(.brokenLink, "\(written()) is empty: every link names a file")
            return
        }
        if first == UInt8(ascii: "#") {
            if let bad = Self.illegalCharacter(in: value) {
                self = .problem(.brokenLink, "\(written()) holds \(bad), which a URL cannot hold: percent-encode it")
                return
            }
            let fragment = Self.decoded(String(url.utf8.dropFirst())!)
            if let fragment, !fragment.isEmpty {
                self = .fragment(fragment)
            } else {
                self = .problem(.brokenFragment, "\(written()) names an empty or malformed fragment")
            }
            return
        }
        if let scheme = Self.scheme(of: url) {
            switch scheme {
            case "javascript":
                self = .problem(.scriptURL, "\(written()) is a javascript: URL: behaviour belongs in a script file")
            case "data" where element == "img" && attribute == "src":
                let type = url.dropFirst(5).prefix { $0 != ";" && $0 != "," }.lowercased()
                if !Self.inlineImageTypes.contains(type) {
                    self = .problem(.external, "\(written()) is a data: URL of type \(type.isEmpty ? "text/plain" : type), not an image")
                } else if let bad = Self.illegalCharacter(in: value) {
                    // An inline SVG written out with its spaces: percent-encoded, it is a URL.
                    self = .problem(.brokenLink, "\(written()) holds \(bad), which a URL cannot hold: percent-encode it")
                } else if let problem = Self.dataProblem(url) {
                    self = .problem(.brokenLink, "\(written()) \(problem)")
                } else {
                    self = .inlineImage
                }
            case "data":
                self = .problem(.external, "\(written()) is a data: URL: only img src may inline an image")
            default:
                self = .problem(.external, "\(written()) refers outside the site")
            }
            return
        }
        if url.hasPrefix("//") {
            self = .problem(.external, "\(written()) refers outside the site")
            return
        }
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") {
            self = .problem(.external, "\(written()) is root-relative: it breaks under file:// and on a sub-path; make it relative")
            return
        }
        // What browsers read past but HTML forbids in a URL (the Nu checker: "illegal character").
        if let bad = Self.illegalCharacter(in: value) {
            self = .problem(.brokenLink, "\(written()) holds \(bad), which a URL cannot hold: percent-encode it")
            return
        }
        // Split off the fragment, then the query (which names no other file).
        var rest = Substring(url)
        var fragment: String?
        // Byte searches: "#" and "?" are ASCII, and Character-wise searching costs a grapheme
        // break check per character of every link.
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            guard let decoded = Self.decoded(String(rest[rest.index(after: hash)...])), !decoded.isEmpty else {
                self = .problem(.brokenFragment, "\(written()) names an empty or malformed fragment")
                return
            }
            fragment = decoded
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) { rest = rest[..<question] }
        if rest.isEmpty {
            // "?q" or "?q#id": this page.
            self = .file(path: page.path, fragment: fragment)
            return
        }
        guard let path = Self.decoded(String(rest)) else {
            self = .problem(.brokenLink, "\(written()) has malformed percent-encoding")
            return
        }
        if PagePath.namesFolder(path) {
            let (rule, message) = Self.folderLink(written(), folder: page.resolve(path) ?? path)
            self = .problem(rule, message)
            return
        }
        guard let resolved = page.resolve(path) else {
            self = .problem(.external, "\(written()) leads outside the site")
            return
        }
        self = .file(path: resolved, fragment: fragment)
    }

    /// What is wrong with a `data:` URL's data, in words, or nil: a comma must end its header,
    /// and base64 data (once percent-decoded) is whole groups of four of its alphabet, `=` only
    /// as the last padding.
    static func dataProblem(_ url: String) -> String? {
        guard let comma = url.utf8.firstIndex(of: UInt8(ascii: ",")) else { return "has no comma before its data" }
        if url.utf8.contains(UInt8(ascii: "#")) { return "has a fragment (#…), which a data: URL cannot have" }
        let header = url.utf8[..<comma]
        guard header.count >= 12, String(Substring(header).suffix(7)).lowercased() == ";base64" else { return nil }
        // The data is percent-decoded before it is read as base64 (`%2B` is a `+`).
        guard let decoded = decoded(String(Substring(url.utf8[url.utf8.index(after: comma)...]))) else {
            return "has malformed percent-encoding"
        }
        let data = decoded.utf8
        let padding = data.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let body = data.dropLast(padding)
        let alphabet = { (byte: UInt8) in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }
        guard padding <= 2, body.allSatisfy(alphabet), data.count % 4 == 0 else {
            return "holds data that is not base64 (groups of four of A–Z, a–z, 0–9, + and /, with = only to pad the last)"
        }
        return nil
    }

    /// Percent-decoded text, or nil for a malformed escape; text without `%` as it is.
    /// The first character of `value` (leading and trailing white space aside, which browsers
    /// and HTML allow) that a valid URL cannot hold, as messages name it: white space, `<`,
    /// `>`, `"`, `{`, `}`, `|`, `\`, `^`, `` ` ``, `[`, `]`, or a `%` not followed by two hex digits.
    static func illegalCharacter(in value: String) -> String? {
        let bytes = Array(value.utf8)
        var start = 0
        var end = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x20: return "a space"
            case 0x09: return "a tab"
            case 0x0A, 0x0D, 0x0C: return "a line break"
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"):
                return "'\(Character(Unicode.Scalar(byte)))'"
            case UInt8(ascii: "%"):
                guard index + 2 < end, isHex(bytes[index + 1]), isHex(bytes[index + 2])
                else { return "a '%' without two hex digits after it" }
                index += 3
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func decoded(_ text: String) -> String? {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding : text
    }

    /// The lower-cased scheme of an absolute URL (`https`, `mailto`, `javascript`), or nil.
    static func scheme(of url: String) -> String? {
        var length = 0
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") {
                return length == 0 ? nil : String(url.utf8.prefix(length))!.lowercased()
            }
            let isLetter = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
            let isOther = (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard isLetter || (isOther && length > 0) else { return nil }
            length += 1
        }
        return nil
    }

    /// `relative` resolved against the folder of `pagePath`; nil when `..` climbs above the root.
    static func resolve(_ relative: String, from pagePath: String) -> String? {
        PagePath(pagePath).resolve(relative)
    }
}

/// A page's path and its folder's segments, split once per page rather than once per link.
struct PagePath {
    let path: String
    private let folder: [Substring]
    /// `prefixes[k]`: the first k segments of the folder joined with "/" (so that a link that
    /// climbs out of the folder resolves without splitting or joining anything).
    let prefixes: [String]

    init(_ path: String) {
        self.path = path
        // The segments before each "/" (empty ones included) and the path up to each "/",
        // found on the bytes: splitting by Character cost more than scanning the page.
        var folder: [Substring] = []
        var prefixes = [""]
        let bytes = path.utf8
        var segmentStart = bytes.startIndex
        var index = bytes.startIndex
        while let slash = bytes[index...].firstIndex(of: UInt8(ascii: "/")) {
            folder.append(path[segmentStart..<slash])
            prefixes.append(String(path[..<slash]))
            segmentStart = bytes.index(after: slash)
            index = segmentStart
        }
        self.folder = folder
        self.prefixes = prefixes
    }

    /// True when a (decoded) link path names a folder: it ends in "/", or its last segment
    /// is "." or "..".
    static func namesFolder(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let last = bytes.last else { return false }
        if last == UInt8(ascii: "/") { return true }
        var dots = 0
        for byte in bytes.reversed() {
            if byte == UInt8(ascii: "/") { break }
            guard byte == UInt8(ascii: "."), dots < 2 else { return false }
            dots += 1
        }
        return dots == bytes.count || dots > 0 && bytes.count > dots
            && bytes[bytes.index(bytes.endIndex, offsetBy: -dots - 1)] == UInt8(ascii: "/")
    }

    /// `relative` resolved against this page's folder; nil when `..` climbs above the root.
    func resolve(_ relative: String) -> String? {
        // The common cases, without splitting: a file name in the same folder, and
        // "../../a/b.html" (leading ".." segments, then plain segments).
        let bytes = relative.utf8
        var ups = 0
        var start = bytes.startIndex
        while bytes[start...].starts(with: Self.up) {
            ups += 1
            start = bytes.index(start, offsetBy: 3)
        }
        if start < bytes.endIndex, Self.isPlain(bytes[start...]) {
            guard ups <= folder.count else { return nil }
            let base = prefixes[folder.count - ups]
            let rest = ups == 0 ? relative : String(relative[start...])
            return base.isEmpty ? rest : base + "/" + rest
        }
        var segments = folder
        for segment in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".", "": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            default:
                segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }

    private static let up = Array("../".utf8)

    /// The file a link names, for the commonest links only: bytes of `[A-Za-z0-9._/-]`
    /// (no scheme, fragment, query, escape or space) whose path is plain after any leading
    /// `../` — exactly the case `Reference` resolves through `resolve`'s first branch, with
    /// the same result. Nil for everything else (and for a link that climbs above the
    /// root), which `Reference` reads in full.
    func plainTarget(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        Self.plainTarget(bytes, depth: folder.count) { prefixes[$0] }
    }

    /// `plainTarget` for a page `depth` folders deep whose folder of its first k segments
    /// is `prefix(k)` (`prefixes[k]`), asked only for the one the link climbs to.
    static func plainTarget(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int, prefix: (Int) -> String) -> String? {
        guard !bytes.isEmpty else { return nil }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"),
                UInt8(ascii: "-"):
                continue
            default:
                return nil
            }
        }
        var ups = 0
        var start = 0
        while bytes.count - start >= 3, bytes[start] == UInt8(ascii: "."), bytes[start + 1] == UInt8(ascii: "."),
            bytes[start + 2] == UInt8(ascii: "/")
        {
            ups += 1
            start += 3
        }
        guard start < bytes.count, ups <= depth else { return nil }
        let rest = UnsafeBufferPointer(rebasing: bytes[start...])
        guard isPlain(rest) else { return nil }
        let base = prefix(depth - ups)
        let tail = String(decoding: rest, as: UTF8.self)
        return base.isEmpty ? tail : base + "/" + tail
    }

    /// True when `bytes` are non-empty segments separated by single slashes, none of them "."
    /// or "..": joining them to a folder needs no further resolving.
    private static func isPlain<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var segmentLength = 0
        var dotsOnly = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || dotsOnly && segmentLength <= 2 { return false }
                segmentLength = 0
                dotsOnly = true
            } else {
                segmentLength += 1
                if byte != UInt8(ascii: ".") { dotsOnly = false }
            }
        }
        return segmentLength > 0 && !(dotsOnly && segmentLength <= 2)
    }
}
