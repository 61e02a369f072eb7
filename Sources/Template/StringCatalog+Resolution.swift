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
            guard let localization = entry.localizations[language], let variant = localization.variant else { continue }
            if StringCatalog.isUsable(variant, isSource: language == sourceLanguage, device: device) {
                return .localization(localization, language: language)
            }
        }
        return .keyItself(keyItself)
    }

    /// Empty values never count; a `new` (untranslated) unit counts only in the source language;
    /// device variations count when the device's case (or `other`) does.
    static func isUsable(_ variant: Variant, isSource: Bool, device: String) -> Bool {
        switch variant {
        case .unit(let unit): return !unit.value.isEmpty && (isSource || unit.state != "new")
        case .plural(let cases): return cases.values.contains { isUsable($0, isSource: isSource, device: device) }
        case .device(let cases):
            guard let chosen = deviceCase(cases, device: device) else { return false }
            return isUsable(chosen, isSource: isSource, device: device)
        }
    }

    /// The case of device variations for a device: its own, else `other` (Apple's runtime never
    /// borrows another device's text).
    static func deviceCase(_ cases: [String: Variant], device: String) -> Variant? {
        cases[device] ?? cases["other"]
    }
}
