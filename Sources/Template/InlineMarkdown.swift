/// The inline Markdown SwiftUI renders in localized strings: `**strong**` and `__strong__`,
/// `*emphasis*` and `_emphasis_`, `` `code` `` and `[text](destination)`, with backslash
/// escapes, following CommonMark's rules for delimiter runs (so `snake_case`, `2 * 3` and
/// `100%*` stay text). Only the catalog's own text is read as Markdown: argument values are
/// inserted as they are, so data can never add markup.
///
/// The result is a small tree; the Renderer writes its elements through the templates
/// `markdown/strong`, `markdown/emphasis`, `markdown/code` and `markdown/link` (markup lives in
/// templates, not in Swift), and plain text drops the markers.
enum InlineMarkdown {
    /// A part of a string before parsing: catalog text (`markdown` true) or an argument's value.
    struct Run {
        var text: String
        var markdown: Bool
    }

    /// A parsed element.
    enum Kind: String, Sendable, Equatable {
        case strong, emphasis, code, link
    }

    /// The parsed string.
    indirect enum Node: Sendable, Equatable {
        case text(String)
        /// `destination` is set for links to a relative URL; other links show as their text.
        case element(Kind, destination: String?, children: [Node])
    }

    /// Whether a byte can start Markdown (a quick check made once per catalog string).
    static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&")
    }

    /// Parses runs of text into nodes.
    static func parse(_ runs: [Run]) -> [Node] {
        // By Unicode scalar, as CommonMark reads text: a combining mark or a joiner after `*`
        // does not make the `*` part of another character.
        var marks: [Mark] = []
        for run in runs {
            for scalar in run.text.unicodeScalars { marks.append(Mark(scalar: scalar, active: run.markdown)) }
        }
        var parser = InlineParser(marks)
        return parser.parseAll()
    }

    /// Whether a link stands among the nodes, at any depth.
    static func containsLink(_ nodes: [Node]) -> Bool {
        nodes.contains { node in
            guard case .element(let kind, _, let children) = node else { return false }
            return kind == .link || containsLink(children)
        }
    }

    /// The text without its markers.
    static func plainText(_ nodes: [Node]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): return text
            case .element(_, _, let children): return plainText(children)
            }
        }.joined()
    }

    /// A destination as a browser's URL parser takes it: without the controls and spaces at its
    /// ends, and without any tab or line break inside (`< //host>` and `/\t/host` are `//host`).
    static func asBrowsersRead(_ destination: String) -> String {
        let scalars = destination.unicodeScalars
        let trimmed = scalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed()
        var result = String.UnicodeScalarView()
        for scalar in trimmed where scalar != "\t" && scalar != "\n" && scalar != "\r" { result.append(scalar) }
        return String(result)
    }

    /// A destination written into `href` as CommonMark's reference renderers write it: every
    /// byte of its UTF-8 percent-encoded but the letters, digits, `-._~!$&'()*+,;=:@/?#` and a
    /// `%` that already starts an escape (`a b` → `a%20b`, `"x` → `%22x`, `föö` →
    /// `f%C3%B6%C3%B6`, `a%zz` → `a%25zz`). Else a space, a quote or a bracket reached the
    /// page as written, which no URL parser takes and the page check refuses.
    static func percentEncoded(_ destination: String) -> String {
        let bytes = Array(destination.utf8)
        func isHex(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let kept: Bool
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: kept = true
            case UInt8(ascii: "%"): kept = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
            default: kept = Array("-._~!$&'()*+,;=:@/?#".utf8).contains(byte)
            }
            if kept {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether a link destination is relative (no scheme, not `//host`, not from the root):
    /// only those stay links, as a page of this site may point to another; absolute URLs show
    /// as their text. A backslash makes none: browsers read it as a slash, so `/\host` and
    /// `\\host` are `//host`.
    static func isRelative(_ destination: String) -> Bool {
        if destination.isEmpty || destination.hasPrefix("/") || destination.contains("\\") { return false }
        let beforeSeparator = destination.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !beforeSeparator.contains(":")
    }

    /// One Unicode scalar and whether it may be Markdown syntax.
    struct Mark {
        var scalar: Unicode.Scalar
        var active: Bool
    }

    /// CommonMark's Unicode whitespace: the space separators, tab, line feed, form feed and
    /// carriage return.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    /// CommonMark's Unicode punctuation: the general categories P and S.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// An ASCII punctuation character, which a backslash escapes.
    static func isEscapable(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && isPunctuation(scalar) }

    /// The text of some marks.
    static func text(_ marks: ArraySlice<Mark>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: marks.lazy.map(\.scalar))
        return String(text)
    }
}
