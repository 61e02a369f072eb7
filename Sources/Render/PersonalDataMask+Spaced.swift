/// The export's emails written with white space inside them: letter by letter
/// (`a n a . l i m a @ e x a m p l e . c o m`), or any mix of spaced letters and words, with the
/// at-sign and the dots as themselves or spelled (`at`, `(at)`, `dot`, `[dot]`). A reader joins
/// the letters at a glance; `emailSpans` reads an address only where its parts are whole.
///
/// Only the export's own emails are looked for: an email shape read across white space would
/// take ordinary prose ("meet @ 5. Then") for an address.
extension PersonalDataMask {
    /// The export's emails by domain: the local parts of each, in canonical units.
    struct SpacedEmails: Sendable {
        let localsByDomain: [String: Set<String>]
        /// The lengths of the domains, in units.
        let domainLengths: ClosedRange<Int>

        init?(_ emails: Set<String>) {
            var localsByDomain: [String: Set<String>] = [:]
            for email in emails {
                let scalars = Array(email.unicodeScalars)
                guard let at = scalars.lastIndex(of: "@"), at > 0, at + 1 < scalars.count else { continue }
                let domain = String(String.UnicodeScalarView(scalars[(at + 1)...]))
                localsByDomain[domain, default: []].insert(String(String.UnicodeScalarView(scalars[..<at])))
            }
            let lengths = localsByDomain.keys.map { $0.unicodeScalars.count }
            guard let shortest = lengths.min(), let longest = lengths.max() else { return nil }
            self.localsByDomain = localsByDomain
            domainLengths = shortest...longest
        }
    }

    /// The longest local part looked for (RFC 5321's limit).
    static let longestLocalPart = 64

    /// Spans (in offsets of `units`, the canonical units of a text) of the export's emails
    /// written with white space anywhere inside them.
    func spacedEmailSpans(units: [Unicode.Scalar]) -> [Range<Int>] {
        guard let known = spacedEmails else { return [] }
        // The text without its white space, each unit with the span it was read from; a word
        // that spells an at-sign or a dot is that character.
        var joined: [Unicode.Scalar] = []
        var from: [Range<Int>] = []
        var atSigns: [Int] = []
        var spaced = false
        var index = 0
        while index < units.count {
            if units[index] == " " {
                spaced = true
                index += 1
                continue
            }
            var end = index
            while end < units.count, units[end] != " " { end += 1 }
            if let symbol = Self.spelledSymbol(units[index..<end]) {
                if symbol == "@" { atSigns.append(joined.count) }
                joined.append(symbol)
                from.append(index..<end)
            } else {
                for position in index..<end {
                    if units[position] == "@" { atSigns.append(joined.count) }
                    joined.append(units[position])
                    from.append(position..<(position + 1))
                }
            }
            index = end
        }
        // Without white space the other scan has read every address as written.
        guard spaced else { return [] }
        var spans: [Range<Int>] = []
        for at in atSigns {
            var longestFound: Range<Int>?
            for length in known.domainLengths where at + length < joined.count {
                let domainEnd = at + 1 + length
                guard Self.isLabel(joined[at + 1]), Self.isLabel(joined[domainEnd - 1]),
                    let locals = known.localsByDomain[String(String.UnicodeScalarView(joined[(at + 1)..<domainEnd]))]
                else { continue }
                var start = at
                while start > 0, at - start < Self.longestLocalPart, Self.isLocal(joined[start - 1]) {
                    start -= 1
                    guard locals.contains(String(String.UnicodeScalarView(joined[start..<at]))) else { continue }
                    let span = from[start].lowerBound..<from[domainEnd - 1].upperBound
                    if longestFound.map({ span.count > $0.count }) ?? true { longestFound = span }
                }
            }
            if let longestFound { spans.append(longestFound) }
        }
        return spans
    }

    /// The at-sign or the dot a word spells (`at`, `(at)`, `dot`, `[dot]`, …), or nil.
    static func spelledSymbol(_ word: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        guard word.count >= 2, word.count <= 5 else { return nil }
        var letters = word
        if let open = letters.first, let close = letters.last, letters.count >= 4,
            (open == "(" && close == ")") || (open == "[" && close == "]") || (open == "{" && close == "}")
                || (open == "<" && close == ">")
        {
            letters = letters.dropFirst().dropLast()
        }
        if letters.elementsEqual("at".unicodeScalars) { return "@" }
        if letters.elementsEqual("dot".unicodeScalars) { return "." }
        return nil
    }
}
