import Foundation
import VantageCore

/// A strict reader of one record's JSON bytes for the fast paths (`QuoteRecord(bytes:…)`): it
/// reads only what such a record holds when nothing is wrong with it (objects, arrays, strings
/// and whitespace) and gives up, returning nil, at anything else. Giving up is never an error:
/// the caller then reads the record the ordinary way (`JSONParser`, `Fields`), which names what
/// is wrong exactly. So whatever this reader accepts, `JSONParser` accepts too and reads as the
/// same values; the converse need not hold.
struct RecordBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A string read: its text exactly as `JSONParser` gives it (escapes decoded), whether every
    /// character is ASCII (NFC then changes nothing), and whether it holds U+0000 (which only an
    /// escape can write: a raw control byte is refused).
    struct Text {
        var string: String
        var isASCII: Bool
        var hasNUL: Bool
    }

    var atEnd: Bool { position == bytes.count }

    /// Skips JSON whitespace (the four bytes RFC 8259 allows, as `JSONParser` does).
    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Takes `byte` after any whitespace; false (nothing taken but the whitespace) otherwise.
    @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// True when only whitespace is left.
    mutating func finished() -> Bool {
        skipWhitespace()
        return atEnd
    }

    /// A member name in double quotes, plain ASCII letters without escapes (every name a
    /// record knows is such), compared with `names`: its index there, or nil (an unknown
    /// name, or one written any other way, which the ordinary reader then handles).
    mutating func memberName(_ names: [StaticString]) -> Int? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
              bytes[end] < 0x80 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let length = end - start
        for (index, name) in names.enumerated() where name.utf8CodeUnitCount == length {
            if memcmp(bytes.baseAddress! + start, name.utf8Start, length) == 0 {
                position = end + 1
                return take(UInt8(ascii: ":")) ? index : nil
            }
        }
        return nil
    }

    /// A string value's bytes between its double quotes (after any whitespace), whether it
    /// has escapes and whether every byte is ASCII; nil when the value is not a string or holds
    /// a control byte. The bytes are not checked further (see `string()`).
    struct RawString {
        var bytes: UnsafeBufferPointer<UInt8>
        var escaped: Bool
        var isASCII: Bool
    }

    /// A phone number's text, as `PhoneNumberReader.e164` reads it (from the bytes when they
    /// are plain ASCII: no string is made for a number already remembered).
    mutating func phone(_ phones: PhoneNumberReader) -> String? {
        guard let raw = rawString() else { return nil }
        if !raw.escaped, raw.isASCII { return try? phones.e164(ascii: raw.bytes) }
        guard let text = Self.text(of: raw)?.checked else { return nil }
        return try? phones.e164(text)
    }

    /// A string value (after any whitespace), or nil when the value is not a string or the
    /// string is anything `JSONParser` would refuse or this reader does not handle.
    mutating func string() -> Text? {
        guard let raw = rawString() else { return nil }
        return Self.text(of: raw)
    }

    /// The text of a string's bytes, or nil where `JSONParser` would refuse them.
    private static func text(of raw: RawString) -> Text? {
        let slice = raw.bytes
        if !raw.escaped {
            if raw.isASCII { return Text(string: String(decoding: slice, as: UTF8.self), isASCII: true, hasNUL: false) }
            // Valid UTF-8 or nothing, as the parser checks; no raw byte of a string is a NUL.
            guard let text = String(validating: slice, as: UTF8.self) else { return nil }
            return Text(string: text, isASCII: false, hasNUL: false)
        }
        if !raw.isASCII, String(validating: slice, as: UTF8.self) == nil { return nil }
        return unescape(slice, isASCII: raw.isASCII)
    }

    private mutating func rawString() -> RawString? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        position += 1
        let start = position
        var escaped = false
        var highBits: UInt64 = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight bytes at a time while none is a double quote, a backslash or a control byte.
            while position + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word)
                    & highs
                if found != 0 {
                    let plain = found.trailingZeroBitCount / 8
                    if plain > 0 { highBits |= word & highs & (UInt64.max >> UInt64(64 - 8 * plain)) }
                    position += plain
                    break
                }
                highBits |= word & highs
                position += 8
            }
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 2
                continue
            }
            if byte < 0x20 { return nil }
            highBits |= UInt64(byte & 0x80)
            position += 1
        }
        let end = position
        position += 1
        return RawString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), escaped: escaped, isASCII: highBits == 0)
    }

    /// The text of a string's bytes with escapes, decoded as `JSONParser` does; nil at an
    /// escape it would refuse (a lone surrogate, a bad hex digit, an unknown letter).
    private static func unescape(_ slice: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Text? {
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var ascii = isASCII
        var hasNUL = false
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            if byte != UInt8(ascii: "\\") {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < slice.count else { return nil }
            let code = slice[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit(slice, at: index) else { return nil }
                index += 4
                var value = UInt32(unit)
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard index + 6 <= slice.count, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u"),
                          let low = hexUnit(slice, at: index + 2), low >= 0xDC00 && low < 0xE000 else { return nil }
                    index += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    return nil
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                if value == 0 { hasNUL = true }
                if value >= 0x80 { ascii = false }
                output.append(contentsOf: UTF8.encode(scalar)!)
            default:
                return nil
            }
        }
        let string = output.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        return Text(string: string, isASCII: ascii, hasNUL: hasNUL)
    }

    private static func hexUnit(_ slice: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        guard index + 4 <= slice.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = hexDigitValue(slice[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}

extension RecordBytes.Text {
    /// The text as `Fields.string` returns it (NFC), or nil where it would throw: a NUL.
    var checked: String? {
        if hasNUL { return nil }
        return isASCII ? string : TextNormalization.nfc(string)
    }
}
