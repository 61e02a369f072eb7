import VantageCore
/// BCP 47 language tags as the catalog and the Localizer use them.
public enum LanguageTag {
    /// The BCP 47 canonical form: `pt_br` → `pt-BR`, `zh_hant_tw` → `zh-Hant-TW`,
    /// `de-DE-u-NU-Arab` → `de-DE-u-nu-arab` (extensions and private use lower case), `iw` → `he`.
    /// ICU canonicalises; a tag ICU cannot read is cased by subtag shape.
    static func normalize(_ tag: String) -> String {
        if let canonical = ICULocale.canonicalTag(tag) { return canonical }
        return LanguageTagCase.cased(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init))
    }

    /// The language subtag ("pt" for "pt-BR").
    static func language(of tag: String) -> String {
        String(tag.prefix(while: { $0 != "-" }))
    }
}
