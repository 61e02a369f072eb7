import Foundation
import Testing
import VantageCLI
import VantageCore

@testable import Render
@testable import Template

/// site.json's `locales`, "the locales the site's strings are checked for" (DATA.md): each
/// string a listed locale's readers would see in another language is a warning of the build.
@Suite("site.json locales")
struct LocaleCoverageTests {
    @Test("A listed locale the catalog does not cover is a warning naming the strings; a covered one, none")
    func uncoveredLocalesAreWarned() throws {
        let json = """
            {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "a" : {"localizations" : {"en" : {"stringUnit" : {"state" : "translated", "value" : "A"}},
                                        "fr" : {"stringUnit" : {"state" : "translated", "value" : "A fr"}},
                                        "pt" : {"stringUnit" : {"state" : "translated", "value" : "A pt"}}}},
              "b" : {"localizations" : {"en" : {"stringUnit" : {"state" : "translated", "value" : "B"}},
                                        "fr" : {"stringUnit" : {"state" : "new", "value" : "B fr"}}}},
              "brand" : {"shouldTranslate" : false, "localizations" : {"en" : {"stringUnit" : {"state" : "translated", "value" : "V"}}}}}}
            """
        let catalog = try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        #expect(catalog.untranslatedKeys(for: "fr") == ["b"])
        #expect(catalog.untranslatedKeys(for: "fr-CA") == ["b"])
        #expect(catalog.untranslatedKeys(for: "pt-BR") == ["b"])
        #expect(catalog.untranslatedKeys(for: "de") == ["a", "b"])
        #expect(catalog.untranslatedKeys(for: "en-GB") == [])
        let warnings = SiteBuild.coverageWarnings(catalog: catalog, path: "t/Localizable.xcstrings", locales: ["en", "fr", "de"])
        #expect(warnings.map(\.description) == [
            "t/Localizable.xcstrings: warning: site.json locales: 1 string has no fr translation, so fr pages show it in en: \"b\"",
            "t/Localizable.xcstrings: warning: site.json locales: 2 strings have no de translation, so de pages show them in en: \"a\", \"b\"",
        ])
        // `--locale`, the language of every page, is checked too unless site.json lists it.
        let forced = SiteBuild.coverageWarnings(catalog: catalog, path: "t/Localizable.xcstrings", locales: ["en"], forced: "xx-Bogus")
        #expect(forced.map(\.description) == [
            "t/Localizable.xcstrings: warning: --locale xx-Bogus: 2 strings have no xx-Bogus translation, so xx-Bogus pages show them in en: \"a\", \"b\"",
        ])
        #expect(SiteBuild.coverageWarnings(catalog: catalog, path: "t", locales: ["fr"], forced: "fr").count == 1)
        #expect(SiteBuild.coverageWarnings(catalog: catalog, path: "t", locales: [], forced: "en-GB").isEmpty)
    }

    /// Xcode's keys are often sentences: each is quoted in the list, so "Hello, %@!" and "OK"
    /// read as two keys and a key's line break does not split the warning (before: `in en:
    /// Hello, %@!, Line 1` and `Line 2, OK` on the next line).
    @Test func keysAreQuotedInTheList() throws {
        let json = #"""
            {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "Hello, %@!" : {}, "Line 1\nLine 2" : {}, "OK" : {}}}
            """#
        let catalog = try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        let warnings = SiteBuild.coverageWarnings(catalog: catalog, path: "t/Localizable.xcstrings", locales: ["fr"])
        #expect(warnings.map(\.description) == [
            #"t/Localizable.xcstrings: warning: site.json locales: 3 strings have no fr translation, so fr pages show them in en: "Hello, %@!", "Line 1\nLine 2", "OK""#,
        ])
    }

    /// A key counts as translated for a locale exactly when the pages of that locale show it
    /// in their own language (the same language in the same script), by the resolution the
    /// pages use: `nb` text serves `no` readers; a source language in another script
    /// (Simplified Chinese for `zh-TW`, Cyrillic Serbian for `sr-Latn`) does not.
    @Test("Coverage is decided by the pages' own resolution, script included")
    func coverageFollowsTheResolution() throws {
        func catalog(_ json: String) throws -> StringCatalog {
            try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        }
        func unit(_ value: String) -> String { #"{"stringUnit" : {"state" : "translated", "value" : "\#(value)"}}"# }
        let norwegian = try catalog("""
            {"sourceLanguage" : "en", "strings" : {
              "a" : {"localizations" : {"en" : \(unit("A")), "nb" : \(unit("A nb"))}},
              "b" : {"localizations" : {"en" : \(unit("B"))}}}}
            """)
        #expect(norwegian.untranslatedKeys(for: "no") == ["b"])
        #expect(norwegian.untranslatedKeys(for: "no-NO") == ["b"])
        #expect(norwegian.untranslatedKeys(for: "nb") == ["b"])
        let chinese = try catalog("""
            {"sourceLanguage" : "zh-Hans", "strings" : {
              "a" : {"localizations" : {"zh-Hans" : \(unit("甲")), "zh-Hant" : \(unit("甲（繁）"))}},
              "b" : {"localizations" : {"zh-Hans" : \(unit("乙"))}},
              "c" : {"localizations" : {"zh-Hans" : \(unit("丙"))}}}}
            """)
        #expect(chinese.untranslatedKeys(for: "zh-TW") == ["b", "c"])
        #expect(chinese.untranslatedKeys(for: "zh-HK") == ["b", "c"])
        #expect(chinese.untranslatedKeys(for: "zh-Hant") == ["b", "c"])
        #expect(chinese.untranslatedKeys(for: "zh-CN") == [])
        #expect(chinese.untranslatedKeys(for: "zh") == [])
        // What the pages show: the keys reported are the ones shown in Simplified Chinese.
        let taiwan = Localizer(catalog: chinese, locale: "zh-TW", timeZone: "UTC", now: Date(timeIntervalSince1970: 0), mode: .strict)
        #expect(try ["a", "b", "c"].map { try taiwan.string($0) } == ["甲（繁）", "乙", "丙"])
        let serbian = try catalog("""
            {"sourceLanguage" : "sr", "strings" : {
              "a" : {"localizations" : {"sr" : \(unit("А")), "sr-Latn" : \(unit("A"))}},
              "b" : {"localizations" : {"sr" : \(unit("Б"))}}}}
            """)
        #expect(serbian.untranslatedKeys(for: "sr-Latn") == ["b"])
        #expect(serbian.untranslatedKeys(for: "sr-Latn-RS") == ["b"])
        #expect(serbian.untranslatedKeys(for: "sr-RS") == [])
        #expect(serbian.untranslatedKeys(for: "sr-Cyrl-BA") == [])
        let warnings = SiteBuild.coverageWarnings(catalog: chinese, path: "t/Localizable.xcstrings", locales: ["zh-TW"])
        #expect(warnings.map(\.description) == [
            "t/Localizable.xcstrings: warning: site.json locales: 2 strings have no zh-TW translation, so zh-TW pages show them in zh-Hans: \"b\", \"c\"",
        ])
    }

    /// A listed locale's strings in its own language with plural variations that lack a case
    /// CLDR needs for a whole number (or hold one that does not count: `new`, empty), in the
    /// string itself, a substitution, or a device's case: a warning naming each with the
    /// categories (Russian's 2 read "2 новой идеи", its `other` form).
    @Test("A plural without every form a listed locale needs is a warning naming the forms")
    func missingPluralFormsAreWarned() throws {
        func plural(_ cases: [String: String], state: [String: String] = [:]) -> String {
            let members = cases.sorted { $0.key < $1.key }.map { category, value in
                #""\#(category)" : {"stringUnit" : {"state" : "\#(state[category] ?? "translated")", "value" : "\#(value)"}}"#
            }
            return #"{"variations" : {"plural" : {\#(members.joined(separator: ", "))}}}"#
        }
        let json = """
            {"sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "bell" : {"localizations" : {
                "en" : \(plural(["one": "%lld idea", "other": "%lld ideas"])),
                "ru" : \(plural(["one": "%lld идея", "many": "%lld идей", "other": "%lld идеи"])),
                "fr" : \(plural(["one": "%lld idée", "many": "%lld d’idées", "other": "%lld idées"])),
                "ja" : \(plural(["other": "%lld件"]))}},
              "count" : {"localizations" : {
                "en" : \(plural(["other": "%lld people"])),
                "ru" : {"stringUnit" : {"state" : "translated", "value" : "%#@n@"}, "substitutions" : {"n" : {
                  "argNum" : 1, "formatSpecifier" : "lld", "variations" : {"plural" : {
                    "one" : {"stringUnit" : {"state" : "translated", "value" : "%arg человек"}},
                    "few" : {"stringUnit" : {"state" : "new", "value" : "%arg человека"}},
                    "many" : {"stringUnit" : {"state" : "translated", "value" : "%arg человек"}},
                    "other" : {"stringUnit" : {"state" : "translated", "value" : "%arg человека"}}}}}}},
                "fr" : {"variations" : {"device" : {"iphone" : \(plural(["one": "%lld personne", "other": "%lld personnes"])),
                                                     "other" : \(plural(["one": "%lld personne", "many": "%lld de personnes", "other": "%lld personnes"]))}}}}},
              "plain" : {"localizations" : {"en" : {"stringUnit" : {"state" : "translated", "value" : "Plain"}},
                                            "ru" : {"stringUnit" : {"state" : "translated", "value" : "Просто"}}}}}}
            """
        let catalog = try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: "t"), file: "t")
        func missing(_ tag: String) -> [String] {
            catalog.missingPluralForms(for: tag).map { "\($0.key): \($0.categories.map(\.rawValue).joined(separator: " "))" }
        }
        #expect(missing("ru") == ["bell: few", "count: few"])
        #expect(missing("ru-RU") == ["bell: few", "count: few"])
        #expect(missing("en") == ["count: one"])
        #expect(missing("fr") == ["count: many"])
        #expect(missing("ja") == [])
        // A language the catalog lacks reads the source's text, reported as untranslated.
        #expect(missing("de") == [])
        let warnings = SiteBuild.coverageWarnings(catalog: catalog, path: "t/Localizable.xcstrings", locales: ["ru", "ja"])
        #expect(warnings.map(\.description) == [
            "t/Localizable.xcstrings: warning: site.json locales: 2 strings lack plural forms ru needs, so ru pages show those counts in the other form: \"bell\" (few), \"count\" (few)",
            "t/Localizable.xcstrings: warning: site.json locales: 2 strings have no ja translation, so ja pages show them in en: \"count\", \"plain\"",
        ])
    }

    @Test("vantage build prints the warning and builds")
    func theBuildPrintsIt() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/site.json", #"""
            { "title": "Tiny", "defaultLocale": "en", "locales": ["en", "fr", "de"], "timeZone": "UTC",
              "defaultRegion": "US", "pageSize": 2, "buildDate": "2026-05-10T12:00:00Z" }
            """#)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("Localizable.xcstrings: warning: site.json locales: "), "\(result.err)")
        #expect(result.err.contains(" strings have no de translation, so de pages show them in en: "), "\(result.err)")
        #expect(!result.err.contains("no fr translation"), "\(result.err)")
    }

    @Test("vantage build prints the catalog's unknown members as it prints the coverage warnings (they were ignored without a word)")
    func theBuildPrintsUnknownMembers() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let templates = project.folder.appendingPathComponent("templates").path
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        let catalog = templates + "/Localizable.xcstrings"
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        try text.replacingOccurrences(of: "\"strings\": {", with: "\"tool\": \"x\", \"strings\": {")
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        let console = Console.capturing()
        let status = VantageCLI.run(
            ["build", "--content", project.content, "--templates", templates, "--out", project.output, "--db", project.store], console: console)
        #expect(status == 0, "\(console.standardError)")
        #expect(console.standardError.contains(
            "\(catalog): tool: warning: unknown member \"tool\" is ignored; the catalog's members are sourceLanguage, strings and version\n"),
            "\(console.standardError)")
    }

    @Test("A viewer whose language the catalog lacks gets pages in its source language, and every lang is one HTML checkers accept")
    func pagesAreInTheLanguageShown() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let export = try String(contentsOfFile: project.content + "/quotes/export.json", encoding: .utf8)
        try project.write("content/quotes/export.json", export
            .replacingOccurrences(of: #""locale": "fr-FR""#, with: #""locale": "he-IL-u-nu-hebr""#)
            .replacingOccurrences(of: #""locale": "en-US""#, with: #""locale": "en-US-u-va-posix""#))
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        func page(_ path: String) throws -> String { try String(contentsOfFile: project.output + "/" + path, encoding: .utf8) }
        // The default catalog has no Hebrew: Léa reads English, left to right, dated as in Israel.
        let lea = try page("lea-martin/index.html")
        // `lang` is the language; the scripts format numbers for the whole locale (`data-locale`).
        #expect(lea.contains(#"<html xmlns="http://www.w3.org/1999/xhtml" lang="en-IL" dir="ltr" data-locale="en-IL-u-nu-hebr">"#))
        #expect(!lea.contains("dir=\"rtl\""))
        #expect(try page("ana-lima/index.html").contains(#"lang="en-US" dir="ltr""#))
        // Her locale is named in the page's language.
        let settings = try page("lea-martin/settings.html")
        #expect(settings.contains("Hebrew (Israel"), "\(settings)")
        // The index tags each name with its person's locale, as a tag HTML accepts, when the
        // name is written in that language's script: Léa's Latin letters are not Hebrew.
        let index = try page("index.html")
        #expect(index.contains(#"lang="en-US">Ana Lima"#) && !index.contains(#"lang="he-IL""#), "\(index)")
        #expect(!index.contains("-u-") && !lea.replacingOccurrences(of: #"data-locale="en-IL-u-nu-hebr""#, with: "").contains("-u-"))
    }
}
