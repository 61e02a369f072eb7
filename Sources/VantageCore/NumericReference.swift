/// HTML's numeric character references (`&#133;`, `&#x85;`, `&#X0040;`, any leading zeros):
/// the one reading of them that the mask (a phone or an email spelled with references) and the
/// validator (a code point HTML forbids, written as one) share.
public enum NumericReference {
    /// The reference whose `&` is at `index` of a text of `count` units, where `unit(i)` is the
    /// code point of unit `i`: where it ends (after its `;`) and the code point it names; nil
    /// when no numeric reference starts there or it names no code point.
    public static func read(at index: Int, count: Int, _ unit: (Int) -> UInt32) -> (end: Int, value: UInt32)? {
        var position = index + 1
        guard position + 1 < count, unit(index) == 0x26, unit(position) == 0x23 else { return nil }  // "&#"
        position += 1
        let hex = unit(position) | 0x20 == 0x78  // "x" or "X"
        if hex { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while position < count {
            let code = unit(position)
            let digit: UInt32
            switch code {
            case 0x30...0x39: digit = code - 0x30
            case 0x61...0x66 where hex: digit = code - 0x61 + 10
            case 0x41...0x46 where hex: digit = code - 0x41 + 10
            case 0x3B: return digits > 0 ? (position + 1, value) : nil  // ";"
            default: return nil
            }
            value = value * (hex ? 16 : 10) + digit
            guard value <= 0x10FFFF else { return nil }
            digits += 1
            position += 1
        }
        return nil
    }
}
