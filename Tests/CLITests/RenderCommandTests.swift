import Foundation
import Testing
import VantageCLI

/// `vantage render`: exact output on standard output, located errors and exit 2 otherwise.
@Suite("vantage render")
struct RenderCommandTests {
    /// A folder of files for one test, removed afterwards.
    private final class Folder {
        let path: String
        init(_ files: [String: String]) throws {
            path = NSTemporaryDirectory() + "vantage-render-" + UUID().uuidString
            for (name, text) in files {
                let file = path + "/" + name
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func callAsFunction(_ name: String) -> String { path + "/" + name }
    }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console.capturing()
        let code = VantageCLI.run(["render"] + arguments, console: console)
        return (code, console.standardOutput, console.standardError)
    }

    private static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "replies": {"localizations": {
            "en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld reply"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld replies"}}}}},
            "ru": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld ответ"}},
              "few": {"stringUnit": {"state": "translated", "value": "%lld ответа"}},
              "many": {"stringUnit": {"state": "translated", "value": "%lld ответов"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld ответа"}}}}}}}}}
        """

    @Test func rendersWithPartialsNextToTheTemplateAndAddsNothing() throws {
        let folder = try Folder([
            "site/page.mustache": "{{#items}}{{>partials/item}}{{/items}}",
            "site/partials/item.mustache": "<{{name}}>",
            "data.json": #"{"items": [{"name": "a&b"}, {"name": "c"}]}"#,
        ])
        let result = run([folder("site/page.mustache"), "--data", folder("data.json")])
        #expect(result.code == 0)
        #expect(result.out == "<a&amp;b><c>")
        #expect(result.err == "")
    }

    @Test func partialsComeFromTheGivenFolder() throws {
        let folder = try Folder([
            "page.mustache": "[{{>card}}]\n",
            "lib/card.mustache": "card {{title}}",
            "data.json": #"{"title": "T"}"#,
        ])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--partials", folder("lib")])
        #expect(result.code == 0)
        #expect(result.out == "[card T]\n")
    }

    @Test func localisedHelpers() throws {
        let folder = try Folder([
            "page.mustache": "{{lang}} {{dir}}|{{#t}}replies count=n{{/t}}|{{#date}}at iso{{/date}}|{{#date}}at relative{{/date}}",
            "data.json": #"{"n": 22, "at": "2026-05-02T08:30:00Z"}"#,
            "Localizable.xcstrings": Self.catalog,
        ])
        let result = run([
            folder("page.mustache"), "--data", folder("data.json"), "--strings", folder("Localizable.xcstrings"),
            "--locale", "ru", "--time-zone", "Europe/Moscow", "--now", "2026-05-05T09:30:00Z",
        ])
        #expect(result.err == "")
        #expect(result.out == "ru ltr|22 ответа|2026-05-02T11:30:00+03:00|3 дня назад")
        #expect(result.code == 0)
    }

    @Test func specModeShowsMissingValuesAsNothingAndWarnsAboutStrings() throws {
        let folder = try Folder([
            "page.mustache": "a{{missing}}b {{#t}}nope{{/t}}",
            "data.json": "{}",
            "Localizable.xcstrings": Self.catalog,
        ])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strings", folder("Localizable.xcstrings")])
        #expect(result.code == 0)
        #expect(result.out == "ab ⟦nope⟧")
        #expect(
            result.err == folder("page.mustache") + ":1:15: warning: no string \"nope\" in "
                + folder("Localizable.xcstrings") + "\n    a{{missing}}b {{#t}}nope{{/t}}\n                  ^\n")
    }

    /// A member Xcode does not write (`"stringunit"` beside a `stringUnit`) is a warning before
    /// the page, in spec and strict mode alike (it was ignored without a word).
    @Test func catalogWarningsArePrinted() throws {
        let folder = try Folder([
            "page.mustache": "{{#t}}k{{/t}}",
            "data.json": "{}",
            "Localizable.xcstrings": """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
                  "stringUnit": {"state": "translated", "value": "Hi"}, "stringunit": {"value": "Hey"}}}}}}
                """,
        ])
        for strict in [false, true] {
            let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strings", folder("Localizable.xcstrings")]
                + (strict ? ["--strict"] : []))
            #expect(result.code == 0)
            #expect(result.out == "Hi")
            #expect(result.err == folder("Localizable.xcstrings")
                + #": strings["k"].localizations.en.stringunit: warning: unknown member "stringunit" (did you mean "stringUnit"?) is ignored; a localization's members are stringUnit, substitutions and variations"#
                + "\n")
        }
    }

    @Test func strictModeFailsWithALocatedError() throws {
        let folder = try Folder(["page.mustache": "<p>\n  {{user.name}}\n</p>", "data.json": #"{"user": {}}"#])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strict"])
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(
            result.err == folder("page.mustache") + ":2:3: error: 'user' has no member 'name'\n      {{user.name}}\n      ^\n")
    }

    @Test func strictModeFailsOnAMissingPartial() throws {
        let folder = try Folder(["page.mustache": "{{>footer}}", "data.json": "{}"])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strict"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(folder("page.mustache") + ":1:1: error: no partial template named 'footer'"))
    }

    @Test func syntaxErrorsAreLocated() throws {
        let folder = try Folder(["page.mustache": "ok\n{{#open}}", "data.json": "{}"])
        let result = run([folder("page.mustache"), "--data", folder("data.json")])
        #expect(result.code == 2)
        #expect(result.err == folder("page.mustache") + ":2:1: error: section tag 'open' is never closed\n    {{#open}}\n    ^\n")
    }

    @Test func badJSONIsLocated() throws {
        let folder = try Folder(["page.mustache": "x", "data.json": "{\n  \"a\": ,\n}"])
        let result = run([folder("page.mustache"), "--data", folder("data.json")])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(folder("data.json") + ":2:"))
    }

    @Test func usageErrors() throws {
        let folder = try Folder(["page.mustache": "x", "data.json": "{}"])
        let noData = run([folder("page.mustache")])
        #expect(noData.code == 2)
        #expect(noData.err == "error: --data FILE.json is required\nrun 'vantage render --help' for usage\n")
        let badZone = run([folder("page.mustache"), "--data", folder("data.json"), "--time-zone", "Mars/Base"])
        #expect(badZone.code == 2)
        #expect(badZone.err.hasPrefix("error: --time-zone: unknown time zone 'Mars/Base'"))
        // A locale that is not a language tag would reach the page through {{lang}}.
        let badLocale = run([folder("page.mustache"), "--data", folder("data.json"), "--locale", "fr\" onmouseover=\"alert(1)"])
        #expect(badLocale.code == 2)
        #expect(badLocale.err.hasPrefix("error: --locale needs a language tag such as en, fr or pt-BR, not 'fr\" onmouseover"))
        #expect(run([folder("page.mustache"), "--data", folder("data.json"), "--locale", "en-US-u-ca-buddhist"]).code == 0)
        let noTemplate = run(["--data", folder("data.json")])
        #expect(noTemplate.err.hasPrefix("error: which template? give its path"))
        let missing = run([folder("absent.mustache"), "--data", folder("data.json")])
        #expect(missing.code == 2)
        #expect(missing.err == folder("absent.mustache") + ": error: cannot read the template\n")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil))
    func relativeDatesWithoutNowWarn() throws {
        let folder = try Folder(["page.mustache": "{{#date}}at relative{{/date}}", "data.json": #"{"at": 0}"#])
        let result = run([folder("page.mustache"), "--data", folder("data.json")])
        #expect(result.code == 0)
        #expect(result.err == "warning: relative dates count from the current time; pass --now for a reproducible result\n")
    }

    @Test func onlyTheTemplatesReachedAreCompiled() throws {
        let folder = try Folder([
            "site/page.mustache": "{{<layout}}{{$body}}{{>partials/item}}{{/body}}{{/layout}}",
            "site/layout.mustache": "[{{$body}}{{/body}}]",
            "site/partials/item.mustache": "{{name}}",
            "site/broken.mustache": "{{#never closed",
            "site/feed.mustache": "{{#date}}at relative{{/date}}",
            "data.json": #"{"name": "Ana"}"#,
        ])
        for mode in [[], ["--strict"]] {
            let result = run([folder("site/page.mustache"), "--data", folder("data.json")] + mode)
            #expect(result.err == "")
            #expect(result.out == "[Ana]")
            #expect(result.code == 0)
        }
        // The broken sibling still fails when it is the one rendered.
        let broken = run([folder("site/broken.mustache"), "--data", folder("data.json")])
        #expect(broken.code == 2)
        #expect(broken.err.hasPrefix(folder("site/broken.mustache") + ":1:1: error:"))
    }

    @Test func aDynamicNameCompilesTheWholeFolder() throws {
        let folder = try Folder([
            "page.mustache": "{{>*which}}",
            "card.mustache": "card {{title}}",
            "data.json": #"{"which": "card", "title": "T"}"#,
        ])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strict"])
        #expect(result.out == "card T")
        #expect(result.code == 0)
    }

    @Test func nowAndDatesAcceptUnixSecondsWrittenAsText() throws {
        let folder = try Folder([
            "page.mustache": "{{#date}}at iso{{/date}} {{#date}}text iso{{/date}} {{#date}}at relative{{/date}}",
            "data.json": #"{"at": 1777710600, "text": "1777710600"}"#,
        ])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--strict", "--now", "1777969800"])
        #expect(result.err == "")
        #expect(result.out == "2026-05-02T08:30:00+00:00 2026-05-02T08:30:00+00:00 3 days ago")
        for bad in ["nan", "1e9", "0x10", " 1777710600", "soon"] {
            let rejected = run([folder("page.mustache"), "--data", folder("data.json"), "--now", bad])
            #expect(rejected.code == 2)
            #expect(
                rejected.err
                    == "error: --now: expected an ISO 8601 instant (2026-05-05T09:30:00Z) or Unix seconds in decimal (1777710600), not '\(bad)'\nrun 'vantage render --help' for usage\n"
            )
        }
    }

    /// Instants past the calendar the site shows (years 1583 to 9998): `--now` is a usage
    /// error, a date in the data an error at its tag (it printed "504,686 years ago" and
    /// "Dec 20, 5828963").
    @Test func instantsOutsideTheCalendarAreRefused() throws {
        let folder = try Folder([
            "page.mustache": "{{#date}}at medium{{/date}}",
            "far.json": #"{"at": 1e300}"#, "near.json": #"{"at": 1777710600}"#,
        ])
        for bad in ["99999999999999", "-99999999999999", "9999-01-01T00:00:00Z", "1582-12-31T23:59:59Z"] {
            let rejected = run([folder("page.mustache"), "--data", folder("near.json"), "--now", bad])
            #expect(rejected.code == 2)
            #expect(rejected.err == "error: --now: expected an instant from 1583-01-01T00:00:00Z to 9998-12-31T23:59:59Z, not '\(bad)'\nrun 'vantage render --help' for usage\n")
        }
        let far = run([folder("page.mustache"), "--data", folder("far.json"), "--strict", "--now", "1777969800"])
        #expect(far.code == 2)
        #expect(far.err.hasPrefix("\(folder("page.mustache")):1:1: error: date: expected an instant from 1583-01-01T00:00:00Z to 9998-12-31T23:59:59Z, got "), "\(far.err)")
        #expect(run([folder("page.mustache"), "--data", folder("near.json"), "--strict", "--now", "1777969800"]).out == "May 2, 2026 at 8:30\u{202F}AM")
    }

    @Test func anUnknownTimeZoneIsAUsageErrorNamingTheOption() throws {
        let folder = try Folder(["page.mustache": "x", "data.json": "{}"])
        let result = run([folder("page.mustache"), "--data", folder("data.json"), "--time-zone", "Europe/Parsi"])
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(
            result.err
                == "error: --time-zone: unknown time zone 'Europe/Parsi' (expected an IANA name such as Europe/Paris, or UTC)\nrun 'vantage render --help' for usage\n"
        )
    }

    private static let xcodeCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "open" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap **Open**" } },
                      "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click **Open**" } }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.1"
        }
        """#

    @Test func devicesAndMarkdownTemplates() throws {
        let folder = try Folder([
            "page.mustache": "{{#t}}open{{/t}}",
            "markdown/strong.mustache": "<b>{{content}}</b>",
            "data.json": "{}",
            "Localizable.xcstrings": Self.xcodeCatalog,
        ])
        let base = [folder("page.mustache"), "--data", folder("data.json"), "--strings", folder("Localizable.xcstrings")]
        let phone = run(base)
        #expect(phone.err == "")
        #expect(phone.out == "Tap <b>Open</b>")
        #expect(run(base + ["--device", "mac"]).out == "Click <b>Open</b>")
        let unknown = run(base + ["--device", "toaster"])
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("error: --device: unknown device 'toaster' (expected one of iphone, ipad,"))
    }

    /// A catalog with Norwegian in it leaves a Norwegian viewer's numbers, dates and lists
    /// Norwegian. Reading the catalog's fallback chain asked ICU for `nb`'s parent through a
    /// direct open of its data, which ICU cached without parents, so every formatter of `nb` (and
    /// of `nn`) opened after it wrote the root's "1,234,567" and "2026 M05 2". The cache is the
    /// process's: each case runs in a fresh `vantage render`, the catalog read before any
    /// formatter, as in a build.
    @Test(arguments: ["nb", "nb-NO", "nn", "no"])
    func norwegianFormatsWithANorwegianCatalog(tag: String) throws {
        let vantage = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("vantage").path
        try #require(FileManager.default.isExecutableFile(atPath: vantage), "build the vantage executable first (swift build)")
        let folder = try Folder([
            "page.mustache": "{{formatLocale}}|{{#number}}x{{/number}}|{{#date}}at medium{{/date}}|{{#andList}}names{{/andList}}",
            "data.json": #"{"x": 1234567.5, "at": "2026-05-02T08:30:00Z", "names": ["A", "B", "C"]}"#,
            "Localizable.xcstrings": """
                {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
                  "\(tag)": {"stringUnit": {"state": "translated", "value": "Hei"}}}}}}
                """,
        ])
        func render(catalog: Bool) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: vantage)
            process.arguments = ["render", folder("page.mustache"), "--data", folder("data.json"), "--locale", tag, "--time-zone", "UTC"]
                + (catalog ? ["--strings", folder("Localizable.xcstrings")] : [])
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return text
        }
        let without = try render(catalog: false)
        #expect(without.contains("1\u{A0}234\u{A0}567,5|2. mai 2026") && without.hasSuffix("A, B og C"), "\(without)")
        #expect(try render(catalog: true) == without)
    }
}
