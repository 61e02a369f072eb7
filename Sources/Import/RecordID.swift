/// The syntax of idea and quote ids (DATA.md leaves it open; docs/IMPORT.md states it): 1 to
/// 128 ASCII letters, digits, `.`, `_` and `-`, the first a letter or digit. Ids become parts
/// of page paths, URLs, element ids and file names, so anything else (`javascript:alert(1)`,
/// `../../x`, `idea 1`) is refused at the record instead of failing every later build.
public enum RecordID {
    /// The longest id.
    public static let maximumLength = 128

    /// The rule in words, for messages and docs.
    public static let syntax = "1 to 128 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit"

    /// True when `id` follows the syntax.
    public static func isValid(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
