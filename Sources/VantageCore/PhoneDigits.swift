/// How many digits a run needs before it could be a phone, named once for the mask, the slugs,
/// the ids and the language tags that must never carry one.
public enum PhoneDigits {
    /// The fewest digits of a phone-shaped run that is hidden (or refused) whoever's phone it may
    /// be: the mask's phone shapes, a slug's digits, an id's digit runs read as a phone.
    public static let shaped = 7
    /// The fewest digits of the export's own phones that are still looked for: a national
    /// number's tail (`4155550100` of `+14155550100`, with 5 or more left), and so the fewest
    /// digits a text needs to be scanned at all, and a name or a tag may hold.
    public static let known = 5

    /// How many of the leading digits of a phone's E.164 digits (without `+`) are its country
    /// calling code: country codes are prefix-free (ITU-T E.164), 1 and 7 are one digit, those
    /// below are two, every other code three. `PhoneRegionTests` hold it to libphonenumber's
    /// codes. A phone's national number is what follows (`4155550100` of `14155550100`, never
    /// `55550100`).
    public static func callingCodeLength(ofE164 digits: some StringProtocol) -> Int {
        guard let first = digits.first else { return 0 }
        if first == "1" || first == "7" { return 1 }
        guard digits.count >= 2, let two = Int(digits.prefix(2)) else { return min(3, digits.count) }
        return twoDigitCodes.contains(two) ? 2 : 3
    }

    /// The digit a lower-case ASCII letter is typed for when it looks like one (`o` for 0, `l`
    /// and `i` for 1), or nil.
    static func lookalikeDigit(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        switch letter {
        case "o": return "0"
        case "l", "i": return "1"
        default: return nil
        }
    }

    /// `units` read with letters typed for the digits they look like (`415 555 O100`,
    /// `4l5-555-0l00`), or nil when none is: a word of lower-case ASCII letters made only of `o`,
    /// `l` and `i` that an ASCII digit touches, directly or across one or two `isJoin`
    /// characters, becomes those digits ("oil" or "lol" beside a number too: what is read is then
    /// held to the export's own phones, never to a phone's shape). The one rule for the mask's
    /// texts and for the ids the import refuses.
    public static func lookalikeReading(_ units: [Unicode.Scalar], isJoin: (Unicode.Scalar) -> Bool) -> [Unicode.Scalar]? {
        func isLetter(_ unit: Unicode.Scalar) -> Bool { unit.value >= 0x61 && unit.value <= 0x7A }
        func isDigit(_ unit: Unicode.Scalar) -> Bool { unit.value >= 0x30 && unit.value <= 0x39 }
        /// True when a digit is at `index`, or past one or two joins from it in `step`'s direction.
        func digitNear(_ index: Int, _ step: Int) -> Bool {
            var at = index
            var joins = 0
            while at >= 0, at < units.count {
                if isDigit(units[at]) { return true }
                guard isJoin(units[at]), joins < 2 else { return false }
                joins += 1
                at += step
            }
            return false
        }
        var reading: [Unicode.Scalar]?
        var index = 0
        while index < units.count {
            guard isLetter(units[index]) else { index += 1; continue }
            var end = index
            var lookalike = true
            while end < units.count, isLetter(units[end]) {
                if lookalikeDigit(units[end]) == nil { lookalike = false }
                end += 1
            }
            if lookalike, digitNear(index - 1, -1) || digitNear(end, 1) {
                if reading == nil { reading = units }
                for at in index..<end { reading![at] = lookalikeDigit(units[at])! }
            }
            index = end
        }
        return reading
    }

    /// The two-digit country calling codes.
    static let twoDigitCodes: Set<Int> = [
        20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58,
        60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
    ]
}
