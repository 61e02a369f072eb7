import VantageCore
/// BCP 47 language tags as the catalog and the Localizer use them.
public enum LanguageTag {
    /// The BCP 47 canonical form: `pt_br` → `pt-BR`, `zh_hant_tw` → `zh-Hant-TW`,
    /// `de-DE-u-NU-Arab` → `de-DE-u-nu-arab` (extensions and private use lower case), and
    /// CLDR's aliases replaced: `iw` → `he`, `tl` → `fil`, `sh` → `sr-Latn`, `cmn` → `zh`.
    /// ICU canonicalises (`ICULocale.canonicalTag`); a tag ICU cannot read is cased by subtag
    /// shape. Every tag the catalog and the Localizer use goes through here.
    static func normalize(_ tag: String) -> String {
        if let canonical = ICULocale.canonicalTag(tag) { return canonical }
        return LanguageTagCase.cased(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init))
    }

    /// The language subtag ("pt" for "pt-BR").
    static func language(of tag: String) -> String {
        String(tag.prefix(while: { $0 != "-" }))
    }
}
