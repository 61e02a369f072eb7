import Foundation
import Testing
import VantageCore

@testable import Template

/// `{{#t}}…{{/t}}`: fallback chain, entry states, arguments and the missing-key policy.
@Suite("Translated strings")
struct TranslationTests {
    private func localizer(_ tag: String, _ mode: TemplateMode = .strict) -> Localizer {
        Localizer(
            catalog: LocalizerHelperTests.catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now,
            mode: mode)
    }

    private func render(_ template: String, _ context: Value = [:], localizer: Localizer, mode: TemplateMode = .strict)
        throws -> String
    {
        try TemplateLibrary(templates: ["page": template], mode: mode).render("page", context: context, localizer: localizer)
    }

    @Test func regionalTagFallsBackToItsLanguageThenTheSource() throws {
        // pt-BR has "comments" itself, "greeting" only in pt, "needs_translation" only in en.
        let pt = localizer("pt-BR")
        #expect(try pt.string("comments", arguments: [("count", 2)]) == "2 comentários")
        #expect(try pt.string("greeting", arguments: [("name", "Ana")]) == "Olá, Ana!")
        #expect(try pt.string("needs_translation") == "Settings")
        #expect(try localizer("pt").string("comments", arguments: [("count", 2)]) == "2 observações")
        #expect(localizer("pt_br").languageTag == "pt-BR")
    }

    @Test func untranslatedAndEmptyUnitsFallBack() throws {
        #expect(try localizer("fr").string("needs_translation") == "Settings")  // state "new"
        #expect(try localizer("ru").string("needs_translation") == "Settings")  // empty value
        #expect(try localizer("ja").string("needs_translation") == "設定")  // needs_review still shows
    }

    /// Plural and device cases follow the units' rule: an empty case, or an untranslated one
    /// outside the source language, is passed over for `other`; a language whose `other` does not
    /// count leaves the string to the next language (never an empty string for some numbers).
    @Test func emptyAndUntranslatedCasesDoNotCount() throws {
        func stringUnit(_ value: String, _ state: String = "translated") -> String {
            "{\"state\" : \"\(state)\", \"value\" : \"\(value)\"}"
        }
        func unit(_ value: String, _ state: String = "translated") -> String { "{\"stringUnit\" : \(stringUnit(value, state))}" }
        let catalog = try CatalogFixture.catalog("""
            {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "k" : {"localizations" : {
                "en" : {"variations" : {"plural" : {"one" : \(unit("%lld thing")), "other" : \(unit("%lld things"))}}},
                "de" : {"variations" : {"plural" : {"one" : \(unit("%lld Ding")), "other" : \(unit(""))}}},
                "fr" : {"variations" : {"plural" : {"one" : \(unit("%lld chose")), "other" : \(unit("%lld choses", "new"))}}},
                "es" : {"variations" : {"plural" : {"zero" : \(unit("")), "one" : \(unit("", "translated")),
                                                    "many" : \(unit("%lld cosas", "new")), "other" : \(unit("%lld cosas"))}}},
                "it" : {"variations" : {"device" : {"iphone" : \(unit("")), "other" : \(unit("%lld cose"))}}},
                "nl" : {"variations" : {"device" : {"iphone" : \(unit("")), "other" : \(unit("%lld dingen", "new"))}}}}},
              "s" : {"localizations" : {
                "en" : {"stringUnit" : \(stringUnit("%#@n@")), "substitutions" : {"n" : {"argNum" : 1, "formatSpecifier" : "lld",
                  "variations" : {"plural" : {"one" : \(unit("a %arg")), "other" : \(unit("%arg b"))}}}}},
                "fr" : {"stringUnit" : \(stringUnit("%#@n@")), "substitutions" : {"n" : {"argNum" : 1, "formatSpecifier" : "lld",
                  "variations" : {"plural" : {"one" : \(unit("une %arg")), "other" : \(unit(""))}}}}}}}}}
            """)
        func shown(_ tag: String, _ key: String, _ numbers: [Double]) throws -> [String] {
            let localizer = Localizer(catalog: catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
            return try numbers.map { try localizer.string(key, arguments: [("n", .number($0))]) }
        }
        #expect(try shown("de", "k", [0, 1, 2]) == ["0 things", "1 thing", "2 things"])
        #expect(try shown("fr", "k", [1, 5]) == ["1 thing", "5 things"])
        #expect(try shown("es", "k", [0, 1, 1_000_000, 5]) == ["0 cosas", "1 cosas", "1.000.000 cosas", "5 cosas"])
        #expect(try shown("it", "k", [3]) == ["3 cose"])
        #expect(try shown("nl", "k", [3]) == ["3 things"])
        #expect(try shown("fr", "s", [1, 2]) == ["a 1", "2 b"])
    }

    @Test func emptyEntriesAndUntranslatableKeysStandForThemselves() throws {
        #expect(try localizer("fr").string("Cancel") == "Cancel")
        #expect(try localizer("fr").string("brand") == "brand")
    }

    /// Not to be translated, with a source value: every language shows the source's text,
    /// never a translation the entry still holds.
    @Test func untranslatableKeysShowTheSourceText() throws {
        let catalog = try CatalogFixture.catalog(#"""
            {"sourceLanguage" : "en", "strings" : {"app" : {"shouldTranslate" : false, "localizations" : {
              "en" : {"stringUnit" : {"state" : "translated", "value" : "Change Jar"}},
              "fr" : {"stringUnit" : {"state" : "translated", "value" : "Bocal"}}}}}, "version" : "1.0"}
            """#)
        for locale in ["en", "fr", "ja"] {
            let localizer = Localizer(catalog: catalog, locale: locale, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .spec)
            #expect(try localizer.string("app") == "Change Jar", "\(locale)")
        }
    }

    /// A translation of a key not to be translated is never shown, so it gives the catalog no
    /// language: an `ar` viewer of a catalog whose only Arabic is such a key reads an English
    /// page, `lang="en"`, left to right (before: `lang="ar" dir="rtl"` around English text).
    @Test func untranslatableKeysGiveTheCatalogNoLanguage() throws {
        let catalog = try CatalogFixture.catalog(#"""
            {"sourceLanguage" : "en", "strings" : {
              "app" : {"shouldTranslate" : false, "localizations" : {
                "ar" : {"stringUnit" : {"state" : "translated", "value" : "برطمان"}},
                "en" : {"stringUnit" : {"state" : "translated", "value" : "Change Jar"}},
                "fr" : {"stringUnit" : {"state" : "translated", "value" : "Bocal"}}}},
              "Hello" : {"localizations" : {"fr" : {"stringUnit" : {"state" : "translated", "value" : "Bonjour"}}}}}, "version" : "1.0"}
            """#)
        #expect(catalog.languages == ["en", "fr"])
        let arabic = Localizer(catalog: catalog, locale: "ar", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try arabic.string("app") == "Change Jar")
        #expect(try arabic.string("Hello") == "Hello")
        #expect(arabic.lookupChain == ["en"])
        #expect(arabic.htmlLanguage == "en")
        #expect(arabic.direction == "ltr")
        let french = Localizer(catalog: catalog, locale: "fr", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try french.string("app") + " " + french.string("Hello") == "Change Jar Bonjour")
        #expect(french.htmlLanguage == "fr")
    }

    /// A language whose only text is another device's (`mac`, without `other`) is not an
    /// iPhone reader's: their page is in the language its text is in (before: `lang="ar"
    /// dir="rtl"` around English text, as the language counted for any device).
    @Test func aLanguageOfAnotherDeviceOnlyIsNotTheReadersLanguage() throws {
        let catalog = try CatalogFixture.catalog(#"""
            {"sourceLanguage" : "en", "strings" : {
              "Click" : {"localizations" : {"ar" : {"variations" : {"device" : {
                "mac" : {"stringUnit" : {"state" : "translated", "value" : "انقر"}}}}}}},
              "Hello" : {}}, "version" : "1.0"}
            """#)
        #expect(catalog.languages == ["ar", "en"])
        func localizer(_ device: String) -> Localizer {
            Localizer(catalog: catalog, locale: "ar", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict, device: device)
        }
        let iphone = localizer("iphone")
        #expect(try iphone.string("Click") + " " + iphone.string("Hello") == "Click Hello")
        #expect(iphone.lookupChain == ["en"])
        #expect(iphone.htmlLanguage == "en")
        #expect(iphone.direction == "ltr")
        #expect(catalog.untranslatedKeys(for: "ar") == ["Click", "Hello"])
        let mac = localizer("Mac")
        #expect(try mac.string("Click") == "انقر")
        #expect(mac.htmlLanguage == "ar")
        #expect(mac.direction == "rtl")
        #expect(catalog.untranslatedKeys(for: "ar", device: "mac") == ["Hello"])
    }

    @Test func staleEntriesStillTranslate() throws {
        #expect(try localizer("fr").string("old_heading") == "Ancien titre")
    }

    @Test func deviceVariationsUseTheDeviceThenOther() throws {
        #expect(try localizer("en").string("device_label") == "Tap")
        let mac = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now,
            mode: .strict, device: "mac")
        #expect(try mac.string("device_label") == "Click")
    }

    @Test func percentSignsAndFloatPrecision() throws {
        #expect(try localizer("en").string("percent", arguments: [("done", 40), ("left", 2.25)]) == "40% done, 2.2 hours left")
        #expect(
            try localizer("fr").string("percent", arguments: [("done", 40), ("left", 2.25)])
                == "40 % fait, 2,2 heures restantes")
    }

    @Test func literalArgumentsInQuotes() throws {
        let page = #"{{#t}}comments count="1"{{/t}} / {{#t}}greeting name="<Zoë>"{{/t}}"#
        #expect(try render(page, localizer: localizer("en")) == "1 comment / Hello, &lt;Zoë&gt;!")
    }

    @Test func quotedKeysMayHoldSpaces() throws {
        let catalog = try StringCatalog(
            json: try JSONParser.parse(Array(#"{"sourceLanguage": "en", "strings": {"Sign in": {}}}"#.utf8), file: "c"),
            file: "c")
        let localizer = Localizer(catalog: catalog, locale: "de", timeZone: "UTC", now: Date(timeIntervalSince1970: 0), mode: .strict)
        #expect(try render(#"{{#t}}"Sign in"{{/t}}"#, localizer: localizer) == "Sign in")
    }

    @Test func translatedTextIsEscaped() throws {
        #expect(try render("{{#t}}greeting name=who{{/t}}", ["who": "<b>'x'</b>"], localizer: localizer("en")) == "Hello, &lt;b&gt;&#39;x&#39;&lt;/b&gt;!")
    }

    @Test func missingKeyIsAnErrorInStrictMode() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try render("<h1>\n  {{#t}}welcome_title{{/t}}\n</h1>", localizer: localizer("fr"))
        }
        #expect(error.message == "no string \"welcome_title\" in Localizable.xcstrings")
        #expect(error.line == 2 && error.column == 3)
        #expect(error.sourceLine == "  {{#t}}welcome_title{{/t}}")
    }

    @Test func missingKeyIsAMarkerAndAWarningInSpecMode() throws {
        let localizer = localizer("fr", .spec)
        let page = "<h1>{{#t}}welcome_title{{/t}}</h1>\n<p>{{#t}}welcome_title{{/t}}</p>"
        #expect(try render(page, localizer: localizer, mode: .spec) == "<h1>⟦welcome_title⟧</h1>\n<p>⟦welcome_title⟧</p>")
        #expect(
            localizer.warnings.map(\.description) == [
                "page:1:5: warning: no string \"welcome_title\" in Localizable.xcstrings\n    <h1>{{#t}}welcome_title{{/t}}</h1>\n        ^",
                "page:2:4: warning: no string \"welcome_title\" in Localizable.xcstrings\n    <p>{{#t}}welcome_title{{/t}}</p>\n       ^",
            ])
    }

    /// A helper's body with a tag in it is read as a section of that name, which no data has:
    /// in spec mode it rendered nothing without a word; it is a warning naming why.
    @Test func aHelperWithATagInsideIsAWarningInSpecMode() throws {
        let localizer = localizer("fr", .spec)
        #expect(try render("<p>{{#t}}nav.{{x}}{{/t}}</p>", ["x": "home"], localizer: localizer, mode: .spec) == "<p></p>")
        #expect(localizer.warnings.map(\.description) == [
            "page:1:4: warning: no value named 't' in the context ('{{#t}}' is a localisation helper only when its body is a key and arguments, without tags)\n    <p>{{#t}}nav.{{x}}{{/t}}</p>\n       ^",
        ])
    }

    @Test func repeatedWarningsAreKeptOnce() throws {
        let localizer = localizer("fr", .spec)
        let library = try TemplateLibrary(templates: ["page": "{{#t}}nope{{/t}}"], mode: .spec)
        for _ in 0..<3 { _ = try library.render("page", context: [:], localizer: localizer) }
        #expect(localizer.warnings.count == 1)
    }

    @Test func withoutACatalogEveryKeyIsMissing() throws {
        let localizer = Localizer(catalog: nil, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .spec)
        #expect(try render("{{#t}}hello{{/t}}", localizer: localizer, mode: .spec) == "⟦hello⟧")
        #expect(localizer.warnings.map(\.message) == ["no string \"hello\": no string catalog was given"])
    }

    @Test func tooFewArgumentsAreReported() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try render("{{#t}}photos_added who=name{{/t}}", ["name": "Ana"], localizer: localizer("en"))
        }
        #expect(error.message == "the string \"photos_added\" (en) uses argument 3 but the tag gives 1")
        let spec = localizer("en", .spec)
        #expect(try render("{{#t}}photos_added who=name{{/t}}", ["name": "Ana"], localizer: spec, mode: .spec) == "Ana added  to ")
        #expect(spec.warnings.count == 2)
    }

    /// A substitution met again inside itself (`a` showing `%#@b@` and `b` showing `%#@a@`, or
    /// `c` showing `%#@c@`) would expand for ever: the catalog is refused when it loads, naming
    /// the substitution and the loop, in any variation. So are substitutions nested past 16.
    @Test func aSubstitutionInsideItselfIsRefusedWhenTheCatalogLoads() throws {
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        func substitution(_ number: Int, one: String = "%arg", showing value: String) -> String {
            #"{"argNum": \#(number), "formatSpecifier": "lld", "variations": {"plural": {"one": \#(unit(one)), "other": \#(unit(value))}}}"#
        }
        func load(_ substitutions: [(String, String)]) throws -> StringCatalog {
            let list = substitutions.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
            let json = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@a@"}, "substitutions": {\#(list)}}}}}}"#
            return try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        }
        let cases: [([(String, String)], String)] = [
            ([("a", substitution(1, showing: "%arg %#@b@")), ("b", substitution(2, showing: "%#@a@"))],
             #"t: strings["k"].localizations.en.substitutions.a: error: the substitution is used inside itself (a → b → a)"#),
            ([("c", substitution(1, showing: "%arg and %#@c@")), ("a", substitution(1, showing: "%arg"))],
             #"t: strings["k"].localizations.en.substitutions.c: error: the substitution is used inside itself (c → c)"#),
            // Only in the `one` case, which a count of 1 would choose.
            ([("a", substitution(1, one: "%#@b@", showing: "%arg")), ("b", substitution(1, showing: "%#@c@")),
              ("c", substitution(1, showing: "%#@b@"))],
             #"t: strings["k"].localizations.en.substitutions.b: error: the substitution is used inside itself (b → c → b)"#),
        ]
        for (substitutions, expected) in cases {
            let error = try #require(throws: Diagnostic.self) { try load(substitutions) }
            #expect(error.description == expected)
        }
        // A chain of 16 loads and renders; 17 is refused.
        func chain(_ count: Int) -> [(String, String)] {
            (0..<count).map { index in
                let name = index == 0 ? "a" : "s\(index)"
                return (name, substitution(1, showing: index == count - 1 ? "%arg" : "<%#@s\(index + 1)@>"))
            }
        }
        let localizer = Localizer(catalog: try load(chain(16)), locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try render("{{#t}}k n=two{{/t}}", ["two": 2], localizer: localizer)
            == String(repeating: "&lt;", count: 15) + "2" + String(repeating: "&gt;", count: 15))
        let deep = try #require(throws: Diagnostic.self) { try load(chain(17)) }
        #expect(deep.description
            == #"t: strings["k"].localizations.en.substitutions.a: error: substitutions nest more than 16 deep (a → s1 → s2 → …)"#)
        // Each shown several times inside one shown several times multiplies: eight times each,
        // four deep, is 4,681 expansions, refused at the first that passes 1,000.
        func fan(_ levels: Int, times: Int) -> [(String, String)] {
            (0..<levels).map { index in
                let name = index == 0 ? "a" : "s\(index)"
                let inside = index == levels - 1 ? "%arg" : String(repeating: "%#@s\(index + 1)@ ", count: times)
                return (name, substitution(1, showing: inside))
            }
        }
        let many = try #require(throws: Diagnostic.self) { try load(fan(5, times: 8)) }
        #expect(many.description
            == #"t: strings["k"].localizations.en.substitutions.a: error: the substitution expands more than 1000 substitutions inside it (each shown several times in one shown several times)"#)
        #expect(try load(fan(4, times: 8)).keys == ["k"])  // 585
        // A substitution used twice side by side is no loop.
        let twice = try load([("a", substitution(1, showing: "%#@b@ %#@b@")), ("b", substitution(1, showing: "%arg"))])
        let fine = Localizer(catalog: twice, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try render("{{#t}}k n=two{{/t}}", ["two": 2], localizer: fine) == "2 2")
    }

    /// A `%#@name@` the localization does not define, in any case of any variation: refused on
    /// load, naming the catalog, the key, the language and the place. In Russian's `few` alone it
    /// loaded, and the build failed only when a viewer's count was 3, naming the template.
    @Test func anUndefinedSubstitutionIsRefusedWhenTheCatalogLoads() throws {
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        let photos = #""photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"one": \#(unit("%arg photo")), "other": \#(unit("%arg photos"))}}}"#
        func load(_ localization: String) throws -> StringCatalog {
            let json = #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": \#(unit("%lld photos")), "ru": \#(localization)}}}}"#
            return try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        }
        let cases: [(String, String)] = [
            (#"{"variations": {"plural": {"one": \#(unit("%lld фото")), "few": \#(unit("%lld %#@photoz@")), "other": \#(unit("%lld фото"))}}, "substitutions": {\#(photos)}}"#,
             #"t: strings["n"].localizations.ru.variations.plural.few.stringUnit.value: error: the string "n" (ru) refers to the substitution "photoz", which the localization does not define (it defines "photos")"#),
            (#"{"variations": {"device": {"mac": \#(unit("%#@x@")), "other": \#(unit("%lld"))}}}"#,
             #"t: strings["n"].localizations.ru.variations.device.mac.stringUnit.value: error: the string "n" (ru) refers to the substitution "x", which the localization does not define (it defines none)"#),
            (#"{"stringUnit": {"state": "translated", "value": "%#@photos@"}, "substitutions": {"photos": {"argNum": 1, "variations": {"plural": {"many": \#(unit("%#@more@")), "other": \#(unit("%arg"))}}}}}"#,
             #"t: strings["n"].localizations.ru.substitutions.photos.variations.plural.many.stringUnit.value: error: the string "n" (ru) refers to the substitution "more", which the localization does not define (it defines "photos")"#),
            (unit("%2$#@photos@"),
             #"t: strings["n"].localizations.ru.stringUnit.value: error: the string "n" (ru) refers to the substitution "photos", which the localization does not define (it defines none)"#),
        ]
        for (localization, expected) in cases {
            let error = try #require(throws: Diagnostic.self) { try load(localization) }
            #expect(error.description == expected)
        }
        // Every case naming one the localization defines loads.
        let fine = try load(#"{"variations": {"plural": {"few": \#(unit("%lld %#@photos@")), "other": \#(unit("%lld"))}}, "substitutions": {\#(photos)}}"#)
        #expect(fine.keys == ["n"])
    }

    @Test func aNumberIsRequiredForANumericSpecifier() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try render("{{#t}}comments count=n{{/t}}", ["n": "many"], localizer: localizer("en"))
        }
        #expect(error.message == "the string \"comments\" (en): argument 1 needs a number, got a string")
        // A number written as text is a decimal: what else Swift's `Double` reads showed "nan",
        // "-inf" or 16 on the page.
        let shown = try render("{{#t}}comments count=n{{/t}}|{{#number}}n{{/number}}", ["n": "-2.5"], localizer: localizer("en"))
        #expect(shown == "-2 comments|-2.5", "\(shown)")  // %lld shows the whole part
        for text in ["nan", "inf", "-1e400", "1e3", "0x10", " 3", "3.", ".5"] {
            let refused = try #require(throws: TemplateError.self) {
                _ = try render("{{#t}}comments count=n{{/t}}", ["n": .string(text)], localizer: localizer("en"))
            }
            #expect(refused.message == "the string \"comments\" (en): argument 1 needs a number, got a string", "\(text)")
            let number = try #require(throws: TemplateError.self) {
                _ = try render("{{#number}}n{{/number}}", ["n": .string(text)], localizer: localizer("en"))
            }
            #expect(number.message.hasPrefix("number: expected a number, got "), "\(text)")
        }
    }

    /// A translation remembered for one number is remembered under the tag's argument name:
    /// `b=` names the substitution `b` (its `argNum` is 2), `x=` names nothing and stands at
    /// place 1. The second tag took the first one's text, or its error, by rendering order.
    @Test func aTranslationIsRememberedUnderItsArgumentName() throws {
        let json = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "got %#@b@"}, "substitutions": {"b": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%arg B-one"}}, "other": {"stringUnit": {"state": "translated", "value": "%arg B-other"}}}}}}}}}}}"#
        let catalog = try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        let localizer = Localizer(catalog: catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        let named = "[{{#t}}k b=n{{/t}}]", unnamed = "[{{#t}}k x=n{{/t}}]"
        for order in [[named, unnamed], [unnamed, named]] {
            let error = try #require(throws: TemplateError.self) {
                _ = try render(order.joined(), ["n": 3], localizer: localizer)
            }
            #expect(error.message == "the string \"k\" (en) uses argument 2 but the tag gives 1")
        }
        #expect(try render(named + named, ["n": 3], localizer: localizer) == "[got 3 B-other][got 3 B-other]")
    }

    @Test func aMissingArgumentPathIsAnErrorInStrictMode() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try render("{{#t}}comments count=post.count{{/t}}", ["post": [:]], localizer: localizer("en"))
        }
        #expect(error.message == "'post' has no member 'count'")
    }

    @Test func helpersWithoutALocalizerAreOrdinarySectionsInSpecMode() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{#t}}key{{/t}}][{{lang}}]"], mode: .spec)
        #expect(try library.render("page", context: [:], localizer: nil) == "[][]")
        #expect(try library.render("page", context: ["t": true, "lang": "xx"], localizer: nil) == "[key][xx]")
    }
}
