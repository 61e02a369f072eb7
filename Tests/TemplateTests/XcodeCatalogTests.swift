import Foundation
import Testing
import VantageCore

@testable import Template

/// Catalogs as Xcode writes them, rendered as iOS shows them (issue 12's findings, one test
/// each).
@Suite("Xcode String Catalogs as iOS shows them")
struct XcodeCatalogTests {
    private func localizer(_ tag: String, mode: TemplateMode = .strict, device: String = Localizer.defaultDevice)
        -> Localizer
    {
        Localizer(
            catalog: XcodeCatalogFixture.catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now,
            mode: mode, device: device)
    }

    private func render(_ template: String, _ context: Value = [:], _ tag: String, templates: [String: String] = [:])
        throws -> String
    {
        var all = templates
        all["page"] = template
        return try TemplateLibrary(templates: all, mode: .strict).render("page", context: context, localizer: localizer(tag))
    }

    @Test func theCatalogLoadsWithItsVersionAndLanguages() {
        #expect(XcodeCatalogFixture.catalog.languages == ["cs", "de", "en", "fr", "ja", "pt-BR", "ru"])
    }

    @Test func stringsWithoutArgumentsAreShownAsWritten() throws {
        #expect(try localizer("de").string("%") == "%")
        #expect(try localizer("en").string("100% accurate") == "100% accurate")
        #expect(try localizer("de").string("100% accurate") == "zu 100% genau")
        #expect(try localizer("ja").string("100% accurate") == "100%正確")
        #expect(try localizer("pt-BR").string("100% accurate") == "100% precisa")
        #expect(try localizer("cs").string("Show battery %") == "Zobrazit % baterie")
        #expect(try render(#"{{#t}}"100% accurate"{{/t}}"#, [:], "de") == "zu 100% genau")
    }

    @Test func aStringThatIsNotAFormatIsReportedOnlyWhenGivenArguments() throws {
        #expect(throws: LocalizationError.self) { try localizer("de").string("%", arguments: [("n", 1)]) }
        do {
            _ = try localizer("de").string("%", arguments: [("n", 1)])
        } catch let error as LocalizationError {
            #expect(
                error.message
                    == "the string \"%\" (de) is not a valid format string: unknown format specifier after '%' in \"%\"")
        }
    }

    @Test func aTagWithoutArgumentsForAPluralOrASpecifierIsReported() throws {
        #expect(throws: LocalizationError.self) { try localizer("en").string("items") }
        #expect(throws: LocalizationError.self) { try localizer("en").string("geese") }
        // Text that merely contains a percent sign is not.
        #expect(try localizer("en").string("Show battery %") == "Show battery %")
    }

    /// A string with a specifier and a stray `%` (`100 %,`), called without arguments, is
    /// reported: the stray `%` does not hide the `%@`, and the message names both.
    @Test func aSpecifierBesideAStrayPercentSignIsReported() throws {
        let catalog = try CatalogFixture.catalog(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "nav.viewAs" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "View as %@" } },
                  "fr" : { "stringUnit" : { "state" : "translated", "value" : "Voir en tant que %@ – 100 %, sûr" } },
                  "ru" : { "stringUnit" : { "state" : "translated", "value" : "Скидка 100 %, %lld" } } } }
              },
              "version" : "1.0"
            }
            """#)
        func localizer(_ tag: String, _ mode: TemplateMode) -> Localizer {
            Localizer(catalog: catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: mode)
        }
        do {
            _ = try localizer("fr", .strict).string("nav.viewAs")
            Issue.record("a string expecting arguments was shown without any")
        } catch let error as LocalizationError {
            #expect(
                error.message
                    == "the string \"nav.viewAs\" (fr) has format specifiers, but the tag gives no arguments; given some, "
                    + "it would not be a valid format string either: unknown format specifier after '%' in "
                    + "\"Voir en tant que %@ – 100 %, sûr\" (write a percent sign as %%)")
        }
        #expect(throws: LocalizationError.self) { try localizer("ru", .strict).string("nav.viewAs") }
        // In a template, strict mode fails the page, naming the tag's place.
        let library = try TemplateLibrary(templates: ["page": "<p>{{#t}}nav.viewAs{{/t}}</p>"], mode: .strict)
        #expect(throws: TemplateError.self) {
            try library.render("page", context: [:], localizer: localizer("ru", .strict))
        }
        // Given an argument, the stray `%` is the one problem.
        do {
            _ = try localizer("fr", .strict).string("nav.viewAs", arguments: [(nil, "Ana")])
            Issue.record("an invalid format was filled in")
        } catch let error as LocalizationError {
            #expect(
                error.message
                    == "the string \"nav.viewAs\" (fr) is not a valid format string: unknown format specifier after '%' in "
                    + "\"Voir en tant que %@ – 100 %, sûr\"")
        }
    }

    @Test func substitutionVariationsMayWriteARealSpecifier() throws {
        #expect(try localizer("en").string("pixels", arguments: [("zoom", 2.5)]) == "Zoom: 2.5 pixels")
        // 1 is shown as "1.0", which is "other" in English.
        #expect(try localizer("en").string("pixels", arguments: [("zoom", 1)]) == "Zoom: 1.0 pixels")
        #expect(try localizer("ru").string("pixels", arguments: [("zoom", 3)]) == "Zoom: 3,0 pixels")
    }

    @Test func positionalSubstitutions() throws {
        #expect(try localizer("en").string("geese", arguments: [(nil, 1), (nil, 3)]) == "3 geese landed on 1 field")
        #expect(try localizer("en").string("geese", arguments: [(nil, 2), (nil, 1)]) == "1 goose landed on 2 fields")
    }

    @Test func positionalSubstitutionsWithoutArgNumUseTheirPosition() throws {
        let catalog = try CatalogFixture.catalog(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "geese" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : { "state" : "translated", "value" : "%2$#@geese@ landed on %1$#@fields@" },
                      "substitutions" : {
                        "fields" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg field" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg fields" } } } } },
                        "geese" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg goose" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg geese" } } } } }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#)
        let localizer = Localizer(catalog: catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try localizer.string("geese", arguments: [(nil, 1), (nil, 3)]) == "3 geese landed on 1 field")
    }

    @Test func thePluralFollowsItsOwnArgument() throws {
        #expect(try localizer("en").string("%@ has %lld items", arguments: [("who", "7"), ("count", 1)]) == "7 has 1 item")
        #expect(try localizer("en").string("%@ has %lld items", arguments: [("who", 1), ("count", 5)]) == "1 has 5 items")
        #expect(try localizer("ru").string("%@ has %lld items", arguments: [("who", "21"), ("count", 5)]) == "у 21 5 предметов")
    }

    @Test func visibleFractionDigitsChooseTheCategory() throws {
        #expect(try localizer("en").string("distance", arguments: [("km", 1)]) == "1.0 kilometres")
        #expect(try localizer("en").string("distance", arguments: [("km", 2.5)]) == "2.5 kilometres")
        #expect(try localizer("ru").string("distance", arguments: [("km", 21)]) == "21,0 километра")
        #expect(try localizer("ru").string("distance", arguments: [("km", 1.04)]) == "1,0 километра")
    }

    @Test func theNumberShownIsTheOneTheCategoryWasChosenFor() throws {
        // %lld shows 1.5 as 1, so the singular.
        #expect(try localizer("en").string("items", arguments: [("n", 1.5)]) == "1 item")
        #expect(try localizer("en").string("items", arguments: [("n", 2.9)]) == "2 items")
        #expect(try localizer("en").string("items", arguments: [("n", 1_000_001)]) == "1,000,001 items")
    }

    @Test func pluralRulesComeFromTheLanguageShown() throws {
        // Only English has the string: a Russian reader sees English, with English rules.
        #expect(try localizer("ru").string("%lld Loops left", arguments: [("n", 21)]) == "21 Loops left")
        #expect(try localizer("ja").string("%lld Loops left", arguments: [("n", 1)]) == "1 Loop left")
        #expect(try localizer("ru").string("%lld Loops left", arguments: [("n", 1)]) == "1 Loop left")
    }

    @Test func deviceVariationsUseTheIPhoneThenOther() throws {
        #expect(try localizer("en").string("tap.action") == "Tap to open")
        #expect(try localizer("en", device: "mac").string("tap.action") == "Click to open")
        // No case for the device and no `other`: the key stands for itself, never another
        // device's text.
        #expect(try localizer("en", device: "appletv").string("tap.action") == "tap.action")
        #expect(try localizer("en").string("watch.only") == "watch.only")
        #expect(try localizer("en", device: "applewatch").string("watch.only") == "Raise your wrist")
    }

    @Test func inlineMarkdownRendersThroughTemplates() throws {
        let markdown = [
            "markdown/strong": "<strong>{{content}}</strong>", "markdown/emphasis": "<em>{{content}}</em>",
            "markdown/code": "<code>{{content}}</code>", "markdown/link": "<a href=\"{{destination}}\">{{content}}</a>",
        ]
        let page = try render("{{#t}}onboarding.tip name=name{{/t}}", ["name": "<b>*Ana*</b>"], "en", templates: markdown)
        #expect(
            page
                == "Tap <strong>Add</strong> to keep <em>&lt;b&gt;*Ana*&lt;/b&gt;</em>, press <code>⌘K</code> or read <a href=\"help/guide.html\">the guide</a> and our blog.")
        #expect(
            try render("{{#t}}onboarding.tip name=name{{/t}}", ["name": "Ana"], "fr", templates: markdown)
                == "Touchez <strong>Ajouter</strong> pour garder <em>Ana</em>.")
        // Without the templates, and as plain text, the markers are dropped.
        #expect(try render("{{#t}}onboarding.tip name=name{{/t}}", ["name": "Ana"], "fr") == "Touchez Ajouter pour garder Ana.")
        #expect(try localizer("fr").string("onboarding.tip", arguments: [("name", "Ana")]) == "Touchez Ajouter pour garder Ana.")
    }

    /// A missing templates/ folder is a failure, not a skipped test.
    @Test func theSiteTemplatesWriteMarkdownAsMinimalEscapedHTML() throws {
        let site = try TemplateLibrary(directory: EscapingTests.projectTemplates, mode: .strict)
        let page = try TemplateLibrary(
            templates: ["page": "{{#t}}onboarding.tip name=name{{/t}}"]
                .merging(
                    ["strong", "emphasis", "code", "link"].map { kind in
                        ("markdown/" + kind, try! String(contentsOfFile: EscapingTests.projectTemplates + "/markdown/\(kind).mustache", encoding: .utf8))
                    }, uniquingKeysWith: { first, _ in first }), mode: .strict
        ).render("page", context: ["name": "\"Zoë\" & co"], localizer: localizer("en"))
        #expect(site.names.contains("markdown/strong") && site.names.contains("markdown/link"))
        #expect(
            page
                == "Tap <strong>Add</strong> to keep <em>&quot;Zoë&quot; &amp; co</em>, press <code>⌘K</code> or read <a href=\"help/guide.html\">the guide</a> and our blog.")
    }

    @Test func anUnknownTimeZoneWarningNamesWhereItCameFrom() {
        let origin = SourceLocation(file: "content/quotes/export.json", recordPath: "users[3].timeZone")
        let localizer = Localizer(
            catalog: nil, locale: "en", timeZone: "Mars/Olympus", now: LocalizerHelperTests.now, mode: .spec,
            timeZoneOrigin: origin)
        #expect(
            localizer.warnings.map(\.description) == [
                "content/quotes/export.json: users[3].timeZone: warning: unknown time zone 'Mars/Olympus': showing times in UTC"
            ])
    }

    @Test func deviceVariationsHoldingPluralsAsXcodeNestsThem() throws {
        let catalog = try CatalogFixture.catalog(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%lld photos" : {
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "device" : {
                          "iphone" : {
                            "variations" : {
                              "plural" : {
                                "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld photo on this iPhone" } },
                                "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld photos on this iPhone" } }
                              }
                            }
                          },
                          "other" : {
                            "variations" : {
                              "plural" : {
                                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo" } },
                                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos" } }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#)
        func photos(_ count: Int, device: String) throws -> String {
            try Localizer(
                catalog: catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict,
                device: device
            ).string("%lld photos", arguments: [(nil, .number(Double(count)))])
        }
        #expect(try photos(1, device: "iphone") == "1 photo on this iPhone")
        #expect(try photos(3, device: "iphone") == "3 photos on this iPhone")
        #expect(try photos(1, device: "ipad") == "1 photo")
    }
}
