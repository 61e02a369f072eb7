import Testing

@testable import Template

/// Language fallback as Apple's bundles and CLDR's matching choose, over the languages a
/// catalog really has: likely subtags say what a tag means (`zh-CN` is `zh-Hans-CN`), parent
/// locales what comes next (`zh-Hant-MO` → `zh-Hant-HK`, `en-AU` → `en-001`, `es-MX` → `es-419`).
@Suite("Language fallback")
struct LanguageFallbackTests {
    /// The languages of a catalog shaped like the iOS apps' (Xcode writes these tags).
    static let available = [
        "ar", "de", "de-AT", "en", "en-001", "en-GB", "es", "es-419", "fr", "fr-CA", "nb-NO", "pt-BR", "pt-PT", "sr",
        "sr-Latn", "zh-HK", "zh-Hans", "zh-Hant",
    ]

    static let table: [(viewer: String, chain: [String])] = [
        ("zh-CN", ["zh-Hans", "en"]),
        ("zh", ["zh-Hans", "en"]),
        ("zh-Hans-SG", ["zh-Hans", "en"]),
        ("zh-TW", ["zh-Hant", "zh-HK", "en"]),
        ("zh-HK", ["zh-HK", "zh-Hant", "en"]),
        ("zh-MO", ["zh-HK", "zh-Hant", "en"]),
        ("nb", ["nb-NO", "en"]),
        ("no", ["nb-NO", "en"]),
        ("nb-NO", ["nb-NO", "en"]),
        ("pt", ["pt-BR", "pt-PT", "en"]),
        ("pt-BR", ["pt-BR", "pt-PT", "en"]),
        ("pt-AO", ["pt-PT", "pt-BR", "en"]),
        ("es-MX", ["es-419", "es", "en"]),
        ("es-ES", ["es", "es-419", "en"]),
        ("en-AU", ["en-001", "en-GB", "en"]),
        ("en-IN", ["en-001", "en-GB", "en"]),
        ("en-US", ["en", "en-001", "en-GB"]),
        ("fr-BE", ["fr", "fr-CA", "en"]),
        ("sr-RS", ["sr", "en"]),
        ("sr-Latn-RS", ["sr-Latn", "en"]),
        ("ar-EG", ["ar", "en"]),
        ("de-AT", ["de-AT", "de", "en"]),
        ("de-CH", ["de", "de-AT", "en"]),
        ("de-DE-u-nu-arab", ["de", "de-AT", "en"]),
        ("ja", ["en"]),
    ]

    @Test(arguments: table.map(\.viewer))
    func chain(_ viewer: String) {
        let expected = LanguageFallbackTests.table.first { $0.viewer == viewer }!.chain
        let tag = LanguageTag.normalize(viewer)
        #expect(
            LanguageTag.fallbackChain(for: tag, available: LanguageFallbackTests.available, sourceLanguage: "en")
                == expected, "\(viewer)")
    }

    /// A regional group's other languages come before the language itself: an `en-AU` reader
    /// gets `en-GB` (both are `en-001`), as from Apple's bundles; an `en-US` reader gets `en`.
    @Test(arguments: [
        ("en-AU", ["en-GB", "en"]), ("en-NZ", ["en-GB", "en"]), ("en-US", ["en", "en-GB"]), ("en", ["en", "en-GB"]),
        ("es-AR", ["es-MX", "es"]), ("es-ES", ["es", "es-MX"]),
    ])
    func aRegionalGroupComesBeforeTheLanguage(_ viewer: String, _ expected: [String]) {
        let available = viewer.hasPrefix("es") ? ["es", "es-MX"] : ["en", "en-GB"]
        let source = viewer.hasPrefix("es") ? "es" : "en"
        #expect(LanguageTag.fallbackChain(for: LanguageTag.normalize(viewer), available: available, sourceLanguage: source) == expected)
    }

    /// A script the language does not usually use leads past the language to the root (CLDR):
    /// `az-Arab` never gets Latin `az`; `pa-PK` (Nastaliq, `Aran`) gets the catalog's `pa-Arab`.
    @Test(arguments: [
        ("az-Arab", ["en"]), ("az-IR", ["en"]), ("az", ["az", "en"]), ("az-Latn-AZ", ["az", "en"]),
        ("kk-Arab", ["en"]), ("kk", ["kk", "en"]), ("pa-PK", ["pa-Arab", "en"]), ("pa-Arab", ["pa-Arab", "en"]),
        ("pa", ["en"]), ("ur-PK", ["ur", "en"]),
    ])
    func aScriptOtherThanTheLanguagesOwnDoesNotFallBackToIt(_ viewer: String, _ expected: [String]) {
        let available = ["az", "en", "kk", "pa-Arab", "ur"]
        #expect(LanguageTag.fallbackChain(for: LanguageTag.normalize(viewer), available: available, sourceLanguage: "en") == expected)
    }

    @Test func aLocalizerShowsTheTextOfTheLanguageItFallsBackTo() throws {
        let catalog = try CatalogFixture.catalog(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"done": {"extractionState": "manual", "localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Done"}},
              "nb-NO": {"stringUnit": {"state": "translated", "value": "Ferdig"}},
              "zh-HK": {"stringUnit": {"state": "translated", "value": "完成（香港）"}},
              "zh-Hans": {"stringUnit": {"state": "translated", "value": "完成"}},
              "zh-Hant": {"stringUnit": {"state": "translated", "value": "完成（繁體）"}}}}}}
            """)
        func done(_ locale: String) throws -> String {
            try Localizer(catalog: catalog, locale: locale, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
                .string("done")
        }
        #expect(try done("zh-CN") == "完成")
        #expect(try done("zh-TW") == "完成（繁體）")
        #expect(try done("zh-HK") == "完成（香港）")
        #expect(try done("zh-MO") == "完成（香港）")
        #expect(try done("nb") == "Ferdig")
        #expect(try done("sr") == "Done")
    }

    /// A key whose source language has no text of its own (Xcode omits the source's entry when
    /// it is the key, or leaves its value empty) is its key for every reader whose chain reaches
    /// the source: the source's own readers (`en`, `en-US`) included, never the catalog's other
    /// region of it (`en-GB`, after `en` in their chain), which only its own readers and those
    /// of its regional group (`en-AU`) get.
    @Test(arguments: [
        ("en", "Color Favorite Gray"), ("en-US", "Color Favorite Gray"), ("en-CA", "Color Favorite Gray"),
        ("ja", "Color Favorite Gray"), ("en-GB", "Colour Favourite Grey"), ("en-AU", "Colour Favourite Grey"),
        ("fr", "Couleur Favorite Gray"),
    ])
    func aKeyWithoutSourceTextIsItsKeyForTheSourcesReaders(_ viewer: String, _ expected: String) throws {
        let catalog = try CatalogFixture.catalog(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                \(Self.color),
                "Favorite" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "Favorite" } },
                  "en-GB" : { "stringUnit" : { "state" : "translated", "value" : "Favourite" } } } },
                "Gray" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "new", "value" : "" } },
                  "en-GB" : { "stringUnit" : { "state" : "translated", "value" : "Grey" } } } }
              },
              "version" : "1.0"
            }
            """)
        #expect(try Self.shown(["Color", "Favorite", "Gray"], from: catalog, to: viewer) == expected)
    }

    /// The same when no entry of the catalog has text under the source language (Xcode writes
    /// none where every key is its own text): the source is still a language of the catalog, so
    /// its readers' chain starts there (before: `en` and `en-US` readers got `en-GB`'s "Colour").
    @Test(arguments: [
        ("en", "Color"), ("en-US", "Color"), ("en-CA", "Color"), ("de", "Color"), ("en-GB", "Colour"),
        ("en-AU", "Colour"), ("fr", "Couleur"),
    ])
    func aCatalogWithoutAnySourceTextIsItsKeysForTheSourcesReaders(_ viewer: String, _ expected: String) throws {
        let catalog = try CatalogFixture.catalog(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                \(Self.color)
              },
              "version" : "1.0"
            }
            """)
        #expect(catalog.languages == ["en", "en-GB", "fr"])
        #expect(try Self.shown(["Color"], from: catalog, to: viewer) == expected)
    }

    /// A key that `en-GB` and `fr` translate and the source language (`en`) has no text for.
    static let color = """
        "Color" : { "localizations" : {
          "en-GB" : { "stringUnit" : { "state" : "translated", "value" : "Colour" } },
          "fr" : { "stringUnit" : { "state" : "translated", "value" : "Couleur" } } } }
        """

    /// `keys` as `viewer` reads them from `catalog` (strict), joined by spaces.
    static func shown(_ keys: [String], from catalog: StringCatalog, to viewer: String) throws -> String {
        let localizer = Localizer(catalog: catalog, locale: viewer, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        return try keys.map { try localizer.string($0) }.joined(separator: " ")
    }

    /// The source language step matches by likely subtags too: a catalog declaring `en-US` whose
    /// text is under `en` (or the other way round, or `pt` and `pt-BR`, `zh-Hans` and `zh`)
    /// shows that text to every viewer it falls back to it (before: the key), and a `new` unit
    /// there counts as the source's own text.
    @Test(arguments: [("en-US", "en"), ("en", "en-US"), ("pt-BR", "pt"), ("zh", "zh-Hans"), ("en_US", "en")])
    func theSourceLanguageMatchesByItsMeaning(declared: String, written: String) throws {
        let catalog = try CatalogFixture.catalog(
            """
            {"sourceLanguage": "\(declared)", "version": "1.0", "strings": {
              "k": {"localizations": {"\(written)": {"stringUnit": {"state": "translated", "value": "Source text"}}}},
              "n": {"localizations": {"\(written)": {"stringUnit": {"state": "new", "value": "New text"}}}}}}
            """)
        for locale in ["fr", "ja", declared, written] {
            let localizer = Localizer(catalog: catalog, locale: locale, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
            #expect(try localizer.string("k") == "Source text", "\(locale)")
            #expect(try localizer.string("n") == "New text", "\(locale)")
        }
    }

    /// A language whose every unit is untranslated (`new`) or empty is not one the catalog has:
    /// its viewer's pages are in the language their text is in, with that language's `lang`,
    /// direction and formats (`en-EG`; before: `lang="ar-EG" dir="rtl"` over English text). One unit
    /// that counts (here a plural's `other`, or a device's case) makes it the page's language.
    @Test(arguments: [
        (#""ar": {"stringUnit": {"state": "new", "value": "مرحبا"}}"#, "en-EG", "ltr"),
        (#""ar": {"stringUnit": {"state": "translated", "value": ""}}"#, "en-EG", "ltr"),
        (#""ar": {"variations": {"plural": {"other": {"stringUnit": {"state": "new", "value": "x"}}}}}"#, "en-EG", "ltr"),
        (#""ar": {"stringUnit": {"state": "needs_review", "value": "مرحبا"}}"#, "ar-EG", "rtl"),
        (#""ar": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "مرحبا"}}}}}"#, "ar-EG", "rtl"),
        (#""ar": {"variations": {"device": {"iphone": {"stringUnit": {"state": "translated", "value": "مرحبا"}}}}}"#, "ar-EG", "rtl"),
    ])
    func aLanguageWithNothingTranslatedIsNotThePagesLanguage(unit: String, lang: String, dir: String) throws {
        let catalog = try CatalogFixture.catalog(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "greeting": {"localizations": {\(unit),
                "en": {"stringUnit": {"state": "translated", "value": "Hello"}}}},
              "other": {"localizations": {"ar": {"stringUnit": {"state": "new", "value": "آخر"}},
                "en": {"stringUnit": {"state": "translated", "value": "Other"}}}}}}
            """)
        let localizer = Localizer(catalog: catalog, locale: "ar-EG", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(localizer.htmlLanguage == lang)
        #expect(localizer.direction == dir)
        #expect(try localizer.string("other") == "Other")
    }

    /// A name's `lang` is its person's locale only when the name is written in a script of that
    /// locale's language: a wrong `lang` sends a screen reader to the wrong voice.
    @Test(arguments: [
        ("ja-JP", "花子 佐藤", "ja-JP"), ("ja", "さくら", "ja"), ("ko", "김 민준", "ko"), ("ru-RU", "Анна Иванова", "ru-RU"),
        ("fr-FR", "Léa Martin", "fr-FR"), ("ar-EG", "أحمد حسن", "ar-EG"), ("en-US", "Sean O'Brien", "en-US"),
        ("ja", "สมชาย ใจดี", nil), ("en", "अर्जुन शर्मा", nil), ("ja", "김 민준", nil), ("ru", "José Núñez", nil),
        ("en", "Ana Лима", nil), ("en", "42 🦁", nil), ("zz", "Ana", nil),
    ])
    func aNamesLangIsItsPersonsLocaleWhenWrittenInItsScript(tag: String, name: String, lang: String?) {
        #expect(LanguageTag.forHTML(tag, naming: name) == lang)
    }

    @Test func tagsAreCanonicalPerBCP47() {
        #expect(LanguageTag.normalize("de-DE-u-NU-Arab") == "de-DE-u-nu-arab")
        #expect(LanguageTag.normalize("pt_br") == "pt-BR")
        #expect(LanguageTag.normalize("zh-hant-tw") == "zh-Hant-TW")
        #expect(LanguageTag.normalize("EN-us-X-Private") == "en-US-x-private")
        #expect(LanguageTag.normalize("iw") == "he")
        #expect(LanguageTag.normalize("es-419") == "es-419")
    }

    /// CLDR's language aliases, from ICU's own data: legacy tags mean what they replace, like
    /// `iw` → `he`, so a Tagalog or Serbo-Croatian reader gets the catalog's Filipino or Latin
    /// Serbian. `no` has no alias in CLDR; matching reads it as `nb`.
    @Test(arguments: [
        ("tl", "fil"), ("tl-PH", "fil-PH"), ("TL_ph", "fil-PH"), ("tl-u-nu-latn", "fil-u-nu-latn"), ("sh", "sr-Latn"),
        ("sh-BA", "sr-Latn-BA"), ("sh-Cyrl", "sr-Cyrl"), ("cmn", "zh"), ("cmn-Hant-TW", "zh-Hant-TW"), ("zh-cmn", "zh"),
        ("in", "id"), ("mo", "ro"), ("mo-MD", "ro-MD"), ("ji", "yi"), ("jw", "jv"), ("tw", "ak"), ("swh", "sw"),
        ("arb", "ar"), ("zsm", "ms"), ("no-bok", "nb"), ("en-UK", "en-GB"), ("no", "no"), ("nb", "nb"), ("fil", "fil"),
        ("sr-Latn", "sr-Latn"), ("yue", "yue"), ("en-US-u-va-posix", "en-US-u-va-posix"),
    ])
    func legacyTagsAreReplacedByCLDRAliases(_ written: String, _ canonical: String) {
        #expect(LanguageTag.normalize(written) == canonical, "\(written)")
    }

    @Test func legacyTagsFallBackAsTheirReplacements() throws {
        let available = ["en", "fil", "sr", "sr-Latn", "zh-Hans", "nb"]
        func chain(_ viewer: String) -> [String] {
            LanguageTag.fallbackChain(for: LanguageTag.normalize(viewer), available: available, sourceLanguage: "en")
        }
        #expect(chain("tl") == ["fil", "en"])
        #expect(chain("sh") == ["sr-Latn", "en"])
        #expect(chain("cmn") == ["zh-Hans", "en"])
        #expect(chain("no") == ["nb", "en"])
        let catalog = try CatalogFixture.catalog(
            #"""
            {"sourceLanguage" : "en", "strings" : {"Done" : {"localizations" : {
              "en" : {"stringUnit" : {"state" : "translated", "value" : "Done"}},
              "fil" : {"stringUnit" : {"state" : "translated", "value" : "Tapos na"}},
              "sr-Latn" : {"stringUnit" : {"state" : "translated", "value" : "Gotovo"}}}}}}
            """#)
        for (viewer, text, lang) in [("tl", "Tapos na", "fil"), ("tl-PH", "Tapos na", "fil-PH"), ("sh", "Gotovo", "sr-Latn")] {
            let localizer = Localizer(catalog: catalog, locale: viewer, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
            #expect(try localizer.string("Done") == text, "\(viewer)")
            #expect(localizer.htmlLanguage == lang, "\(viewer)")
        }
    }
}
