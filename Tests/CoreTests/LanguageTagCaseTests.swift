import Testing
import VantageCore

/// BCP 47's case by subtag shape: the one rule the import stores locales by and the Localizer
/// falls back on.
@Suite struct LanguageTagCaseTests {
    @Test(arguments: [
        ("pt_br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("EN", "en"), ("es-419", "es-419"),
        ("en-US-u-CA-buddhist", "en-US-u-ca-buddhist"), ("ar-eg-u-NU-latn", "ar-EG-u-nu-latn"),
        ("de-DE-u-NU-Arab", "de-DE-u-nu-arab"), ("hi-t-HI-h0-HYBRID", "hi-t-hi-h0-hybrid"),
        ("en-x-TWO-AB", "en-x-two-ab"), ("sl-ROZAJ", "sl-rozaj"), ("sr-latn-rs", "sr-Latn-RS"),
    ])
    func casesEachSubtagByItsShape(_ written: String, _ canonical: String) {
        #expect(LanguageTagCase.canonical(written) == canonical)
    }

    @Test(arguments: ["", "e", "english", "en--US", "en-", "-en", "en-US-toolongsubtag", "en US", "é-FR", "12"])
    func refusesWhatIsNotShapedLikeATag(_ written: String) {
        #expect(LanguageTagCase.canonical(written) == nil)
    }
}
