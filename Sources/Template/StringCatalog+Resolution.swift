/// The outcome of looking a key up through the fallback chain.
enum Resolution: Sendable {
    case localization(Localization, language: String)
    /// Untranslated keys stand for themselves (Xcode's rule for entries without a source value,
    /// and for `"shouldTranslate": false` without one).
    case keyItself(FormatString)
    case missing

    /// The object the string comes from, stable for the catalog's lifetime (a memo key); nil
    /// for a missing key.
    var identity: UInt64? {
        switch self {
        case .localization(let localization, _): return UInt64(UInt(bitPattern: ObjectIdentifier(localization)))
        case .keyItself(let format): return UInt64(UInt(bitPattern: ObjectIdentifier(format)))
        case .missing: return nil
        }
    }
}

extension StringCatalog {
    /// Every key of the catalog resolved along `chain` for a device (memoised per chain and
    /// device).
    func resolutions(for chain: [String], device: String) -> [String: Resolution] {
        let tableKey = chain + ["device=" + device]
        if let known = resolutionTables.withLock({ $0[tableKey] }) { return known }
        var table: [String: Resolution] = [:]
        table.reserveCapacity(entries.count)
        for (key, entry) in entries { table[key] = resolution(of: key, entry, along: chain, device: device) }
        resolutionTables.withLock { $0[tableKey] = table }
        return table
    }

    private func resolution(of key: String, _ entry: CatalogEntry, along chain: [String], device: String)
        -> Resolution
    {
        let keyItself = FormatString(key)
        // Not to be translated: every language shows the source language's own text, where
        // the entry has one, else the key (what Xcode compiles for such an entry).
        guard entry.shouldTranslate else {
            if let localization = entry.localizations[sourceLanguage], let variant = localization.variant,
                StringCatalog.isUsable(variant, isSource: true, device: device)
            {
                return .localization(localization, language: sourceLanguage)
            }
            return .keyItself(keyItself)
        }
        for language in chain {
            let isSource = language == sourceLanguage
            if let localization = entry.localizations[language], let variant = localization.variant,
                StringCatalog.isUsable(variant, isSource: isSource, device: device),
                localization.substitutions.values.allSatisfy({ StringCatalog.isUsable($0.variant, isSource: isSource, device: device) })
            {
                return .localization(localization, language: language)
            }
            // The source language is the last step: without text of its own there, the key is
            // its text (Xcode omits the source's entry when it equals the key). The catalog's
            // other regions of that language, after it in the chain of its own readers (`en-GB`
            // for `en-US`), are not: iOS never shows an `en-US` reader `en-GB` text.
            if isSource { break }
        }
        return .keyItself(keyItself)
    }

    /// Empty values never count; a `new` (untranslated) unit counts only in the source language.
    /// Plural variations count when their `other` case does (the one every number may fall back
    /// to; without one, when any case does), device variations when the device's own case or
    /// `other` does. A case that does not count is passed over for `other` when a number or
    /// device picks it (`case(of:for:isSource:device:)`), so a language that counts never shows
    /// an empty or untranslated case, and one whose `other` does not count leaves the string to
    /// the next language of the chain.
    static func isUsable(_ variant: Variant, isSource: Bool, device: String) -> Bool {
        switch variant {
        case .unit(let unit): return !unit.value.isEmpty && (isSource || unit.state != "new")
        case .plural(let cases):
            if let other = cases[.other] { return isUsable(other, isSource: isSource, device: device) }
            return cases.values.contains { isUsable($0, isSource: isSource, device: device) }
        case .device(let cases):
            return deviceCase(cases, device: device, isSource: isSource) != nil
        }
    }

    /// The case of plural variations for a category: its own where it counts, else `other`,
    /// else the first that counts.
    static func pluralCase(_ cases: PluralCases, _ category: PluralCategory, isSource: Bool, device: String) -> Variant? {
        if let own = cases[category], isUsable(own, isSource: isSource, device: device) { return own }
        if let other = cases[.other] { return other }
        return cases.values.first { isUsable($0, isSource: isSource, device: device) } ?? cases.first
    }

    /// The case of device variations for a device: its own where it counts, else `other` where
    /// it counts (Apple's runtime never borrows another device's text).
    static func deviceCase(_ cases: [String: Variant], device: String, isSource: Bool) -> Variant? {
        if let own = cases[device], isUsable(own, isSource: isSource, device: device) { return own }
        if let other = cases["other"], isUsable(other, isSource: isSource, device: device) { return other }
        return nil
    }
}

extension StringCatalog {
    /// The keys a reader of `tag` sees in another language than theirs, for site.json's
    /// `locales`, "the locales the site's strings are checked for": each key is resolved along
    /// `tag`'s fallback chain exactly as its pages resolve it, and counts as untranslated when
    /// the language it resolves to is not `tag`'s own (`LanguageTag.isOwnLanguage`: the same
    /// language in the same script, so `nb` text serves a `no` reader, while a `zh-Hans` source
    /// does not serve a `zh-TW` one, nor a Cyrillic `sr` source an `sr-Latn` one), or when it
    /// stands for itself. Keys not to be translated are left out, and so is every key when
    /// `tag`'s own language is the source's. Sorted.
    public func untranslatedKeys(for tag: String, device: String = "iphone") -> [String] {
        let normalized = LanguageTag.normalize(tag)
        guard !LanguageTag.isOwnLanguage(sourceLanguage, of: normalized) else { return [] }
        let table = resolutions(for: fallbackChain(for: normalized, device: device), device: device)
        return entries.compactMap { key, entry -> String? in
            guard entry.shouldTranslate else { return nil }
            if case .localization(_, let found)? = table[key], LanguageTag.isOwnLanguage(found, of: normalized) { return nil }
            return key
        }.sorted()
    }

    /// The keys a reader of `tag` sees in their own language whose plural variations (the
    /// string's own or a substitution's) lack a case CLDR's rules for that language need for a
    /// whole number, or hold one that does not count (`new`, empty): each with the categories,
    /// in CLDR order. Such a number reads as the `other` case ("2 новой идеи" for Russian's
    /// `few`). Sorted by key.
    public func missingPluralForms(for tag: String, device: String = "iphone") -> [(key: String, categories: [PluralCategory])] {
        let normalized = LanguageTag.normalize(tag)
        let table = resolutions(for: fallbackChain(for: normalized, device: device), device: device)
        var needed: [String: [PluralCategory]] = [:]
        var found: [(key: String, categories: [PluralCategory])] = []
        for (key, resolution) in table {
            guard case .localization(let localization, let language) = resolution, LanguageTag.isOwnLanguage(language, of: normalized)
            else { continue }
            let categories = needed[language] ?? Self.wholeNumberCategories(of: language)
            needed[language] = categories
            let isSource = language == sourceLanguage
            var missing: Set<PluralCategory> = []
            func visit(_ variant: Variant) {
                switch variant {
                case .unit: break
                case .plural(let cases):
                    for category in categories {
                        if let own = cases[category], Self.isUsable(own, isSource: isSource, device: device) { continue }
                        missing.insert(category)
                    }
                    cases.values.forEach(visit)
                case .device(let cases):
                    if let chosen = Self.deviceCase(cases, device: device, isSource: isSource) { visit(chosen) }
                }
            }
            localization.variant.map(visit)
            localization.substitutions.values.forEach { visit($0.variant) }
            if !missing.isEmpty { found.append((key, missing.sorted())) }
        }
        return found.sorted { $0.key < $1.key }
    }

    /// The plural categories whole numbers take in `language` (0 to 999 and the millions, where
    /// French, Spanish, Italian and Portuguese have `many`), `other` always among them.
    static func wholeNumberCategories(of language: String) -> [PluralCategory] {
        let rules = PluralRules.shared(for: language)
        var categories: Set<PluralCategory> = [.other]
        for number in Array(0..<1_000) + [1_000, 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000, 1_000_000_000] {
            categories.insert(rules.category(for: Double(number)))
        }
        return categories.sorted()
    }
}
