/// Which catalog languages a viewer's language falls back to, the way Apple's bundles and
/// CLDR's locale matching choose: likely subtags decide what a tag means, parent locales decide
/// what comes next.
extension LanguageTag {
    /// Catalog languages to try for a viewer, best first:
    /// 1. the viewer's tag and, in order, each locale on its CLDR parent chain, starting from the
    ///    tag with its likely subtags (`zh-HK` → `zh-Hant-HK`, `zh-Hant`; `en-AU` → `en-AU`,
    ///    `en-001`, `en`; `es-MX` → `es-419`, `es`). A catalog language matches a step when its
    ///    likely subtags are the step's: `zh-CN`, `zh-Hans` and `zh` all are `zh-Hans-CN`, `nb`
    ///    and `nb-NO` are `nb-Latn-NO`. Within a step the tag written exactly so comes first,
    ///    then the others sorted.
    /// 2. catalog languages of the same language and script in another region (`pt-PT` for a
    ///    `pt-BR` viewer), sorted: CLDR counts a region mismatch as small, a script mismatch as
    ///    large, so `zh-Hans` is never offered to a `zh-Hant` reader;
    /// 3. the source language.
    /// `no` and `nb` are the same language here, as in CLDR's language matching.
    static func fallbackChain(for viewerTag: String, available: [String], sourceLanguage: String) -> [String] {
        // Extensions (`-u-nu-arab`) and private use say how to format, not which language.
        let tag = LanguageTag.withoutExtensions(viewerTag)
        let candidates = available.sorted().map { (tag: $0, meaning: meaning(of: $0)) }
        var chain: [String] = []
        func add(_ language: String) { if !chain.contains(language) { chain.append(language) } }
        if available.contains(viewerTag) { add(viewerTag) }
        if available.contains(tag) { add(tag) }
        let viewer = meaning(of: tag)
        var step: String? = ICULocale.maximized(tag)
        var visited: Set<String> = []
        var first = true
        while let current = step, visited.insert(current).inserted {
            let wanted = meaning(of: current)
            if available.contains(current) { add(current) }
            if available.contains(ICULocale.minimized(current)) { add(ICULocale.minimized(current)) }
            for candidate in candidates where candidate.meaning == wanted { add(candidate.tag) }
            step = ICULocale.parent(of: current)
            // A parent between the viewer's locale and its language (`en-001`, `es-419`) stands
            // for a group of regions: the catalog's other languages of that group come before
            // the language itself, as Apple's bundles pick `en-GB` for an `en-AU` reader.
            if !first, current.contains("-") {
                for candidate in candidates where !chain.contains(candidate.tag) && descends(candidate.tag, from: current) {
                    add(candidate.tag)
                }
            }
            first = false
        }
        let language = writtenLanguage(meaning: viewer)
        for candidate in candidates where writtenLanguage(meaning: candidate.meaning) == language {
            add(candidate.tag)
        }
        add(sourceLanguage)
        return chain
    }

    /// True when `current` is on `tag`'s CLDR parent chain (after `tag` itself).
    private static func descends(_ tag: String, from ancestor: String) -> Bool {
        var step = ICULocale.parent(of: ICULocale.maximized(tag))
        var seen: Set<String> = []
        while let current = step, seen.insert(current).inserted {
            if current == ancestor { return true }
            step = ICULocale.parent(of: current)
        }
        return false
    }

    /// The tag up to its first singleton (`de-DE-u-nu-arab` → `de-DE`).
    static func withoutExtensions(_ tag: String) -> String {
        let subtags = tag.split(separator: "-")
        guard let singleton = subtags.firstIndex(where: { $0.count == 1 }), singleton > 0 else { return tag }
        return subtags[..<singleton].joined(separator: "-")
    }

    /// Whether text in the catalog language `language` is in `viewer`'s own language: the same
    /// language in the same script, whatever the regions (`fr` for `fr-CA`, `nb` for `no`, `en`
    /// for `en-GB`; not `zh-Hans` for `zh-TW`, nor Cyrillic `sr` for `sr-Latn`, nor `en` for
    /// `en-Arab`). The one rule for "the viewer's own language": the page's language
    /// (`shown(viewer:chain:)`) and site.json's coverage warning
    /// (`StringCatalog.untranslatedKeys`) both ask it of the language a string resolved to.
    static func isOwnLanguage(_ language: String, of viewer: String) -> Bool {
        writtenLanguage(meaning: meaning(of: language)) == writtenLanguage(meaning: meaning(of: viewer))
    }

    /// The language and script of a tag's `meaning` (`zh-Hant` of `zh-Hant-TW`).
    private static func writtenLanguage(meaning: String) -> ArraySlice<Substring> {
        meaning.split(separator: "-").prefix(2)
    }

    /// A tag with its likely subtags, `no` read as `nb`: two tags mean the same locale when
    /// these are equal.
    /// `Aran` (Nastaliq, which likely subtags give `pa-PK` and `ur`) is written with Arabic
    /// letters: it is read as `Arab`, so a catalog's `pa-Arab` serves a `pa-PK` reader.
    static func meaning(of tag: String) -> String {
        var maximal = ICULocale.maximized(tag)
        if ICULocale.script(of: maximal) == "Aran" { maximal = maximal.replacingOccurrences(of: "-Aran", with: "-Arab") }
        if maximal == "no" || maximal.hasPrefix("no-") { return "nb" + maximal.dropFirst(2) }
        return maximal
    }
}
