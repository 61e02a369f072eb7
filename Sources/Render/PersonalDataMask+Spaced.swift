/// The export's emails written with other characters between their letters: spaced letter by
/// letter (`a n a . l i m a @ e x a m p l e . c o m`), or with underscores, dots or slashes
/// between them (`a_n_a_._l_i_m_a_@_…`), in any mix with words, the at-sign as itself or spelled
/// (`at`, `(at)`). A reader joins the letters at a glance; `emailSpans` reads an address only
/// where its parts are whole.
///
/// The text is read as its letters and digits alone (its "skeleton") with its at-signs, and
/// matched against the skeletons of the export's own emails: `analima@examplecom`. Only the
/// export's own: an address shape read across other characters would take prose for one.
extension PersonalDataMask {
    /// The skeletons of the export's emails by domain: the local parts' skeletons of each.
    struct SpacedEmails: Sendable {
        let localsByDomain: [String: Set<String>]
        /// The lengths of the domains' skeletons, in units.
        let domainLengths: ClosedRange<Int>

        init?(_ emails: Set<String>) {
            var localsByDomain: [String: Set<String>] = [:]
            for email in emails {
                let scalars = Array(email.unicodeScalars)
                guard let at = scalars.lastIndex(of: "@") else { continue }
                let local = String(String.UnicodeScalarView(scalars[..<at].filter(PersonalDataMask.isSkeleton)))
                let domain = String(String.UnicodeScalarView(scalars[(at + 1)...].filter(PersonalDataMask.isSkeleton)))
                guard !local.isEmpty, domain.unicodeScalars.count >= 2 else { continue }
                localsByDomain[domain, default: []].insert(local)
            }
            let lengths = localsByDomain.keys.map { $0.unicodeScalars.count }
            guard let shortest = lengths.min(), let longest = lengths.max() else { return nil }
            self.localsByDomain = localsByDomain
            domainLengths = shortest...longest
        }
    }

    /// The longest local part looked for (RFC 5321's limit).
    static let longestLocalPart = 64

    /// A letter or a digit of any script (of a canonical text, so lower-case): what an
    /// address's skeleton keeps. A domain label's character (`isLabel`) but its hyphen.
    static func isSkeleton(_ unit: Unicode.Scalar) -> Bool {
        unit != "-" && isLabel(unit)
    }

    /// True when `units` hold an at-sign, or the letters `at` that a spelled one needs.
    static func mightHoldAt(_ units: [Unicode.Scalar]) -> Bool {
        var previous: Unicode.Scalar = " "
        for unit in units {
            if unit == "@" || (previous == "a" && unit == "t") { return true }
            previous = unit
        }
        return false
    }

    /// Spans (in offsets of `units`, the canonical units of a text) of the export's emails
    /// written with other characters between their letters.
    func spacedEmailSpans(units: [Unicode.Scalar]) -> [Range<Int>] {
        guard let known = spacedEmails, Self.mightHoldAt(units) else { return [] }
        // The text's skeleton, each unit with the span it was read from; a word that spells an
        // at-sign is one.
        var joined: [Unicode.Scalar] = []
        var from: [Range<Int>] = []
        var atSigns: [Int] = []
        var index = 0
        while index < units.count {
            if units[index] == " " {
                index += 1
                continue
            }
            var end = index
            while end < units.count, units[end] != " " { end += 1 }
            let spelled = Self.spelledSymbol(units[index..<end])
            if spelled == "@" {
                atSigns.append(joined.count)
                joined.append("@")
                from.append(index..<end)
            } else if spelled == "." {
                // A dot, spelled: no part of a skeleton.
            } else {
                // A `+` is kept too: what follows it in a local part is a tag (`ben+work`).
                for position in index..<end where units[position] == "@" || units[position] == "+" || Self.isSkeleton(units[position]) {
                    if units[position] == "@" { atSigns.append(joined.count) }
                    joined.append(units[position])
                    from.append(position..<(position + 1))
                }
            }
            index = end
        }
        var spans: [Range<Int>] = []
        for at in atSigns {
            var longestFound: Range<Int>?
            for length in known.domainLengths where at + length < joined.count {
                let domainEnd = at + 1 + length
                guard let locals = known.localsByDomain[String(String.UnicodeScalarView(joined[(at + 1)..<domainEnd]))]
                else { continue }
                // The domain ends a word: "Ana Lima at Example Company" holds the skeleton of
                // ana.lima@example.com, but "Com" goes on.
                let after = from[domainEnd - 1].upperBound
                guard after == units.count || !Self.isSkeleton(units[after]) else { continue }
                var start = at
                while start > 0, at - start < Self.longestLocalPart, joined[start - 1] != "@" {
                    start -= 1
                    // And the local part starts one.
                    let before = from[start].lowerBound
                    guard before == 0 || !Self.isSkeleton(units[before - 1]), joined[start] != "+",
                        Self.isKnownLocal(joined[start..<at], in: locals)
                    else { continue }
                    let span = from[start].lowerBound..<from[domainEnd - 1].upperBound
                    if longestFound.map({ span.count > $0.count }) ?? true { longestFound = span }
                }
            }
            if let longestFound { spans.append(longestFound) }
        }
        return spans
    }

    /// True when a local part's skeleton (with its `+` signs) is one of `locals`: whole, without
    /// its `+` signs, or up to its first `+` (the mailbox a `+tag` is added to).
    static func isKnownLocal(_ local: ArraySlice<Unicode.Scalar>, in locals: Set<String>) -> Bool {
        guard let plus = local.firstIndex(of: "+") else { return locals.contains(String(String.UnicodeScalarView(local))) }
        return locals.contains(String(String.UnicodeScalarView(local[..<plus])))
            || locals.contains(String(String.UnicodeScalarView(local.filter { $0 != "+" })))
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
