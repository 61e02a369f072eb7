/// Explicit direction controls in text from the data, contained: a name or a quote is shown
/// inside an isolate of the page (a list of names) or beside other text, and a control it
/// opens or closes must not reach past it.
public enum DirectionControls {
    /// `text` with every explicit direction control it opens closed at its end, and every
    /// isolate it closes without opening (U+2069) opened at its start: so a name or a quote
    /// shown inside an isolate of the page (or beside other text) can neither end that isolate
    /// nor reverse what follows it, while the text itself shows as written (it stays whole in
    /// the result). Embeddings and overrides (U+202A, U+202B, U+202D, U+202E) are closed by
    /// U+202C, isolates (U+2066, U+2067, U+2068) by U+2069, as the Unicode Bidirectional
    /// Algorithm matches them; an unmatched U+202C is ignored by it and left. Text without
    /// such controls (nearly all) is returned as it is after one pass over its bytes.
    public static func balanced(_ text: String) -> String {
        // Every control is E2 80 AA…AE or E2 81 A6…A9 in UTF-8.
        let hasControl = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xE2 {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if (second == 0x80 && third >= 0xAA && third <= 0xAE) || (second == 0x81 && third >= 0xA6 && third <= 0xA9) { return true }
                }
                index += 1
            }
            return false
        } ?? true
        guard hasControl else { return text }
        var open: [Bool] = []  // true: an isolate, false: an embedding or override
        var unopenedIsolates = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
            case 0x2066, 0x2067, 0x2068: open.append(true)
            case 0x202C: if open.last == false { open.removeLast() }
            case 0x2069:
                if let isolate = open.lastIndex(of: true) { open.removeSubrange(isolate...) } else { unopenedIsolates += 1 }
            default: break
            }
        }
        guard unopenedIsolates > 0 || !open.isEmpty else { return text }
        return String(repeating: "\u{2068}", count: unopenedIsolates) + text
            + open.reversed().map { $0 ? "\u{2069}" : "\u{202C}" }.joined()
    }
}
