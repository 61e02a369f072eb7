/// Standalone lines: a line holding only whitespace and one section, inverted, closing,
/// comment, partial, parent, block or delimiter tag is removed from the output (the tag stays).
/// Template inheritance adds pairs that count as one tag: `{{<parent}}{{/parent}}`,
/// `{{<parent}}{{$block}}` and `{{/block}}{{/parent}}` remove their line, and
/// `{{$block}}{{/block}}` removes its indentation but keeps its line break (the mustache spec's
/// `~inheritance` module).
enum Standalone {
    /// Marks standalone tags, records their indentation, drops the whitespace of their lines,
    /// and marks the tokens that begin an output line.
    static func apply(to tokens: [Token], bytes: [UInt8]) -> [Token] {
        let closedKinds = closedKinds(of: tokens)
        var tokens = tokens
        var removed = [Bool](repeating: false, count: tokens.count)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count - 1, !endsLine(tokens[lineEnd], bytes) { lineEnd += 1 }
            processLine(lineStart...lineEnd, &tokens, &removed, closedKinds, bytes)
            lineStart = lineEnd + 1
        }
        return zip(tokens, removed).compactMap { $1 ? nil : $0 }
    }

    private static func endsLine(_ token: Token, _ bytes: [UInt8]) -> Bool {
        token.kind == .text && bytes[token.range.upperBound - 1] == UInt8(ascii: "\n")
    }

    private static func processLine(
        _ line: ClosedRange<Int>, _ tokens: inout [Token], _ removed: inout [Bool], _ closedKinds: [Int: Token.Kind],
        _ bytes: [UInt8]
    ) {
        let tags = line.filter { tokens[$0].kind != .text }
        let blankText = line.allSatisfy { tokens[$0].kind != .text || isBlank(tokens[$0].range, bytes) }
        let standalone: Bool
        var keepsLineBreak = false
        if blankText, tags.count == 1, tokens[tags[0]].canStandAlone {
            standalone = true
        } else if blankText, tags.count == 2, tokens[tags[0]].range.upperBound == tokens[tags[1]].range.lowerBound {
            let (first, second) = (tokens[tags[0]], tokens[tags[1]])
            switch (first.kind, second.kind) {
            case (.parent, .close): standalone = second.name == first.name
            case (.block, .close): standalone = second.name == first.name; keepsLineBreak = true
            case (.parent, .block): standalone = true
            case (.close, .close): standalone = closedKinds[tags[0]] == .block && closedKinds[tags[1]] == .parent
            default: standalone = false
            }
        } else {
            standalone = false
        }
        if standalone {
            let indentation = tags[0] > line.lowerBound ? Array(bytes[tokens[line.lowerBound].range]) : []
            for index in tags {
                tokens[index].isStandalone = true
                tokens[index].indentation = indentation
            }
            for index in line where tokens[index].kind == .text {
                if keepsLineBreak, index > tags[0] { continue }
                removed[index] = true
            }
        } else if let first = line.first, !(tokens[first].kind == .text && isLineBreak(tokens[first].range, bytes)) {
            tokens[first].startsLine = true
        }
    }

    /// Spaces and tabs, then at most one line break.
    private static func isBlank(_ range: Range<Int>, _ bytes: [UInt8]) -> Bool {
        var end = range.upperBound
        if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\n") {
            end -= 1
            if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return bytes[range.lowerBound..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    private static func isLineBreak(_ range: Range<Int>, _ bytes: [UInt8]) -> Bool {
        let text = bytes[range]
        return text.elementsEqual("\n".utf8) || text.elementsEqual("\r\n".utf8)
    }

    /// For each closing tag, the kind of tag it closes (best effort: mismatches are reported
    /// later by the parser).
    private static func closedKinds(of tokens: [Token]) -> [Int: Token.Kind] {
        var open: [Token] = []
        var result: [Int: Token.Kind] = [:]
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .section, .invertedSection, .parent, .block: open.append(token)
            case .close: if let opener = open.popLast() { result[index] = opener.kind }
            default: break
            }
        }
        return result
    }
}
