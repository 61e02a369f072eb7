/// The outcome of looking a key up through the fallback chain.
enum Resolution: Sendable {
    case localization(Localization, language: String)
    /// Untranslated keys stand for themselves (Xcode's rule for entries without a source value,
    /// and for `"shouldTranslate": false`).
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
    /// Every key of the catalog resolved along `chain` (memoised per chain).
    func resolutions(for chain: [String]) -> [String: Resolution] {
        if let known = resolutionTables.withLock({ $0[chain] }) { return known }
        var table: [String: Resolution] = [:]
        table.reserveCapacity(entries.count)
        for (key, entry) in entries { table[key] = resolution(of: key, entry, along: chain) }
        resolutionTables.withLock { $0[chain] = table }
        return table
    }

    private func resolution(of key: String, _ entry: CatalogEntry, along chain: [String]) -> Resolution {
        let keyItself = (try? FormatString(key)) ?? FormatString(literal: key)
        guard entry.shouldTranslate else { return .keyItself(keyItself) }
        for language in chain {
            guard let localization = entry.localizations[language], let variant = localization.variant else { continue }
            if StringCatalog.isUsable(variant, isSource: language == sourceLanguage) {
                return .localization(localization, language: language)
            }
        }
        return .keyItself(keyItself)
    }

    /// Empty values never count; a `new` (untranslated) unit counts only in the source language.
    static func isUsable(_ variant: Variant, isSource: Bool) -> Bool {
        switch variant {
        case .unit(let unit): return !unit.value.isEmpty && (isSource || unit.state != "new")
        case .plural(let cases): return cases.values.contains { isUsable($0, isSource: isSource) }
        case .device(let cases): return cases.values.contains { isUsable($0, isSource: isSource) }
        }
    }
}
