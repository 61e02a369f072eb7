import VantageCore

/// Reads the parts of a String Catalog, reporting each problem with the record path of the
/// member at fault (`strings["Hello"].localizations.fr.stringUnit.value`).
struct CatalogReader {
    let file: String
    /// The unknown member names met so far, for the catalog's warnings.
    let audit = CatalogMemberAudit()

    func fail(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic.error(message, at: SourceLocation(file: file, recordPath: path.isEmpty ? nil : path))
    }

    func object(_ value: JSONValue, at path: String) throws -> JSONObject {
        guard let object = value.objectValue else {
            throw fail(path, "expected an object, found \(value.kindDescription)")
        }
        return object
    }

    /// Notes each member of `object` that Xcode does not write at `level` (a warning, once per
    /// name) and returns the first, for the objects that would then hold nothing to show.
    func members(of object: JSONObject, _ level: CatalogLevel, at path: String) -> String? {
        var first: String? = nil
        for name in object.keys where !level.known.contains(where: { JSONObject.sameName($0, name) }) {
            audit.note(name, level: level, at: CatalogReader.member(name, of: path))
            first = first ?? name
        }
        return first
    }

    /// The code points of a name, for a message telling two names of one text apart:
    /// "U+0043 U+0061 U+0066 U+0065 U+0301".
    static func codePoints(_ name: String) -> String {
        name.unicodeScalars.prefix(16).map { codePointName($0.value) }.joined(separator: " ")
            + (name.unicodeScalars.count > 16 ? " …" : "")
    }

    /// The record path of the member `name` of the object at `path`: `.name` when the name is
    /// a plain word, else `["name"]`, quoted as a key is.
    static func member(_ name: String, of path: String) -> String {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" }
        let scalars = name.unicodeScalars
        let isWord = scalars.first.map(isLetter) == true && scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
        if isWord { return path.isEmpty ? name : path + "." + name }
        return path + "[\(quoted(name))]"
    }

    /// The versions of the format Xcode writes: "1.0" (Xcode 15 and 16), "1.1" (Xcode 26).
    static let versions = ["1.0", "1.1"]

    /// A warning at `version` when the catalog's is not one Xcode writes: a later format may
    /// mean what this reader does not know, so it is read, but not without a word.
    func versionWarning(in root: JSONObject) -> Diagnostic? {
        guard let given = root["version"], given.stringValue.map(CatalogReader.versions.contains) != true else { return nil }
        let found = given.stringValue.map { "found \(quoted($0))" } ?? "found \(given.kindDescription)"
        let expected = CatalogReader.versions.map { quoted($0) }.joined(separator: " or ")
        return Diagnostic.warning(
            "expected the version \(expected) that Xcode writes, \(found); the catalog is read as those are",
            at: SourceLocation(file: file, recordPath: "version"))
    }

    func entry(_ value: JSONValue, key: String, at path: String) throws -> CatalogEntry {
        let object = try self.object(value, at: path)
        let unknown = members(of: object, .entry, at: path)
        var entry = CatalogEntry()
        if let state = object["extractionState"] {
            guard let text = state.stringValue else { throw fail(path + ".extractionState", "expected a string") }
            entry.extractionState = text
            if !StringCatalog.extractionStates.contains(text) { audit.noteExtractionState(text, at: path + ".extractionState") }
        }
        if let flag = object["shouldTranslate"] {
            guard let bool = flag.boolValue else { throw fail(path + ".shouldTranslate", "expected true or false") }
            entry.shouldTranslate = bool
        }
        if let localizations = object["localizations"] {
            /// The name each language was written with, to catch one written twice.
            var written: [String: String] = [:]
            for (language, value) in try self.object(localizations, at: path + ".localizations").members {
                // Named as every member is: `localizations["en.US"]`, not `localizations.en.US`,
                // which reads as a member `US` of a localization `en`.
                let languagePath = CatalogReader.member(language, of: path + ".localizations")
                // Xcode writes language tags (`pt-BR`, `zh-Hans`); anything else is a typo that
                // no viewer's language would ever reach.
                guard LanguageTagCase.canonical(language) != nil else {
                    throw fail(languagePath, "expected a language tag such as \"pt-BR\" as the localization's name")
                }
                // `en-US`, `en_US` and `EN-us` are one language: which of two would show is
                // not for the order of a file to decide.
                let tag = LanguageTag.normalize(language)
                if let earlier = written[tag] {
                    throw fail(
                        languagePath,
                        "the same language as the localization \(quoted(earlier)) (both are \(tag)); keep one")
                }
                written[tag] = language
                entry.localizations[tag] = try localization(value, key: key, language: tag, at: languagePath)
            }
        } else if let unknown {
            // `"localisations": {…}`: the entry would stand for itself, its key shown as written
            // in every language, without a word. (`"Cancel": {}` and an entry with only a
            // comment still do: that is Xcode's own.)
            throw fail(
                CatalogReader.member(unknown, of: path),
                CatalogMemberAudit.unknown(unknown, .entry) + " in an entry without localizations, which would show its key "
                    + "as written; \(CatalogLevel.entry.membersSentence)")
        }
        return entry
    }

    private func localization(_ value: JSONValue, key: String, language: String, at path: String) throws -> Localization {
        let object = try self.object(value, at: path)
        try refuseStringSet(in: object, at: path)
        let unknown = members(of: object, .localization, at: path)
        var substitutions: [String: Substitution] = [:]
        if let list = object["substitutions"] {
            for (name, value) in try self.object(list, at: path + ".substitutions").members {
                // Two names of one text in other code points (NFC and NFD): `%#@name@` would find
                // either, so which is not for the file's order to decide.
                if let earlier = substitutions.index(forKey: name).map({ substitutions.keys[$0] }) {
                    throw fail(
                        CatalogReader.member(name, of: path + ".substitutions"),
                        "the same name as the substitution \(quoted(earlier)) in other code points (\(CatalogReader.codePoints(name)) "
                            + "and \(CatalogReader.codePoints(earlier))), which %#@…@ cannot tell apart; keep one")
                }
                substitutions[name] = try substitution(value, at: CatalogReader.member(name, of: path + ".substitutions"))
            }
        }
        let main = try variant(object, at: path)
        if main == nil, let unknown {
            // `"stringunit": {…}`: the language would have nothing, and its viewers another's text.
            throw fail(
                CatalogReader.member(unknown, of: path),
                CatalogMemberAudit.unknown(unknown, .localization) + " in a localization without a stringUnit or variations, "
                    + "which would leave the string to another language; \(CatalogLevel.localization.membersSentence)")
        }
        try checkReferences(to: substitutions, main: main, at: path, of: Localizer.describe(key, language: language))
        try checkNesting(of: substitutions, main: main, at: path)
        return Localization(variant: main, substitutions: substitutions)
    }

    /// Refuses a `%#@name@` that the localization's `substitutions` do not define, wherever it
    /// is written: the string's own unit, any case of its variations, any case of a
    /// substitution's. A case is only shown when a viewer's count or device falls in it, so the
    /// build would fail on data alone, after builds that passed (a Russian `few` with
    /// `%#@photoz@` failed the first page with a count of 3), naming the template, not the
    /// catalog; Xcode's compiler refuses it too. Leaves are followed in CLDR and sorted
    /// order, so the message is the same on every run. `string` names the key and language.
    private func checkReferences(to substitutions: [String: Substitution], main: Variant?, at path: String, of string: String)
        throws
    {
        func visit(_ variant: Variant, at path: String) throws {
            switch variant {
            case .unit(let unit):
                for name in unit.value.substitutionNames where substitutions[name] == nil {
                    let defined = substitutions.keys.sorted().map { quoted($0) }
                    throw fail(
                        path + ".stringUnit.value",
                        "\(string) refers to the substitution \(quoted(name)), which the localization does not define "
                            + (defined.isEmpty ? "(it defines none)" : "(it defines \(defined.joined(separator: ", ")))"))
                }
            case .plural(let cases):
                for category in PluralCategory.allCases {
                    if let inner = cases[category] { try visit(inner, at: path + ".variations.plural.\(category.rawValue)") }
                }
            case .device(let cases):
                for name in cases.keys.sorted() { try visit(cases[name]!, at: path + ".variations.device.\(name)") }
            }
        }
        if let main { try visit(main, at: path) }
        for name in substitutions.keys.sorted() {
            try visit(substitutions[name]!.variant, at: CatalogReader.member(name, of: path + ".substitutions"))
        }
    }

    /// The deepest variations may be written inside one another: Xcode writes a device
    /// variation with plural ones inside, or the other way round.
    static let maximumVariationDepth = 4

    /// The deepest substitutions may be written inside one another (`a` showing `%#@b@`…): an
    /// app's strings nest one or two, and each level is a frame of the renderer's stack.
    static let maximumSubstitutionDepth = 16
    /// The most substitutions one string may expand, all told: a substitution shown several
    /// times in one that is itself shown several times multiplies (eight times each, sixteen
    /// deep, is 8^15 expansions from a few kilobytes).
    static let maximumExpansions = 1_000

    /// Refuses a substitution that is met again inside itself (`a` showing `%#@b@` and `b`
    /// showing `%#@a@`, or `c` showing `%#@c@`), which would expand for ever, substitutions
    /// nested deeper than `maximumSubstitutionDepth`, and a string that would expand more than
    /// `maximumExpansions` of them. Any variation counts, as any may be chosen; names are
    /// followed in sorted order, so the message is the same on every run.
    private func checkNesting(of substitutions: [String: Substitution], main: Variant?, at path: String) throws {
        guard !substitutions.isEmpty else { return }
        let substitutionsPath = path + ".substitutions"
        /// Per variation of each substitution, the substitutions it shows, as often as it shows them.
        var uses: [String: [[String]]] = [:]
        for (name, substitution) in substitutions {
            uses[name] = CatalogReader.substitutionUses(in: substitution.variant).map { $0.filter { substitutions[$0] != nil } }
        }
        /// The depth below each substitution followed to its end, and how many it expands.
        var known: [String: (depth: Int, expansions: Int)] = [:]
        func tooDeep(_ trail: [String]) -> Diagnostic {
            fail(
                CatalogReader.member(trail[0], of: substitutionsPath),
                "substitutions nest more than \(CatalogReader.maximumSubstitutionDepth) deep (\(trail.prefix(3).joined(separator: " → ")) → …)")
        }
        func tooMany(_ name: String) -> Diagnostic {
            fail(
                CatalogReader.member(name, of: substitutionsPath),
                "the substitution expands more than \(CatalogReader.maximumExpansions) substitutions inside it (each shown several times in one shown several times)")
        }
        func follow(_ name: String, trail: inout [String]) throws -> (depth: Int, expansions: Int) {
            if let found = known[name] {
                if trail.count + found.depth > CatalogReader.maximumSubstitutionDepth { throw tooDeep(trail + [name]) }
                return found
            }
            if let start = trail.firstIndex(of: name) {
                let cycle = (trail[start...] + [name]).joined(separator: " → ")
                throw fail(CatalogReader.member(name, of: substitutionsPath), "the substitution is used inside itself (\(cycle))")
            }
            trail.append(name)
            defer { trail.removeLast() }
            guard trail.count <= CatalogReader.maximumSubstitutionDepth else { throw tooDeep(trail) }
            var depth = 1
            var expansions = 1
            for used in uses[name] ?? [] {
                var inside = 0
                for inner in used {
                    let found = try follow(inner, trail: &trail)
                    depth = max(depth, 1 + found.depth)
                    inside += found.expansions
                    if inside >= CatalogReader.maximumExpansions { throw tooMany(name) }
                }
                expansions = max(expansions, 1 + inside)
            }
            known[name] = (depth, expansions)
            return (depth, expansions)
        }
        for name in substitutions.keys.sorted() {
            var trail: [String] = []
            _ = try follow(name, trail: &trail)
        }
        // The string's own variations may show each substitution several times too.
        for used in main.map(CatalogReader.substitutionUses(in:)) ?? [] {
            let total = used.reduce(0) { $0 + (known[$1]?.expansions ?? 0) }
            if total > CatalogReader.maximumExpansions {
                throw fail(path, "the string expands more than \(CatalogReader.maximumExpansions) substitutions")
            }
        }
    }

    /// The substitutions each leaf of `variant` shows, once per time it shows each.
    private static func substitutionUses(in variant: Variant) -> [[String]] {
        switch variant {
        case .unit(let unit): return [unit.value.substitutionNames]
        case .plural(let cases): return cases.values.flatMap(substitutionUses(in:))
        case .device(let cases): return cases.keys.sorted().flatMap { substitutionUses(in: cases[$0]!) }
        }
    }

    /// The `stringUnit` or `variations` of an object, if it has either.
    /// `depth`: how many variations this one is inside.
    private func variant(_ object: JSONObject, at path: String, depth: Int = 0) throws -> Variant? {
        if let unit = object["stringUnit"] {
            // Xcode writes one or the other: which of the two to show is not for a reader to guess.
            if object["variations"] != nil {
                throw fail(path, "expected a stringUnit or variations, found both")
            }
            return .unit(try stringUnit(unit, at: path + ".stringUnit"))
        }
        guard let variations = object["variations"] else { return nil }
        guard depth < CatalogReader.maximumVariationDepth else {
            throw fail(
                path + ".variations",
                "variations nest more than \(CatalogReader.maximumVariationDepth) deep (Xcode writes a device and a plural variation inside each other at most)")
        }
        let variationsObject = try self.object(variations, at: path + ".variations")
        let unknownVariation = members(of: variationsObject, .variations, at: path + ".variations")
        // Xcode nests one kind inside the other (each device's plural); side by side, one of the
        // two would be dropped without a word.
        if variationsObject["plural"] != nil, variationsObject["device"] != nil {
            throw fail(path + ".variations", "expected plural or device variations, found both side by side (Xcode nests them: each device's plural)")
        }
        if let plural = variationsObject["plural"] {
            var cases = PluralCases()
            let pluralObject = try self.object(plural, at: path + ".variations.plural")
            try refuseEmpty(pluralObject, "plural", at: path + ".variations.plural")
            for (name, value) in pluralObject.members {
                let casePath = CatalogReader.member(name, of: path + ".variations.plural")
                guard let category = PluralCategory(rawValue: name) else {
                    throw fail(casePath, "unknown plural category: expected zero, one, two, few, many or other")
                }
                if let variant = try variationCase(value, at: casePath, depth: depth + 1) {
                    try requireFormats(in: variant, at: casePath)
                    cases[category] = variant
                }
            }
            // Xcode always writes `other`: without it a number of a category the string has no
            // case for would show another category's words ("5 one").
            if cases[.other] == nil {
                throw fail(path + ".variations.plural", "a plural variation needs an 'other' case (every number without a case of its own shows it)")
            }
            return .plural(cases)
        }
        if let device = variationsObject["device"] {
            var cases: [String: Variant] = [:]
            let deviceObject = try self.object(device, at: path + ".variations.device")
            try refuseEmpty(deviceObject, "device", at: path + ".variations.device")
            for (name, value) in deviceObject.members {
                let casePath = CatalogReader.member(name, of: path + ".variations.device")
                // A misspelt device (`iPhone`, `iphon`) would never be chosen, silently.
                guard name == "other" || StringCatalog.devices.contains(name) else {
                    throw fail(casePath, "unknown device: expected \(StringCatalog.devices.joined(separator: ", ")) or other")
                }
                if let variant = try variationCase(value, at: casePath, depth: depth + 1) {
                    cases[name] = variant
                }
            }
            return .device(cases)
        }
        if let unknownVariation {
            throw fail(
                CatalogReader.member(unknownVariation, of: path + ".variations"),
                "expected plural or device variations, found the " + CatalogMemberAudit.unknown(unknownVariation, .variations))
        }
        throw fail(path + ".variations", "expected plural or device variations")
    }

    /// Refuses plural or device variations written as `{}`, which Xcode never writes: a device
    /// set without a case left the string to show its key as written, without a word.
    private func refuseEmpty(_ object: JSONObject, _ kind: String, at path: String) throws {
        guard object.keys.isEmpty else { return }
        throw fail(
            path,
            "expected \(kind) variations with cases, found none (Xcode never writes an empty set); "
                + "write its cases, or a stringUnit in place of the variations")
    }

    /// A case of plural or device variations: its `stringUnit` or `variations`, nil when it has
    /// neither (an empty case is passed over).
    private func variationCase(_ value: JSONValue, at path: String, depth: Int) throws -> Variant? {
        let object = try self.object(value, at: path)
        try refuseStringSet(in: object, at: path)
        let unknown = members(of: object, .variationCase, at: path)
        let variant = try variant(object, at: path, depth: depth)
        if variant == nil, let unknown {
            // `"few": {"stringunit": …}`: the case would be passed over for `other`.
            throw fail(
                CatalogReader.member(unknown, of: path),
                CatalogMemberAudit.unknown(unknown, .variationCase) + " in a case without a stringUnit or variations, "
                    + "which would show another case; \(CatalogLevel.variationCase.membersSentence)")
        }
        return variant
    }

    /// Refuses a plural case's value that is not a valid format string (`%lld новых 50%y`):
    /// a plural case is only ever shown with its count, so the build would fail the first time
    /// a viewer's count fell in that case, on data alone, after builds that passed. (A plain
    /// string is shown as written when a tag gives it no arguments, as on iOS: `100% sûr`.)
    /// A plural inside is checked where it is read; device cases inside a plural one are checked
    /// here.
    private func requireFormats(in variant: Variant, at path: String) throws {
        switch variant {
        case .unit(let unit):
            if let problem = unit.value.problemPointed {
                throw fail(path + ".stringUnit.value", "a plural case is shown with its number, but this is not a valid format string: \(problem)")
            }
        case .device(let cases):
            for name in cases.keys.sorted() { try requireFormats(in: cases[name]!, at: path + ".variations.device.\(name)") }
        case .plural: break
        }
    }

    private func stringUnit(_ value: JSONValue, at path: String) throws -> StringUnit {
        let object = try self.object(value, at: path)
        let unknown = members(of: object, .stringUnit, at: path)
        guard var text = object["value"]?.stringValue else {
            if object["value"] == nil, let unknown {
                throw fail(
                    CatalogReader.member(unknown, of: path),
                    "expected the string's value, found the " + CatalogMemberAudit.unknown(unknown, .stringUnit))
            }
            throw fail(path + ".value", "expected the string's value")
        }
        // The line breaks of word processors (Word's manual break U+000B, a form feed, NEL)
        // are line breaks, as iOS shows them: a page holds them as "\n".
        if text.unicodeScalars.contains(where: { XMLText.isLineBreak($0.value) }) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { XMLText.isLineBreak($0.value) ? "\n" : $0 }))
        }
        // Any other code point no page may hold (a C0 or C1 control, DEL, a noncharacter) is a
        // mistake in the file: refused here rather than failing every page that shows the string.
        if let bad = text.unicodeScalars.first(where: { !XMLText.isAllowed($0.value) }) {
            throw fail(path + ".value", "the value holds \(codePointName(bad.value)), which an HTML page cannot hold")
        }
        // The same written as a character reference (`&#1;`), which the page would hold once read.
        if text.unicodeScalars.contains("&") {
            let scalars = Array(text.unicodeScalars)
            for index in scalars.indices where scalars[index] == "&" {
                guard let (decoded, length) = InlineMarkdown.reference(at: index, { $0 < scalars.count ? scalars[$0] : nil }),
                    !XMLText.isAllowed(decoded.value)
                else { continue }
                let written = String(String.UnicodeScalarView(scalars[index..<(index + length)]))
                throw fail(path + ".value", "the value holds \(written) (\(codePointName(decoded.value))), which an HTML page cannot hold")
            }
        }
        // Not parsed for errors here: a string only has to be a valid format when a tag gives
        // it arguments (`FormatString.problem`).
        // A state Xcode does not write (`done`, `Translated`) would be shown as translated.
        let state = object["state"]?.stringValue
        if let given = object["state"], state.map(StringCatalog.states.contains) != true {
            throw fail(path + ".state", "expected the state new, translated, needs_review or stale, found \(state.map { quoted($0) } ?? given.kindDescription)")
        }
        return StringUnit(state: state, value: FormatString(text))
    }

    /// Refuses Xcode's lists of phrases (`stringSet`, App Shortcuts) wherever a string may be
    /// written (a localization, a case of variations, a substitution): a page shows one string,
    /// and which of the list is not for a reader to guess.
    private func refuseStringSet(in object: JSONObject, at path: String) throws {
        guard object["stringSet"] != nil else { return }
        throw fail(
            path + ".stringSet",
            "Vantage does not support string sets (stringSet, Xcode's lists of phrases): a page shows one string; "
                + "write a stringUnit or variations")
    }

    private func substitution(_ value: JSONValue, at path: String) throws -> Substitution {
        let object = try self.object(value, at: path)
        try refuseStringSet(in: object, at: path)
        let unknown = members(of: object, .substitution, at: path)
        var argumentNumber: Int? = nil
        if let number = object["argNum"] {
            // A tag gives a handful of arguments; the bound keeps the conversion to Int exact.
            guard let double = number.numberValue, double >= 1, double <= 9999, double.rounded() == double else {
                throw fail(path + ".argNum", "expected a whole number from 1 to 9999")
            }
            argumentNumber = Int(double)
        }
        guard let variant = try variant(object, at: path) else {
            if let unknown {
                throw fail(
                    CatalogReader.member(unknown, of: path),
                    "expected variations for the substitution, found the " + CatalogMemberAudit.unknown(unknown, .substitution))
            }
            throw fail(path, "expected variations for the substitution")
        }
        var specifier: FormatSpecifier
        if let given = object["formatSpecifier"] {
            // A number or null is no specifier Xcode writes: not read as if it were absent.
            guard let specifierText = given.stringValue else {
                throw fail(path + ".formatSpecifier", "expected a format specifier such as lld or @, found \(given.kindDescription)")
            }
            do { specifier = try FormatSpecifier.parse(specifierText) } catch {
                throw fail(path + ".formatSpecifier", "'\(specifierText)' is not a format specifier such as lld or @")
            }
        } else {
            // Without formatSpecifier, the specifier the variations write in place of %arg.
            specifier = Localization.numericUse(in: variant)?.specifier ?? FormatSpecifier()
        }
        return Substitution(argumentNumber: argumentNumber, specifier: specifier, variant: variant)
    }
}
