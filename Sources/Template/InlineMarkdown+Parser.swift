/// CommonMark's inline algorithm for the subset above: code spans and links first, then
/// emphasis by matching delimiter runs.
struct InlineParser {
    private let marks: [InlineMarkdown.Mark]

    init(_ marks: [InlineMarkdown.Mark]) { self.marks = marks }

    mutating func parseAll() -> [InlineMarkdown.Node] { parse(marks[...], depth: 0) }

    /// How deep link texts are read inside one another; brackets deeper are text, so no
    /// string can exhaust the stack.
    static let maximumLinkDepth = 32
    /// The longest link (text, destination and title) and code span read, in characters:
    /// longer ones are text. Each `[` and backtick looks this far at most.
    static let maximumSpan = 4_096

    /// A piece of the line before emphasis is resolved.
    private enum Piece {
        case text(String)
        case node(InlineMarkdown.Node)
        /// A run of `*` or `_`: what is left of it (`count`), and its length as written, which
        /// CommonMark's rule of three reads however much of it was used.
        case delimiter(Unicode.Scalar, count: Int, length: Int, canOpen: Bool, canClose: Bool)
    }

    /// The `]` that closes each `[` of the text (active marks only; a backslash escapes the
    /// character after it), by the `[`'s index: brackets nest in a link's text.
    private func closingBrackets(_ slice: ArraySlice<InlineMarkdown.Mark>) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        var index = slice.startIndex
        while index < slice.endIndex {
            let mark = slice[index]
            if mark.active, mark.scalar == "\\" { index += 2; continue }
            // A code span binds tighter than brackets (CommonMark): a `]` inside one closes nothing.
            if mark.active, mark.scalar == "`" {
                let run = runLength(slice, from: index, of: "`")
                if let close = closingBackticks(slice, after: index + run, length: run) {
                    index = close + run
                } else {
                    index += run
                }
                continue
            }
            if mark.active, mark.scalar == "[" { open.append(index) }
            if mark.active, mark.scalar == "]", let opener = open.popLast() { closing[opener] = index }
            index += 1
        }
        return closing
    }

    private func parse(_ slice: ArraySlice<InlineMarkdown.Mark>, depth: Int) -> [InlineMarkdown.Node] {
        var pieces: [Piece] = []
        let closing = slice.contains(where: { $0.active && $0.scalar == "[" }) ? closingBrackets(slice) : [:]
        var text = ""
        func flush() {
            if !text.isEmpty { pieces.append(.text(text)); text = "" }
        }
        var index = slice.startIndex
        /// Where a `!` stood that may open an image (`![alt](src)`): not an escaped one.
        var bang: Int? = nil
        while index < slice.endIndex {
            let mark = slice[index]
            guard mark.active else { text.unicodeScalars.append(mark.scalar); index += 1; continue }
            switch mark.scalar {
            case "!":
                bang = index
                text.append("!")
                index += 1
            case "\\":
                let next = index + 1
                if next < slice.endIndex, slice[next].active, InlineMarkdown.isEscapable(slice[next].scalar) {
                    text.unicodeScalars.append(slice[next].scalar)
                    index += 2
                } else {
                    text.append("\\")
                    index += 1
                }
            case "`":
                let run = runLength(slice, from: index, of: "`")
                if let close = closingBackticks(slice, after: index + run, length: run) {
                    var code = InlineMarkdown.text(slice[(index + run)..<close])
                    if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
                        code = String(code.dropFirst().dropLast())
                    }
                    flush()
                    pieces.append(.node(.element(.code, destination: nil, children: [.text(code)])))
                    index = close + run
                } else {
                    text.append(String(repeating: "`", count: run))
                    index += run
                }
            case "[":
                // An image: SwiftUI has no place for one in a string, so it is shown as written.
                if bang == index - 1, let image = self.link(slice, at: index, closing: closing) {
                    text += InlineMarkdown.text(slice[index..<image.end])
                    index = image.end
                } else if depth < InlineParser.maximumLinkDepth, let link = self.link(slice, at: index, closing: closing) {
                    flush()
                    let children = parse(slice[(index + 1)..<link.textEnd], depth: depth + 1)
                    if InlineMarkdown.containsLink(children) {
                        // A link may hold no link (CommonMark): of nested ones the innermost is
                        // the link, and the outer one's brackets and destination are text. Its
                        // text, parsed once, stands as it is.
                        pieces.append(.text("["))
                        for child in children { pieces.append(.node(child)) }
                        index = link.textEnd
                        continue
                    }
                    let read = InlineMarkdown.asBrowsersRead(InlineMarkdown.readingReferences(link.destination))
                    let destination = InlineMarkdown.isRelative(read) ? InlineMarkdown.percentEncoded(read) : nil
                    pieces.append(.node(.element(.link, destination: destination, children: children)))
                    index = link.end
                } else {
                    text.append("[")
                    index += 1
                }
            case "&":
                if let (decoded, length) = InlineMarkdown.reference(at: index, { at in
                    at < slice.endIndex && slice[at].active ? slice[at].scalar : nil
                }) {
                    text.unicodeScalars.append(decoded)
                    index += length
                } else {
                    text.append("&")
                    index += 1
                }
            case "*", "_":
                let run = runLength(slice, from: index, of: mark.scalar)
                let before: Unicode.Scalar = index > slice.startIndex ? slice[index - 1].scalar : " "
                let after: Unicode.Scalar = index + run < slice.endIndex ? slice[index + run].scalar : " "
                let (canOpen, canClose) = InlineParser.flanking(mark.scalar, before: before, after: after)
                flush()
                pieces.append(.delimiter(mark.scalar, count: run, length: run, canOpen: canOpen, canClose: canClose))
                index += run
            default:
                text.unicodeScalars.append(mark.scalar)
                index += 1
            }
        }
        flush()
        return InlineParser.resolveEmphasis(pieces)
    }

    /// CommonMark's left- and right-flanking rules; `_` may not open or close inside a word.
    static func flanking(_ delimiter: Unicode.Scalar, before: Unicode.Scalar, after: Unicode.Scalar) -> (Bool, Bool) {
        let afterSpace = InlineMarkdown.isWhitespace(after)
        let beforeSpace = InlineMarkdown.isWhitespace(before)
        let afterPunctuation = InlineMarkdown.isPunctuation(after)
        let beforePunctuation = InlineMarkdown.isPunctuation(before)
        let left = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
        let right = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
        if delimiter == "*" { return (left, right) }
        return (left && (!right || beforePunctuation), right && (!left || afterPunctuation))
    }

    private func runLength(_ slice: ArraySlice<InlineMarkdown.Mark>, from start: Int, of scalar: Unicode.Scalar) -> Int {
        var end = start
        while end < slice.endIndex, slice[end].active, slice[end].scalar == scalar { end += 1 }
        return end - start
    }

    private func closingBackticks(_ slice: ArraySlice<InlineMarkdown.Mark>, after start: Int, length: Int) -> Int? {
        var index = start
        let end = min(slice.endIndex, start + InlineParser.maximumSpan)
        while index < end {
            if slice[index].active, slice[index].scalar == "`" {
                let run = runLength(slice, from: index, of: "`")
                if run == length { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// `[text](destination "title")` starting at `start`, as CommonMark reads an inline link:
    /// where the text ends (its `]`), the destination, and the index after `)`. Brackets nest
    /// in the text. The destination is `<…>` (spaces allowed, no `<`, `>` or line break) or a
    /// run without spaces or controls whose parentheses balance; backslash escapes of ASCII
    /// punctuation are read in both; spaces (one line break at most) may stand around it. An
    /// optional title (`"…"`, `'…'` or `(…)`, after a space) is read and dropped: a link in an
    /// app's string has none. Argument values (inactive marks) never form a link.
    private func link(_ slice: ArraySlice<InlineMarkdown.Mark>, at start: Int, closing: [Int: Int])
        -> (textEnd: Int, destination: String, end: Int)?
    {
        // The `]` that closes this `[` was found in one pass over the text (`closingBrackets`);
        // the destination is looked for no further than `maximumSpan`, so that a string of
        // many `[a](` costs its length, not its length squared.
        guard let textEnd = closing[start], textEnd - start <= InlineParser.maximumSpan else { return nil }
        let slice = slice[start..<min(slice.endIndex, textEnd + 1 + InlineParser.maximumSpan)]
        guard textEnd + 1 < slice.endIndex, slice[textEnd + 1].active, slice[textEnd + 1].scalar == "("
        else { return nil }
        var index = textEnd + 2
        func character(_ at: Int) -> Unicode.Scalar? {
            at < slice.endIndex && slice[at].active ? slice[at].scalar : nil
        }
        func isSpace(_ character: Unicode.Scalar?) -> Bool { character == " " || character == "\t" || character == "\n" }
        func skipSpaces() -> Bool {
            var lines = 0
            while let next = character(index), isSpace(next) {
                if next == "\n" { lines += 1; if lines > 1 { return false } }
                index += 1
            }
            return index < slice.endIndex && slice[index].active
        }
        /// An escaped ASCII punctuation character at `index` (after its backslash), if any.
        func escaped() -> Unicode.Scalar? {
            guard character(index) == "\\", let next = character(index + 1), InlineMarkdown.isEscapable(next) else { return nil }
            return next
        }
        guard skipSpaces() else { return nil }
        var destination = ""
        /// An escaped character of the destination, kept as written: the references are read
        /// after, so an escaped `&` is encoded for them to give back (`\&amp;` is `&amp;`).
        func appendEscaped(_ literal: Unicode.Scalar) {
            if literal == "&" { destination += "&amp;" } else { destination.unicodeScalars.append(literal) }
        }
        if character(index) == "<" {
            index += 1
            while true {
                if let literal = escaped() { appendEscaped(literal); index += 2; continue }
                guard let next = character(index), next != "<", next != "\n" else { return nil }
                index += 1
                if next == ">" { break }
                destination.unicodeScalars.append(next)
            }
        } else {
            var parentheses = 0
            while let next = character(index) {
                if let literal = escaped() { appendEscaped(literal); index += 2; continue }
                if isSpace(next) || next.properties.generalCategory == .control { break }
                if next == "(" {
                    // CommonMark lets a reader bound the nesting (three levels at least): past
                    // 32 it is no destination, so each `[a](` of `[a]([a](…` looks that far.
                    parentheses += 1
                    if parentheses > InlineParser.maximumLinkDepth { return nil }
                }
                if next == ")" {
                    if parentheses == 0 { break }
                    parentheses -= 1
                }
                destination.unicodeScalars.append(next)
                index += 1
            }
            guard parentheses == 0 else { return nil }
        }
        let beforeTitle = index
        guard skipSpaces() else { return nil }
        if index > beforeTitle, let open = character(index), open == "\"" || open == "'" || open == "(" {
            let close: Unicode.Scalar = open == "(" ? ")" : open
            index += 1
            while true {
                if escaped() != nil { index += 2; continue }
                guard let next = character(index) else { return nil }
                index += 1
                if next == close { break }
                if open == "(" && next == "(" { return nil }
            }
            guard skipSpaces() else { return nil }
        }
        guard character(index) == ")" else { return nil }
        return (textEnd, destination, index + 1)
    }

    /// Matches delimiter runs into strong and emphasis elements (CommonMark's "process
    /// emphasis", including the rule of three); unmatched delimiters are text.
    private static func resolveEmphasis(_ pieces: [Piece]) -> [InlineMarkdown.Node] {
        var stack: [Piece] = []
        /// CommonMark's "openers bottom": for a kind of closer (its character, its run's length
        /// modulo 3 and whether it can open too, all that decides which openers suit it), the stack
        /// height below which a search found none. Without it, each closer that finds no opener
        /// searched the whole stack again (`*a*a*a…`: the string's length squared).
        struct Kind: Hashable {
            let character: Unicode.Scalar
            let remainder: Int
            let canOpen: Bool
        }
        var bottom: [Kind: Int] = [:]
        for piece in pieces {
            guard case .delimiter(let character, var count, let length, let canOpen, let canClose) = piece, canClose else {
                stack.append(piece)
                continue
            }
            var matched = true
            while count > 0, matched {
                matched = false
                let kind = Kind(character: character, remainder: length % 3, canOpen: canOpen)
                let floor = min(bottom[kind] ?? 0, stack.count)
                defer { if !matched { bottom[kind] = stack.count } }
                for openerIndex in stride(from: stack.count - 1, through: floor, by: -1) {
                    guard case .delimiter(let openChar, let openCount, let openLength, let openCanOpen, let openCanClose) = stack[openerIndex],
                        openChar == character, openCanOpen
                    else { continue }
                    if (openCanClose || canOpen), (openLength + length) % 3 == 0, openLength % 3 != 0 || length % 3 != 0 {
                        continue
                    }
                    let used = openCount >= 2 && count >= 2 ? 2 : 1
                    // The opener's count changes and what was above it goes: no search may
                    // start above it any more.
                    for key in bottom.keys { bottom[key] = min(bottom[key]!, openerIndex) }
                    let inner = Array(stack[(openerIndex + 1)...])
                    stack.removeSubrange((openerIndex + 1)...)
                    let element = InlineMarkdown.Node.element(
                        used == 2 ? .strong : .emphasis, destination: nil, children: nodes(inner))
                    if openCount - used > 0 {
                        stack[openerIndex] = .delimiter(
                            openChar, count: openCount - used, length: openLength, canOpen: true, canClose: openCanClose)
                    } else {
                        stack.removeLast()
                    }
                    stack.append(.node(element))
                    count -= used
                    matched = true
                    break
                }
            }
            if count > 0 { stack.append(.delimiter(character, count: count, length: length, canOpen: canOpen, canClose: canClose)) }
        }
        return nodes(stack)
    }

    /// Pieces as nodes, leftover delimiters as text, adjacent text joined.
    private static func nodes(_ pieces: [Piece]) -> [InlineMarkdown.Node] {
        var result: [InlineMarkdown.Node] = []
        func appendText(_ text: String) {
            if case .text(let previous) = result.last {
                result[result.count - 1] = .text(previous + text)
            } else {
                result.append(.text(text))
            }
        }
        for piece in pieces {
            switch piece {
            case .text(let text): appendText(text)
            case .delimiter(let character, let count, _, _, _): appendText(String(repeating: String(character), count: count))
            case .node(let node):
                if case .text(let text) = node { appendText(text) } else { result.append(node) }
            }
        }
        return result
    }
}
