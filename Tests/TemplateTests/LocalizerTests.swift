import Foundation
import Testing

@testable import Template

@Suite("Localizer")
struct LocalizerTests {
    private func localizer(_ tag: String, timeZone: String = "UTC", mode: TemplateMode = .strict) -> Localizer {
        Localizer(catalog: nil, locale: tag, timeZone: timeZone, now: LocalizerHelperTests.now, mode: mode)
    }

    @Test(arguments: [("ar", "rtl"), ("he", "rtl"), ("fa", "rtl"), ("ur", "rtl"), ("ar-EG", "rtl"), ("en", "ltr"), ("ja", "ltr"), ("pt-BR", "ltr"),
        ("sd", "rtl"), ("sd-Deva", "ltr"), ("ar-Latn", "ltr"), ("ur-Latn", "ltr"), ("ug", "rtl"), ("ckb", "rtl"),
        ("dv", "rtl"), ("ps", "rtl"), ("yi", "rtl"), ("ks-Deva", "ltr"), ("pa-Arab", "rtl"), ("az-Arab", "rtl")])
    func direction(_ tag: String, _ expected: String) {
        #expect(localizer(tag).direction == expected)
    }

    @Test func languageTagsAreNormalised() {
        #expect(localizer("pt_br").languageTag == "pt-BR")
        #expect(localizer("ZH-hant-tw").languageTag == "zh-Hant-TW")
        #expect(localizer("es-419").languageTag == "es-419")
        #expect(localizer("de-DE-u-NU-Arab").languageTag == "de-DE-u-nu-arab")
        // `lang` holds the language, not how to format it: HTML checkers refuse extensions.
        let page = try? TemplateLibrary(templates: ["p": "{{lang}} {{dir}}"], mode: .strict)
            .render("p", context: [:], localizer: localizer("de-DE-u-NU-Arab"))
        #expect(page == "de-DE ltr")
    }

    /// `lang` as the Nu checker accepts it (every subtag registered, no extension, no script the
    /// language is written in anyway), for tags the import accepts.
    @Test(arguments: [
        ("en-US-u-va-posix", "en-US"), ("ja-JP-u-ca-japanese", "ja-JP"), ("en-Latn-US", "en-US"), ("zh-Hant-TW", "zh-TW"),
        ("zh-Hant", "zh-Hant"), ("sr-Latn", "sr-Latn"), ("sr-Cyrl-RS", "sr-RS"), ("pa-Arab-PK", "pa-Arab-PK"), ("pa-Guru-PK", "pa-Guru-PK"),
        ("de-CH-1901", "de-CH"), ("en-a-bbb", "en"), ("es-419", "es-419"), ("iw-IL", "he-IL"), ("sq-XK", "sq"), ("qtz-Zzzz-AA", nil),
        ("xx", nil), ("zz-ZZ", nil), ("en-Qaaa", "en"), ("pt_br", "pt-BR"), ("yue-Hant-HK", "yue-HK"), ("und", "und"),
    ] as [(String, String?)])
    func tagsForHTML(_ tag: String, _ expected: String?) {
        #expect(LanguageTag.forHTML(tag) == expected, "\(tag)")
    }

    /// `day`: the date alone; a date without a time is that day of the calendar in every zone.
    /// A calendar the tag asks for (`-u-ca-japanese`) is the one dates are shown in.
    @Test func daysAndCalendars() throws {
        let library = try TemplateLibrary(templates: ["p": "{{#date}}a day{{/date}}|{{#date}}b day{{/date}}|{{#date}}b long{{/date}}"], mode: .strict)
        func page(_ tag: String, _ zone: String) throws -> String {
            let localizer = Localizer(catalog: nil, locale: tag, timeZone: zone, now: LocalizerHelperTests.now, mode: .strict)
            return try library.render("p", context: ["a": "2026-06-01", "b": "2026-05-02T08:30:00Z"], localizer: localizer)
        }
        #expect(try page("en-US", "America/Los_Angeles").hasPrefix("Jun 1, 2026|May 2, 2026|Saturday, May 2, 2026"))
        #expect(try page("en-US", "Pacific/Kiritimati").hasPrefix("Jun 1, 2026|May 2, 2026|"))
        #expect(try page("en-US", "Pacific/Pago_Pago").hasPrefix("Jun 1, 2026|May 1, 2026|"))
        #expect(try page("ja-JP-u-ca-japanese", "Asia/Tokyo").contains("令和8年"))
        #expect(try page("th-TH-u-ca-buddhist", "Asia/Bangkok").contains("2569"))
        #expect(try !page("th-TH", "Asia/Bangkok").contains("2569"))
    }

    /// A viewer whose language the catalog lacks reads the source language: the page is in it
    /// (`lang`, `dir`), formatted with the viewer's region and extensions, as iOS shows an app
    /// without the user's language.
    @Test func aLanguageTheCatalogLacksShowsTheSourceLanguagesPage() throws {
        let catalog = try CatalogFixture.catalog(#"""
            {"sourceLanguage" : "en", "strings" : {"k" : {"localizations" : {
              "en" : {"stringUnit" : {"state" : "translated", "value" : "Hello"}},
              "fr" : {"stringUnit" : {"state" : "translated", "value" : "Bonjour"}}}}}, "version" : "1.0"}
            """#)
        let library = try TemplateLibrary(templates: ["p": "{{lang}} {{dir}} {{#t}}k{{/t}} {{#date}}t medium{{/date}}"], mode: .strict)
        func page(_ tag: String) throws -> String {
            let localizer = Localizer(catalog: catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
            return try library.render("p", context: ["t": "2026-05-02T08:30:00Z"], localizer: localizer)
        }
        #expect(try page("he-IL") == "en-IL ltr Hello 2 May 2026 at 8:30")
        #expect(try page("fa-IR") == "en-IR ltr Hello May 2, 2026 at 08:30")
        #expect(try page("xx") == "en ltr Hello May 2, 2026 at 8:30\u{202F}AM")
        #expect(try page("fr-CA") == "fr-CA ltr Bonjour 2 mai 2026 à 08:30")
        #expect(try page("de-DE-u-nu-arab").hasPrefix("en-DE ltr Hello ٢"))
        // English in another script is not the catalog's English; `und-FR` is French.
        #expect(try page("en-Arab").hasPrefix("en ltr Hello May 2, 2026"))
        #expect(try page("und-FR") == "fr ltr Bonjour 2 mai 2026 à 08:30")
    }

    /// The hour as each locale's short time writes it (CLDR `timeFormats/short`): two digits
    /// where the pattern has `HH` (French, German, British English, Russian, Chinese, Danish),
    /// one where it has `H` or `h` (Spanish, Japanese, Finnish, American English). Foundation's
    /// `.shortened` wrote "4:03" everywhere.
    @Test(arguments: [
        ("fr-FR", "5 janv. 2026 à 04:03"), ("de-DE", "5. Jan. 2026, 04:03"), ("en-GB", "5 Jan 2026 at 04:03"),
        ("ru-RU", "5 янв. 2026\u{202F}г., 04:03"), ("zh-CN", "2026年1月5日 04:03"), ("da-DK", "5. jan. 2026, 04.03"),
        ("es-ES", "5 ene 2026, 4:03"), ("ja-JP", "2026年1月5日 4:03"), ("fi-FI", "5.1.2026 klo 4.03"),
        ("en-US", "Jan 5, 2026 at 4:03\u{202F}AM"),
    ])
    func theHourIsWrittenAsTheLocalesShortTimeWritesIt(tag: String, expected: String) throws {
        // A catalog in each language, so that each page is in its viewer's own.
        let languages = ["en", "fr", "de", "ru", "zh-Hans", "da", "es", "ja", "fi"].map {
            #""\#($0)" : {"stringUnit" : {"state" : "translated", "value" : "\#($0)"}}"#
        }
        let catalog = try CatalogFixture.catalog(#"{"sourceLanguage" : "en", "strings" : {"k" : {"localizations" : {"#
            + languages.joined(separator: ", ") + #"}}}, "version" : "1.0"}"#)
        let library = try TemplateLibrary(templates: ["p": "{{lang}} {{#date}}t medium{{/date}}"], mode: .strict)
        let localizer = Localizer(catalog: catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        let rendered = try library.render("p", context: ["t": "2026-01-05T04:03:00Z"], localizer: localizer)
        #expect(rendered == tag + " " + expected, "\(rendered)")
    }

    @Test func theFallbackChainEndsWithTheSourceLanguage() {
        #expect(LanguageTag.fallbackChain(for: "pt-BR", available: ["en", "pt", "pt-BR"], sourceLanguage: "en") == ["pt-BR", "pt", "en"])
        #expect(LanguageTag.fallbackChain(for: "en-GB", available: ["en", "fr"], sourceLanguage: "en") == ["en"])
    }

    @Test func anUnknownTimeZoneFallsBackToUTCWithAWarning() {
        let localizer = localizer("en", timeZone: "Mars/Olympus")
        #expect(localizer.timeZoneIdentifier == "UTC")
        #expect(localizer.warnings.map(\.message) == ["unknown time zone 'Mars/Olympus': showing times in UTC"])
    }

    /// A `-u-nu-` naming the language's own digits (`ar-SA-u-nu-arab`, `en-US-u-nu-latn`), or a
    /// numbering system ICU does not know, stopped the process: Foundation's `DateFormatter`,
    /// asked for the short time pattern, could not make its formatter. The pattern is ICU's own.
    /// A numbering system ICU does not know, or a `nu` key without one, left every date empty:
    /// the locale's own digits are shown.
    @Test(arguments: [
        ("ar-SA-u-nu-arab", "ar-SA"), ("ar-EG-u-nu-arab", "ar-EG"), ("en-US-u-nu-latn", "en-US"), ("fr-FR-u-nu-latn", "fr-FR"),
        ("en-u-nu-foo", "en"), ("en-u-nu", "en"), ("en-u-nu-ca-gregory", "en-u-ca-gregory"),
    ])
    func aLocalesOwnDigitsNamedInTheTagFormatDates(tag: String, plain: String) {
        let date = Date(timeIntervalSince1970: 1_781_535_600)  // 2026-06-15T15:00:00Z
        for style in [DateStyle.short, .medium, .long, .day] {
            let shown = localizer(tag).format(date: date, style: style)
            #expect(!shown.isEmpty && shown == localizer(plain).format(date: date, style: style))
        }
        #expect(LocaleFormatters.writesTwoDigitHours(languageTag: tag) == LocaleFormatters.writesTwoDigitHours(languageTag: plain))
    }

    /// Digits other than the language's own, asked for by the tag, are shown.
    @Test(arguments: [("th-u-nu-thai", "๑๕"), ("hi-IN-u-nu-deva", "१५"), ("bn-u-nu-beng", "১৫"), ("ar-SA-u-nu-latn", "15")])
    func otherDigitsNamedInTheTagFormatDates(tag: String, fifteen: String) {
        let date = Date(timeIntervalSince1970: 1_781_535_600)
        #expect(localizer(tag).format(date: date, style: .medium).contains(fifteen))
    }

    /// An algorithmic numbering system (Roman numerals, Hebrew or Cyrillic letters) writes no
    /// digits: a time in it is unreadable (`III:N PM`), so dates and numbers take the locale's
    /// own digits; a numeric one (`latn`, `arab`, `thai`) is kept.
    @Test func algorithmicNumberingSystemsFallBackToDigits() {
        #expect(ICULocale.withDecimalDigits("en-US-u-nu-roman") == "en-US")
        #expect(ICULocale.withDecimalDigits("he-IL-u-ca-hebrew-nu-hebr") == "he-IL-u-ca-hebrew")
        #expect(ICULocale.withDecimalDigits("ja-JP-u-nu-jpanfin-ca-japanese") == "ja-JP-u-ca-japanese")
        for kept in ["ar-EG-u-nu-latn", "th-TH-u-nu-thai", "en-US", "fr-u-ca-buddhist", "de-x-nu-roman"] {
            #expect(ICULocale.withDecimalDigits(kept) == kept)
        }
        let date = Date(timeIntervalSince1970: 1_781_535_600)  // 2026-06-15T15:00:00Z
        #expect(localizer("en-US-u-nu-roman").format(date: date, style: .medium)
            == localizer("en-US").format(date: date, style: .medium))
        #expect(localizer("en-US-u-nu-roman").format(number: 1234) == "1,234")
    }

    @Test func isoDatesCarryTheViewersOffsetAcrossDaylightSaving() {
        let paris = localizer("fr", timeZone: "Europe/Paris")
        #expect(paris.format(date: Date(timeIntervalSince1970: 1_767_225_600), style: .iso) == "2026-01-01T01:00:00+01:00")
        #expect(paris.format(date: Date(timeIntervalSince1970: 1_782_864_000), style: .iso) == "2026-07-01T02:00:00+02:00")
        let kolkata = localizer("en", timeZone: "Asia/Kolkata")
        #expect(kolkata.format(date: Date(timeIntervalSince1970: 0), style: .iso) == "1970-01-01T05:30:00+05:30")
        let honolulu = localizer("en", timeZone: "Pacific/Honolulu")
        #expect(honolulu.format(date: Date(timeIntervalSince1970: 0), style: .iso) == "1969-12-31T14:00:00-10:00")
        // An instant within a second keeps its milliseconds (HTML's one to three digits), before
        // 1970 too; what is below a millisecond is not shown.
        #expect(paris.format(date: Date(timeIntervalSince1970: 1_767_225_600.5), style: .iso) == "2026-01-01T01:00:00.5+01:00")
        #expect(paris.format(date: Date(timeIntervalSince1970: 1_767_225_600.025), style: .iso) == "2026-01-01T01:00:00.025+01:00")
        #expect(paris.format(date: Date(timeIntervalSince1970: 1_767_225_600.000_4), style: .iso) == "2026-01-01T01:00:00+01:00")
        #expect(honolulu.format(date: Date(timeIntervalSince1970: -0.25), style: .iso) == "1969-12-31T13:59:59.75-10:00")
    }

    @Test func isoStringsAreParsed() {
        #expect(ISODate.parse("2026-05-02T08:30:00Z") == 1_777_710_600)
        #expect(ISODate.parse("2026-05-02T17:30:00+09:00") == 1_777_710_600)
        #expect(ISODate.parse("2026-05-02T03:30-0500") == 1_777_710_600)
        #expect(ISODate.parse("2026-05-02T08:30:00.250Z") == 1_777_710_600.25)
        #expect(ISODate.parse("2026-05-02") == 1_777_680_000)
        #expect(ISODate.parse("1969-12-31T23:59:59Z") == -1)
        #expect(ISODate.parse("2024-02-29T00:00:00Z") == 1_709_164_800)
        // As the import reads timestamps (`Timestamp`): a time needs its offset, and a minute has
        // 60 seconds; these were taken as UTC, and as 08:31.
        for bad in ["2026-02-29", "2026-13-01", "2026-05-02T25:00Z", "yesterday", "2026-05-02T08:30:00Zjunk", "",
                    "2026-05-02T08:30:00", "2026-05-02T08:30", "2026-05-02T08:30:60Z", "2026-05-02T08:30:00+24:00"] {
            #expect(ISODate.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("An offset with seconds (a zone's old local mean time) is written in whole minutes, and the time still names the instant")
    func isoOffsetsWithSeconds() throws {
        // Noon UTC on 1971-06-01 in Monrovia, then at −00:44:30.
        let noon = 44_625_600.0
        #expect(ISODate.format(noon, offset: -2_670) == "1971-06-01T11:16:00-00:44")
        #expect(ISODate.parse(ISODate.format(noon, offset: -2_670)) == noon)
        // Kathmandu in 1900 (+05:41:16) and whole-minute offsets as they were.
        #expect(ISODate.parse(ISODate.format(-2_208_988_800, offset: 20_476)) == -2_208_988_800)
        #expect(ISODate.format(noon, offset: 20_700) == "1971-06-01T17:45:00+05:45")
        // Through the date helper and the time zone's own history.
        let library = try TemplateLibrary(templates: ["page": "{{#date}}a iso{{/date}}"], mode: .strict)
        let rendered = try library.render("page", context: ["a": 44_625_600], localizer: localizer("en", timeZone: "Africa/Monrovia"))
        #expect(ISODate.parse(rendered) == noon, "\(rendered)")
    }

    @Test func dateHelperReadsSecondsOrISOStrings() throws {
        let library = try TemplateLibrary(
            templates: ["page": "{{#date}}a iso{{/date}} {{#date}}b iso{{/date}} {{#date}}\"2026-05-02T08:30:00Z\" iso{{/date}}"],
            mode: .strict)
        let rendered = try library.render(
            "page", context: ["a": 1_777_710_600, "b": "2026-05-02T08:30:00Z"], localizer: localizer("ja", timeZone: "Asia/Tokyo"))
        #expect(rendered == "2026-05-02T17:30:00+09:00 2026-05-02T17:30:00+09:00 2026-05-02T17:30:00+09:00")
    }

    @Test func dateHelperDefaultsToMedium() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#date}}a{{/date}}"], mode: .strict)
        #expect(try library.render("page", context: ["a": 0], localizer: localizer("en")) == "Jan 1, 1970 at 12:00\u{202F}AM")
    }

    @Test func badHelperValuesAreErrorsInStrictAndWarningsInSpecMode() throws {
        let page = "{{#date}}a{{/date}}|{{#number}}b{{/number}}|{{#andList}}c{{/andList}}|{{#date}}d{{/date}}"
        let context: Value = ["a": "last week", "b": true, "c": "Ana", "d": nil]
        let strict = try TemplateLibrary(templates: ["page": page], mode: .strict)
        let error = try #require(throws: TemplateError.self) {
            _ = try strict.render("page", context: context, localizer: localizer("en"))
        }
        #expect(error.message == "date: expected Unix seconds, a date (2026-05-02) or an ISO 8601 instant with Z or an offset (2026-05-02T08:30:00+09:00), got \"last week\"")
        let lenient = localizer("en", mode: .spec)
        let spec = try TemplateLibrary(templates: ["page": page], mode: .spec)
        #expect(try spec.render("page", context: context, localizer: lenient) == "|||")
        #expect(
            lenient.warnings.map(\.message) == [
                "date: expected Unix seconds, a date (2026-05-02) or an ISO 8601 instant with Z or an offset (2026-05-02T08:30:00+09:00), got \"last week\"",
                "number: expected a number, got a boolean", "andList: expected a list, got \"Ana\"",
            ])
    }

    @Test func listsOfNumbersAreFormattedPerLocale() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#andList}}n{{/andList}}"], mode: .strict)
        #expect(try library.render("page", context: ["n": [1000, 2.5]], localizer: localizer("de")) == "1.000 und 2,5")
    }

    @Test func memoisedListsAreKeptApartByTheirItems() throws {
        // Lists whose bytes run together alike, in one memo (one Localizer, one page after
        // another): each is formatted from its own items.
        let library = try TemplateLibrary(templates: ["page": "{{#andList}}n{{/andList}}"], mode: .strict)
        let en = localizer("en")
        let lists: [[Value]] = [["ab", "c"], ["a", "bc"], ["abc"], ["a", "b", "c"], ["ab", "c"], [], ["", "abc"], ["abc", ""]]
        let expected = ["ab and c", "a and bc", "abc", "a, b, and c", "ab and c", "", " and abc", "abc and "]
        for (items, text) in zip(lists, expected) {
            #expect(try library.render("page", context: ["n": .list(items)], localizer: en) == text)
        }
    }

    @Test func datesAndNumericTranslationsAreMemoisedAcrossPages() throws {
        // A "now" of its own: memo pools are shared by Localizers with equal settings.
        let now = Date(timeIntervalSince1970: 1_000_000_001)
        let localizer = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "UTC", now: now, mode: .strict)
        let library = try TemplateLibrary(
            templates: [
                "page": "{{#date}}a short{{/date}}{{#date}}a short{{/date}}{{#date}}a long{{/date}}"
                    + "{{#t}}comments count=n{{/t}}{{#t}}greeting name=who{{/t}}"
            ], mode: .strict)
        let first = try library.render("page", context: ["a": 0, "n": 2, "who": "Ana"], localizer: localizer)
        let memo = localizer.checkOutMemo()
        #expect(memo.dates.count == 2)
        #expect(memo.translations.count == 1)  // the greeting has a string argument: not memoised
        localizer.checkIn(memo)
        let second = try library.render("page", context: ["a": 0, "n": 2, "who": "Ana"], localizer: localizer)
        #expect(second == first)
        let other = try library.render("page", context: ["a": 0, "n": 1, "who": "Ben"], localizer: localizer)
        #expect(other.hasSuffix("1 commentHello, Ben!"))

        // A new Localizer with the same settings (one per viewer, say) finds the same memos.
        let sibling = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "UTC", now: now, mode: .strict)
        let shared = sibling.checkOutMemo()
        #expect(shared.dates.count == 2 && shared.translations.count == 2)
        sibling.checkIn(shared)
        let elsewhere = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "Asia/Tokyo", now: now, mode: .strict)
        let separate = elsewhere.checkOutMemo()
        #expect(separate.dates.count == 0)
        elsewhere.checkIn(separate)
    }

    @Test func aCatalogLoadedAfterAnotherIsNeverServedTheOthersMemoisedStrings() throws {
        // Memo pools were once keyed by a catalog's address: a catalog freed and the next one
        // allocated at the same address got its predecessor's translations (seen as a flaky
        // incremental-build test whose ru, ar, ja and pt-BR pages kept old strings).
        let now = Date(timeIntervalSince1970: 1_000_000_002)
        let library = try TemplateLibrary(templates: ["page": "{{#t}}items count=n{{/t}}"], mode: .strict)
        for round in 0..<500 {
            let catalog = try CatalogFixture.catalog(#"""
                { "sourceLanguage": "en", "version": "1.0", "strings": { "items": { "localizations": {
                  "fr": { "variations": { "plural": {
                    "one": { "stringUnit": { "state": "translated", "value": "%lld article r\#(round)" } },
                    "other": { "stringUnit": { "state": "translated", "value": "%lld articles r\#(round)" } } } } } } } } }
                """#)
            let localizer = Localizer(catalog: catalog, locale: "fr", timeZone: "UTC", now: now, mode: .strict)
            #expect(try library.render("page", context: ["n": 2], localizer: localizer) == "2 articles r\(round)")
        }
    }

    @Test func memoTablesStayBounded() {
        var memo = ScalarMemo<Int>(limit: 100, initialCapacity: 16)
        for key in 0..<1_000 { memo.set(key, for: UInt64(key), tag: UInt8(key % 3)) }
        #expect(memo.count <= 100)
        #expect(memo.value(for: 999, tag: 0) == 999)
        #expect(memo.value(for: 999, tag: 1) == nil)
        #expect(memo.value(for: 5, tag: 2) == nil)
    }

    @Test func byteMemosKeepBytesByKeyAndStayBounded() {
        var memo = ByteMemo(limit: 100)
        for key in 0..<1_000 {
            let bytes = Array("value \(key)".utf8)
            bytes.withUnsafeBufferPointer { memo.store($0, for: UInt64(key), 7, tag: UInt8(key % 3)) }
        }
        #expect(memo.count <= 100)
        var output = OutputBuffer(capacity: 16)
        #expect(memo.write(999, 7, tag: 0, into: &output))
        #expect(!memo.write(999, 8, tag: 0, into: &output))
        #expect(!memo.write(999, 7, tag: 1, into: &output))
        #expect(!memo.write(5, 7, tag: 2, into: &output))
        #expect(output.string == "value 999")
    }

    @Test func oneLocalizerServesManyThreads() async throws {
        let library = try TemplateLibrary(templates: ["page": LocalizerHelperTests.page], mode: .strict)
        let localizer = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "ru", timeZone: "Europe/Moscow", now: LocalizerHelperTests.now,
            mode: .strict)
        let expected = LocalizerHelperTests.cases.first { $0.tag == "ru" }!.expected
        let pages = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask { try library.render("page", context: LocalizerHelperTests.context, localizer: localizer) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pages.count == 16 && pages.allSatisfy { $0 == expected })
    }
}
