/// Fragment identifiers (`id="idea-ID"`, `#idea-ID`) built from export ids. Ids made of
/// letters, digits, `.`, `_` and `-` (the usual case) appear verbatim; any other byte becomes
/// `~` and two hex digits, so every id gives a valid, whitespace-free `id` attribute and URL
/// fragment, and distinct ids give distinct fragments.
public enum Fragment {
    /// The fragment of an idea entry: `idea-` and the id.
    public static func idea(_ id: String) -> String { "idea-" + escape(id) }
    /// The fragment of a quote entry: `quote-` and the id.
    public static func quote(_ id: String) -> String { "quote-" + escape(id) }

    /// `id` with every byte outside `[A-Za-z0-9._-]` written as `~HH`.
    public static func escape(_ id: String) -> String {
        if id.utf8.allSatisfy(isVerbatim) { return id }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in id.utf8 {
            if isVerbatim(byte) {
                out.append(byte)
            } else {
                out.append(contentsOf: [0x7E, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isVerbatim(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F
    }
}
