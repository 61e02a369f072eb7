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

    /// Appends text with `& < > " '` replaced by entities, safe in element content and in quoted
    /// attribute values.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Every special character is below 0x3F; one comparison skips most bytes.
            if byte <= 0x3E, let entity = OutputBuffer.entity(for: byte) {
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                bytes.append(contentsOf: entity)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }

    private static let ampersand: [UInt8] = Array("&amp;".utf8)
    private static let lessThan: [UInt8] = Array("&lt;".utf8)
    private static let greaterThan: [UInt8] = Array("&gt;".utf8)
    private static let quote: [UInt8] = Array("&quot;".utf8)
    private static let apostrophe: [UInt8] = Array("&#39;".utf8)

    @inline(__always)
    private static func entity(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): return ampersand
        case UInt8(ascii: "<"): return lessThan
        case UInt8(ascii: ">"): return greaterThan
        case UInt8(ascii: "\""): return quote
        case UInt8(ascii: "'"): return apostrophe
        default: return nil
        }
    }
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
