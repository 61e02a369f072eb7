import VantageCore

/// Finding the spans `PersonalDataMask` masks. The scan works on a canonical view of the
/// text, one unit per scalar (so spans map straight back): digits of every script become ASCII
/// digits, fullwidth forms their ASCII counterparts, the many spaces and dashes one space and
/// one dash, ASCII letters lower case.
extension PersonalDataMask {
    /// False when `text` cannot hold anything to mask: ASCII, no at-sign, no bracketed, dashed
    /// or spaced "at", fewer than 5 digits. Decides most texts in one pass over the bytes.
    static func mightHold(_ text: String) -> Bool {
        var text = text
        let verdict: Bool? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let count = bytes.count
            var digits = 0
            var previous: (UInt8, UInt8) = (0, 0)  // the two bytes before, lower-cased
            var index = 0
            while index < count {
                // Eight bytes at a time when they are ASCII without an at-sign, a "t", a "%", a
                // "&" or a backslash: no "at" can end among them (unless the "t" was the byte
                // before), nor an encoded at-sign ("%40", "&#64;", "\u0040"), so only their digits
                // count. About half the words of a text pass.
                if index + 8 <= count, previous.1 != UInt8(ascii: "t") {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & Self.highBits == 0, !Self.hasByte(word, UInt8(ascii: "@")),
                        !Self.hasByte(word | (Self.ones &* 0x20), UInt8(ascii: "t")),
                        !Self.hasByte(word, UInt8(ascii: "%")), !Self.hasByte(word, UInt8(ascii: "&")),
                        !Self.hasByte(word, UInt8(ascii: "\\"))
                    {
                        digits += Self.digitCount(word)
                        if digits >= PhoneDigits.known { return true }
                        previous = (Self.lowered(bytes[index + 6]), Self.lowered(bytes[index + 7]))
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                index += 1
                if byte >= 0x80 { return nil }
                // An at-sign, or what may start one written as a URL, an HTML character
                // reference or a backslash escape ("%40", "&#64;", "&commat;", "\u0040"): rare,
                // so the scans decide.
                if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\\") {
                    return true
                }
                if byte >= 0x30 && byte <= 0x39 {
                    digits += 1
                    if digits >= PhoneDigits.known { return true }
                }
                // "at" then a space or a closing bracket: "(at)", "[at]", " at ".
                if previous == (UInt8(ascii: "a"), UInt8(ascii: "t")),
                    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
                        || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/")
                {
                    return true
                }
                previous = (previous.1, Self.lowered(byte))
            }
            // Three digits or four: a phone of the export written with letters for the rest
            // (`415-FLOWERS`, `vanityPhoneSpans`) has a letter just after a digit.
            return digits >= 3 && Self.hasLetterAfterDigit(UnsafeBufferPointer(start: base, count: count))
        }
        return verdict ?? mightHoldCanonically(text)
    }

    /// True when a digit is followed by an ASCII letter, directly or after one or two of
    /// `-`, `.`, ` `, `/`, `)` (a vanity number's join, `vanityPhoneSpans`).
    static func hasLetterAfterDigit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] >= 0x30 && bytes[index] <= 0x39 else { index += 1; continue }
            var next = index + 1
            while next < bytes.count, next - index <= 2,
                bytes[next] == UInt8(ascii: "-") || bytes[next] == UInt8(ascii: ".") || bytes[next] == 0x20 || bytes[next] == UInt8(ascii: "/")
                    || bytes[next] == UInt8(ascii: ")")
            {
                next += 1
            }
            if next < bytes.count, (bytes[next] | 0x20) >= 0x61, (bytes[next] | 0x20) <= 0x7A { return true }
            index += 1
        }
        return false
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a word of eight bytes holds `byte` (the zero-byte test on the word XOR it).
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let probe = word ^ (ones &* UInt64(byte))
        return (probe &- ones) & ~probe & highBits != 0
    }

    /// The ASCII digits in a word of ASCII bytes: a byte is one when adding 0x50 sets its top
    /// bit (it is at least "0") and adding 0x46 does not (it is below ":"); no sum carries
    /// into the next byte.
    @inline(__always)
    private static func digitCount(_ word: UInt64) -> Int {
        let atLeastZero = word &+ (ones &* 0x50)
        let pastNine = word &+ (ones &* 0x46)
        return (atLeastZero & ~pastNine & highBits).nonzeroBitCount
    }

    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 { (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte }

    /// `mightHold` for text beyond ASCII: the same test on the canonical view (so a fullwidth
    /// at-sign, digits of any script, a no-break space before "at" count as theirs), and any
    /// marker scalar (which `clean` drops). Most names and texts with accents or other scripts
    /// hold none of these and are decided here without the scans.
    static func mightHoldCanonically(_ text: String) -> Bool {
        var digits = 0
        var previous: (Unicode.Scalar, Unicode.Scalar) = ("\u{0}", "\u{0}")  // the two units before
        for scalar in text.unicodeScalars {
            if scalar == marker || scalar == unknownMarker { return true }
            let unit = canonical(scalar)
            if unit == "@" || unit == "%" || unit == "&" || unit == "\\" { return true }
            if isDigit(unit) {
                digits += 1
                if digits >= PhoneDigits.known { return true }
            }
            if previous == ("a", "t"), unit == " " || unit == ")" || unit == "]" || unit == "}" || unit == ">" || unit == "-"
                || unit == "_" || unit == "/"
            {
                return true
            }
            previous = (previous.1, unit)
        }
        // As `mightHold`: a vanity number's digits and its letters (rare beyond ASCII: let the
        // scans decide).
        return digits >= 3
    }

    static func asciiDigit(_ scalar: Unicode.Scalar) -> Character {
        Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(Int(scalar.properties.numericValue ?? 0) % 10)))
    }

    /// One scalar's canonical unit.
    @inline(__always)
    static func canonical(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 { return canonicalASCII(value, scalar) }
        // Beyond ASCII the Unicode properties cost a few hundred instructions a scalar, and
        // every accented name and text is read scalar by scalar: the plane most text is in is
        // worked out once.
        if value < 0x10000 { return Unicode.Scalar(canonicalBasicPlane[Int(value)])! }
        return canonicalByProperties(scalar)
    }

    /// `canonicalByProperties` of every scalar below U+10000 (a surrogate, which is no
    /// scalar, maps to itself and is never read).
    static let canonicalBasicPlane: [UInt32] = (0..<0x10000).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return UInt32(value) }
        return canonicalByProperties(scalar).value
    }

    /// One scalar's canonical unit, from its Unicode properties.
    static func canonicalByProperties(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 { return canonicalASCII(value, scalar) }
        if scalar.properties.numericType == .decimal { return asciiDigit(scalar).unicodeScalars.first! }
        // Digits written otherwise (circled ①, superscript ², parenthesized ⑴): a digit to a reader.
        if scalar.properties.numericType == .digit, let number = scalar.properties.numericValue, number >= 0, number <= 9,
            number == number.rounded()
        {
            return asciiDigit(scalar).unicodeScalars.first!
        }
        // Invisible format characters (zero-width space and joiners, word joiner, bidi marks,
        // soft hyphen), and what only dresses the character before (a keycap's enclosing mark,
        // variation selectors: 4️⃣), read as a separator, so that one between every digit hides
        // nothing.
        // So is anything else a reader may not see: a default-ignorable code point (the combining
        // grapheme joiner U+034F, Hangul fillers U+115F, U+3164, U+FFA0, Khmer U+17B4), and a
        // private-use character (shown as nothing, or as a font's own glyph).
        // Tag characters (U+E0020–U+E007E) are invisible copies of ASCII, there to spell an emoji
        // flag's region (🏴 + g b s c t): read as the ASCII they copy, so that a phone or an
        // email spelled in them is seen, and masked, as one.
        if value >= 0xE0020 && value <= 0xE007E { return canonicalASCII(value - 0xE0000, Unicode.Scalar(value - 0xE0000)!) }
        let properties = scalar.properties
        if isInvisibleByProperties(scalar) { return "-" }
        // Any dash (the wave dash U+301C, U+2E3A, …) is a dash, and so is a nonspacing mark (the
        // strike-through and underline of "fancy text", 4̶1̶5̶): it dresses the digit before it.
        if properties.generalCategory == .dashPunctuation || properties.generalCategory == .nonspacingMark { return "-" }
        // Any other space or line break (U+2028, U+1680, …) is a space.
        if scalar.properties.isWhitespace { return " " }
        if value >= 0xFF01 && value <= 0xFF5E { return canonicalByProperties(Unicode.Scalar(value - 0xFEE0)!) }
        switch value {
        case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return " "
        case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63: return "-"
        // What else a keyboard gives between groups: the prolonged sound marks (ー, ｰ), a hyphen
        // bullet, a modifier minus, fraction and division slashes, leaders and ellipses, the
        // ideographic and Arabic commas, tildes.
        case 0x30FC, 0xFF70, 0x2043, 0x02D7, 0x2044, 0x2215, 0x2025, 0x2026, 0x3001, 0x060C, 0x301C, 0x223C: return "-"
        case 0x2024, 0x3002, 0xFF61, 0x066B, 0x2E31, 0x2E30: return "."
        // Quotation marks and primes written as apostrophes between groups (415’555’0100).
        case 0x2018, 0x2019, 0x201B, 0x2032, 0x02BC, 0x02B9: return "'"
        // The digits of Chinese and Japanese numerals (四一五五五五〇一〇〇, 〇九〇-一二三四-五六七八).
        case 0x3007, 0x96F6, 0x6D1E: return "0"  // 〇, 零, and 洞 as read aloud
        case 0x5E7A, 0x58F9: return "1"  // 幺 (a spoken one), 壹
        case 0x8D30, 0x8CB3: return "2"  // 贰 貳
        case 0x53C1, 0x53C3: return "3"  // 叁 參
        case 0x8086: return "4"  // 肆
        case 0x4F0D: return "5"  // 伍
        case 0x9646, 0x9678: return "6"  // 陆 陸
        case 0x67D2: return "7"  // 柒
        case 0x634C: return "8"  // 捌
        case 0x7396: return "9"  // 玖
        case 0x4E00: return "1"
        case 0x4E8C: return "2"
        case 0x4E09: return "3"
        case 0x56DB: return "4"
        case 0x4E94: return "5"
        case 0x516D: return "6"
        case 0x4E03: return "7"
        case 0x516B: return "8"
        case 0x4E5D: return "9"
        // The Arabic thousands separator (415٬555٬0100) is a comma.
        case 0x066C: return ","
        // Bullets and middle dots between groups (415•555•0100).
        case 0x00B7, 0x2022, 0x2027, 0x2219, 0x22C5, 0x30FB, 0xFF65: return "."
        case 0xFE6B: return "@"
        // Greek's final sigma is a sigma, as the import stores an email (`TextNormalization`).
        case 0x03C2: return "\u{3C3}"
        default:
            // Letters lower case, as ASCII ones are (`BÜCHER.de` is `bücher.de`), where lower-casing
            // keeps one scalar.
            if properties.isUppercase, let lower = properties.lowercaseMapping.unicodeScalars.first,
                properties.lowercaseMapping.unicodeScalars.count == 1
            {
                return lower
            }
            return scalar
        }
    }

    /// True for a scalar a reader does not see (`canonicalByProperties` reads each as a dash):
    /// a format character, an enclosing mark, a variation selector, a default-ignorable code
    /// point or a private-use character; not the tag characters that copy ASCII.
    static func isInvisibleByProperties(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 || (value >= 0xE0020 && value <= 0xE007E) { return false }
        let properties = scalar.properties
        return properties.generalCategory == .format || properties.generalCategory == .enclosingMark
            || properties.isVariationSelector || properties.isDefaultIgnorableCodePoint
            || properties.generalCategory == .privateUse
    }

    /// `isInvisibleByProperties` of every scalar below U+10000.
    static let invisibleBasicPlane: [Bool] = (0..<0x10000).map { value in
        Unicode.Scalar(UInt32(value)).map(isInvisibleByProperties) ?? false
    }

    @inline(__always)
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return false }
        if value < 0x10000 { return invisibleBasicPlane[Int(value)] }
        return isInvisibleByProperties(scalar)
    }

    /// `scalars` without what a reader does not see, and where each one left stands; nil when
    /// there is nothing unseen. Each unseen character used to be read as a separator, so nine
    /// zero-width joiners between two digits (more than a run may hold) hid a phone the page
    /// shows whole: a reader sees the digits side by side, and so does the scan now.
    static func withoutInvisible(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], ranges: [Range<Int>])? {
        guard scalars.contains(where: isInvisible) else { return nil }
        return reading(scalars) { isInvisible(scalars[$0]) ? ($0 + 1, nil) : nil }
    }

    /// `scalars` as a reader reads them where some runs of them read otherwise: `run(index)`
    /// gives the end of such a run that starts at `index` and the scalar it reads as (nil: it is
    /// passed over), or nil where the scalar reads as itself. Each scalar read comes with the
    /// range of `scalars` it was written as; nil when no such run was met. One walk for the
    /// three readings (unseen characters, markup, escapes).
    @inline(__always)
    static func reading(
        _ scalars: [Unicode.Scalar], runs run: (Int) -> (end: Int, reads: Unicode.Scalar?)?
    ) -> (scalars: [Unicode.Scalar], ranges: [Range<Int>])? {
        var read: [Unicode.Scalar] = []
        var ranges: [Range<Int>] = []
        read.reserveCapacity(scalars.count)
        ranges.reserveCapacity(scalars.count)
        var met = false
        var index = 0
        while index < scalars.count {
            if let (end, reads) = run(index) {
                met = true
                if let reads {
                    read.append(reads)
                    ranges.append(index..<end)
                }
                index = end
            } else {
                read.append(scalars[index])
                ranges.append(index..<(index + 1))
                index += 1
            }
        }
        return met ? (read, ranges) : nil
    }

    /// `scalars` without the markup written in them (a tag, a comment: `415<b>555</b>0100`,
    /// `ana<span>@</span>example.com`), and where each one left stands; nil when there is none.
    /// The page shows markup as typed and a reader reads past it, as anything that renders it
    /// would: it ended the run, so such a phone, even the export's own, reached the page whole.
    /// What markup holds is read too, since the scans also read the text as written
    /// (`<ana@example.com>` is no tag to hide an address).
    static func withoutMarkup(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], ranges: [Range<Int>])? {
        guard scalars.contains("<") else { return nil }
        return reading(scalars) { index in
            scalars[index] == "<" ? markupEnd(scalars, from: index).map { ($0, nil) } : nil
        }
    }

    /// Where the markup that starts at `index` (a `<`) ends: a tag (`<b>`, `</span>`, `<br/>`,
    /// `<span class="x">`: `<`, an optional `/`, an ASCII letter, then anything but `<` up to the
    /// first `>`) or a comment (`<!-- … -->`), within 256 scalars; nil for anything else (`2 < 3`,
    /// `<3`).
    static func markupEnd(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        let limit = min(scalars.count, index + 256)
        var at = index + 1
        if at + 2 < limit, scalars[at] == "!", scalars[at + 1] == "-", scalars[at + 2] == "-" {
            at += 3
            while at + 2 < limit {
                if scalars[at] == "-", scalars[at + 1] == "-", scalars[at + 2] == ">" { return at + 3 }
                at += 1
            }
            return nil
        }
        if at < limit, scalars[at] == "/" { at += 1 }
        guard at < limit, (scalars[at].value | 0x20) >= 0x61, (scalars[at].value | 0x20) <= 0x7A else { return nil }
        while at < limit {
            if scalars[at] == ">" { return at + 1 }
            if scalars[at] == "<" { return nil }
            at += 1
        }
        return nil
    }

    /// An ASCII scalar's unit: letters lower case, any whitespace (tab, line feed, …) a space.
    @inline(__always)
    static func canonicalASCII(_ value: UInt32, _ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if value >= 0x41 && value <= 0x5A { return Unicode.Scalar(value + 0x20)! }
        if value >= 0x09 && value <= 0x0D { return " " }
        return scalar
    }

    /// An HTML character reference at `index` of the units (`&#64;`, `&#x0040;`, `&nbsp;`: a
    /// page shows it as typed, and a reader reads the character): where it ends and what it
    /// names. Numeric references with any leading zeros; the named ones a phone or an email
    /// could be spelled with.
    static func reference(_ units: [Unicode.Scalar], at index: Int) -> (end: Int, scalar: Unicode.Scalar)? {
        guard index + 3 < units.count, units[index] == "&" else { return nil }
        if units[index + 1] == "#" {
            guard let numeric = NumericReference.read(at: index, count: units.count, { units[$0].value }),
                  let scalar = Unicode.Scalar(numeric.value) else { return nil }
            return (numeric.end, scalar)
        }
        let position = index + 1
        for (name, scalar) in namedReferences where has(name, at: position, in: units) {
            return (position + name.unicodeScalars.count, scalar)
        }
        return nil
    }

    private static let namedReferences: [(String, Unicode.Scalar)] = [
        ("commat;", "@"), ("nbsp;", " "), ("ensp;", " "), ("emsp;", " "), ("thinsp;", " "), ("hyphen;", "-"),
        ("dash;", "-"), ("period;", "."), ("sol;", "/"), ("lowbar;", "_"), ("lpar;", "("), ("rpar;", ")"),
        ("comma;", ","), ("middot;", "."), ("bull;", "."), ("ndash;", "-"), ("mdash;", "-"), ("minus;", "-"),
        // Matched against the canonical (lower-case) units: `&NonBreakingSpace;` too.
        ("nonbreakingspace;", " "), ("numsp;", " "), ("puncsp;", " "), ("hairsp;", " "), ("zwnj;", "-"), ("zwj;", "-"),
    ]

    /// The text as a reader reads it when it spells characters with escapes: HTML character
    /// references (`&#52;`, `&#x34;`, `&commat;`), percent-encoded bytes (`%20`, `%2B`, the UTF-8
    /// of `%EF%BC%94`) and backslash escapes (`\u0040`, `\u{40}`, `\x40`), each read as the
    /// character it names. `units` are the canonical units of `scalars`. Returns the scalars so
    /// read, each with the range of `scalars` it was written as (one scalar for most), or nil
    /// when `scalars` holds no escape: the scans then read them as they are, and a span they find
    /// in the text read is masked where it was written. (Only the escapes the page shows as
    /// typed: a reader decodes `&#52;&#49;&#53;…` at a glance.)
    static func decodingEscapes(_ scalars: [Unicode.Scalar], units: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], ranges: [Range<Int>])? {
        guard scalars.contains(where: { $0 == "&" || $0 == "%" || $0 == "\\" }) else { return nil }
        return reading(scalars) { index in escape(scalars, units: units, at: index).map { ($0.0, $0.1) } }
    }

    /// The escape that starts at `index` (`decodingEscapes`): where it ends and what it names.
    private static func escape(_ scalars: [Unicode.Scalar], units: [Unicode.Scalar], at index: Int) -> (Int, Unicode.Scalar)? {
        func hexValue(_ at: Int) -> UInt32? {
            guard at < scalars.count, scalars[at].isASCII else { return nil }
            return hexDigitValue(UInt8(scalars[at].value)).map(UInt32.init)
        }
        /// `count` hex digits from `at`, as a number.
        func hex(_ at: Int, _ count: Int) -> UInt32? {
            var value: UInt32 = 0
            for offset in 0..<count {
                guard let digit = hexValue(at + offset) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        switch scalars[index] {
        case "&":
            guard let reference = reference(units, at: index) else { return nil }
            return (reference.end, reference.scalar)
        case "%":
            // One byte, or the bytes of one UTF-8 character, each as `%XX`.
            guard let first = hex(index + 1, 2) else { return nil }
            if first >= 0x20 && first < 0x7F { return (index + 3, Unicode.Scalar(UInt8(first))) }
            let length = first >= 0xF0 && first < 0xF5 ? 4 : first >= 0xE0 ? 3 : first >= 0xC2 && first < 0xE0 ? 2 : 0
            guard length > 0, first < 0xF5 else { return nil }
            var bytes = [UInt8(first)]
            for position in 1..<length {
                let at = index + 3 * position
                guard at < scalars.count, scalars[at] == "%", let byte = hex(at + 1, 2) else { return nil }
                bytes.append(UInt8(byte))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else { return nil }
            return (index + 3 * length, scalar)
        case "\\":
            guard index + 1 < scalars.count else { return nil }
            switch scalars[index + 1] {
            case "u" where index + 2 < scalars.count && scalars[index + 2] == "{":
                var end = index + 3
                var value: UInt32 = 0
                while end < scalars.count, end - index - 3 < 6, let digit = hexValue(end) {
                    value = value << 4 | digit
                    end += 1
                }
                guard end > index + 3, end < scalars.count, scalars[end] == "}", let scalar = Unicode.Scalar(value) else { return nil }
                return (end + 1, scalar)
            case "u", "U":
                guard let value = hex(index + 2, 4), let scalar = Unicode.Scalar(value) else { return nil }
                return (index + 6, scalar)
            case "x", "X":
                guard let value = hex(index + 2, 2), value >= 0x20, value < 0x7F else { return nil }
                return (index + 4, Unicode.Scalar(UInt8(value)))
            default:
                return nil
            }
        default:
            return nil
        }
    }

    static func isDigit(_ unit: Unicode.Scalar) -> Bool { unit.value >= 0x30 && unit.value <= 0x39 }

    /// Characters of an email's local part: letters and digits of any script, `.`, and every
    /// symbol RFC 5322 allows in an address (`!#$%&'*+-/=?^_`{|}~`), so that `ana!@example.com`
    /// is masked whole.
    static func isLocal(_ unit: Unicode.Scalar) -> Bool {
        let value = unit.value
        if value < 0x80 {
            if isDigit(unit) || (value >= 0x61 && value <= 0x7A) { return true }
            return value < 64 ? (Self.localSymbolsLow >> UInt64(value)) & 1 == 1 : (Self.localSymbolsHigh >> UInt64(value - 64)) & 1 == 1
        }
        return unit.properties.isAlphabetic || unit.properties.numericType != nil
    }

    /// The ASCII symbols of a local part (`isLocal`), as bits by code point: below 64, and 64 up.
    private static let localSymbolsLow: UInt64 = 0xA000ECFA00000000
    private static let localSymbolsHigh: UInt64 = 0x78000001C0000000

    /// Characters of a domain label.
    static func isLabel(_ unit: Unicode.Scalar) -> Bool {
        if unit.value < 0x80 { return isDigit(unit) || (unit.value >= 0x61 && unit.value <= 0x7A) || unit == "-" }
        return unit.properties.isAlphabetic || unit.properties.numericType != nil
    }

    /// True when `word` is at `index` in `units`.
    static func has(_ word: String, at index: Int, in units: [Unicode.Scalar]) -> Bool {
        var position = index
        for scalar in word.unicodeScalars {
            guard position < units.count, units[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    /// Spans (in offsets of `units`, the canonical units of a text) shaped like an email, plus
    /// the export's emails written with a spelled-out " at ". `original` (the scalars as
    /// written) tells a sentence's end from a spaced dot: `ana@example. com` is one address, but
    /// in `bo@example.com. Then call` the capital after ". " starts a sentence, not a label.
    func emailSpans(units: [Unicode.Scalar], original: [Unicode.Scalar]? = nil) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        while index < units.count {
            // Every at-sign form starts with one of these: most units are decided here.
            switch units[index].value {
            case 0x40, 0x28, 0x5B, 0x7B, 0x20, 0x25, 0x26, 0x3C, 0x2D, 0x5F, 0x2F: break
            default:
                index += 1
                continue
            }
            // The at-sign: "@", or "(at)", "[at]", "{at}", or " at " (known emails only).
            var atEnd = index
            var spelled = false
            var bracketed = false
            // Each spelled form is tried only where its first unit is (the forms' array and
            // the comparisons for every other unit of a text cost most of the scan).
            let unit = units[index]
            if unit == "@" {
                atEnd = index + 1
                while atEnd < units.count, units[atEnd] == "@" { atEnd += 1 }
            } else if unit == "%", Self.has("%40", at: index, in: units) {
                atEnd = index + 3  // the at-sign as a URL writes it
            } else if unit == "&", let reference = Self.reference(units, at: index), Self.canonical(reference.scalar) == "@" {
                // As an HTML character reference: the page shows it as typed, and a reader
                // reads an at-sign.
                atEnd = reference.end
            } else if unit == "(" || unit == "[" || unit == "{" || unit == "<" || unit == "-" || unit == "_" || unit == "/",
                ["(at)", "[at]", "{at}", "(@)", "[@]", "{@}", "<at>", "-at-", "_at_", "/at/"].contains(where: { Self.has($0, at: index, in: units) })
            {
                atEnd = index + 4
                bracketed = true
            } else if unit == " ", let end = Self.spelledAt(units, from: index) {
                atEnd = end
                spelled = true
            } else {
                index += 1
                continue
            }
            // The local part, before the at-sign (spaces allowed before "@" and brackets).
            var localEnd = index
            if !spelled { while localEnd > 0, units[localEnd - 1] == " " { localEnd -= 1 } }
            // A comment just before the at-sign (RFC 5322: `ana.lima(home)@example.com`) is part of
            // the address: the local part is before it.
            if !spelled, localEnd > 0, units[localEnd - 1] == ")", let open = Self.commentStart(units, closingAt: localEnd - 1) {
                localEnd = open
            }
            var localStart = localEnd
            while localStart > 0, Self.isLocal(units[localStart - 1]) { localStart -= 1 }
            while localStart < localEnd, units[localStart] == "." { localStart += 1 }
            // A quoted local part (RFC 5322: `"john doe"@example.com`), up to 64 units on one line.
            var local = String(String.UnicodeScalarView(units[localStart..<localEnd]))
            if local.isEmpty, !spelled, localEnd > 1, units[localEnd - 1] == "\"",
                let open = Self.openingQuote(units, closingAt: localEnd - 1)
            {
                localStart = open
                local = String(String.UnicodeScalarView(units[localStart..<localEnd]))
            }
            // The domain: labels joined by "." or " dot " / "(dot)" / "[dot]", or an address
            // literal (`ana@[192.168.1.1]`).
            var cursor = atEnd
            if !spelled { while cursor < units.count, units[cursor] == " " { cursor += 1 } }
            // And a comment just after it (`ana@(home)example.com`).
            if !spelled, cursor < units.count, units[cursor] == "(", let close = Self.commentEnd(units, openingAt: cursor) {
                cursor = close
            }
            let spacedAt = localEnd < index || cursor > atEnd
            var labels: [String] = []
            var domainEnd = cursor
            if !spelled, cursor < units.count, units[cursor] == "[", let close = Self.literalEnd(units, from: cursor) {
                labels = [String(String.UnicodeScalarView(units[cursor..<close])), "literal"]
                domainEnd = close
            }
            let literal = !labels.isEmpty
            while !literal {
                var labelEnd = cursor
                while labelEnd < units.count, Self.isLabel(units[labelEnd]) { labelEnd += 1 }
                guard labelEnd > cursor else { break }
                labels.append(String(String.UnicodeScalarView(units[cursor..<labelEnd])))
                domainEnd = labelEnd
                if labelEnd < units.count, units[labelEnd] == ".", labelEnd + 1 < units.count, Self.isLabel(units[labelEnd + 1]) {
                    cursor = labelEnd + 1
                } else if let next = Self.spacedWord("dot", units, from: labelEnd), next < units.count, Self.isLabel(units[next]) {
                    cursor = next
                } else if let dot = [" dot ", "(dot)", "[dot]", "{dot}", "<dot>", "-dot-", "_dot_", " (dot) ", " [dot] ", " {dot} ", " <dot> ", " -dot- ", " _dot_ ", " . ", " .", ". ", "[.]", "(.)", "{.}"]
                    .first(where: { form in
                        let next = labelEnd + form.unicodeScalars.count
                        guard Self.has(form, at: labelEnd, in: units), next < units.count, Self.isLabel(units[next]) else { return false }
                        // After a dot and a space, a capital starts a sentence.
                        if form.hasSuffix(". "), let original, next < original.count, original[next].properties.isUppercase { return false }
                        // A dot with a space beside it after a domain that has its dot already
                        // (`ana@example.com. tomorrow`) ends a sentence: the word after it is
                        // the reader's, unless it carries on one of the export's emails.
                        if form == ". " || form == " ." || form == " . ", labels.count >= 2 {
                            let begun = Self.withoutTag(local) + "@" + labels.joined(separator: ".") + "."
                            return knownEmails.contains { $0.hasPrefix(begun) }
                        }
                        return true
                    })
                {
                    cursor = labelEnd + dot.unicodeScalars.count
                } else {
                    break
                }
            }
            // A local part spelled with " dot " (`ana dot lima at example dot com`): read back
            // word by word, and kept when it makes one of the export's emails.
            if !local.isEmpty, !labels.isEmpty {
                let domain = labels.joined(separator: ".")
                var start = localStart
                var spelledLocal = local
                while let (wordStart, word) = Self.spelledDotBefore(units, at: start) {
                    spelledLocal = word + "." + spelledLocal
                    if knowsEmail(local: spelledLocal, domain: domain) {
                        localStart = wordStart
                        local = spelledLocal
                    }
                    start = wordStart
                }
            }
            var isEmail = false
            if !local.isEmpty, !labels.isEmpty {
                if spelled {
                    isEmail = knowsEmail(local: local, domain: labels.joined(separator: "."))
                } else {
                    // "x@y" is always email-shaped; with spaces or brackets the domain needs a dot.
                    isEmail = (!spacedAt && !bracketed) || labels.count >= 2
                        || knowsEmail(local: local, domain: labels.joined(separator: "."))
                }
            }
            if isEmail {
                spans.append(localStart..<domainEnd)
                index = domainEnd
            } else if unit == "@" {
                // Each later at-sign of the run has an at-sign before it, so no local part, and
                // the same domain: none of them starts an email either (reading the run again
                // from each of them was quadratic in its length).
                index = atEnd
            } else {
                index += 1
            }
        }
        return spans
    }

    /// True when `local` at `domain` is one of the export's emails (in the canonical form), also
    /// with a `+tag` on the local part (`ana.lima+news` is the mailbox of `ana.lima`).
    func knowsEmail(local: String, domain: String) -> Bool {
        if knownEmails.contains(local + "@" + domain) { return true }
        let plain = Self.withoutTag(local)
        return plain != local && knownEmails.contains(plain + "@" + domain)
    }

    /// A local part without its `+tag` (sub-addressing, RFC 5233): `ana.lima+news` → `ana.lima`.
    static func withoutTag(_ local: String) -> String {
        guard let plus = local.firstIndex(of: "+"), plus != local.startIndex else { return local }
        return String(local[..<plus])
    }

    /// Where a spelled at-sign that starts at `index` ends: white space, "at", white space (a
    /// browser shows a run of spaces or line breaks as one space).
    static func spelledAt(_ units: [Unicode.Scalar], from index: Int) -> Int? {
        spacedWord("at", units, from: index)
    }

    /// Where `word` between runs of white space (a browser shows each as one space), from `index`, ends.
    static func spacedWord(_ word: String, _ units: [Unicode.Scalar], from index: Int) -> Int? {
        var position = index
        while position < units.count, units[position] == " ", position - index < 4096 { position += 1 }
        guard position > index, has(word, at: position, in: units) else { return nil }
        let after = position + word.unicodeScalars.count
        var end = after
        while end < units.count, units[end] == " ", end - after < 4096 { end += 1 }
        return end > after ? end : nil
    }

    /// The word before a " dot " that ends at `index` (the start of a local part read so far),
    /// with where it starts: `lima` … `ana dot lima` gives `ana`.
    static func spelledDotBefore(_ units: [Unicode.Scalar], at index: Int) -> (Int, String)? {
        for form in ["dot", "(dot)", "[dot]", "{dot}", "<dot>", "-dot-", "_dot_", "."] {
            var position = index
            var before = 0
            while position > 0, units[position - 1] == " ", before < 4096 { position -= 1; before += 1 }
            let length = form.unicodeScalars.count
            guard position >= length, has(form, at: position - length, in: units) else { continue }
            position -= length
            var after = 0
            while position > 0, units[position - 1] == " ", after < 4096 { position -= 1; after += 1 }
            // A spelled "dot" stands between spaces; a "." with spaces around it (`ana . lima`).
            if form == "dot" || form == "." { guard before > 0, after > 0 else { continue } }
            let wordEnd = position
            while position > 0, isLocal(units[position - 1]), units[position - 1] != "." { position -= 1 }
            guard position < wordEnd else { continue }
            return (position, String(String.UnicodeScalarView(units[position..<wordEnd])))
        }
        return nil
    }

    /// The `(` of a comment whose `)` is at `close`: no parenthesis or line break inside, up to
    /// 64 units, something between.
    static func commentStart(_ units: [Unicode.Scalar], closingAt close: Int) -> Int? {
        var at = close - 1
        while at >= 0, close - at <= 65 {
            switch units[at] {
            case "(": return at < close - 1 ? at : nil
            case ")", "\n", "\r": return nil
            default: at -= 1
            }
        }
        return nil
    }

    /// The index after the `)` of a comment whose `(` is at `open`.
    static func commentEnd(_ units: [Unicode.Scalar], openingAt open: Int) -> Int? {
        var at = open + 1
        while at < units.count, at - open <= 65 {
            switch units[at] {
            case ")": return at > open + 1 ? at + 1 : nil
            case "(", "\n", "\r": return nil
            default: at += 1
            }
        }
        return nil
    }

    /// The opening quote of a quoted local part whose closing quote is at `close`: the nearest
    /// unescaped `"` before it, within 64 units and on the same line, with something between.
    static func openingQuote(_ units: [Unicode.Scalar], closingAt close: Int) -> Int? {
        var at = close - 1
        while at >= 0, close - at <= 66 {
            let unit = units[at]
            if unit == "\n" || unit == "\r" { return nil }
            if unit == "\"", !(at > 0 && units[at - 1] == "\\") { return at < close - 1 ? at : nil }
            at -= 1
        }
        return nil
    }

    /// The end (after its `]`) of an address literal starting at `open` (its `[`): letters,
    /// digits, dots, colons and hyphens (IPv4, `IPv6:…`), up to 64 units.
    static func literalEnd(_ units: [Unicode.Scalar], from open: Int) -> Int? {
        var at = open + 1
        while at < units.count, at - open <= 65 {
            let unit = units[at]
            if unit == "]" { return at > open + 1 ? at + 1 : nil }
            guard unit.properties.isAlphabetic || ("0"..."9").contains(unit) || unit == "." || unit == ":" || unit == "-" else {
                return nil
            }
            at += 1
        }
        return nil
    }

    /// Spans (in offsets of `units`, the canonical units of a text) shaped like a phone number
    /// (7 digits or more, when `shapes`) or holding a known phone (5 or more).
    func phoneSpans(units: [Unicode.Scalar], shapes: Bool = true) -> [Range<Int>] {
        // Commas also join the groups of large numbers ("1,234,567"): a run they join is masked
        // only when it is one of the export's phones.
        func isSeparator(_ unit: Unicode.Scalar) -> Bool { " -./()_,~'|\\".unicodeScalars.contains(unit) }
        var spans: [Range<Int>] = []
        var index = 0
        while index < units.count {
            guard Self.isDigit(units[index]) else {
                index += 1
                continue
            }
            // A run: digit groups joined by at most 8 separators in a row (a browser shows a run
            // of spaces as one, and `415 -- 555 -- 0100` reads as a number).
            var groups: [(range: Range<Int>, separator: String)] = []
            var cursor = index
            while cursor < units.count, Self.isDigit(units[cursor]) {
                var end = cursor
                while end < units.count, Self.isDigit(units[end]) { end += 1 }
                // Up to 8 separators; an HTML reference for one (`&nbsp;`, `&#32;`) counts as one,
                // and so does a run of white space (a browser shows it as one space). A comma
                // before a space ends the run: it lists (`2019, 2020, 2021`).
                var next = end
                var separators = 0
                while next < units.count, separators < 8 {
                    if units[next] == " " {
                        let run = next
                        while next < units.count, units[next] == " ", next - run < 4096 { next += 1 }
                    } else if units[next] == ":" {
                        // A colon only right between groups of three digits or more (`415:555:0100`;
                        // not a time, `10:30`, a score, `3:1`, or `2026: 28 years`).
                        var after = next + 1
                        while after < units.count, Self.isDigit(units[after]) { after += 1 }
                        guard next == end, end - cursor >= 3, after - (next + 1) >= 3 else { break }
                        next += 1
                    } else if units[next] == ",", next + 1 < units.count, units[next + 1] == " " {
                        break
                    } else if isSeparator(units[next]) {
                        next += 1
                    } else if units[next] == "&", let reference = Self.reference(units, at: next),
                        isSeparator(Self.canonical(reference.scalar))
                    {
                        next = reference.end
                    } else {
                        break
                    }
                    separators += 1
                }
                let separator = String(String.UnicodeScalarView(units[end..<next]))
                groups.append((cursor..<end, separator))
                guard next > end, next < units.count, Self.isDigit(units[next]) else { break }
                cursor = next
            }
            index = (groups.last?.range.upperBound ?? index) + 1
            // A phone of the export is masked whole, whatever dates or numbers its groups look
            // like (`0033-6-12-34-56-78` starts like a date).
            let allDigits = String(String.UnicodeScalarView(groups.flatMap { units[$0.range] }))
            if allDigits.count >= PhoneDigits.known, isKnownPhone(allDigits) || containsKnownPhone(allDigits) {
                let end = groups[groups.count - 1].range.upperBound
                spans.append(Self.phoneStart(before: groups[0].range.lowerBound, end: end, units)..<end)
                continue
            }
            let international = groups[0].range.lowerBound > 0 && units[groups[0].range.lowerBound - 1] == "+"
            // (The export's own phones are also found however their groups are joined: `knownPhoneSpans`.)
            // After a "+" a run is a phone: no part of it is a date written day or month first
            // (`+54 9 11 2345-1617`), only a year-first one (`UTC+2 2026-05-02`).
            for piece in Self.withoutDates(groups, units, yearFirstOnly: international) {
                let digits = String(String.UnicodeScalarView(piece.flatMap { units[$0.range] }))
                guard digits.count >= PhoneDigits.known else { continue }
                let commas = Self.isGroupedInThousands(piece, units)
                // After a "+" a run is a phone, whatever number it looks like.
                let number = !international && Self.readsAsANumber(piece, units)
                if (shapes && digits.count >= PhoneDigits.shaped && !commas && !number) || isKnownPhone(digits) {
                    let end = piece[piece.count - 1].range.upperBound
                    spans.append(Self.phoneStart(before: piece[0].range.lowerBound, end: end, units)..<end)
                }
            }
        }
        return spans + knownPhoneSpans(units: units) + vanityPhoneSpans(units: units) + lookalikePhoneSpans(units: units)
    }

    /// The export's own phones written with letters that look like digits for some of them, as
    /// people type them (`415 555 O100`, `4l5-555-0l00`, `415-555-OIOO`): a word made only of
    /// `o` (for 0), `l` and `i` (for 1) that a digit touches, directly or across one or two of
    /// the joins a vanity number has, is read as those digits, and the run is hidden when it is
    /// one of the export's phones (`knownPhoneSpans` over the reading; never by shape: "I",
    /// "oil" and "lol" beside a number are prose).
    func lookalikePhoneSpans(units: [Unicode.Scalar]) -> [Range<Int>] {
        guard !knownPhoneDigits.isEmpty else { return [] }
        guard let reading = PhoneDigits.lookalikeReading(units, isJoin: {
            $0 == "-" || $0 == "." || $0 == " " || $0 == "/" || $0 == ")" || $0 == "("
        }) else { return [] }
        return knownPhoneSpans(units: reading)
    }

    /// The export's own phones written with letters for some digits, as a phone's keypad has
    /// them (ITU E.161: `415-FLOWERS` is +1 415 356 9377, and libphonenumber reads it so): a run
    /// of groups, joined by at most two of `-`, `.`, ` `, `/`, `)`, whose first group is digits, with
    /// at least three digits and one group of two letters or more, is read with each letter as
    /// its key's digit, and hidden when the whole run is one of the export's phones (never by
    /// shape: a word after a number is prose).
    func vanityPhoneSpans(units: [Unicode.Scalar]) -> [Range<Int>] {
        guard !knownPhoneDigits.isEmpty else { return [] }
        func isLetter(_ unit: Unicode.Scalar) -> Bool { unit.value >= 0x61 && unit.value <= 0x7A }
        func isJoin(_ unit: Unicode.Scalar) -> Bool { unit == "-" || unit == "." || unit == " " || unit == "/" || unit == ")" }
        var spans: [Range<Int>] = []
        var index = 0
        while index < units.count {
            // A run starts at a digit that starts a word.
            guard Self.isDigit(units[index]), index == 0 || !(Self.isDigit(units[index - 1]) || isLetter(units[index - 1])) else {
                index += 1
                continue
            }
            let start = index
            var digits: [Unicode.Scalar] = []
            var written = 0
            var hasWord = false
            var cursor = index
            var found: Int?  // where the longest run that is a phone of the export ends
            while cursor < units.count, digits.count <= 15 {
                var groupEnd = cursor
                let letters = isLetter(units[cursor])
                while groupEnd < units.count, letters ? isLetter(units[groupEnd]) : Self.isDigit(units[groupEnd]) {
                    digits.append(letters ? Self.keypadDigit(units[groupEnd]) : units[groupEnd])
                    groupEnd += 1
                }
                if letters {
                    // A letter, or the letters running on into a longer word (`415-FLOWERSHOP`),
                    // spell no digits.
                    if groupEnd - cursor < 2 { break }
                    hasWord = true
                } else {
                    written += groupEnd - cursor
                }
                if hasWord, written >= 3, digits.count >= PhoneDigits.shaped, isKnownPhone(String(String.UnicodeScalarView(digits))) {
                    found = groupEnd
                }
                var next = groupEnd
                while next < units.count, next - groupEnd < 2, isJoin(units[next]) { next += 1 }
                guard next < units.count, Self.isDigit(units[next]) || isLetter(units[next]),
                    next > groupEnd || Self.isDigit(units[next]) != Self.isDigit(units[groupEnd - 1])
                else { break }
                cursor = next
            }
            index = max(index + 1, found ?? cursor)
            guard let end = found else { continue }
            spans.append(Self.phoneStart(before: start, end: end, units)..<end)
        }
        return spans
    }

    /// A letter's digit on a phone's keypad (ITU E.161), of a lower-case ASCII letter.
    static func keypadDigit(_ letter: Unicode.Scalar) -> Unicode.Scalar {
        let keys: [UInt8] = Array("22233344455566677778889999".utf8)
        return Unicode.Scalar(keys[Int(letter.value - 0x61)])
    }

    /// The export's own phones with any short join between their digit groups (`415*555*0100`,
    /// `+1+415+555+0100`, `090の1234の5678`, `415.-.-.-.-.555`): groups joined by up to 16 units
    /// that are neither digits nor ASCII letters (a run of white space counts as one). Shapes
    /// need the list of separators a phone is written with; a phone the export names is hidden
    /// whatever joins it.
    func knownPhoneSpans(units: [Unicode.Scalar]) -> [Range<Int>] {
        guard !knownPhoneDigits.isEmpty else { return [] }
        func isJoin(_ unit: Unicode.Scalar) -> Bool {
            !Self.isDigit(unit) && !((unit.value >= 0x61 && unit.value <= 0x7A) || (unit.value >= 0x41 && unit.value <= 0x5A))
        }
        var spans: [Range<Int>] = []
        var index = 0
        while index < units.count {
            guard Self.isDigit(units[index]) else { index += 1; continue }
            var groups: [Range<Int>] = []
            var cursor = index
            while cursor < units.count, Self.isDigit(units[cursor]) {
                var end = cursor
                while end < units.count, Self.isDigit(units[end]) { end += 1 }
                groups.append(cursor..<end)
                var next = end
                var joins = 0
                while next < units.count, joins < 16, isJoin(units[next]) {
                    if units[next] == " " { while next < units.count, units[next] == " " { next += 1 } } else { next += 1 }
                    joins += 1
                }
                guard next > end, next < units.count, Self.isDigit(units[next]) else { break }
                cursor = next
            }
            index = groups[groups.count - 1].upperBound + 1
            let digits = String(String.UnicodeScalarView(groups.flatMap { units[$0] }))
            guard digits.count >= PhoneDigits.shaped, isKnownPhone(digits) || containsKnownPhone(digits) else { continue }
            let end = groups[groups.count - 1].upperBound
            spans.append(Self.phoneStart(before: groups[0].lowerBound, end: end, units)..<end)
        }
        return spans
    }

    /// Where a phone whose digits start at `digits` and end at `end` begins: with the "+" of an
    /// international number and an opening parenthesis before it (`(415) 555-0100`), but not
    /// with a parenthesis the phone does not close (`(+1 (415) 555-0100)` keeps its first `(`,
    /// since its last `)` is outside the phone and stays on the page).
    static func phoneStart(before digits: Int, end: Int, _ units: [Unicode.Scalar]) -> Int {
        var start = digits
        while start > 0, units[start - 1] == "+" || units[start - 1] == "(" { start -= 1 }
        var open = 0
        for unit in units[start..<end] {
            if unit == "(" { open += 1 } else if unit == ")", open > 0 { open -= 1 }
        }
        while open > 0, start < digits {
            if units[start] == "(" { open -= 1 }
            start += 1
        }
        return start
    }

    /// True when a run of 7 digits or more inside `digits` is one of the export's phones (its
    /// E.164 digits or its national number): another country code or more digits written
    /// around it (`74 155 550 100`, `+34 612 345 678` for a national `612345678`) hide nothing.
    func containsKnownPhone(_ digits: String) -> Bool {
        let scalars = Array(digits.unicodeScalars)
        guard scalars.count > PhoneDigits.shaped else { return false }
        for start in 0...(scalars.count - PhoneDigits.shaped) {
            for length in PhoneDigits.shaped...min(15, scalars.count - start) {
                if knownPhoneDigits.contains(String(String.UnicodeScalarView(scalars[start..<(start + length)]))) { return true }
            }
        }
        return false
    }

    /// True when `digits` is one of the export's phones, with or without `00`, a trunk `0` or
    /// the country code.
    func isKnownPhone(_ digits: String) -> Bool {
        if knownPhoneDigits.contains(digits) { return true }
        if digits.hasPrefix("00"), knownPhoneDigits.contains(String(digits.dropFirst(2))) { return true }
        if digits.hasPrefix("0"), knownPhoneDigits.contains(String(digits.dropFirst())) { return true }
        return false
    }

    /// True when commas or apostrophes group the run's digits as an amount is written: in
    /// thousands (`1,234,567`, `1'234'567`: a first group of one to three digits, every later one
    /// of three) or in lakhs and crores (`1,23,45,678`: the last group of three, the others of
    /// two); `212,555,0199` is not.
    static func isGroupedInThousands(_ piece: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar]) -> Bool {
        var piece = piece
        // A decimal part after the grouping (`12,345.67`, `12.345,67`, `12 345,67`) is set aside;
        // with one, dots and spaces group thousands too (without, `34 623 456 789` is a phone).
        var decimal = false
        if piece.count >= 3, let last = piece.dropLast().last?.separator, last == "." || last == ",",
           piece[piece.count - 3].separator != last, piece[piece.count - 1].range.count <= 2
        {
            piece.removeLast()
            decimal = true
        }
        let separators = piece.dropLast().map(\.separator)
        guard Set(separators).count == 1, let grouping = separators.first else { return false }
        guard grouping == "," || grouping == "'" || (decimal && (grouping == "." || grouping == " ")) else { return false }
        let lengths = piece.map(\.range.count)
        if lengths[0] <= 3, lengths.dropFirst().allSatisfy({ $0 == 3 }) { return true }
        return lengths.count >= 3 && lengths[0] <= 2 && lengths.last == 3 && lengths.dropFirst().dropLast().allSatisfy { $0 == 2 }
    }

    /// True when a run of digit groups reads as something other than a phone: a range of years
    /// (`2025-2026`, `1998–2026`), an amount below a hundred million with its thousands grouped
    /// by spaces or dots (`1 234 567`, `10.000.000`), a short decimal (`3.14159265`), a compact
    /// date (`20260502`). Such runs are masked only when they hold one of the export's phones,
    /// or follow a "+".
    static func readsAsANumber(_ piece: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar]) -> Bool {
        if readsAsOneNumber(piece, units) || readsAsYears(piece, units) || readsAsISBN(piece, units) { return true }
        // A range of two (`3 500 000 – 4 000 000`, `20260502-20260509`, `10:00-12:00`): each side
        // reads as a number, so neither has more groups than one may (which also keeps a run of
        // thousands of groups, `1-1-1-…`, from being split at each of them: that was quadratic).
        guard piece.count <= 2 * numberGroupLimit else { return false }
        for split in piece.indices.dropLast() where ["-", " - ", "--", "/", " / "].contains(piece[split].separator) {
            if readsAsOneNumber(Array(piece[...split]), units), readsAsOneNumber(Array(piece[(split + 1)...]), units) { return true }
        }
        return false
    }

    /// True for a list of four years or more, each later than the one before, joined by one same
    /// space, dash or slash (`Years 1999 2000 2001 2002`): sixteen digits or more, more than any
    /// phone of any region has (E.164 numbers hold 15 at most, and libphonenumber's national
    /// numbers past 15 digits all start with 00). Three years stay masked: twelve digits from
    /// 1900 to 2099 are a valid Austrian number to libphonenumber.
    static func readsAsYears(_ piece: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar]) -> Bool {
        guard piece.count >= 4, ["-", " ", "/", " - ", " / ", "--"].contains(piece[0].separator) else { return false }
        var previous = 0
        for (index, group) in piece.enumerated() {
            guard group.range.count == 4, let year = Int(String(String.UnicodeScalarView(units[group.range]))),
                (1000...2999).contains(year), year > previous, index == piece.count - 1 || group.separator == piece[0].separator
            else { return false }
            previous = year
        }
        return true
    }

    /// True for an ISBN-13 (`978-3-16-148410-0`, `9780306406157`): 13 digits starting with 978
    /// or 979, whole or in groups joined by one same dash or space, whose check digit is right
    /// (EAN-13). None of 3,000 such numbers is a valid phone of any region to libphonenumber
    /// (`+979` numbers have 12 digits).
    static func readsAsISBN(_ piece: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar]) -> Bool {
        guard piece.count <= 5, piece.count == 1 || ["-", " "].contains(piece[0].separator),
            piece.dropLast().allSatisfy({ $0.separator == piece[0].separator })
        else { return false }
        let digits = piece.flatMap { units[$0.range] }.map { Int($0.value) - 0x30 }
        guard digits.count == 13, digits[0] == 9, digits[1] == 7, digits[2] == 8 || digits[2] == 9 else { return false }
        return digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) } % 10 == 0
    }

    /// The most digit groups a number reads with (an amount grouped in thousands below 10^24).
    static let numberGroupLimit = 8

    /// `readsAsANumber` for a run that is not a range.
    private static func readsAsOneNumber(_ piece: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar]) -> Bool {
        guard piece.count <= numberGroupLimit else { return false }
        func text(_ group: (range: Range<Int>, separator: String)) -> String { String(String.UnicodeScalarView(units[group.range])) }
        let lengths = piece.map(\.range.count)
        let separators = piece.dropLast().map(\.separator)
        // A range of years, the earlier first (`2025-2026`, `1998/1999`; not `2123 2996`, a
        // Hong Kong phone).
        if piece.count == 2, lengths == [4, 4], let first = Int(text(piece[0])), let second = Int(text(piece[1])),
            (1000...2999).contains(first), (1000...2999).contains(second), first <= second,
            ["-", " - ", "--", "/", " / "].contains(separators[0])
        {
            return true
        }
        // A time of day (`10:30`, `08:30:15`, `9.00`): groups of two digits at most, joined by
        // colons, or one dot.
        if piece.count >= 2, piece.count <= 3, lengths.allSatisfy({ $0 <= 2 }), separators.allSatisfy({ $0 == ":" }) {
            return true
        }
        if piece.count == 2, lengths[0] <= 2, lengths[1] == 2, separators[0] == ".", let hour = Int(text(piece[0])),
            let minute = Int(text(piece[1])), hour <= 24, minute <= 59
        {
            return true
        }
        // An amount grouped in thousands or lakhs by commas or apostrophes (`1,234,567.89`).
        if piece.count >= 2, isGroupedInThousands(piece, units),
           piece.dropLast().contains(where: { $0.separator.unicodeScalars.contains(",") || $0.separator.unicodeScalars.contains("'") })
        {
            return true
        }
        // Amounts below a hundred million only: longer runs grouped in threes are as often a
        // phone with its country code (`34 623 456 789`, `7 912 345 678`).
        if piece.count == 3, let separator = separators.first, [" ", "."].contains(separator),
            separators.allSatisfy({ $0 == separator }), lengths[0] <= 2, lengths[1] == 3, lengths[2] == 3
        {
            return true
        }
        // A decimal with an integer part of one or two digits, nine digits at most in all
        // (`3.14159265`; `030.12345678` and `0.623456789` may be phones).
        if piece.count == 2, separators[0] == ".", lengths[0] <= 2, lengths[1] >= 5, lengths[0] + lengths[1] <= 9,
            !(lengths[0] == 2 && text(piece[0]).hasPrefix("0"))
        {
            return true
        }
        if piece.count == 1, lengths[0] == 8, let year = Int(text(piece[0]).prefix(4)),
            let month = Int(text(piece[0]).dropFirst(4).prefix(2)), let day = Int(text(piece[0]).suffix(2)),
            (1900...2099).contains(year), (1...12).contains(month), (1...31).contains(day)
        {
            return true
        }
        return false
    }

    /// The run split where it holds a calendar date (`2026-05-02`, `2026/05/02`, `02.05.2026`,
    /// `2/5/2026`: three groups joined by one same `-`, `/` or `.`, with a month and a day that
    /// exist), the dates left out.
    static func withoutDates(
        _ groups: [(range: Range<Int>, separator: String)], _ units: [Unicode.Scalar], yearFirstOnly: Bool = false
    ) -> [[(range: Range<Int>, separator: String)]] {
        func number(_ group: (range: Range<Int>, separator: String)) -> Int {
            Int(String(String.UnicodeScalarView(units[group.range]))) ?? -1
        }
        func isDate(at k: Int) -> Bool {
            guard k + 2 < groups.count else { return false }
            let separator = groups[k].separator
            guard ["-", "/", ".", " ", ". "].contains(separator), groups[k + 1].separator == separator else { return false }
            if yearFirstOnly, !(groups[k].range.count == 4 && ["-", "/"].contains(separator)) { return false }
            let lengths = (groups[k].range.count, groups[k + 1].range.count, groups[k + 2].range.count)
            let (a, b, c) = (number(groups[k]), number(groups[k + 1]), number(groups[k + 2]))
            // A year a calendar date would have (`0033-6-12` and `5-5-0100` are not dates).
            if lengths.0 == 4, lengths.1 <= 2, lengths.2 <= 2 {
                return (1000...2999).contains(a) && (1...12).contains(b) && (1...31).contains(c)
            }
            if lengths.2 == 4, lengths.0 <= 2, lengths.1 <= 2, (1000...2999).contains(c) {
                return ((1...31).contains(a) && (1...12).contains(b)) || ((1...12).contains(a) && (1...31).contains(b))
            }
            return false
        }
        var pieces: [[(range: Range<Int>, separator: String)]] = []
        var current: [(range: Range<Int>, separator: String)] = []
        var k = 0
        while k < groups.count {
            if isDate(at: k) {
                if !current.isEmpty { pieces.append(current) }
                current = []
                k += 3
            } else {
                current.append(groups[k])
                k += 1
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Sorted spans with overlapping or touching ones joined.
    static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, span.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                result.append(span)
            }
        }
        return result
    }
}
