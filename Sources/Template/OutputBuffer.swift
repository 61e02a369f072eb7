/// The one growing byte buffer a page is rendered into; escaping writes entities directly into
/// it, so rendering allocates no intermediate strings.
struct OutputBuffer {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Appends text as it is.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a number as `{{n}}` shows it: whole numbers as digits (written directly, this is
    /// the common case), others as Swift prints them ("1.21").
    mutating func appendPlainNumber(_ number: Double) {
        guard number.rounded() == number, abs(number) < 1e15 else {
            append(Value.plainText(of: number))
            return
        }
        var whole = Int64(number)
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        // Up to 15 digits, written right to left into a scratch buffer on the stack.
        var digits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var position = buffer.count
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            bytes.append(contentsOf: buffer[position...])
        }
    }

    /// Appends text with `& < > " '` replaced by entities, safe in element content and in quoted
    /// attribute values.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let table = OutputBuffer.escapeTable
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let entity = table[Int(utf8[index])]
            if entity != 0 {
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                bytes.append(contentsOf: OutputBuffer.entities[Int(entity) - 1])
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }

    /// The entities for `&`, `<`, `>`, `"` and `'`.
    private static let entities: [[UInt8]] = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }

    /// For each byte, 0 or 1 + the index of its entity: one load per byte decides.
    nonisolated(unsafe) private static let escapeTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for (index, character) in ["&", "<", ">", "\"", "'"].enumerated() {
            table[Int(Character(character).asciiValue!)] = UInt8(index + 1)
        }
        return UnsafePointer(table)
    }()
}

/// HTML escaping for text and attribute values, the same as `{{name}}` applies.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public static func escape(_ text: String) -> String {
        var buffer = OutputBuffer(capacity: text.utf8.count + 16)
        buffer.appendEscaped(text)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
