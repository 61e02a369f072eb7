import Foundation

/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports syntax errors with line and
/// column and names text that is not UTF-8. Much faster than `JSONSerialization` and keeps
/// object member order.
///
/// It can also record the byte range of every element of the arrays directly under the root
/// object (`recordRanges`), so an importer can hand a rejected record back unchanged.
public struct JSONParser {
    /// The name used in diagnostics.
    public let file: String
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Byte ranges of the elements of each top-level member array, by member name,
    /// filled when `recordTopLevelRanges` is set.
    public private(set) var recordRanges: [String: [Range<Int>]] = [:]
    /// Byte ranges of the root object's member values, by member name, filled when
    /// `recordTopLevelRanges` is set: a message can echo a setting as written (`JSONDocument`).
    public private(set) var memberRanges: [String: Range<Int>] = [:]
    private let recordTopLevelRanges: Bool
    /// Line of the first byte of `bytes` (for JSON Lines, the line of the record).
    private let firstLine: Int
    /// True while validating a whole file's syntax (`validate`): a lone surrogate escape
    /// (`\ud800`) is JSON's syntax (RFC 8259's grammar allows it) but no character, and a
    /// number past Double's range (`1e400`) is JSON's syntax but no value this parser holds;
    /// so each is refused where its value is read, as an error of the record that holds it,
    /// not here as one of the whole file (a `--keep-going` import would lose the file's every
    /// record).
    var checksSyntaxOnly = false
    /// Set by `parseRecords(_:file:valueErrorsPerRecord:)`: such a value (a lone surrogate, a
    /// number past Double's range) inside an element of a root array is kept as that element's
    /// error (`recordErrors`) rather than thrown, so that a reader of a document parsed whole (a
    /// review or submissions file) rejects that record, not the file, as a reader of a scanned
    /// document does. Anywhere else it is thrown, as without it.
    private var keepsRecordValueErrors = false
    /// True while an element of a root array is parsed (`keepsRecordValueErrors`).
    private var inRecord = false
    /// The first value error met in the element being parsed.
    private var recordValueError: Diagnostic?
    /// The value error of each element that has one, by root member name and element index.
    public private(set) var recordErrors: [String: [Int: Diagnostic]] = [:]
    /// False while validating: containers are checked but their values not kept.
    private var keepsValues = true

    private static let maximumDepth = 512

    /// What the end of `bytes` is called in messages: a JSON Lines record ends with its line.
    private var endName = "the end of the file"
    /// What must follow the value: a JSON Lines record ends its line.
    private var valueEnd = "the end of the document after the JSON value"
    /// False for a JSON Lines record: its lines end at line feeds only (a carriage return alone
    /// is white space inside the record), as the reader that cut it and the rejects file count
    /// them (`JSONLinesReader`).
    private var carriageReturnEndsLine = true

    /// Parses one complete JSON document held in `data`; `line` when it is one line of a JSON
    /// Lines file (so a record cut by its line break says so).
    public static func parse(_ data: [UInt8], file: String, firstLine: Int = 1, line: Bool = false) throws(Diagnostic)
        -> JSONValue
    {
        try data.withUnsafeBufferPointer { buffer throws(Diagnostic) in
            var parser = JSONParser(bytes: buffer, file: file, recordTopLevelRanges: false, firstLine: firstLine)
            if line {
                parser.endName = "the end of the line (a JSON Lines record is one line)"
                parser.valueEnd = "the end of the line after the JSON value (a JSON Lines record is one line)"
                parser.carriageReturnEndsLine = false
            }
            return try parser.parseDocument()
        }
    }

    /// Checks that `data` is one well-formed JSON document (every error `parse` would report,
    /// at the same place) without keeping its values: memory stays that of the deepest object's
    /// member names, however large the document.
    public static func validate(_ data: [UInt8], file: String) throws(Diagnostic) {
        try data.withUnsafeBufferPointer { buffer throws(Diagnostic) in
            var parser = JSONParser(bytes: buffer, file: file, recordTopLevelRanges: false, firstLine: 1)
            parser.keepsValues = false
            parser.checksSyntaxOnly = true
            _ = try parser.parseDocument()
        }
    }

    /// The first syntax error in `data`, the start of a longer document (cut at a character's
    /// boundary): nil when none lies before the cut (any error is further on, or the parse
    /// reached the cut), so that a caller can report an error near the start of a file larger
    /// than memory without reading the whole file.
    public static func firstError(inStartOf data: [UInt8], file: String) -> Diagnostic? {
        data.withUnsafeBufferPointer { buffer -> Diagnostic? in
            var parser = JSONParser(bytes: buffer, file: file, recordTopLevelRanges: false, firstLine: 1)
            parser.keepsValues = false
            do throws(Diagnostic) {
                _ = try parser.parseDocument()
                return nil
            } catch {
                return parser.position < buffer.count ? error : nil
            }
        }
    }

    /// Parses one document and also returns the byte ranges of the root object's array elements
    /// and of its members' values.
    public static func parseRecords(_ data: [UInt8], file: String) throws(Diagnostic)
        -> (value: JSONValue, ranges: [String: [Range<Int>]], members: [String: Range<Int>])
    {
        let parsed = try parseRecords(data, file: file, valueErrorsPerRecord: false)
        return (parsed.value, parsed.ranges, parsed.members)
    }

    /// `parseRecords`, and with `valueErrorsPerRecord` a value JSON's grammar allows but no
    /// value holds (a lone surrogate escape, a number past Double's range) inside an element of
    /// a root array is that element's error in `recordErrors` (its value then holds U+FFFD or 0,
    /// and must not be read), not the document's.
    public static func parseRecords(_ data: [UInt8], file: String, valueErrorsPerRecord: Bool) throws(Diagnostic)
        -> (value: JSONValue, ranges: [String: [Range<Int>]], members: [String: Range<Int>],
            recordErrors: [String: [Int: Diagnostic]])
    {
        try data.withUnsafeBufferPointer { buffer throws(Diagnostic) in
            var parser = JSONParser(bytes: buffer, file: file, recordTopLevelRanges: true, firstLine: 1)
            parser.keepsRecordValueErrors = valueErrorsPerRecord
            let value = try parser.parseDocument()
            return (value, parser.recordRanges, parser.memberRanges, parser.recordErrors)
        }
    }

    /// Throws `problem`, a value no text or number holds, unless it is only checked
    /// (`checksSyntaxOnly`) or kept as its record's error (`keepsRecordValueErrors`).
    private mutating func valueError(_ problem: Diagnostic) throws(Diagnostic) {
        if checksSyntaxOnly { return }
        guard keepsRecordValueErrors, inRecord else { throw problem }
        if recordValueError == nil { recordValueError = problem }
    }

    /// A number as a message names it: as written in the file (`9223372036854775808`, `1.50`,
    /// `-0`, never Double's `9.223372036854776e+18`), and one of thousands of digits by its
    /// start and its length.
    public static func shownNumber(_ written: String) -> String {
        written.utf8.count > 40 ? "\(written.prefix(20))…(\(written.utf8.count) characters)" : written
    }

    /// Creates a parser over bytes that stay valid while it runs.
    public init(bytes: UnsafeBufferPointer<UInt8>, file: String, recordTopLevelRanges: Bool = false, firstLine: Int = 1) {
        self.bytes = bytes
        self.file = file
        self.recordTopLevelRanges = recordTopLevelRanges
        self.firstLine = firstLine
    }

    /// Parses a whole document: one value, surrounded only by whitespace.
    public mutating func parseDocument() throws(Diagnostic) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw error("expected a JSON value, found \(endName)") }
        let value = try parseValue(topLevel: true)
        skipWhitespace()
        if position < bytes.count { throw error("expected \(valueEnd), found \(describeHere())") }
        return value
    }

    // MARK: Values

    private mutating func parseValue(topLevel: Bool = false) throws(Diagnostic) -> JSONValue {
        guard position < bytes.count else { throw error("expected a JSON value, found \(endName)") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(topLevel: topLevel)
        case UInt8(ascii: "["): return try parseArray(recordKey: nil)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a JSON value, found \(describeHere())")
        }
    }

    private mutating func enter() throws(Diagnostic) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject(topLevel: Bool) throws(Diagnostic) -> JSONValue {
        try enter()
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        // A record has a handful of members: room for them at once, instead of regrowing
        // both arrays three times.
        object.keys.reserveCapacity(8)
        object.values.reserveCapacity(8)
        // Objects with many members are checked for repeated names through a set; records
        // have a handful, where a linear search is faster. Names are compared by their code
        // points, as JSON has them: "Café" in NFC and in NFD are two names (Swift's `==` is
        // canonical equivalence and refused the second as a repeat).
        var names: Set<JSONName>?
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeHere())")
            }
            let keyStart = position
            let key = try parseString()
            // A repeated name is an error, not "last one wins": a second `"quotes": []` would
            // otherwise silently drop every quote.
            if names == nil, object.keys.count >= 16 { names = Set(object.keys.map(JSONName.init)) }
            let repeated = names != nil ? !names!.insert(JSONName(key)).inserted : object.keys.contains { JSONObject.sameName($0, key) }
            if repeated {
                throw error("the member name \"\(key)\" appears a second time in this object (JSON names must be unique)",
                            at: keyStart)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", found \(describeHere())")
            }
            position += 1
            skipWhitespace()
            let value: JSONValue
            let valueStart = position
            if topLevel && recordTopLevelRanges && position < bytes.count && bytes[position] == UInt8(ascii: "[") {
                value = try parseArray(recordKey: key)
            } else {
                value = try parseValue()
            }
            if topLevel && recordTopLevelRanges { memberRanges[key] = valueStart..<position }
            object.keys.append(key)
            object.values.append(keepsValues ? value : .null)
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or '}' to continue the object, found \(endName)") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; break }
            throw error("expected ',' or '}' to continue the object, found \(describeHere())")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray(recordKey: String?) throws(Diagnostic) -> JSONValue {
        try enter()
        position += 1
        var elements: [JSONValue] = []
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            if let recordKey { recordRanges[recordKey] = [] }
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let start = position
            let outer = inRecord
            if recordKey != nil { inRecord = true }
            let element = try parseValue()
            inRecord = outer
            if keepsValues { elements.append(element) }
            if let recordKey {
                if let problem = recordValueError {
                    recordErrors[recordKey, default: [:]][ranges.count] = problem
                    recordValueError = nil
                }
                ranges.append(start..<position)
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or ']' to continue the array, found \(endName)") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; break }
            throw error("expected ',' or ']' to continue the array, found \(describeHere())")
        }
        depth -= 1
        if let recordKey { recordRanges[recordKey] = ranges }
        return .array(elements)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Diagnostic) {
        let text = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount {
            guard position + index < bytes.count, bytes[position + index] == text[index] else {
                throw error("expected a JSON value, found \(describeHere())")
            }
        }
        position += literal.utf8CodeUnitCount
    }

    private mutating func parseNumber() throws(Diagnostic) -> Double {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error("expected a digit in the number, found \(describeHere())")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("a number may not start with a leading zero")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit after the decimal point, found \(describeHere())")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent, found \(describeHere())")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Swift reads a number past Double's range as infinity, which JSON cannot hold.
        guard let number = Double(text), number.isFinite else {
            try valueError(error("the number \(Self.shownNumber(text)) is out of range", at: start))
            return 0
        }
        return number
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(Diagnostic) -> String {
        let quote = position
        position += 1
        let start = position
        var sawEscape = false
        var sawNonASCII = false
        while true {
            skipPlainText(&sawNonASCII)
            guard position < bytes.count else {
                throw error("the string that starts here is not closed", at: quote)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                sawEscape = true
                position += 2
                continue
            }
            if byte < 0x20 {
                throw error("a control character (\(codePointName(UInt32(byte)))) must be escaped inside a string")
            }
            if byte >= 0x80 { sawNonASCII = true }
            position += 1
        }
        let end = position
        position += 1
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if sawNonASCII {
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw error("the text is not valid UTF-8", at: firstInvalidUTF8(from: start, to: end))
            }
            if !sawEscape { return text }
        }
        if !sawEscape { return String(decoding: slice, as: UTF8.self) }
        return try unescape(from: start, to: end)
    }

    /// Skips string content eight bytes at a time while none of them is a double quote, a
    /// backslash or a control character (the text of a quote is mostly such runs), up to the
    /// first that is; notes whether any skipped byte was not ASCII. The byte-by-byte loop of
    /// `parseString` handles the special byte.
    @inline(__always) private mutating func skipPlainText(_ sawNonASCII: inout Bool) {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // A zero byte in `quotes` or `backslashes`, or a byte below 0x20 in `word`.
            let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word) & highs
            if found != 0 {
                // The lowest flagged byte is a true match (a false one only ever follows a
                // true one): step to it, so the byte loop starts right there.
                let plain = found.trailingZeroBitCount / 8
                if plain > 0, word & highs & (UInt64.max >> UInt64(64 - 8 * plain)) != 0 { sawNonASCII = true }
                position += plain
                return
            }
            if word & highs != 0 { sawNonASCII = true }
            position += 8
        }
    }

    private func firstInvalidUTF8(from start: Int, to end: Int) -> Int {
        start + (UTF8Check.firstInvalid(in: UnsafeBufferPointer(rebasing: bytes[start..<end])) ?? 0)
    }

    /// The string between `start` and `end`, its escapes read: every character goes into one
    /// UTF-8 buffer, decoded once at the end (the text is UTF-8 already, and an escape is a
    /// scalar), so the time is linear in the length (text decoded and appended to the string
    /// before each `\u` escape grew the string again at each one: quadratic on `aé` written
    /// `a\u00e9` 320,000 times).
    private mutating func unescape(from start: Int, to end: Int) throws(Diagnostic) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != UInt8(ascii: "\\") {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < end else { throw error("an escape sequence is cut short", at: index) }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try hexUnit(at: index)
                index += 4
                var scalar: Unicode.Scalar?
                if unit >= 0xD800 && unit < 0xDC00 {
                    if index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let low = try hexUnit(at: index + 2)
                        if low >= 0xDC00 && low < 0xE000 {
                            index += 6
                            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                            scalar = Unicode.Scalar(value)
                        }
                    }
                    if scalar == nil {
                        try valueError(error("a lone surrogate \\u\(hex4(unit)) is not a character", at: index - 6))
                        scalar = "\u{FFFD}"
                    }
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    try valueError(error("a lone surrogate \\u\(hex4(unit)) is not a character", at: index - 6))
                    scalar = "\u{FFFD}"
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                unit = 0
                output.append(contentsOf: UTF8.encode(scalar!)!)
            default:
                let shown = Self.scalar(at: index - 1, in: bytes).map { scalar in
                    messageEscape(scalar) == nil ? "'\\\(Character(scalar))'" : "'\\' followed by \(codePointName(scalar.value))"
                } ?? "'\\' followed by a byte that is not UTF-8"
                throw error("\(shown) is not a JSON escape sequence", at: index - 2)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func hexUnit(at index: Int) throws(Diagnostic) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u", at: index) }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = hexDigitValue(bytes[index + offset]) else {
                throw error("expected four hex digits after \\u", at: index + offset)
            }
            value = value << 4 | digit
        }
        return value
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    @inline(__always) private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    // MARK: Errors

    private func describeHere() -> String {
        guard position < bytes.count else { return endName }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return "whitespace" }
        if byte == 0 { return "a NUL byte (0x00)" }
        if byte >= 0x80 {
            // A character beyond ASCII, named as a character: `'”' (U+201D)`, or by its code
            // point alone when it cannot be seen (U+2028).
            guard let scalar = Self.scalar(at: position, in: bytes) else {
                return String(format: "a byte that is not UTF-8 (0x%02X)", byte)
            }
            if messageEscape(scalar) != nil { return "the character " + codePointName(scalar.value) }
            return "'\(Character(scalar))' (\(codePointName(scalar.value)))"
        }
        return String(format: "the byte 0x%02X", byte)
    }

    /// The Unicode scalar whose UTF-8 starts at `offset`, or nil when the bytes there are not
    /// UTF-8 (or cut short by the end).
    static func scalar(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        var iterator = bytes[offset..<min(bytes.count, offset + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
        let (line, column, text) = JSONParser.lineAndColumn(
            of: offset ?? position, in: bytes, carriageReturnEndsLine: carriageReturnEndsLine)
        var diagnostic = Diagnostic.error(message, at: SourceLocation(file: file, line: firstLine + line - 1, column: column))
        if let text {
            // A password's value never reaches a message (DATA.md), quoted lines included.
            (diagnostic.sourceLine, diagnostic.sourceCaret) = Self.excerpt(PasswordNames.hidingValues(in: text), around: column)
        }
        return diagnostic
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset, and the text of that line.
    /// A byte-order mark opening the document is not text: the first line's columns count from
    /// after it (as editors and Python's `utf-8-sig` count them), and it is not quoted.
    /// Without `carriageReturnEndsLine` (a JSON Lines record) only a line feed ends a line, and a
    /// carriage return alone is a character of its line.
    public static func lineAndColumn(
        of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, carriageReturnEndsLine: Bool = true
    ) -> (Int, Int, String?) {
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var lineStart = hasByteOrderMark && clamped >= 3 ? 3 : 0
        // A line ends at LF, CRLF, or a CR alone (as old Mac files and every editor have it).
        for index in 0..<clamped
        where bytes[index] == 0x0A
            || (carriageReturnEndsLine && bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<clamped where bytes[index] & 0xC0 != 0x80 { column += 1 }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, !carriageReturnEndsLine || bytes[lineEnd] != 0x0D { lineEnd += 1 }
        // A line of a minified file can be megabytes: `excerpt` keeps the part that is shown.
        let end = min(lineEnd, lineStart + 64 * 1024)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
        return (line, column, text)
    }

    /// A line as quoted under a message: whole when it is short; else the 120 characters around
    /// `column` (1-based), cut with `…`, and where the caret goes in that excerpt.
    static func excerpt(_ line: String, around column: Int) -> (text: String, caret: Int?) {
        let characters = Array(line.unicodeScalars)
        guard characters.count > 200 else { return (line, nil) }
        // Past the 64 KB kept of a longer line: its start, and no caret.
        guard column - 1 <= characters.count else { return (String(String.UnicodeScalarView(characters[0..<120])) + "…", -1) }
        let start = max(0, min(column - 1 - 60, characters.count - 120))
        let end = min(characters.count, start + 120)
        var text = String.UnicodeScalarView()
        if start > 0 { text.append("…") }
        text.append(contentsOf: characters[start..<end])
        if end < characters.count { text.append("…") }
        return (String(text), column - 1 - start + (start > 0 ? 1 : 0))
    }
}

/// The value of one ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`) of a `\u` escape, or nil.
@inlinable
public func hexDigitValue(_ byte: UInt8) -> UInt16? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}
