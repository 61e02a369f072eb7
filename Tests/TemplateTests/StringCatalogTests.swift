import Foundation
import Testing
import VantageCore

@testable import Template

@Suite("String Catalog")
struct StringCatalogTests {
    private func catalog(_ json: String) throws -> StringCatalog {
        try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "Localizable.xcstrings"), file: "Localizable.xcstrings")
    }

    private func catalogError(_ json: String) throws -> Diagnostic {
        try #require(throws: Diagnostic.self) { _ = try catalog(json) }
    }

    @Test func readsKeysLanguagesAndStaleEntries() {
        let catalog = LocalizerHelperTests.catalog
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.keys.contains("Cancel") && catalog.keys.contains("photos_added"))
        #expect(catalog.keys == catalog.keys.sorted())
        #expect(catalog.staleKeys == ["old_heading"])
        #expect(catalog.languages == ["ar", "en", "fr", "ja", "pt", "pt-BR", "ru"])
    }

    @Test func readsAFileFromDisk() throws {
        let folder = try TemporaryFolder(files: ["Localizable.xcstrings": CatalogFixture.json])
        let catalog = try StringCatalog(path: folder.path + "/Localizable.xcstrings")
        #expect(catalog.keys == LocalizerHelperTests.catalog.keys)
        #expect(catalog.file == folder.path + "/Localizable.xcstrings")
    }

    /// Says why, as for every input file (before: "cannot read the string catalog" alone).
    @Test func aMissingFileIsADiagnostic() {
        #expect(throws: Diagnostic.error("cannot read the file: it does not exist", at: SourceLocation(file: "/nonexistent/x.xcstrings"))) {
            _ = try StringCatalog(path: "/nonexistent/x.xcstrings")
        }
        #expect(throws: Diagnostic.error("expected a file, found a folder", at: SourceLocation(file: "/tmp"))) {
            _ = try StringCatalog(path: "/tmp")
        }
    }

    /// Xcode writes UTF-8: a catalog saved as UTF-16 or UTF-32 is told so, not shown a stray byte.
    @Test func aCatalogInUTF16IsNamedAsSuch() throws {
        let folder = try TemporaryFolder(files: [:])
        let file = folder.path + "/Localizable.xcstrings"
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], [0x7B, 0x00, 0x7D, 0x00], [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x7B]] {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            #expect(throws: Diagnostic.error(
                "the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8", at: SourceLocation(file: file))) {
                _ = try StringCatalog(path: file)
            }
        }
    }

    @Test func jsonSyntaxErrorsAreLocated() throws {
        let error = try catalogError("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {,}\n}")
        #expect(error.location?.line == 3)
        #expect(error.location?.file == "Localizable.xcstrings")
    }

    @Test(arguments: [#"{"strings": {}}"#, #"{"sourceLanguage": "!!", "strings": {}}"#, #"{"sourceLanguage": "123", "strings": {}}"#,
                      #"{"sourceLanguage": "en\" x=\"", "strings": {}}"#])
    func missingOrMalformedSourceLanguage(_ text: String) throws {
        let error = try catalogError(text)
        #expect(error.description == "Localizable.xcstrings: sourceLanguage: error: expected the source language's tag, as in \"en\"")
    }

    @Test func structuralErrorsNameTheRecordPath() throws {
        let notAnObject = try catalogError(#"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"fr": []}}}}"#)
        #expect(notAnObject.location?.recordPath == #"strings["Hi"].localizations.fr"#)
        #expect(notAnObject.message == "expected an object, found an array")

        let noValue = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"fr": {"stringUnit": {"state": "translated"}}}}}}"#)
        #expect(noValue.location?.recordPath == #"strings["Hi"].localizations.fr.stringUnit.value"#)
        #expect(noValue.message == "expected the string's value")

        let category = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {"lots": {"stringUnit": {"state": "translated", "value": "x"}}}}}}}}}"#)
        #expect(category.location?.recordPath == #"strings["n"].localizations.en.variations.plural.lots"#)
        #expect(category.message == "unknown plural category: expected zero, one, two, few, many or other")

        let language = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"english!!": {"stringUnit": {"state": "translated", "value": "Hi"}}}}}}"#)
        #expect(language.location?.recordPath == #"strings["Hi"].localizations["english!!"]"#)
        #expect(language.message == #"expected a language tag such as "pt-BR" as the localization's name"#)
        // One language written twice, in another case or with `_`: which would show is not for
        // the file's order to decide.
        for (first, second, named) in [("en-US", "en_US", ".en_US"), ("pt-BR", "PT-br", #"["PT-br"]"#), ("zh-Hans", "zh_hans", ".zh_hans")] {
            let twice = try catalogError(
                #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"\#(first)": {"stringUnit": {"state": "translated", "value": "a"}}, "\#(second)": {"stringUnit": {"state": "translated", "value": "b"}}}}}}"#)
            #expect(twice.location?.recordPath == #"strings["Hi"].localizations"# + named)
            #expect(twice.message == #"the same language as the localization "\#(first)" (both are \#(first)); keep one"#)
        }

        // A control character no page may hold would fail every page that shows the string.
        let control = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "a\u0000b"}}}}}}"#)
        #expect(control.location?.recordPath == #"strings["Hi"].localizations.fr.stringUnit.value"#)
        #expect(control.message == "the value holds U+0000, which an HTML page cannot hold")
        let c1 = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "x\u0090"}}}}}}"#)
        #expect(c1.message == "the value holds U+0090, which an HTML page cannot hold")
        // Plural and device variations side by side: one would be dropped without a word.
        let both = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"en": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "a"}}}, "device": {"other": {"stringUnit": {"state": "translated", "value": "b"}}}}}}}}}"#)
        #expect(both.location?.recordPath == #"strings["Hi"].localizations.en.variations"#)
        #expect(both.message == "expected plural or device variations, found both side by side (Xcode nests them: each device's plural)")
        // The same written as a character reference, which Markdown reads into the page.
        for (written, code) in [("&#1;", "U+0001"), ("&#x80;", "U+0080"), ("&#xFDD0;", "U+FDD0"), ("&#x1FFFF;", "U+1FFFF"), ("&#127;", "U+007F")] {
            let referenced = try catalogError(
                #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "[x](a\#(written)b) y"}}}}}}"#)
            #expect(referenced.location?.recordPath == #"strings["Hi"].localizations.fr.stringUnit.value"#)
            #expect(referenced.message == "the value holds \(written) (\(code)), which an HTML page cannot hold")
        }
        // Word's manual line break (U+000B), a form feed and NEL are line breaks, as iOS shows them.
        let breaks = try StringCatalog(json: try JSONParser.parse(Array(
            #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "a\u000bb\u000cc\u0085d"}}}}}}"#.utf8), file: "t"), file: "t")
        let library = try TemplateLibrary(templates: ["p": "{{#t}}Hi{{/t}}"], mode: .strict)
        let localizer = Localizer(catalog: breaks, locale: "fr", timeZone: "UTC", now: Date(timeIntervalSince1970: 0), mode: .strict)
        #expect(try library.render("p", context: [:], localizer: localizer) == "a\nb\nc\nd")

        // A key is data: in a message it is quoted by the one rule, so a line feed in it cannot
        // start a line that reads as a diagnostic of its own, and a bidi override shows.
        let oddKey = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"a\nt:1:1: error: forged\u202e": {"localizations": {"en": {"stringUnit": {"state": "done", "value": "x"}}}}}}"#)
        #expect(oddKey.location?.recordPath == #"strings["a\nt:1:1: error: forged\u{202E}"].localizations.en.stringUnit.state"#)

        // Without `other` a number of a category the string lacks would show another's words.
        let noOther = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld one"}}, "few": {"stringUnit": {"state": "translated", "value": "%lld few"}}}}}}}}}"#)
        #expect(noOther.location?.recordPath == #"strings["n"].localizations.ru.variations.plural"#)
        #expect(noOther.message == "a plural variation needs an 'other' case (every number without a case of its own shows it)")

        // A plural case is only shown with its number: one that is no format string (`%y`) is
        // refused on load, not the first time a viewer's count falls in it. So is one inside a
        // device case of a plural, and one in a substitution's plural; a plain value is not.
        let badCase = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"ru": {"variations": {"plural": {"many": {"stringUnit": {"state": "translated", "value": "%lld новых 50%y"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld"}}}}}}}}}"#)
        #expect(badCase.location?.recordPath == #"strings["n"].localizations.ru.variations.plural.many.stringUnit.value"#)
        #expect(
            badCase.message
                == #"a plural case is shown with its number, but this is not a valid format string: unknown format specifier after '%' (the '%' at character 14 of "%lld новых 50%y")"#)
        let badDevice = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {"other": {"variations": {"device": {"mac": {"stringUnit": {"state": "translated", "value": "%lld"}}, "ipad": {"stringUnit": {"state": "translated", "value": "%lld %"}}}}}}}}}}}}"#)
        #expect(badDevice.location?.recordPath == #"strings["n"].localizations.en.variations.plural.other.variations.device.ipad.stringUnit.value"#)
        let badSubstitution = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@x@"}, "substitutions": {"x": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg %q"}}}}}}}}}}}"#)
        #expect(badSubstitution.location?.recordPath == #"strings["n"].localizations.en.substitutions.x.variations.plural.other.stringUnit.value"#)
        _ = try catalog(#"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "100% sûr"}}}}}}"#)
        let emptyPlural = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {}}}}}}}"#)
        #expect(emptyPlural.location?.recordPath == #"strings["n"].localizations.en.variations.plural"#)
        #expect(
            emptyPlural.message
                == "expected plural variations with cases, found none (Xcode never writes an empty set); write its cases, or a stringUnit in place of the variations")

        // What Xcode never writes, which would be read one silent way or another: a misspelt
        // device (never chosen), a state it has no word for (shown as translated), a string unit
        // beside variations (which one shows?).
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        let cases: [(String, String, String)] = [
            (#"{"variations": {"device": {"iPhone": \#(unit("a")), "other": \#(unit("b"))}}}"#,
             "variations.device.iPhone", "unknown device: expected iphone, ipad, ipod, mac, applewatch, appletv, applevision or other"),
            (#"{"stringUnit": {"state": "done", "value": "a"}}"#,
             "stringUnit.state", #"expected the state new, translated, needs_review or stale, found "done""#),
            (#"{"stringUnit": {"state": 1, "value": "a"}}"#,
             "stringUnit.state", "expected the state new, translated, needs_review or stale, found a number"),
            (#"{"stringUnit": {"state": "translated", "value": "a"}, "variations": {"plural": {"other": \#(unit("b"))}}}"#,
             "", "expected a stringUnit or variations, found both"),
        ]
        for (localization, path, message) in cases {
            let error = try catalogError(#"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": \#(localization)}}}}"#)
            #expect(error.location?.recordPath == #"strings["n"].localizations.en"# + (path.isEmpty ? "" : "." + path))
            #expect(error.message == message)
        }
        // Variations nest as Xcode writes them (a device one with plural ones inside, or the
        // other way round), up to four deep; deeper, the catalog is refused where it passes
        // four (each level cost twice the one above it to load).
        func nested(_ levels: Int) -> String {
            var value = unit("x")
            for level in 0..<levels {
                value = level % 2 == 0 ? #"{"variations": {"plural": {"other": \#(value)}}}"# : #"{"variations": {"device": {"other": \#(value)}}}"#
            }
            return #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": \#(value)}}}}"#
        }
        #expect(try catalog(nested(4)).keys == ["n"])
        let deep = try catalogError(nested(24))
        #expect(deep.location?.recordPath
            == #"strings["n"].localizations.en.variations.device.other.variations.plural.other.variations.device.other.variations.plural.other.variations"#)
        #expect(deep.message == "variations nest more than 4 deep (Xcode writes a device and a plural variation inside each other at most)")

        let specifier = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%lld"}, "substitutions": {"a": {"formatSpecifier": "y", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#)
        #expect(specifier.location?.recordPath == #"strings["n"].localizations.en.substitutions.a.formatSpecifier"#)
        #expect(specifier.message == "'y' is not a format specifier such as lld or @")

        let argNum = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@a@"}, "substitutions": {"a": {"argNum": 0, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#)
        #expect(argNum.location?.recordPath == #"strings["n"].localizations.en.substitutions.a.argNum"#)
        #expect(argNum.message == "expected a whole number from 1 to 9999")
        // Past Int's range the number once trapped in the conversion.
        let huge = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@a@"}, "substitutions": {"a": {"argNum": 100000000000000000000, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#)
        #expect(huge.location?.recordPath == #"strings["n"].localizations.en.substitutions.a.argNum"#)
        #expect(huge.message == "expected a whole number from 1 to 9999")
    }

    /// An empty set of device variations (`"device": {}`), which Xcode never writes, left the
    /// string to show its key as written, without a word: it is refused where it is, at any
    /// depth, as an empty plural one is.
    @Test func emptyVariationSetsAreRefused() throws {
        let message = { (kind: String) in
            "expected \(kind) variations with cases, found none (Xcode never writes an empty set); write its cases, or a stringUnit in place of the variations"
        }
        let cases: [(String, String, String)] = [
            (#"{"variations": {"device": {}}}"#, "variations.device", "device"),
            (#"{"variations": {"plural": {"other": {"variations": {"device": {}}}}}}"#, "variations.plural.other.variations.device", "device"),
            (#"{"variations": {"device": {"mac": {"variations": {"plural": {}}}}}}"#, "variations.device.mac.variations.plural", "plural"),
            (#"{"stringUnit": {"state": "translated", "value": "%#@x@"}, "substitutions": {"x": {"argNum": 1, "variations": {"device": {}}}}}"#,
             "substitutions.x.variations.device", "device"),
        ]
        for (localization, path, kind) in cases {
            let error = try catalogError(#"{"sourceLanguage": "en", "strings": {"hello": {"localizations": {"en": \#(localization)}}}}"#)
            #expect(error.location?.file == "Localizable.xcstrings")
            #expect(error.location?.recordPath == #"strings["hello"].localizations.en."# + path)
            #expect(error.message == message(kind))
        }
        // A device set with a case still loads.
        _ = try catalog(#"{"sourceLanguage": "en", "strings": {"hello": {"localizations": {"en": {"variations": {"device": {"mac": {"stringUnit": {"state": "translated", "value": "Hi"}}}}}}}}}"#)
    }

    /// A plural case that is no format string is refused naming the `%` at fault (by character,
    /// as a person counts them) and quoting the value, by the one quoting rule: a line feed or a
    /// bidi control in it shows escaped; a long value is quoted around that `%`. The values are
    /// written as JSON.
    @Test(arguments: [
        (#"100% %lld"#, #"unknown format specifier after '%' (the '%' at character 4 of "100% %lld")"#),
        (#"%lld %"#, #"unknown format specifier after '%' (the '%' at character 6 of "%lld %")"#),
        (#"e\u0301 %lld %q"#, "unknown format specifier after '%' (the '%' at character 8 of \"e\u{301} %lld %q\")"),
        (#"%lld\nx: error: forged\u202e %y"#, #"unknown format specifier after '%' (the '%' at character 24 of "%lld\nx: error: forged\u{202E} %y")"#),
        (#"%lld %0100d"#, #"a width of 100 is more than 99 (the '%' at character 6 of "%lld %0100d")"#),
        ("%lld " + String(repeating: "a", count: 100) + " 5%y " + String(repeating: "b", count: 100),
         #"unknown format specifier after '%' (the '%' at character 108 of "…"# + String(repeating: "a", count: 28) + " 5%y "
            + String(repeating: "b", count: 27) + #"…")"#),
    ])
    func aBadPluralCaseNamesItsPercentSign(value: String, problem: String) throws {
        let error = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "\#(value)"}}}}}}}}}"#)
        #expect(error.location?.recordPath == #"strings["n"].localizations.en.variations.plural.other.stringUnit.value"#)
        #expect(error.message == "a plural case is shown with its number, but this is not a valid format string: " + problem)
    }

    /// A formatSpecifier that is not a string (a number, null) is refused where it is, as a
    /// misspelt one is (before: read as if absent, the specifier taken from the cases). A
    /// substitution or case whose name is not a plain word is named in brackets, as a key is, so
    /// the path reads one way (before: `substitutions.my.photos.argNum`).
    @Test func substitutionMembersAreNamedWhereTheyAre() throws {
        func substitution(name: String, _ members: String) -> String {
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@\#(name)@"}, "substitutions": {"\#(name)": {\#(members), "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#
        }
        let number = try catalogError(substitution(name: "a", #""argNum": 1, "formatSpecifier": 5"#))
        #expect(number.location?.recordPath == #"strings["n"].localizations.en.substitutions.a.formatSpecifier"#)
        #expect(number.message == "expected a format specifier such as lld or @, found a number")
        let null = try catalogError(substitution(name: "a", #""argNum": 1, "formatSpecifier": null"#))
        #expect(null.message == "expected a format specifier such as lld or @, found null")

        let dotted = try catalogError(substitution(name: "my.photos", #""argNum": 0, "formatSpecifier": "lld""#))
        #expect(dotted.location?.recordPath == #"strings["n"].localizations.en.substitutions["my.photos"].argNum"#)
        let category = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {"a few": {"stringUnit": {"state": "translated", "value": "x"}}}}}}}}}"#)
        #expect(category.location?.recordPath == #"strings["n"].localizations.en.variations.plural["a few"]"#)
    }

    /// Xcode writes the version "1.0" (Xcode 15 and 16) or "1.1" (Xcode 26). Another one, or
    /// one that is not a string, is from a format this reader does not know: read all the same,
    /// with a warning at `version` (before: not a word).
    @Test(arguments: [
        (#""1.0""#, nil), (#""1.1""#, nil), ("", nil),
        (#""2.0""#, #"found "2.0""#), ("1", "found a number"), (#""""#, #"found """#),
    ] as [(String, String?)])
    func anUnknownVersionIsWarnedAbout(_ version: String, _ found: String?) throws {
        // "": no version at all, as in a catalog written by hand.
        let loaded = try catalog(
            version.isEmpty
                ? #"{"sourceLanguage": "en", "strings": {"a": {}}}"#
                : #"{"sourceLanguage": "en", "strings": {"a": {}}, "version": \#(version)}"#)
        #expect(loaded.keys == ["a"])
        #expect(loaded.warnings.map(\.description) == found.map {
            [#"Localizable.xcstrings: version: warning: expected the version "1.0" or "1.1" that Xcode writes, \#($0); the catalog is read as those are"#]
        } ?? [])
    }

    /// A localization is named in the record path as every member is: a name that is not a
    /// plain word in brackets (before: `localizations.en.US`, which reads as a member `US` of a
    /// localization `en`, and `localizations.pt-BR`).
    @Test(arguments: [
        ("en.US", #"strings["a"].localizations["en.US"]"#, #"expected a language tag such as "pt-BR" as the localization's name"#),
        ("fr FR", #"strings["a"].localizations["fr FR"]"#, #"expected a language tag such as "pt-BR" as the localization's name"#),
        ("pt-BR", #"strings["a"].localizations["pt-BR"].stringUnit.value"#, "expected the string's value"),
        ("fr", #"strings["a"].localizations.fr.stringUnit.value"#, "expected the string's value"),
    ])
    func aLocalizationIsNamedAsEveryMemberIs(_ language: String, _ path: String, _ message: String) throws {
        let error = try catalogError(
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"\#(language)": {"stringUnit": {"state": "translated"}}}}}}"#)
        #expect(error.location?.recordPath == path)
        #expect(error.message == message)
    }

    /// Xcode writes the extraction states manual, extracted_with_value, migrated and stale (or
    /// none). Another one is read as those are, with a warning naming the entry's
    /// `extractionState`, once per value with how many places have it, suggesting a near one
    /// (before: not a word, and `"Stale"` left the key out of `staleKeys` silently).
    @Test func anUnknownExtractionStateIsWarnedAbout() throws {
        let loaded = try catalog(
            #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"extractionState": "manual"}, "b": {"extractionState": "extracted_with_value"},
              "c": {"extractionState": "migrated"}, "d": {"extractionState": "stale"}, "e": {},
              "f": {"extractionState": "Stale", "localizations": {"fr": {"stringUnit": {"state": "translated", "value": "F"}}}},
              "g.h": {"extractionState": "automatic"}, "i": {"extractionState": "Stale"}}}
            """#)
        #expect(loaded.keys == ["a", "b", "c", "d", "e", "f", "g.h", "i"])
        #expect(loaded.staleKeys == ["d"])
        #expect(loaded.warnings.map(\.description) == [
            #"Localizable.xcstrings: strings["f"].extractionState: warning: expected the extraction state manual, extracted_with_value, migrated or stale that Xcode writes, found "Stale" (did you mean "stale"?); the entry is translated as those are (in 2 places)"#,
            #"Localizable.xcstrings: strings["g.h"].extractionState: warning: expected the extraction state manual, extracted_with_value, migrated or stale that Xcode writes, found "automatic"; the entry is translated as those are"#,
        ])
        let localizer = Localizer(catalog: loaded, locale: "fr", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try localizer.string("f") == "F")
    }

    @Test func formatStringsSplitIntoSegments() throws {
        let format = try FormatString.parsing("%1$@ has %#@n@ (%lld%%, %.1f) %arg %2$#@m@")
        #expect(
            format.segments == [
                .argument(position: 1, FormatSpecifier(conversion: UInt8(ascii: "@"))), .literal(" has "),
                .substitution(name: "n", position: nil), .literal(" ("),
                .argument(position: nil, FormatSpecifier(hasLength: true, conversion: UInt8(ascii: "d"))), .literal("%, "),
                .argument(position: nil, FormatSpecifier(precision: 1, conversion: UInt8(ascii: "f"))),
                .literal(") "), .substitutedArgument, .literal(" "), .substitution(name: "m", position: 2),
            ])
    }

    @Test(arguments: [
        ("100% accurate", false), ("20%off", false), ("50%d", false), ("%", false), ("Zobrazit % baterie", false),
        ("%lld items", true), ("%@ said", true), ("%2$@", true), ("%.1f km", true), ("%#@n@", true), ("%ld", true),
        // A `%` that starts no specifier hides none of the others.
        ("Voir en tant que %@ – 100 %, sûr", true), ("Скидка 100 %, %lld", true), ("%, then %2$@", true),
        ("%#@n then %lld", true), ("100 %, sûr", false), ("100 %, 20%off", false),
    ])
    func whatPlainlyExpectsArguments(_ text: String, _ expected: Bool) {
        #expect(FormatString(text).expectsArguments == expected, "\(text)")
    }

    /// The `zero` case follows the number shown: `%.1f` shows 0.04 as 0.0, as it shows 0.
    @Test func theZeroCaseFollowsTheNumberShown() throws {
        let json = #"{"sourceLanguage": "en", "strings": {"d": {"localizations": {"en": {"variations": {"plural": {"#
            + #""zero": {"stringUnit": {"state": "translated", "value": "No distance (%.1f km)"}}, "#
            + #""one": {"stringUnit": {"state": "translated", "value": "%.1f kilometre"}}, "#
            + #""other": {"stringUnit": {"state": "translated", "value": "%.1f kilometres"}}}}}}}}}"#
        let localizer = Localizer(catalog: try catalog(json), locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try localizer.string("d", arguments: [(nil, 0)]) == "No distance (0.0 km)")
        #expect(try localizer.string("d", arguments: [(nil, 0.04)]) == "No distance (0.0 km)")
        #expect(try localizer.string("d", arguments: [(nil, -0.04)]) == "No distance (-0.0 km)")
        #expect(try localizer.string("d", arguments: [(nil, 0.06)]) == "0.1 kilometres")
        #expect(try localizer.string("d", arguments: [(nil, 1)]) == "1.0 kilometres")
    }
}
