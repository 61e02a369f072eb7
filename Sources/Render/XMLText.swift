/// Text from the data made safe for an XML document: characters XML 1.0 forbids (C0 controls
/// other than tab, line feed and carriage return; U+FFFE, U+FFFF) are dropped, since no escape
/// can carry them and one would make the page ill-formed. Escaping of `<`, `&` and quotes is
/// the template engine's job.
public enum XMLText {
    /// `text` without the characters XML cannot hold; returns `text` itself (no copy) when
    /// it has none, which is nearly always.
    public static func clean(_ text: String) -> String {
        if !needsCleaning(text) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isAllowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// One pass over the bytes: a forbidden control, or EF BF BE / EF BF BF (U+FFFE, U+FFFF).
    /// Eight bytes at a time while they are ASCII without a control (nearly all text).
    private static func needsCleaning(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            var previous: (UInt8, UInt8) = (0, 0)
            var index = 0
            while index < bytes.count {
                if index + 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    // No byte at or above 0x80, none below 0x20.
                    if word & highBits == 0, (word &- ones &* 0x20) & ~word & highBits == 0 {
                        previous = (bytes[index + 6], bytes[index + 7])
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                index += 1
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
                if (byte == 0xBE || byte == 0xBF) && previous == (0xEF, 0xBF) { return true }
                previous = (previous.1, byte)
            }
            return false
        }
    }

    private static func isNonCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        return !isNonCharacter(scalar)
    }
}
