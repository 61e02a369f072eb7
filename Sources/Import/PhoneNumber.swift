/// Reads phone numbers the way people write them and gives their E.164 form (DATA.md "Phone
/// numbers"): spaces, dots, dashes and parentheses are ignored; a leading `+` or `00` starts
/// the country calling code; any other number is read in the default region, dropping that
/// region's trunk prefix. Two contacts are the same person exactly when these forms are equal.
public struct PhoneNumberReader: Sendable {
    /// The region numbers without a country code are read in.
    public let defaultRegion: PhoneRegion

    /// A reader for numbers written in `defaultRegion`.
    public init(defaultRegion: PhoneRegion) {
        self.defaultRegion = defaultRegion
    }

    /// The longest run of digits worth reading: E.164 allows 15, plus `00` and a trunk prefix.
    private static let maximumDigits = 24

    /// The E.164 form of `text` (`+14155550100`), or why it has none.
    public func e164(_ text: String) throws(PhoneNumberProblem) -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumDigits + 1) { buffer throws(PhoneNumberProblem) in
            var count = 0
            var international = false
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value >= 0x30 && value <= 0x39 {
                    guard count <= Self.maximumDigits else { throw .tooLong(digits: count, callingCode: nil, expected: nil) }
                    buffer[count] = UInt8(value - 0x30)
                    count += 1
                    continue
                }
                switch value {
                case 0x20, 0x2E, 0x2D, 0x28, 0x29, 0x09, 0xA0, 0x2000...0x200A, 0x202F, 0x3000, 0x2010...0x2015, 0x2212:
                    continue  // spaces (any width), dots, dashes (any kind), parentheses
                case 0x2B:
                    guard count == 0, !international else { throw .misplacedPlus }
                    international = true
                default:
                    if scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue {
                        // Digits of other scripts (Arabic-Indic, full-width) are still digits.
                        guard count <= Self.maximumDigits else { throw .tooLong(digits: count, callingCode: nil, expected: nil) }
                        buffer[count] = UInt8(digit)
                        count += 1
                    } else if scalar.properties.isAlphabetic {
                        throw .letters
                    } else {
                        throw .character(Character(scalar))
                    }
                }
            }
            guard count > 0 else { throw .empty }
            var digits = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            if !international, count >= 2, digits[0] == 0, digits[1] == 0 {
                international = true
                digits = UnsafeMutableBufferPointer(rebasing: digits[2...])
            }
            if international { return try Self.readInternational(digits) }
            return try Self.readNational(digits, region: defaultRegion)
        }
    }

    /// Digits after `+` or `00`: the calling code, then the national number.
    private static func readInternational(_ digits: UnsafeMutableBufferPointer<UInt8>) throws(PhoneNumberProblem) -> String {
        var code = 0
        var codeLength = 0
        for length in 1...3 where length <= digits.count {
            code = code * 10 + Int(digits[length - 1])
            if PhoneRegion.callingCodes.contains(code) {
                codeLength = length
                break
            }
        }
        guard codeLength > 0 else {
            if digits.isEmpty { throw .empty }
            throw .unknownCallingCode(String(digits.prefix(3).map { Character(String($0)) }))
        }
        let national = UnsafeMutableBufferPointer(rebasing: digits[codeLength...])
        return try format(callingCode: code, national: national, rule: PhoneRegion.byCallingCode[code])
    }

    /// Digits written without a country code: read in `region`.
    private static func readNational(_ digits: UnsafeMutableBufferPointer<UInt8>, region: PhoneRegion) throws(PhoneNumberProblem) -> String {
        try format(callingCode: region.callingCode, national: digits, rule: region)
    }

    /// Drops a trunk prefix (national, or written after the code as in `+44 (0)20…`), checks
    /// the length and writes `+<code><number>`.
    private static func format(callingCode: Int, national: UnsafeMutableBufferPointer<UInt8>, rule: PhoneRegion?) throws(PhoneNumberProblem) -> String {
        var national = national
        if let rule, !rule.trunkPrefix.isEmpty, startsWith(national, rule.trunkPrefix) {
            let stripped = UnsafeMutableBufferPointer(rebasing: national[rule.trunkPrefix.utf8.count...])
            if !stripped.isEmpty,
                !rule.numbersMayStartWithTrunk || (!rule.allows(length: national.count) && rule.allows(length: stripped.count))
            {
                national = stripped
            }
        }
        let codeDigits = callingCode >= 100 ? 3 : callingCode >= 10 ? 2 : 1
        if let rule {
            if !rule.allows(length: national.count) || codeDigits + national.count > 15 {
                let range = rule.lengthRange
                let expected = rule.lengthsDescription
                if national.count < range.lowerBound {
                    throw .tooShort(digits: national.count, callingCode: callingCode, expected: expected)
                }
                if national.count > range.upperBound || codeDigits + national.count > 15 {
                    throw .tooLong(digits: national.count, callingCode: callingCode, expected: expected)
                }
                throw .wrongLength(digits: national.count, callingCode: callingCode, expected: expected)
            }
        } else {
            if national.count < 4 { throw .tooShort(digits: national.count, callingCode: callingCode, expected: nil) }
            if codeDigits + national.count > 15 { throw .tooLong(digits: national.count, callingCode: callingCode, expected: nil) }
        }
        let length = 1 + codeDigits + national.count
        return String(unsafeUninitializedCapacity: length) { out in
            out[0] = UInt8(ascii: "+")
            var code = callingCode
            for index in stride(from: codeDigits, to: 0, by: -1) {
                out[index] = UInt8(code % 10) + 0x30
                code /= 10
            }
            for (index, digit) in national.enumerated() { out[1 + codeDigits + index] = digit + 0x30 }
            return length
        }
    }

    private static func startsWith(_ digits: UnsafeMutableBufferPointer<UInt8>, _ prefix: String) -> Bool {
        guard digits.count >= prefix.utf8.count else { return false }
        for (index, byte) in prefix.utf8.enumerated() where digits[index] != byte - 0x30 { return false }
        return true
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
    /// Fewer digits after the calling code than numbers there have.
    case tooShort(digits: Int, callingCode: Int?, expected: String?)
    /// More digits than numbers there (or E.164) allow.
    case tooLong(digits: Int, callingCode: Int?, expected: String?)
    /// A length between those allowed (8 digits in the UK).
    case wrongLength(digits: Int, callingCode: Int?, expected: String?)

    /// What is wrong, in words.
    public var reason: String {
        switch self {
        case .empty: return "it has no digits"
        case .letters: return "letters are not allowed"
        case .character(let character):
            return "the character '\(character)' is not allowed (only digits, spaces, dots, dashes, parentheses and a leading +)"
        case .misplacedPlus: return "'+' may only come first"
        case .unknownCallingCode(let digits): return "no country calling code starts +\(digits)"
        case .tooShort(let digits, let code, let expected): return "too short" + Self.detail(digits, code, expected)
        case .tooLong(let digits, let code, let expected): return "too long" + Self.detail(digits, code, expected)
        case .wrongLength(let digits, let code, let expected): return "wrong length" + Self.detail(digits, code, expected)
        }
    }

    private static func detail(_ digits: Int, _ code: Int?, _ expected: String?) -> String {
        guard let code else { return " (more than 15 digits)" }
        guard let expected else { return " (\(digits) digits after +\(code); E.164 allows 4 to \(15 - String(code).count))" }
        return " (\(digits) digits after +\(code), where numbers have \(expected))"
    }
}
