/// JSON written straight into bytes, for the per-viewer search index (the largest JSON the
/// build writes, once per viewer): the same escapes as `VantageCore.JSONWriter` (so the output
/// is the same), without going through `JSONValue` and `String` per character.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends raw JSON (punctuation, keys already quoted).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes already in JSON form.
    mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Appends `value` as a JSON string literal: `"` `\` and control characters escaped, and
    /// `<` `>` `&` U+2028 U+2029 as `\u` escapes so the JSON is safe inside HTML too.
    mutating func string(_ value: String) {
        bytes.append(0x22)
        var value = value
        value.withUTF8 { utf8 in
            // Runs of bytes that need no escape (nearly all of a text) are copied whole.
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                let byte = utf8[index]
                if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x3C, byte != 0x3E, byte != 0x26, byte != 0xE2 {
                    index += 1
                    continue
                }
                if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                index += 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0xE2:
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 starts a
                    // character kept as it is.
                    if index + 1 < count, utf8[index] == 0x80, utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9 {
                        escapeUnicode(utf8[index + 1] == 0xA8 ? 0x2028 : 0x2029)
                        index += 2
                    } else {
                        bytes.append(byte)
                    }
                default: escapeUnicode(UInt32(byte))  // < > & and the other control characters
                }
                runStart = index
            }
            if count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        }
        bytes.append(0x22)
    }

    /// Appends a whole number.
    mutating func number(_ value: Int64) { bytes.append(contentsOf: String(value).utf8) }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// `\uXXXX` with upper-case hex digits, as JSONWriter writes them.
    private mutating func escapeUnicode(_ scalar: UInt32) {
        let digits: StaticString = "0123456789ABCDEF"
        bytes.append(contentsOf: [0x5C, 0x75])
        digits.withUTF8Buffer { hex in
            for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
        }
    }

    /// The JSON string literal of `value` on its own.
    static func literal(_ value: String) -> [UInt8] {
        var json = JSONBytes()
        json.string(value)
        return json.bytes
    }
}
