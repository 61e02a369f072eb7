/// Text from the data made safe for a page: the line breaks a page cannot hold (a line
/// tabulation U+000B, a form feed U+000C, NEL U+0085: what word processors paste, which the
/// String Catalog also reads as line breaks) become line feeds, so that the words they parted
/// stay apart; other characters no escape can carry are dropped — those
/// XML 1.0 forbids (C0 controls other than tab, line feed and carriage return), which would make
/// the page ill-formed, and those HTML forbids in a document (DEL and the C1 controls, U+007F to
/// U+009F; the noncharacters U+FDD0 to U+FDEF and the last two code points of every plane,
/// U+FFFE, U+FFFF, U+1FFFE … U+10FFFF), which HTML checkers report as errors on the page. What is
/// dropped is never a letter, a digit or a mark a reader could see. Escaping of `<`, `&` and
/// quotes is the template engine's job.
public enum XMLText {
    /// `text` without the characters a page cannot hold; returns `text` itself (no copy) when
    /// it has none, which is nearly always.
    public static func clean(_ text: String) -> String {
        if !needsCleaning(text) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isAllowed(scalar.value) {
                scalars.append(scalar)
            } else if isLineBreak(scalar.value) {
                scalars.append("\n")
            }
        }
        return String(scalars)
    }

    /// `text`'s line ends as an XML parser reads them (XML 1.0 §2.11): CR LF and a lone CR are
    /// one LF. A page's text shows its lines so; the search index, which a script writes into the
    /// page as text, carries them so too (a lone CR shows there as a space).
    public static func lineEndsAsRead(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
            } else if !(scalar == "\n" && afterCR) {
                result.append(scalar)
            }
            afterCR = scalar == "\r"
        }
        return String(result)
    }

    /// A line break a page cannot hold (the line tabulation U+000B, Word's manual break; a form
    /// feed; NEL U+0085), written as a line feed wherever it is read: the data's texts (`clean`),
    /// a String Catalog's values and their numeric references.
    public static func isLineBreak(_ value: UInt32) -> Bool { value == 0x0B || value == 0x0C || value == 0x85 }

    /// True when `value` is a code point a page may hold as text.
    public static func isAllowed(_ value: UInt32) -> Bool {
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        if value < 0x7F { return true }
        if value <= 0x9F { return false }
        if value >= 0xFDD0 && value <= 0xFDEF { return false }
        return value & 0xFFFE != 0xFFFE
    }

    /// True when `text` holds a code point a page may not (one pass over its bytes).
    private static func needsCleaning(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstDisallowed(in: UnsafeRawBufferPointer($0)) != nil }
    }

    /// The first code point of UTF-8 `bytes` that a page may not hold (`isAllowed`), with its
    /// byte offset, or nil. Eight bytes at a time while they are ASCII without DEL or a control
    /// other than tab, line feed and carriage return (nearly all of any page or text: a page's
    /// lines end within a word or two); else scalar by scalar. Bytes that are not UTF-8 are
    /// stepped over (a page's are the parser's to report): a sequence cut off at the end ends
    /// the scan. `vantage check` and the build's scan look at every page with it, so that a
    /// page never holds what HTML checkers report as a forbidden code point.
    public static func firstDisallowed(in bytes: UnsafeRawBufferPointer) -> (offset: Int, value: UInt32)? {
        guard let raw = bytes.baseAddress else { return nil }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        /// Per byte of an ASCII `word`, the high bit set when the byte is not `byte` (with the
        /// high bit set first, no subtraction borrows from the next byte, so each byte is exact).
        @inline(__always) func differs(_ word: UInt64, _ byte: UInt64) -> UInt64 {
            (((word ^ (byte &* ones)) | highBits) &- ones) & highBits
        }
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & highBits == 0 {
                    // Per byte, the high bit set when the byte is at least 0x20.
                    let printable = ((word | highBits) &- 0x20 &* ones) & highBits
                    if printable & differs(word, 0x7F) == highBits
                        || (printable | ~differs(word, 0x0A) | ~differs(word, 0x09) | ~differs(word, 0x0D)) & highBits
                            & differs(word, 0x7F) == highBits
                    {
                        index += 8
                        continue
                    }
                }
            }
            let byte = bytes[index]
            var value = UInt32(byte), length = 1
            if byte >= 0xC0 {
                length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= count else { return nil }
                value = UInt32(byte & (0xFF >> (length + 1)))
                for next in 1..<length { value = value << 6 | UInt32(bytes[index + next] & 0x3F) }
            } else if byte >= 0x80 {
                index += 1  // a continuation byte out of place: not UTF-8, not this scan's to report
                continue
            }
            if !isAllowed(value) { return (index, value) }
            index += length
        }
        return nil
    }
}
