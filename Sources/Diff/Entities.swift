import VantageCore

/// Character references in XHTML text and attribute values: the five XML entities, numeric
/// references (`NumericReference`), and the few HTML names templates tend to use. Unknown references stay as
/// written, so nothing is silently lost from a diff.
enum Entities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "hellip": "…", "mdash": "—", "ndash": "–", "middot": "·", "rsquo": "’", "lsquo": "‘",
        "rdquo": "”", "ldquo": "“", "times": "×", "larr": "←", "rarr": "→", "bull": "•",
    ]

    /// The text of `bytes` (UTF-8) with its character references replaced.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            // A numeric reference by the tool's one reading of them (any leading zeros).
            if byte == UInt8(ascii: "&"),
                let (end, value) = NumericReference.read(at: index, count: bytes.endIndex, { UInt32(bytes[$0]) }),
                let scalar = Unicode.Scalar(value)
            {
                output.append(contentsOf: String(Character(scalar)).utf8)
                index = end
                continue
            }
            guard byte == UInt8(ascii: "&"),
                let semicolon = bytes[index..<min(bytes.endIndex, index + 12)].firstIndex(of: UInt8(ascii: ";"))
            else {
                output.append(byte)
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            if let replacement = reference(name) {
                output.append(contentsOf: replacement.utf8)
                index = semicolon + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func reference(_ name: String) -> String? { named[name] }
}
