/// A forgiving scanner over the bytes of an XHTML page: start tags with their attributes,
/// end tags and decoded text, in document order. Comments, processing instructions and the
/// doctype are skipped; the raw text of `script` and `style` comes through as text.
///
/// The diff never rejects a page: malformed markup (validation's business, not the diff's)
/// degrades to text rather than an error, so any two files can still be compared.
struct XHTMLScanner {
    /// One piece of the page.
    enum Token: Equatable {
        case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool)
        case end(name: String)
        case text(String)

        static func == (lhs: Token, rhs: Token) -> Bool {
            switch (lhs, rhs) {
            case let (.start(a, x, s), .start(b, y, t)):
                a == b && s == t && x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
            case let (.end(a), .end(b)): a == b
            case let (.text(a), .text(b)): a == b
            default: false
            }
        }
    }

    private let bytes: [UInt8]
    private var position = 0
    /// Set after `<script>` or `<style>`: the element whose raw text comes next.
    private var rawTextElement: String?

    /// A scanner over `bytes` (UTF-8).
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Every token of the page.
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var scanner = XHTMLScanner(bytes)
        var result: [Token] = []
        while let token = scanner.next() { result.append(token) }
        return result
    }

    /// The next token, or nil at the end.
    mutating func next() -> Token? {
        while position < bytes.count {
            if let element = rawTextElement {
                rawTextElement = nil
                let start = position
                let closing = Array("</\(element)".utf8)
                while position < bytes.count, !matches(closing, at: position) { position += 1 }
                if position > start { return .text(String(decoding: bytes[start..<position], as: UTF8.self)) }
                continue
            }
            if bytes[position] != UInt8(ascii: "<") { return .text(scanText()) }
            if matches(Self.commentOpen, at: position) {
                skip(past: Self.commentClose)
            } else if matches(Self.cdataOpen, at: position) {
                let start = position + Self.cdataOpen.count
                position = start
                while position < bytes.count, !matches(Self.cdataClose, at: position) { position += 1 }
                let end = position
                position = min(bytes.count, position + Self.cdataClose.count)
                return .text(String(decoding: bytes[start..<end], as: UTF8.self))
            } else if matches(Self.declarationOpen, at: position) || matches(Self.instructionOpen, at: position) {
                skip(past: [UInt8(ascii: ">")])
            } else if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                if let token = scanEndTag() { return token }
            } else if position + 1 < bytes.count, Self.isNameStart(bytes[position + 1]) {
                if let token = scanStartTag() { return token }
            } else {
                position += 1
                return .text("<")
            }
        }
        return nil
    }

    private static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
    private static let declarationOpen = Array("<!".utf8), instructionOpen = Array("<?".utf8)

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        for index in 0..<pattern.count where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    private mutating func skip(past pattern: [UInt8]) {
        while position < bytes.count {
            if matches(pattern, at: position) { position += pattern.count; return }
            position += 1
        }
    }

    private mutating func scanText() -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return Entities.decode(bytes[start..<position])
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<"))
    }

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func scanName() -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func scanEndTag() -> Token? {
        let start = position
        position += 2
        let name = scanName()
        skip(past: [UInt8(ascii: ">")])
        if name.isEmpty {
            return .text(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        return .end(name: name)
    }

    private mutating func scanStartTag() -> Token? {
        let start = position
        position += 1
        let name = scanName()
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            skipSpace()
            guard position < bytes.count else {
                // An unclosed tag at the end of the file: keep its bytes as text.
                return .text(String(decoding: bytes[start...], as: UTF8.self))
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") { position += 1; break }
            if byte == UInt8(ascii: "/") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: ">") { selfClosing = true; position += 1; break }
                continue
            }
            if byte == UInt8(ascii: "<") { break }
            let attribute = scanName()
            if attribute.isEmpty { position += 1; continue }
            skipSpace()
            var value = ""
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                skipSpace()
                value = scanAttributeValue()
            }
            attributes.append((attribute, value))
        }
        if !selfClosing, name == "script" || name == "style" { rawTextElement = name }
        return .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    private mutating func scanAttributeValue() -> String {
        guard position < bytes.count else { return "" }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
            let value = Entities.decode(bytes[start..<position])
            if position < bytes.count { position += 1 }
            return value
        }
        let start = position
        while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
        return Entities.decode(bytes[start..<position])
    }
}
