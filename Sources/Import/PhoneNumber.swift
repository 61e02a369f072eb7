import CPhoneNumber
import Foundation
import VantageCore

/// Reads phone numbers the way people write them and gives their E.164 form (DATA.md "Phone
/// numbers"), with libphonenumber as the reference: spaces, dots, dashes, slashes and parentheses are
/// ignored; a leading `+` or `00` starts the country calling code; any other number is read in
/// the default region, dropping that region's national prefix exactly as libphonenumber does.
/// Two contacts are the same person exactly when these forms are equal.
///
/// Vantage checks the characters itself before libphonenumber sees them: libphonenumber would
/// skip text around a number and turn letters into keypad digits, and DATA.md makes both errors.
public struct PhoneNumberReader: Sendable {
    /// The region numbers without a country code are read in.
    public let defaultRegion: PhoneRegion
    /// Answers already given for a text: exports write the same few numbers thousands of times.
    private let memo = PhoneMemo()

    /// A reader for numbers written in `defaultRegion`.
    public init(defaultRegion: PhoneRegion) {
        self.defaultRegion = defaultRegion
    }

    /// The most digits worth handing on: E.164 allows 15, plus `00` and a national prefix.
    private static let maximumDigits = 20

    /// The E.164 form of `text` (`+14155550100`), or why it has none.
    ///
    /// The characters are checked on every call (one pass, no allocation); what libphonenumber
    /// answers for the digits is remembered, keyed by the digits packed into an integer, so a
    /// number met again costs a small hash lookup instead of a parse.
    /// `remembering: false` reads the digits without keeping the answer (digits that are
    /// seldom a phone, such as an id's, should not take the memo's room).
    public func e164(_ text: String, remembering: Bool = true) throws(PhoneNumberProblem) -> String {
        var packed: UInt64 = 0
        var count = 0
        var international = false
        var leadingZeros = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var digit: UInt32
            if value >= 0x30 && value <= 0x39 {
                digit = value - 0x30
            } else {
                switch value {
                case 0x20, 0x2E, 0x2D, 0x28, 0x29, 0x2F, 0x09, 0xA0, 0x2000...0x200A, 0x202F, 0x3000, 0x2010...0x2015, 0x2212:
                    continue  // spaces (any width), dots, dashes (any kind), parentheses, slashes ("02/123 456")
                case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
                    // Marks that show nothing, which address books put around a number in a
                    // right-to-left text (U+202A … U+202C, U+200E), and zero-width spaces and
                    // joiners, as libphonenumber passes over them.
                    continue
                case 0x2B, 0xFF0B:
                    // `+`, or the full-width `＋` a Japanese or Chinese keyboard types.
                    guard count == 0, !international else { throw .misplacedPlus }
                    international = true
                    continue
                default:
                    if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                        digit = UInt32(value)  // digits of other scripts (Arabic-Indic, full-width)
                    } else if scalar.properties.isAlphabetic {
                        throw .letters
                    } else {
                        throw .character(Character(scalar))
                    }
                }
            }
            if count == leadingZeros, digit == 0 { leadingZeros += 1 }
            count += 1
            if count <= Self.maximumDigits { packed = packed &* 10 &+ UInt64(digit) }
        }
        guard count > 0 else { throw .empty }
        if count > Self.maximumDigits { throw .tooManyDigits(count) }
        var afterDoubleZero = false
        if !international, count >= 2, leadingZeros >= 2 {
            // DATA.md: `00` starts a country code in every region (libphonenumber would use
            // each region's own international prefix, 011 in the US).
            international = true
            count -= 2
            leadingZeros -= 2
            afterDoubleZero = true
            if count == 0 { throw .empty }
        }
        let answer = reading(packed: packed, count: count, international: international, text: text, remembering: remembering)
        if case .failure = answer, afterDoubleZero {
            // A region whose own international prefix begins with 00 but is longer (0011 in
            // Australia, 001 in Korea): the number, which `00` read as a country code gave
            // none, is the one libphonenumber reads in the region, as DATA.md's reference.
            // (Its key is the digits with their zeros, a key no `00` reading uses.)
            if case .success(let number) = reading(packed: packed, count: count + 2, international: false, text: text, remembering: remembering) {
                return number
            }
        }
        return try answer.get()
    }

    /// libphonenumber's answer for the digits, from the memo when it has it.
    private func reading(packed: UInt64, count: Int, international: Bool, text: String, remembering: Bool)
        -> Result<String, PhoneNumberProblem>
    {
        // Twenty digits may not fit in 64 bits: those (rare, and too long anyway) are not remembered.
        let key = count < Self.maximumDigits ? PhoneMemo.Key(digits: packed, count: UInt8(count), international: international) : nil
        if let key, let known = memo.answer(for: key) { return known }
        let answer = Result { () throws(PhoneNumberProblem) in
            try read(packed: packed, count: count, international: international, text: text)
        }
        if remembering, let key { memo.remember(answer, for: key) }
        return answer
    }

    /// `e164` of ASCII text given as its bytes (the quote reader's fast path, which then makes
    /// no string for the number): a remembered number is answered from the bytes alone; any
    /// other text (a byte `e164` would look at more closely, a number not remembered yet, a
    /// problem) goes to `e164` itself, so the answers are always `e164`'s.
    func e164(ascii bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberProblem) -> String {
        var packed: UInt64 = 0
        var count = 0
        var international = false
        var leadingZeros = 0
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                if count == leadingZeros, byte == 0x30 { leadingZeros += 1 }
                count += 1
                packed = packed &* 10 &+ UInt64(byte - 0x30)
                continue
            }
            switch byte {
            case 0x20, 0x2E, 0x2D, 0x28, 0x29, 0x2F, 0x09: continue
            case 0x2B where count == 0 && !international: international = true
            default: return try e164(String(decoding: bytes, as: UTF8.self))
            }
        }
        // As in `e164`: more digits than it packs is its error, and `00` starts a country code.
        guard count <= Self.maximumDigits else { return try e164(String(decoding: bytes, as: UTF8.self)) }
        if !international, count >= 2, leadingZeros >= 2 {
            international = true
            count -= 2
        }
        guard count > 0, count < Self.maximumDigits,
              let known = memo.answer(for: PhoneMemo.Key(digits: packed, count: UInt8(count), international: international)),
              case .success(let number) = known else {
            return try e164(String(decoding: bytes, as: UTF8.self))
        }
        return number
    }

    /// libphonenumber's reading of the digits (as `+` and ASCII digits).
    private func read(packed: UInt64, count: Int, international: Bool, text: String) throws(PhoneNumberProblem) -> String {
        var digits = [CChar](repeating: 0x30, count: count + (international ? 2 : 1))
        if international { digits[0] = 0x2B }
        let last = digits.count - 2
        if count < Self.maximumDigits {
            var rest = packed
            for index in stride(from: last, through: international ? 1 : 0, by: -1) {
                digits[index] = CChar(0x30 + rest % 10)
                rest /= 10
            }
        } else {
            // Twenty digits: read them again from the text.
            var index = international ? 1 : 0
            var skip = text.unicodeScalars.filter { $0.properties.numericType == .decimal }.count - count
            for scalar in text.unicodeScalars {
                guard let value = scalar.properties.numericType == .decimal ? scalar.properties.numericValue : nil else { continue }
                if skip > 0 { skip -= 1; continue }
                digits[index] = CChar(0x30 + Int(value))
                index += 1
            }
        }
        digits[digits.count - 1] = 0
        var e164 = [CChar](repeating: 0, count: 32)
        let result = vantage_phone_read(digits, defaultRegion.code, &e164, e164.count)
        let code = Int(result.callingCode)
        let national = Int(result.nationalDigits)
        switch result.status {
        case VantagePhoneOK:
            return String(decoding: e164.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case VantagePhoneInvalidCountryCode:
            let start = digits.filter { $0 >= 0x30 }.prefix(3).map { UInt8($0) }
            throw .unknownCallingCode(String(decoding: start, as: UTF8.self))
        case VantagePhoneTooShortToParse:
            throw .tooShort(digits: nil, callingCode: nil, expected: nil)
        case VantagePhoneTooLongToParse:
            throw .tooManyDigits(count)
        case VantagePhoneTooShort:
            throw .tooShort(digits: national, callingCode: code, expected: PhoneRegion.lengthsDescription(callingCode: code))
        case VantagePhoneTooLong:
            throw .tooLong(digits: national, callingCode: code, expected: PhoneRegion.lengthsDescription(callingCode: code))
        case VantagePhoneLocalOnly:
            throw .localOnly(digits: national, callingCode: code, expected: PhoneRegion.lengthsDescription(callingCode: code))
        default:
            throw .wrongLength(digits: national, callingCode: code, expected: PhoneRegion.lengthsDescription(callingCode: code))
        }
    }
}

/// Why a text is not a phone number; `reason` completes "expected a phone number, found …".
public enum PhoneNumberProblem: Error, Sendable, Equatable {
    /// No digits at all.
    case empty
    /// Letters (vanity numbers, extensions such as "x12").
    case letters
    /// A character that is neither a digit nor a separator people use.
    case character(Character)
    /// A `+` that does not come first.
    case misplacedPlus
    /// No country calling code starts these digits.
    case unknownCallingCode(String)
    /// Fewer digits after the calling code than numbers there have (nil: too few to read).
    case tooShort(digits: Int?, callingCode: Int?, expected: String?)
    /// More digits than numbers there allow.
    case tooLong(digits: Int, callingCode: Int, expected: String?)
    /// More digits than any phone number has (E.164 allows 15, libphonenumber reads up to 17
    /// after the country code).
    case tooManyDigits(Int)
    /// A length between those allowed (8 digits in the UK).
    case wrongLength(digits: Int, callingCode: Int, expected: String?)
    /// A number dialled only inside its area (a US number without its area code).
    case localOnly(digits: Int, callingCode: Int, expected: String?)

    /// What is wrong, in words.
    public var reason: String {
        switch self {
        case .empty: return "it has no digits"
        case .letters: return "letters are not allowed"
        case .character(let character):
            // Quoted as messages quote data: a line break or a control shows as its escape.
            return "the character \(quoted(String(character))) is not allowed (only digits, spaces, dots, dashes, slashes, parentheses and a leading +)"
        case .misplacedPlus: return "'+' may only come first"
        case .unknownCallingCode(let digits): return "no country calling code starts +\(digits)"
        case .tooShort(let digits, let code, let expected):
            guard let digits, let code else { return "too short (too few digits to be a phone number)" }
            return "too short" + Self.detail(digits, code, expected)
        case .tooLong(let digits, let code, let expected): return "too long" + Self.detail(digits, code, expected)
        case .tooManyDigits(let count): return "too long (\(count) digits; E.164 numbers have at most 15)"
        case .wrongLength(let digits, let code, let expected): return "not a possible number for its country" + Self.detail(digits, code, expected)
        case .localOnly(let digits, let code, let expected):
            return "not a possible number for its country, only a local one" + Self.detail(digits, code, expected)
        }
    }

    private static func detail(_ digits: Int, _ code: Int, _ expected: String?) -> String {
        guard let expected else { return " (\(digits) digits after +\(code))" }
        return " (\(digits) digits after +\(code), where numbers have \(expected))"
    }
}

