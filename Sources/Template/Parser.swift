import VantageCore

/// Builds the node tree from tokens: matches sections, collects block overrides, compiles
/// helper sections, and strips the indentation of standalone blocks.
struct Parser {
    private let source: TemplateSource
    /// The library's templates by name, so partial and parent tags are resolved once, here.
    private let templateIndex: [String: Int]

    /// Compiles a whole template.
    static func parse(_ source: TemplateSource, delimiters: Delimiters = .standard, templateIndex: [String: Int])
        throws(TemplateError) -> [Node]
    {
        let tokens = Standalone.apply(to: try Scanner.scan(source, delimiters: delimiters), bytes: source.bytes)
        return try Parser(source: source, templateIndex: templateIndex).build(tokens)
    }

    private struct Frame {
        let opener: Token
        var children: [Node] = []
        /// What the template's markup allows where the tag stands (`MarkupState`).
        var place = TextPlace.markup
    }

    /// The deepest sections may nest (a template deeper than this is a mistake, and rendering
    /// it would exhaust the stack).
    static let maximumNesting = 200

    /// Where the template's own markup stands, read from its text: inside a tag (and which
    /// attribute's quoted value), inside an element whose content is text only (`<title>`,
    /// `<textarea>`, `<option>`, `<script>`, `<style>`), inside a comment, or inside an element
    /// that allows no interactive content (`<a>`, `<button>`, `<label>`, `<summary>`). A helper
    /// tag there writes what the place allows (`TextPlace`): the catalog's Markdown would
    /// otherwise put markup where HTML allows none, or a link inside a link.
    private struct MarkupState {
        /// The elements whose content is text alone.
        static let textElements: [[UInt8]] = ["title", "textarea", "option", "script", "style"].map { Array($0.utf8) }
        /// The elements whose content may hold no link.
        static let linkFreeElements: [[UInt8]] = HTMLFacts.linkFreeElements.map { Array($0.utf8) }
        /// The attributes of `<input>` that HTML allows one line only.
        static let singleLineAttributes: [[UInt8]] = HTMLFacts.singleLineInputAttributes.map { Array($0.utf8) }

        var inTag = false
        var quote: UInt8? = nil
        var afterOpen = false
        /// The tag being read: whether it closes an element, and its name so far (lower case).
        var closing = false
        var name: [UInt8] = []
        var readingName = false
        /// In the tag: the attribute name being read or last read, the one an `=` was written
        /// after, and the one whose quoted value is open (all lower case).
        var word: [UInt8] = []
        var inWord = false
        var assigned: [UInt8] = []
        var attribute: [UInt8] = []
        /// The tag's `type`, when written before the helper (lower case): an `<input>` of
        /// another type than a line of text (`hidden`, `checkbox`) may hold line breaks.
        var type: [UInt8]? = nil
        /// The text-only element the template is inside, by its name.
        var textElement: [UInt8]? = nil
        /// How many link-free elements are open around the template's text.
        var linkFreeDepth = 0
        var inComment = false
        /// The last three bytes read, to find `<!--` and `-->`.
        var recent: (UInt8, UInt8, UInt8) = (0, 0, 0)

        /// `typeAhead`: the tag's `type` written after this point, read ahead by the parser
        /// (nil when none is).
        func place(typeAhead: () -> [UInt8]?) -> TextPlace {
            if inTag {
                // In a quoted value, its attribute; in an unquoted one, the name before `=`.
                let written = quote != nil ? attribute : assigned
                guard name == Array("input".utf8), Self.singleLineAttributes.contains(written) else { return .text }
                let type = self.type ?? typeAhead()
                return HTMLFacts.isSingleLineInput(type: type.map { String(decoding: $0, as: UTF8.self) }) ? .singleLine : .text
            }
            if textElement != nil || inComment { return .text }
            return linkFreeDepth > 0 ? .noLinks : .markup
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
        }

        mutating func read(_ bytes: ArraySlice<UInt8>) {
            for byte in bytes {
                defer { recent = (recent.1, recent.2, byte) }
                if inComment {
                    if recent.1 == UInt8(ascii: "-"), recent.2 == UInt8(ascii: "-"), byte == UInt8(ascii: ">") { inComment = false }
                    continue
                }
                if afterOpen {
                    afterOpen = false
                    let lower = byte | 0x20
                    let letter = lower >= 0x61 && lower <= 0x7A
                    if letter || byte == UInt8(ascii: "/") {
                        inTag = true
                        closing = byte == UInt8(ascii: "/")
                        name = letter ? [lower] : []
                        readingName = true
                        word = []
                        inWord = false
                        assigned = []
                        type = nil
                        continue
                    }
                }
                if recent == (UInt8(ascii: "<"), UInt8(ascii: "!"), UInt8(ascii: "-")), byte == UInt8(ascii: "-"), !inTag {
                    inComment = true
                    continue
                }
                if !inTag {
                    if byte == UInt8(ascii: "<") { afterOpen = true }
                    continue
                }
                if let open = quote {
                    if byte == open {
                        quote = nil
                    } else if attribute == Array("type".utf8) {
                        type = (type ?? []) + [Self.lowercased(byte)]
                    }
                    continue
                }
                if readingName {
                    if Self.isNameByte(byte) {
                        name.append(Self.lowercased(byte))
                        continue
                    }
                    readingName = false
                }
                if Self.isNameByte(byte) {
                    if !inWord { word = [] }
                    inWord = true
                    word.append(Self.lowercased(byte))
                    continue
                }
                inWord = false
                if byte == UInt8(ascii: "=") {
                    assigned = word
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    attribute = assigned
                    assigned = []
                    if attribute == Array("type".utf8) { type = [] }
                } else if byte == UInt8(ascii: ">") {
                    inTag = false
                    let selfClosing = recent.2 == UInt8(ascii: "/")
                    if closing {
                        if textElement == name { textElement = nil }
                        if textElement == nil, linkFreeDepth > 0, Self.linkFreeElements.contains(name) { linkFreeDepth -= 1 }
                    } else if textElement == nil, !selfClosing {
                        if Self.textElements.contains(name) {
                            textElement = name
                        } else if Self.linkFreeElements.contains(name) {
                            linkFreeDepth += 1
                        }
                    }
                }
            }
        }
    }

    private func build(_ tokens: [Token]) throws(TemplateError) -> [Node] {
        var root: [Node] = []
        var frames: [Frame] = []
        var markup = MarkupState()
        func append(_ node: Node) {
            if frames.isEmpty { root.append(node) } else { frames[frames.count - 1].children.append(node) }
        }
        for token in tokens {
            // A line that starts with a block's closing tag starts after the block: the block's
            // indentation is for its own lines, not for what follows it.
            let startsLineAfterBlock = token.startsLine && token.kind == .close && frames.last?.opener.kind == .block
            if token.startsLine, !startsLineAfterBlock { append(.lineStart) }
            switch token.kind {
            case .text:
                append(.text(Array(source.bytes[token.range])))
                markup.read(source.bytes[token.range])
            case .variable(let escaped):
                let variable = Variable(
                    path: try path(token.name, at: token), escaped: escaped, offset: token.range.lowerBound)
                switch token.name {
                case "lang": append(.localeName(LocaleName(kind: .language, fallback: variable)))
                case "dir": append(.localeName(LocaleName(kind: .direction, fallback: variable)))
                case "formatLocale": append(.localeName(LocaleName(kind: .formatting, fallback: variable)))
                case "listPattern": append(.localeName(LocaleName(kind: .listPattern, fallback: variable)))
                default: append(.variable(variable))
                }
            case .section, .invertedSection, .parent, .block:
                guard frames.count < Self.maximumNesting else {
                    throw source.error(
                        "sections nest more than \(Self.maximumNesting) deep here; a template this deep is a mistake",
                        at: token.range.lowerBound)
                }
                frames.append(Frame(opener: token, place: markup.place(typeAhead: { typeAhead(after: token, in: markup.quote) })))
            case .close:
                guard let frame = frames.popLast() else {
                    throw source.error("closing tag '\(token.name)' has no opening tag", at: token.range.lowerBound)
                }
                guard frame.opener.name == token.name, frame.opener.isDynamic == token.isDynamic else {
                    let (line, _, _) = source.position(of: frame.opener.range.lowerBound)
                    throw source.error(
                        "closing tag '\(token.displayName)' does not match '\(frame.opener.displayName)' opened on line \(line)",
                        at: token.range.lowerBound)
                }
                append(try close(frame, with: token))
                if startsLineAfterBlock { append(.lineStart) }
            case .partial:
                append(
                    .partial(
                        Partial(
                            name: token.name, target: token.isDynamic ? nil : templateIndex[token.name],
                            dynamicPath: token.isDynamic ? try path(token.name, at: token) : nil,
                            indentation: token.indentation, isStandalone: token.isStandalone,
                            offset: token.range.lowerBound, place: markup.place(typeAhead: { typeAhead(after: token, in: markup.quote) }))))
            case .comment, .delimiters:
                break
            }
        }
        if let unclosed = frames.last {
            throw source.error(
                "\(unclosed.opener.kindDescription) '\(unclosed.opener.displayName)' is never closed",
                at: unclosed.opener.range.lowerBound)
        }
        return root
    }

    /// The literal `type` of the tag `token` stands in, written after it (`<input value="{{#t}}…{{/t}}"
    /// type="hidden">`), lower case: read ahead in the template's text to the tag's end, past
    /// the rest of the value the token stands in (quoted by `quote`, or unquoted) and Mustache
    /// tags. Nil when the tag has none written after, or gives it through a Mustache tag.
    private func typeAhead(after token: Token, in quote: UInt8?) -> [UInt8]? {
        let bytes = source.bytes
        var index = token.range.upperBound
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        /// Steps over a Mustache tag at `index`, if one starts there.
        func skipMustache() -> Bool {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else { return false }
            index += 2
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}")) { index += 1 }
            index += 2
            return true
        }
        // The rest of the value the token stands in.
        while index < bytes.count {
            if skipMustache() { continue }
            let byte = bytes[index]
            if let quote {
                index += 1
                if byte == quote { break }
            } else {
                if isSpace(byte) || byte == UInt8(ascii: ">") { break }
                index += 1
            }
        }
        // The attributes after it.
        var name: [UInt8] = []
        var nameEnded = false
        var afterEquals = false
        while index < bytes.count {
            if skipMustache() {
                // A Mustache tag as a whole value (`name={{x}}`): the attribute ends with it.
                if afterEquals {
                    if name == Array("type".utf8) { return nil }
                    name = []
                    nameEnded = false
                    afterEquals = false
                }
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "=") {
                afterEquals = true
                index += 1
                continue
            }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                if !name.isEmpty { nameEnded = true }
                index += 1
                continue
            }
            if afterEquals {
                // A value, quoted or not.
                var value: [UInt8] = []
                let close: UInt8? = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") ? byte : nil
                if close != nil { index += 1 }
                while index < bytes.count {
                    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") {
                        if name == Array("type".utf8) { return nil }
                        _ = skipMustache()
                        continue
                    }
                    let next = bytes[index]
                    if let close, next == close { index += 1; break }
                    if close == nil, isSpace(next) || next == UInt8(ascii: ">") { break }
                    value.append(lower(next))
                    index += 1
                }
                if name == Array("type".utf8) { return value }
                name = []
                nameEnded = false
                afterEquals = false
                continue
            }
            if nameEnded { name = []; nameEnded = false }
            name.append(lower(byte))
            index += 1
        }
        return nil
    }

    private func close(_ frame: Frame, with closer: Token) throws(TemplateError) -> Node {
        let opener = frame.opener
        let offset = opener.range.lowerBound
        switch opener.kind {
        case .parent:
            var overrides: [String: Block] = [:]
            for case .block(let block) in frame.children where overrides[block.name] == nil {
                overrides[block.name] = block
            }
            return .parent(
                Parent(
                    name: opener.name, target: opener.isDynamic ? nil : templateIndex[opener.name],
                    dynamicPath: opener.isDynamic ? try path(opener.name, at: opener) : nil,
                    indentation: opener.indentation, isStandalone: opener.isStandalone, overrides: overrides,
                    offset: offset))
        case .block:
            var children = frame.children
            var contentIndentation: [UInt8] = []
            if opener.isStandalone {
                contentIndentation = commonIndentation(from: opener, to: closer)
                children = Dedent.apply(contentIndentation.count, to: children)
            }
            return .block(
                Block(
                    name: opener.name, children: children, isStandalone: opener.isStandalone,
                    tagIndentation: opener.indentation, contentIndentation: contentIndentation, offset: offset,
                    place: frame.place))
        default:
            let section = Section(
                path: try path(opener.name, at: opener), inverted: opener.kind == .invertedSection,
                children: frame.children,
                rawBody: source.text(opener.range.upperBound..<closer.range.lowerBound),
                delimiters: opener.delimiters, offset: offset)
            if !section.inverted, HelperCall.names.contains(opener.name),
                frame.children.allSatisfy({ if case .text = $0 { true } else if case .lineStart = $0 { true } else { false } })
            {
                let call = try HelperCall.parse(name: opener.name, body: section.rawBody, offset: offset, source: source)
                return .helper(HelperSection(call: call, fallback: section, place: frame.place))
            }
            return .section(section)
        }
    }

    /// The leading whitespace shared by every non-blank line of a standalone block's content
    /// (from the line after the opening tag to the line of the closing tag).
    private func commonIndentation(from opener: Token, to closer: Token) -> [UInt8] {
        let bytes = source.bytes
        var start = opener.range.upperBound
        while start < closer.range.lowerBound, bytes[start] != UInt8(ascii: "\n") { start += 1 }
        start += 1
        var end = closer.range.lowerBound
        if closer.isStandalone {
            while end > start, bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        }
        guard start < end else { return [] }
        var common: [UInt8]? = nil
        var lineStart = start
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var indentEnd = lineStart
            while indentEnd < lineEnd, bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t") {
                indentEnd += 1
            }
            let blank = indentEnd == lineEnd || (indentEnd == lineEnd - 1 && bytes[indentEnd] == UInt8(ascii: "\r"))
            if !blank {
                let indentation = bytes[lineStart..<indentEnd]
                if let known = common {
                    common = Array(zip(known, indentation).prefix(while: { $0 == $1 }).map(\.0))
                } else {
                    common = Array(indentation)
                }
            }
            lineStart = lineEnd + 1
        }
        return common ?? []
    }

    private func path(_ name: String, at token: Token) throws(TemplateError) -> Path {
        try Parser.path(name, source: source, offset: token.range.lowerBound)
    }

    /// Splits a dotted name; `.` is the current context.
    static func path(_ name: String, source: TemplateSource, offset: Int) throws(TemplateError) -> Path {
        if name == "." { return Path(text: name, components: []) }
        let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw source.error("'\(name)' is not a valid name: dots must separate non-empty names", at: offset)
        }
        return Path(text: name, components: components)
    }
}

extension Token {
    /// The name as written, with the `*` of a dynamic name.
    var displayName: String { isDynamic ? "*" + name : name }
}
