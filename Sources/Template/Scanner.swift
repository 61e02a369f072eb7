/// Turns template bytes into tokens: text (split after each line break, so every text token
/// lies within one line) and tags, following `{{=…=}}` delimiter changes as it goes.
struct Scanner {
    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }
    private var delimiters: Delimiters
    private var position = 0
    private(set) var tokens: [Token] = []

    init(source: TemplateSource, delimiters: Delimiters = .standard) {
        self.source = source
        self.delimiters = delimiters
    }

    static func scan(_ source: TemplateSource, delimiters: Delimiters = .standard) throws(TemplateError) -> [Token] {
        var scanner = Scanner(source: source, delimiters: delimiters)
        try scanner.run()
        return scanner.tokens
    }

    private mutating func run() throws(TemplateError) {
        while position < bytes.count {
            guard let tagStart = find(delimiters.open, from: position) else {
                appendText(position..<bytes.count)
                position = bytes.count
                break
            }
            appendText(position..<tagStart)
            position = try readTag(at: tagStart)
        }
    }

    /// Text tokens end after each "\n", so standalone detection can work line by line.
    private mutating func appendText(_ range: Range<Int>) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\n") {
                tokens.append(Token(kind: .text, range: start..<(index + 1)))
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound { tokens.append(Token(kind: .text, range: start..<range.upperBound)) }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                var offset = 1
                while offset < needle.count {
                    if bytes[index + offset] != needle[offset] { matched = false; break }
                    offset += 1
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// Reads the tag starting at `start` and returns the offset just after it.
    private mutating func readTag(at start: Int) throws(TemplateError) -> Int {
        let contentStart = start + delimiters.open.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
        var token = Token(kind: .variable(escaped: true), range: start..<start, delimiters: delimiters)
        var closing = delimiters.close
        var nameStart = contentStart + 1
        switch sigil {
        case UInt8(ascii: "{"):
            token.kind = .variable(escaped: false)
            closing = [UInt8(ascii: "}")] + delimiters.close
        case UInt8(ascii: "&"): token.kind = .variable(escaped: false)
        case UInt8(ascii: "#"): token.kind = .section
        case UInt8(ascii: "^"): token.kind = .invertedSection
        case UInt8(ascii: "/"): token.kind = .close
        case UInt8(ascii: "!"): token.kind = .comment
        case UInt8(ascii: ">"): token.kind = .partial
        case UInt8(ascii: "<"): token.kind = .parent
        case UInt8(ascii: "$"): token.kind = .block
        case UInt8(ascii: "="):
            token.kind = .delimiters
            closing = [UInt8(ascii: "=")] + delimiters.close
        default: nameStart = contentStart
        }
        guard let contentEnd = find(closing, from: nameStart) else {
            throw source.error("unclosed tag: expected '\(String(decoding: closing, as: UTF8.self))'", at: start)
        }
        let end = contentEnd + closing.count
        token.range = start..<end
        let content = nameStart <= contentEnd ? Array(bytes[nameStart..<contentEnd]) : []
        switch token.kind {
        case .comment:
            break
        case .delimiters:
            delimiters = try parseDelimiters(content, at: start)
        default:
            if content.contains(UInt8(ascii: "\n")) {
                throw source.error(
                    "unclosed tag: expected '\(String(decoding: closing, as: UTF8.self))' before the end of the line",
                    at: start)
            }
            try readName(content, into: &token)
        }
        tokens.append(token)
        return end
    }

    private func readName(_ content: [UInt8], into token: inout Token) throws(TemplateError) {
        var name = String(decoding: content, as: UTF8.self).trimmingWhitespace
        if token.kind == .partial || token.kind == .parent || token.kind == .close, name.hasPrefix("*") {
            token.isDynamic = true
            name = String(name.dropFirst()).trimmingWhitespace
        }
        let what = token.kind == .text ? "tag" : token.kindDescription
        guard !name.isEmpty else {
            throw source.error("empty \(what): expected a name between the delimiters", at: token.range.lowerBound)
        }
        if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            throw source.error("\(what) name '\(name)' contains whitespace", at: token.range.lowerBound)
        }
        token.name = name
    }

    private func parseDelimiters(_ content: [UInt8], at start: Int) throws(TemplateError) -> Delimiters {
        let parts = String(decoding: content, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw source.error(
                "a delimiter change needs two delimiters without whitespace or '=', as in {{=<% %>=}}", at: start)
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }
}

extension Token {
    /// How a tag is named in messages.
    var kindDescription: String {
        switch kind {
        case .text: return "text"
        case .variable: return "tag"
        case .section: return "section tag"
        case .invertedSection: return "inverted section tag"
        case .close: return "closing tag"
        case .comment: return "comment"
        case .partial: return "partial tag"
        case .parent: return "parent tag"
        case .block: return "block tag"
        case .delimiters: return "delimiter tag"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
