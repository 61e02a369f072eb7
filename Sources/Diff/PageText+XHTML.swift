import Foundation

extension PageText {
    /// Elements whose text flows inside the surrounding line; every other element starts a
    /// line of its own (an unknown element is safer as a block: it never merges two lines).
    static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "br", "button", "cite", "code", "data", "del", "dfn", "em", "i", "img",
        "input", "ins", "kbd", "label", "mark", "meter", "output", "picture", "progress", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "source",
    ]

    /// Elements that never have content; shown with their name, since they have no text.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Elements whose inside is drawing, not content (icons).
    static let opaqueElements: Set<String> = ["svg", "math"]

    /// Attributes that carry meaning a viewer or a test relies on (OUTPUT.md hooks, links,
    /// dates, accessible names). Presentation (`class`, `style`) is left out on purpose.
    static let meaningfulAttributes: Set<String> = [
        "id", "href", "src", "rel", "datetime", "lang", "dir", "role", "alt", "title", "aria-label", "name",
        "content", "value", "type", "action", "hidden", "open", "checked", "selected", "disabled", "placeholder",
        "charset", "for",
    ]

    /// The XHTML page as lines: one per block element or list item, with its text (inline
    /// elements included), whitespace collapsed, references decoded, and the meaningful
    /// attributes in a compact, sorted form: `[data-id=q-1 data-new] text`.
    public static func xhtmlLines(_ bytes: [UInt8]) -> [String] {
        var builder = LineBuilder()
        var scanner = XHTMLScanner(bytes)
        var openInline: [(name: String, suffix: String?)] = []
        var opaqueDepth = 0
        var preDepth = 0
        var inRawText = false
        var afterInlineEnd = false
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                // Drawings and what is hidden from assistive technology (an avatar's initial
                // beside the name) are decoration, not content.
                if opaqueDepth > 0 || opaqueElements.contains(name)
                    || attributes.contains(where: { $0.name == "aria-hidden" && $0.value == "true" }) {
                    if !selfClosing { opaqueDepth += 1 }
                    continue
                }
                let compact = compactAttributes(attributes)
                let isVoid = selfClosing || voidElements.contains(name)
                let followsInline = afterInlineEnd
                afterInlineEnd = false
                if name == "br" {
                    builder.breakLine()
                } else if inlineElements.contains(name) {
                    // Two inline elements side by side (`<span>Ana</span><span>Quotes</span>`)
                    // are separate boxes on the page: keep their words apart.
                    if followsInline { builder.separate() }
                    if isVoid {
                        builder.append(marker: "[" + ([name] + compact).joined(separator: " ") + "]", leading: true)
                    } else {
                        openInline.append((name, compact.isEmpty ? nil : "[" + compact.joined(separator: " ") + "]"))
                    }
                } else {
                    builder.breakLine()
                    if isVoid {
                        builder.append(marker: "[" + ([name] + compact).joined(separator: " ") + "]", leading: true)
                        builder.breakLine()
                    } else {
                        if name == "pre" { preDepth += 1 }
                        if name == "script" || name == "style" { inRawText = true }
                        if !compact.isEmpty { builder.append(marker: "[" + compact.joined(separator: " ") + "]", leading: true) }
                    }
                }
            case .end(let name):
                if opaqueDepth > 0 { opaqueDepth -= 1; continue }
                afterInlineEnd = inlineElements.contains(name)
                if inlineElements.contains(name) {
                    // Close the innermost open inline element of that name (tolerating misnesting).
                    if let index = openInline.lastIndex(where: { $0.name == name }) {
                        if let suffix = openInline[index].suffix { builder.append(marker: suffix, leading: false) }
                        openInline.remove(at: index)
                    }
                } else if !voidElements.contains(name) {
                    if name == "pre" { preDepth = max(0, preDepth - 1) }
                    if name == "script" || name == "style" { inRawText = false }
                    builder.breakLine()
                }
            case .text(let text):
                if opaqueDepth > 0 { continue }
                afterInlineEnd = false
                if inRawText {
                    builder.appendCode(text)
                } else if preDepth > 0 {
                    builder.appendPreformatted(text)
                } else {
                    builder.append(text: text)
                }
            }
        }
        builder.breakLine()
        return builder.lines
    }

    /// `name=value` for each meaningful attribute, sorted by name; a boolean attribute (empty
    /// or repeating its name) is just its name; values with spaces are quoted.
    static func compactAttributes(_ attributes: [(name: String, value: String)]) -> [String] {
        var kept: [(String, String)] = []
        for (name, value) in attributes where meaningfulAttributes.contains(name) || name.hasPrefix("data-") {
            kept.append((name, value))
        }
        kept.sort { $0.0 < $1.0 }
        return kept.map { name, value in
            let collapsed = LineBuilder.collapse(value)
            if collapsed.isEmpty || collapsed == name { return name }
            if collapsed.utf8.contains(where: { $0 == 0x20 || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "\"") }) {
                return name + "=\"" + collapsed.replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            return name + "=" + collapsed
        }
    }
}

/// Accumulates words into the current line and starts a new one at block boundaries.
/// Works on UTF-8 bytes: collapsing whitespace scalar by scalar was most of a page's cost.
struct LineBuilder {
    private(set) var lines: [String] = []
    private var current: [UInt8] = []
    private var pendingSpace = false
    /// True after an attribute marker, which text never runs into.
    private var afterMarker = false

    /// Ends the current line (if it has anything).
    mutating func breakLine() {
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll(keepingCapacity: true)
        pendingSpace = false
        afterMarker = false
    }

    /// Adds flowing text: runs of whitespace become one space, none at the line's ends.
    mutating func append(text: String) {
        var text = text
        text.withUTF8 { bytes in
            var inWord = false
            for byte in bytes {
                if Self.isSpace(byte) {
                    pendingSpace = true
                    inWord = false
                    continue
                }
                if !inWord {
                    if !current.isEmpty, pendingSpace || afterMarker { current.append(0x20) }
                    pendingSpace = false
                    afterMarker = false
                    inWord = true
                }
                current.append(byte)
            }
        }
    }

    /// Adds a token; it is separated by a space unless text runs straight into it.
    mutating func append(word: String, joined: Bool = false) {
        if !current.isEmpty, pendingSpace || !joined || afterMarker { current.append(0x20) }
        current.append(contentsOf: word.utf8)
        pendingSpace = false
        afterMarker = false
    }

    /// Makes the next word start after a space (unless the line is empty).
    mutating func separate() { pendingSpace = true }

    /// Adds an attribute marker. A block's marker leads its line and is always followed by a
    /// space; an inline element's marker trails its text, and punctuation may follow it
    /// directly ("2 May [datetime=…], for someone").
    mutating func append(marker: String, leading: Bool) {
        append(word: marker)
        afterMarker = leading
    }

    /// Adds text whose line breaks are content (`pre`): each source line becomes a line.
    mutating func appendPreformatted(_ text: String) {
        for (index, part) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { breakLine() }
            current.append(contentsOf: part.filter { $0 != 0x0D })
        }
    }

    /// Adds the text of a `script` or `style` element: each non-blank source line, trimmed,
    /// as a line (a CDATA wrapper, there for XHTML's sake, is left out).
    mutating func appendCode(_ text: String) {
        breakLine()
        let unwrapped = text.replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
        for line in unwrapped.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            append(text: String(line))
            breakLine()
        }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// `text` with whitespace runs collapsed to one space and trimmed.
    static func collapse(_ text: String) -> String {
        var builder = LineBuilder()
        builder.append(text: text)
        return String(decoding: builder.current, as: UTF8.self)
    }
}
