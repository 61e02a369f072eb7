/// BCP 47 language tags as the catalog and the Localizer use them.
enum LanguageTag {
    /// The BCP 47 canonical form: `pt_br` → `pt-BR`, `zh_hant_tw` → `zh-Hant-TW`,
    /// `de-DE-u-NU-Arab` → `de-DE-u-nu-arab` (extensions and private use lower case), `iw` → `he`.
    /// ICU canonicalises; a tag ICU cannot read is cased by subtag shape.
    static func normalize(_ tag: String) -> String {
        if let canonical = ICULocale.canonicalTag(tag) { return canonical }
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        var inExtension = false
        return parts.enumerated().map { index, part in
            // After a singleton (`u`, `x`, …) every subtag is an extension's: lower case.
            if part.count == 1 { inExtension = true }
            if index == 0 || inExtension { return part.lowercased() }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) { return part.uppercased() }
            return part.lowercased()
        }.joined(separator: "-")
    }

    /// The language subtag ("pt" for "pt-BR").
    static func language(of tag: String) -> String {
        String(tag.prefix(while: { $0 != "-" }))
    }
}
