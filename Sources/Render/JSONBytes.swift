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
        var utf8 = value.utf8.makeIterator()
        var pending: [UInt8] = []  // the bytes of a possible U+2028/U+2029 (E2 80 A8/A9)
        while let byte = utf8.next() {
            if !pending.isEmpty {
                pending.append(byte)
                if pending.count == 2 && byte != 0x80 {
                    bytes.append(contentsOf: pending)
                    pending.removeAll()
                } else if pending.count == 3 {
                    if byte == 0xA8 || byte == 0xA9 {
                        escapeUnicode(byte == 0xA8 ? 0x2028 : 0x2029)
                    } else {
                        bytes.append(contentsOf: pending)
                    }
                    pending.removeAll()
                }
                continue
            }
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x3C, 0x3E, 0x26: escapeUnicode(UInt32(byte))
            case 0xE2: pending.append(byte)
            default:
                if byte < 0x20 { escapeUnicode(UInt32(byte)) } else { bytes.append(byte) }
            }
        }
        bytes.append(contentsOf: pending)
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
