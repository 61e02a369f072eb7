import Foundation
import Testing
import VantageCore

@testable import Template

/// Properties of catalog strings for any text: every value loads, formatting with arguments
/// never traps, and Markdown output holds no markup but the element templates' own tags, with
/// everything else escaped.
@Suite("Catalog string properties")
struct CatalogPropertyTests {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func text(from alphabet: [String], upTo length: Int) -> String {
            (0..<next(length)).map { _ in alphabet[next(alphabet.count)] }.joined()
        }
    }

    /// A catalog whose one key `k` has `value` in English and, the same, in `also` (a viewer
    /// of a language the catalog lacks reads English, formatted as in English).
    private static func catalog(value: String, also: String? = nil) throws -> StringCatalog {
        let escaped = JSONWriter.string(.string(value), htmlSafe: false)
        let other = also.map { #", "\#($0)" : {"stringUnit" : {"state" : "translated", "value" : \#(escaped)}}"# } ?? ""
        return try CatalogFixture.catalog(
            """
            {"sourceLanguage" : "en", "strings" : {"k" : {"localizations" : {"en" : {
              "stringUnit" : {"state" : "translated", "value" : \(escaped)},
              "substitutions" : {"n" : {"argNum" : 1, "formatSpecifier" : "lld", "variations" : {"plural" : {
                "one" : {"stringUnit" : {"state" : "translated", "value" : "%arg *one*"}},
                "other" : {"stringUnit" : {"state" : "translated", "value" : "%.1f **other**"}}}}}}}\(other)}}}, "version" : "1.1"}
            """)
    }

    @Test func anyValueLoadsAndFormatsWithoutTrapping() throws {
        let alphabet = ["%", "%%", "1", "2", "$", "#", "@", "#@n@", "lld", ".", "f", "d", "arg", " ", "a", "x", "é"]
        var generator = Generator(state: 7)
        for _ in 0..<1_500 {
            let value = generator.text(from: alphabet, upTo: 12)
            let localizer = Localizer(
                catalog: try CatalogPropertyTests.catalog(value: value), locale: "en", timeZone: "UTC",
                now: LocalizerHelperTests.now, mode: .spec)
            // Without arguments the value is shown exactly as written.
            let shown = (try? localizer.string("k")) ?? value
            #expect(shown == (value.isEmpty ? "k" : value), "\(value)")  // an empty value never counts
            _ = try? localizer.string("k", arguments: [(nil, 1), (nil, 2.5), (nil, "<x>")])
        }
    }

    /// The element templates' tags, which are the only markup allowed.
    private static let tags = ["<strong>", "</strong>", "<em>", "</em>", "<code>", "</code>", "</a>"]

    @Test func markdownNeverLetsMarkupThrough() throws {
        let markdown = [
            "markdown/strong": "<strong>{{content}}</strong>", "markdown/emphasis": "<em>{{content}}</em>",
            "markdown/code": "<code>{{content}}</code>", "markdown/link": "<a href=\"{{destination}}\">{{content}}</a>",
        ]
        let alphabet = ["*", "**", "_", "`", "[", "](", ")", "a", " ", "<b>", "&", "\"", "\\", "x.html", "https://e.com", "'"]
        var generator = Generator(state: 99)
        for _ in 0..<1_500 {
            let value = generator.text(from: alphabet, upTo: 14) + " %@"
            let argument = generator.text(from: alphabet, upTo: 6)
            let localizer = Localizer(
                catalog: try CatalogPropertyTests.catalog(value: value), locale: "en", timeZone: "UTC",
                now: LocalizerHelperTests.now, mode: .spec)
            var all = markdown
            all["page"] = "{{#t}}k a=a{{/t}}"
            let page = try TemplateLibrary(templates: all, mode: .spec).render("page", context: ["a": .string(argument)], localizer: localizer)
            var rest = page
            for tag in CatalogPropertyTests.tags { rest = rest.replacingOccurrences(of: tag, with: "") }
            while let start = rest.range(of: "<a href=\"") {
                guard let end = rest[start.upperBound...].range(of: "\">") else { break }
                let destination = rest[start.upperBound..<end.lowerBound]
                #expect(!destination.contains("\"") && !destination.contains("<") && !destination.hasPrefix("https:"), "\(value)")
                rest.removeSubrange(start.lowerBound..<end.upperBound)
            }
            #expect(!rest.contains("<") && !rest.contains(">") && !rest.contains("\""), "\(value) | \(argument) → \(page)")
            // Opening and closing tags pair up.
            for (open, close) in [("<strong>", "</strong>"), ("<em>", "</em>"), ("<code>", "</code>"), ("<a href", "</a>")] {
                #expect(page.components(separatedBy: open).count == page.components(separatedBy: close).count, "\(page)")
            }
        }
    }

    /// In a quoted attribute value of the template's markup, a string with Markdown is its
    /// plain text: markup there would break out of the attribute (`title="<a href=…>"`).
    @Test func markdownInAnAttributeIsPlainText() throws {
        let markdown = [
            "markdown/strong": "<strong>{{content}}</strong>", "markdown/emphasis": "<em>{{content}}</em>",
            "markdown/code": "<code>{{content}}</code>", "markdown/link": "<a href=\"{{destination}}\">{{content}}</a>",
        ]
        var generator = Generator(state: 5)
        let alphabet = ["*", "**", "_", "`", "[", "](", ")", "a", " ", "x.html", "onmouseover=alert(1)//", "\""]
        for _ in 0..<800 {
            let value = generator.text(from: alphabet, upTo: 14)
            let localizer = Localizer(
                catalog: try CatalogPropertyTests.catalog(value: value), locale: "en", timeZone: "UTC",
                now: LocalizerHelperTests.now, mode: .spec)
            var all = markdown
            all["page"] = "<a title=\"{{#t}}k{{/t}}\" href=\"x.html\">{{#t}}k{{/t}}</a><img alt='{{#t}}k{{/t}}' src=\"a.png\"/>"
            let page = try TemplateLibrary(templates: all, mode: .spec).render("page", context: [:], localizer: localizer)
            let title = page.dropFirst("<a title=\"".count).prefix { $0 != "\"" }
            #expect(!title.contains("<") && !title.contains(">"), "\(value) → \(page)")
            #expect(page.hasPrefix("<a title=\"\(title)\" href=\"x.html\">"), "\(value) → \(page)")
            let alt = page.components(separatedBy: "<img alt='").last?.prefix { $0 != "'" } ?? ""
            #expect(!alt.contains("<"), "\(value) → \(page)")
        }
        // The same string outside an attribute is still markup.
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "**Change** Jar"), locale: "en", timeZone: "UTC",
                                  now: LocalizerHelperTests.now, mode: .spec)
        var all = markdown
        all["page"] = "<nav aria-label=\"{{#t}}k{{/t}}\">{{#t}}k{{/t}}</nav>"
        #expect(try TemplateLibrary(templates: all, mode: .spec).render("page", context: [:], localizer: localizer)
            == "<nav aria-label=\"Change Jar\"><strong>Change</strong> Jar</nav>")
    }

    /// Elements whose content is text only (`<title>`, `<textarea>`, `<option>`, `<script>`,
    /// `<style>`) and comments get the plain text too; the markup state follows the template
    /// through a tag name's case, an element closed before the helper, a self-closed tag and
    /// a `>` inside an attribute.
    @Test func markdownWhereHTMLAllowsTextOnlyIsPlainText() throws {
        let markdown = [
            "markdown/strong": "<strong>{{content}}</strong>", "markdown/emphasis": "<em>{{content}}</em>",
            "markdown/code": "<code>{{content}}</code>", "markdown/link": "<a href=\"{{destination}}\">{{content}}</a>",
        ]
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "*Everyone* here"), locale: "en", timeZone: "UTC",
                                  now: LocalizerHelperTests.now, mode: .spec)
        let cases = [
            ("<title>{{#t}}k{{/t}}</title>", "<title>Everyone here</title>"),
            ("<TITLE>{{#t}}k{{/t}}</TITLE>", "<TITLE>Everyone here</TITLE>"),
            ("<textarea rows=\"2\">{{#t}}k{{/t}}</textarea>", "<textarea rows=\"2\">Everyone here</textarea>"),
            ("<select><option value=\"a>b\">{{#t}}k{{/t}}</option></select>", "<select><option value=\"a>b\">Everyone here</option></select>"),
            ("<!-- {{#t}}k{{/t}} -->", "<!-- Everyone here -->"),
            ("<script>var a = '{{#t}}k{{/t}}';</script>", "<script>var a = 'Everyone here';</script>"),
            ("<style>/* {{#t}}k{{/t}} */</style>", "<style>/* Everyone here */</style>"),
            // Outside them, markup again.
            ("<title>x</title><p>{{#t}}k{{/t}}</p>", "<title>x</title><p><em>Everyone</em> here</p>"),
            ("<!-- a --><p>{{#t}}k{{/t}}</p>", "<!-- a --><p><em>Everyone</em> here</p>"),
            ("<option/><p>{{#t}}k{{/t}}</p>", "<option/><p><em>Everyone</em> here</p>"),
            ("<titles>{{#t}}k{{/t}}</titles>", "<titles><em>Everyone</em> here</titles>"),
        ]
        for (template, expected) in cases {
            var all = markdown
            all["page"] = template
            #expect(try TemplateLibrary(templates: all, mode: .spec).render("page", context: [:], localizer: localizer) == expected,
                    "\(template)")
        }
    }

    /// Where the string is written decides, not where its tag is: a page's override of the
    /// layout's `<title>{{$title}}…` block, and a partial included inside `<title>`, get the
    /// plain text though their own templates have no `<title>` around the tag; the same
    /// override and partial in the body stay markup, and so does the page's body after them.
    @Test func overridesAndPartialsRenderedInTextOnlyPlacesArePlainText() throws {
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "*Everyone* here"), locale: "en", timeZone: "UTC",
                                  now: LocalizerHelperTests.now, mode: .spec)
        let templates = [
            "markdown/emphasis": "<em>{{content}}</em>",
            "layout": "<title>{{$title}}x{{/title}}</title><h1>{{$heading}}y{{/heading}}</h1>{{$body}}{{/body}}",
            "page": "{{<layout}}{{$title}}{{#t}}k{{/t}}{{/title}}{{$heading}}{{#t}}k{{/t}}{{/heading}}{{$body}}<p>{{#t}}k{{/t}}</p>{{/body}}{{/layout}}",
            "name": "{{#t}}k{{/t}}",
            "included": "<title>{{>name}}</title><p>{{>name}}</p>",
        ]
        let library = try TemplateLibrary(templates: templates, mode: .spec)
        #expect(try library.render("page", context: [:], localizer: localizer)
            == "<title>Everyone here</title><h1><em>Everyone</em> here</h1><p><em>Everyone</em> here</p>")
        #expect(try library.render("included", context: [:], localizer: localizer)
            == "<title>Everyone here</title><p><em>Everyone</em> here</p>")
    }

    /// Inside `<a>`, `<button>`, `<label>` and `<summary>`, which allow no interactive content,
    /// a Markdown link in the catalog's string is written as its text (a link there would nest
    /// one `<a>` in another); its other elements stay markup. A partial included there, and
    /// the text after the element closes, follow the same rule.
    @Test func markdownLinksInsideLinksAndButtonsAreText() throws {
        let markdown = [
            "markdown/strong": "<strong>{{content}}</strong>",
            "markdown/link": "<a href=\"{{destination}}\">{{content}}</a>",
        ]
        let localizer = Localizer(
            catalog: try CatalogPropertyTests.catalog(value: "See [**more**](more.html)"), locale: "en", timeZone: "UTC",
            now: LocalizerHelperTests.now, mode: .spec)
        let cases = [
            ("<a href=\"x.html\">{{#t}}k{{/t}}</a>", "<a href=\"x.html\">See <strong>more</strong></a>"),
            ("<button type=\"button\">{{#t}}k{{/t}}</button>", "<button type=\"button\">See <strong>more</strong></button>"),
            ("<LABEL for=\"f\"><span>{{#t}}k{{/t}}</span></LABEL>", "<LABEL for=\"f\"><span>See <strong>more</strong></span></LABEL>"),
            ("<details><summary>{{#t}}k{{/t}}</summary></details>", "<details><summary>See <strong>more</strong></summary></details>"),
            ("<button>{{>name}}</button>", "<button>See <strong>more</strong></button>"),
            // After the element closes, and in a self-closed one, links again.
            ("<a href=\"x.html\">x</a><p>{{#t}}k{{/t}}</p>",
             "<a href=\"x.html\">x</a><p>See <a href=\"more.html\"><strong>more</strong></a></p>"),
            ("<a/><p>{{#t}}k{{/t}}</p>", "<a/><p>See <a href=\"more.html\"><strong>more</strong></a></p>"),
            ("<abbr>{{#t}}k{{/t}}</abbr>", "<abbr>See <a href=\"more.html\"><strong>more</strong></a></abbr>"),
        ]
        for (template, expected) in cases {
            var all = markdown
            all["page"] = template
            all["name"] = "{{#t}}k{{/t}}"
            #expect(try TemplateLibrary(templates: all, mode: .spec).render("page", context: [:], localizer: localizer) == expected,
                    "\(template)")
        }
    }

    /// The `value` and `placeholder` of an `<input>` are one line in HTML: a translation with a
    /// line break there is an error naming the string and the tag (in a build, the first page
    /// stops it), where the same string elsewhere, and in `<textarea placeholder>`, is fine.
    @Test func aLineBreakInAnInputsPlaceholderNamesTheString() throws {
        // Written out or as a character reference (Word's U+000B, a form feed and NEL are line breaks).
        for breakText in ["Search\nhere", "Search\rhere", "Search\r\nhere", "Search&#11;here", "Search&#x85;here", "Search&#12;here"] {
            let catalog = try CatalogPropertyTests.catalog(value: breakText)
            let localizer = Localizer(catalog: catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
            for attribute in ["placeholder", "VALUE"] {
                let library = try TemplateLibrary(
                    templates: ["page": "<p>x</p>\n<input type=\"search\" \(attribute) = \"{{#t}}k{{/t}}\"/>"], mode: .strict)
                do {
                    _ = try library.render("page", context: [:], localizer: localizer)
                    Issue.record("\(attribute): no error")
                } catch {
                    #expect(error.diagnostic.message
                        == "the string \"k\" (en) holds a line break here, where HTML allows one line only (the value or placeholder of an <input>)")
                    #expect(error.diagnostic.location?.line == 2)
                }
            }
            // Unquoted, the value is the same attribute's.
            let unquoted = try TemplateLibrary(templates: ["page": "<input placeholder={{#t}}k{{/t}}>"], mode: .strict)
            #expect(throws: TemplateError.self) { try unquoted.render("page", context: [:], localizer: localizer) }
            // Elsewhere, and in an input whose type holds no line of text, a line break is fine.
            let fine = try TemplateLibrary(
                templates: ["page": "<textarea placeholder=\"{{#t}}k{{/t}}\"></textarea><input title=\"{{#t}}k{{/t}}\"/><p>{{#t}}k{{/t}}</p>"
                    + "<input type=\"hidden\" value=\"{{#t}}k{{/t}}\"/><input TYPE='Checkbox' value=\"{{#t}}k{{/t}}\"/>"
                    // The type may come after: the tag is read to its end.
                    + "<input value=\"{{#t}}k{{/t}} {{x}}\" name={{x}} data-a='>' type=\"hidden\"/>"],
                mode: .strict)
            let page = try fine.render("page", context: ["x": "y"], localizer: localizer)
            // (A reference is read as the line break it stands for.)
            let shown = breakText.hasPrefix("Search&") ? "Search\nhere" : breakText
            #expect(page.components(separatedBy: shown).count == 7, "\(page)")
            // A type HTML does not know (`"hidden "`, with its space) is the text state: one line.
            for tag in ["<input type=\"search\" value=\"{{#t}}k{{/t}}\"/>", "<input value=\"{{#t}}k{{/t}}\" type=\"hidden \"/>",
                        "<input value=\"{{#t}}k{{/t}}\" type=\"{{kind}}\"/>", "<input placeholder=\"{{#t}}k{{/t}}\" type=text>"] {
                let refused = try TemplateLibrary(templates: ["page": tag], mode: .strict)
                #expect(throws: TemplateError.self, "\(tag)") { try refused.render("page", context: ["kind": "hidden"], localizer: localizer) }
            }
        }
        // Without a line break, the placeholder is written.
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "*Search*"), locale: "en", timeZone: "UTC",
                                  now: LocalizerHelperTests.now, mode: .strict)
        let library = try TemplateLibrary(templates: ["page": "<input placeholder=\"{{#t}}k{{/t}}\"/>"], mode: .strict)
        #expect(try library.render("page", context: [:], localizer: localizer) == "<input placeholder=\"Search\"/>")
    }

    /// `%c` of a code point no page may hold (NUL, BEL, a C1 control) writes nothing, as the
    /// data's text leaves such characters out; a letter is written.
    @Test func aCharacterNoPageMayHoldIsLeftOut() throws {
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "[%c]"), locale: "en", timeZone: "UTC",
                                  now: LocalizerHelperTests.now, mode: .spec)
        let library = try TemplateLibrary(templates: ["page": "{{#t}}k c=c{{/t}}"], mode: .spec)
        for (code, expected) in [(0.0, "[]"), (7, "[]"), (0x85, "[]"), (-7, "[]"), (65, "[A]"), (0x00E9, "[é]"),
                                  (0x110000, "[]"), (4_294_967_296, "[]"), (1e15, "[]"), (1e300, "[]")] {
            #expect(try library.render("page", context: ["c": .number(code)], localizer: localizer) == expected, "\(code)")
        }
    }

    /// Numbers past what a machine integer holds are still formatted by their specifier (only
    /// `%x` and `%o` need one), and `{{n}}` writes every whole number a double holds exactly
    /// (up to 2^53) as its digits.
    @Test func largeNumbersKeepTheirFormat() throws {
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "%1$.1f|%2$e|%3$lld"), locale: "en",
                                  timeZone: "UTC", now: LocalizerHelperTests.now, mode: .spec)
        let library = try TemplateLibrary(templates: ["page": "{{#t}}k a=a b=b c=c{{/t}}|{{a}}|{{d}}|{{e}}"], mode: .spec)
        #expect(try library.render("page", context: ["a": .number(1e19), "b": .number(1e19), "c": .number(-2e19),
                                                      "d": .number(9_007_199_254_740_991), "e": .number(1e15)],
                                   localizer: localizer)
            == "10,000,000,000,000,000,000.0|1.000000e+19|-20,000,000,000,000,000,000|1e+19|9007199254740991|1000000000000000")
        // Longer than ICU's first buffer (64 units with the grouping): still formatted.
        #expect(try library.render("page", context: ["a": .number(1e50), "b": .number(1e50), "c": .number(1e60),
                                                      "d": .number(1), "e": .number(2)], localizer: localizer)
            == "100,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000.0|1.000000e+50|"
                + "1,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000|1e+50|1|2")
    }

    /// Zero padding, a sign and an integer's precision, as Foundation formats them: a timer's
    /// `%02lld:%02lld`, `%+lld`, `%.3d`, `%06.2f`, in the locale's digits; `-` turns `0` off.
    @Test func flagsPadAndSignNumbers() throws {
        let cases: [(String, String, [Double], String)] = [
            ("en", "%1$02lld:%2$02lld (%3$+lld today)", [5, 7, 3], "05:07 (+3 today)"),
            ("en", "%1$.3d|%2$+.1f|%3$06.2f", [7, 7, 3.14159], "007|+7.0|003.14"),
            ("en", "%1$05d|%2$ d|%3$-4d|", [-42, 3, 5], "-0042| 3|5|"),
            ("en", "%1$02lld|%2$+lld|%3$.2d", [123, -3, 0], "123|-3|00"),
            ("ar-EG", "%1$02lld:%2$02lld", [5, 7, 0], "٠٥:٠٧"),
        ]
        for (locale, format, numbers, expected) in cases {
            let catalog = try CatalogPropertyTests.catalog(value: format, also: locale == "en" ? nil : locale)
            let localizer = Localizer(catalog: catalog, locale: locale, timeZone: "UTC",
                                      now: LocalizerHelperTests.now, mode: .spec)
            let library = try TemplateLibrary(templates: ["page": "{{#t}}k a=a b=b c=c{{/t}}"], mode: .spec)
            let context: Value = ["a": .number(numbers[0]), "b": .number(numbers[1]), "c": .number(numbers[2])]
            #expect(try library.render("page", context: context, localizer: localizer) == expected, "\(locale) \(format)")
        }
    }

    /// A width or precision past 99 is not a valid format (`%0999999999lld` would pad to a
    /// gigabyte): strict mode names the string and the specifier; 99 itself is written.
    @Test func widthsAndPrecisionsAreBounded() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#t}}k a=a b=b c=c{{/t}}"], mode: .strict)
        let context: Value = ["a": .number(5), "b": .number(1), "c": .number(2)]
        for (format, problem) in [
            ("%1$0999999999lld", "a width of 999999999 is more than 99"),
            ("%1$.100f", "a precision of 100 is more than 99"),
            ("%1$099999999999999999999999d", "a width of 99999999999999999999999 is more than 99"),
            ("%99999999999999999999$@", "argument positions count from 1$ to 9999$, not 99999999999999999999$"),
            ("%10000$@", "argument positions count from 1$ to 9999$, not 10000$"),
        ] {
            let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: format), locale: "en", timeZone: "UTC",
                                      now: LocalizerHelperTests.now, mode: .strict)
            do {
                _ = try library.render("page", context: context, localizer: localizer)
                Issue.record("\(format) was written")
            } catch {
                #expect(error.diagnostic.message
                    == "the string \"k\" (en) is not a valid format string: \(problem) in \"\(format)\"")
            }
        }
        let localizer = Localizer(catalog: try CatalogPropertyTests.catalog(value: "%1$099lld|%2$.2f"), locale: "en",
                                  timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try library.render("page", context: context, localizer: localizer)
            == String(repeating: "0", count: 98) + "5|1.00")
    }

    @Test func sectionsNestedPastTheLimitAreAnErrorNotACrash() throws {
        let deep = String(repeating: "{{#a}}", count: 5_000) + "x" + String(repeating: "{{/a}}", count: 5_000)
        #expect(throws: TemplateError.self) { try TemplateLibrary(templates: ["page": deep], mode: .spec) }
        let fine = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(try TemplateLibrary(templates: ["page": fine], mode: .spec).render("page", context: ["a": true], localizer: nil) == "x")
    }
}
