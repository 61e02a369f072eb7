/// BCP 47 language tags as the catalog and the Localizer use them.
enum LanguageTag {
    /// `pt_br` → `pt-BR`, `zh_hant_tw` → `zh-Hant-TW`: language lower case, script title case,
    /// region upper case.
    static func normalize(_ tag: String) -> String {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return parts.enumerated().map { index, part in
            if index == 0 { return part.lowercased() }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) { return part.uppercased() }
            return part.lowercased()
        }.joined(separator: "-")
    }

    /// The tags to try in order: the tag, then shorter prefixes of it, then the source language
    /// (`pt-BR` → `pt-BR`, `pt`, `en`).
    static func fallbackChain(for tag: String, sourceLanguage: String) -> [String] {
        var parts = tag.split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        if !chain.contains(sourceLanguage) { chain.append(sourceLanguage) }
        return chain
    }

    /// The language subtag ("pt" for "pt-BR").
    static func language(of tag: String) -> String {
        String(tag.prefix(while: { $0 != "-" }))
    }
}
