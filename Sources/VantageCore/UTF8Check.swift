/// Where bytes stop being UTF-8: the one check behind "the text is not valid UTF-8", for a
/// JSON string (`JSONParser`) and for a whole JSON Lines file (`JSONLinesReader`).
public enum UTF8Check {
    /// The offset in `bytes` of the first sequence that is not UTF-8 (a stray continuation
    /// byte, a character cut short, an overlong form, a surrogate), or nil when all of it is.
    public static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let upper = Swift.min(index + length, bytes.count)
            if String(validating: UnsafeBufferPointer(rebasing: bytes[index..<upper]), as: UTF8.self) == nil { return index }
            index = upper
        }
        return nil
    }

    /// Whether a file's first bytes are UTF-16 or UTF-32 text, which a JSON parser would only
    /// see as stray bytes: a byte-order mark, or an ASCII character beside NUL bytes the way
    /// those encodings write `{`. Any other NUL byte is left to the parser, which names its place.
    public static func looksWide(_ prefix: some Collection<UInt8>) -> Bool {
        let head = Array(prefix.prefix(4))
        func ascii(_ byte: UInt8) -> Bool { byte >= 0x09 && byte < 0x80 }
        var wide = false
        if head.count >= 2 {
            wide = (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF)
                || (head[0] == 0 && ascii(head[1]) && (head.count < 4 || (head[2] == 0 && ascii(head[3]))))
                || (ascii(head[0]) && head[1] == 0 && (head.count < 4 || (ascii(head[2]) && head[3] == 0)))
        }
        if head.count == 4 {
            wide = wide || (head[0] == 0 && head[1] == 0 && head[2] == 0 && ascii(head[3]))
                || (ascii(head[0]) && head[1] == 0 && head[2] == 0 && head[3] == 0)
                || (head[0] == 0 && head[1] == 0 && head[2] == 0xFE && head[3] == 0xFF)
        }
        return wide
    }

    /// What a file in UTF-16 or UTF-32 is told.
    public static let wideMessage = "the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8"
}
