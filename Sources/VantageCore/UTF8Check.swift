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
}
