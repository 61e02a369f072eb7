/// The text of one template with its name and file, kept after compiling so that errors found
/// while rendering can quote the line. Positions are byte offsets into `bytes`. A class, so the
/// renderer switches templates by swapping one reference.
final class TemplateSource: Sendable {
    /// The name partials use ("partials/idea").
    let name: String
    /// The file as loaded ("templates/partials/idea.mustache"), or the name when in memory.
    let path: String
    /// The template's UTF-8 bytes.
    let bytes: [UInt8]

    init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        self.bytes = Array(text.utf8)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset, and the line's text.
    func position(of offset: Int) -> (line: Int, column: Int, lineText: String) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let lineText = String(decoding: bytes[lineStart..<max(lineStart, lineEnd)], as: UTF8.self)
        return (line, column, lineText)
    }

    /// A located error at a byte offset of this template.
    func error(_ message: String, at offset: Int) -> TemplateError {
        let (line, column, lineText) = position(of: offset)
        return TemplateError(template: path, line: line, column: column, message: message, sourceLine: lineText)
    }

    /// The text between two byte offsets.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
