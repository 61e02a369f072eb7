import _FoundationICU

/// Unicode Normalization Form C, by ICU's normaliser (the one inside the toolchain's
/// Foundation). Foundation's `precomposedStringWithCanonicalMapping` on Linux composes a
/// scalar beyond U+FFFF as if it were its low 16 bits: U+20041 U+0301 (an ideograph and an
/// acute) came back as U+00C1 "Á", and U+E0061 U+0301 as U+00E1. ICU reads UTF-16 whole.
public enum NFC {
    /// `text` in NFC.
    public static func normalize(_ text: String) -> String {
        var status = U_ZERO_ERROR
        guard let normalizer = swift_unorm2_getNFCInstance(&status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            preconditionFailure("ICU has no NFC normaliser")
        }
        let source = Array(text.utf16)
        // NFC of UTF-16 is at most three times as long (Unicode's stability guarantee); ICU says
        // how much it needs when the room is short.
        var capacity = source.count * 3 + 16
        while true {
            var output = [UChar](repeating: 0, count: capacity)
            status = U_ZERO_ERROR
            let length = swift_unorm2_normalize(normalizer, source, Int32(source.count), &output, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR, Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            precondition(status.rawValue <= U_ZERO_ERROR.rawValue, "ICU's NFC normaliser failed: \(status.rawValue)")
            return String(decoding: output[0..<Int(length)], as: UTF16.self)
        }
    }
}
