import Testing

@testable import Template

/// Strict mode (the site build): whatever is missing is an error naming template, line and
/// column; spec mode renders it as the empty string.
@Suite("Strict and spec modes")
struct StrictModeTests {
    private func library(_ templates: [String: String], _ mode: TemplateMode) throws -> TemplateLibrary {
        try TemplateLibrary(templates: templates, mode: mode)
    }

    private func renderError(_ templates: [String: String], _ context: Value, name: String = "page") throws
        -> TemplateError
    {
        let library = try library(templates, .strict)
        return try #require(throws: TemplateError.self) {
            _ = try library.render(name, context: context, localizer: nil)
        }
    }

    @Test func missingVariable() throws {
        let error = try renderError(["page": "<h1>{{title}}</h1>\n<p>{{body}}</p>"], ["title": "T"])
        #expect(error.message == "no value named 'body' in the context")
        #expect(error.template == "page" && error.line == 2 && error.column == 4)
        #expect(error.sourceLine == "<p>{{body}}</p>")
        let spec = try library(["page": "<h1>{{title}}</h1>\n<p>{{body}}</p>"], .spec)
        #expect(try spec.render("page", context: ["title": "T"], localizer: nil) == "<h1>T</h1>\n<p></p>")
    }

    @Test func missingMemberOfADottedName() throws {
        let error = try renderError(["page": "{{user.name}} {{user.email}}"], ["user": ["name": "Ana"]])
        #expect(error.message == "'user' has no member 'email'")
        #expect(error.column == 15)
    }

    @Test func dottedNameThroughAString() throws {
        let error = try renderError(["page": "{{user.name.first}}"], ["user": ["name": "Ana"]])
        #expect(error.message == "'user.name' is a string, not a map with member 'first'")
    }

    @Test func nullIsAValueNotAMissingName() throws {
        let strict = try library(["page": "[{{note}}]{{#note}}x{{/note}}{{^note}}none{{/note}}"], .strict)
        #expect(try strict.render("page", context: ["note": nil], localizer: nil) == "[]none")
    }

    @Test func missingSectionName() throws {
        let error = try renderError(["page": "a\n{{#items}}{{.}}{{/items}}"], [:])
        #expect(error.message == "no value named 'items' in the context")
        #expect(error.line == 2 && error.column == 1)
    }

    @Test func missingInvertedSectionName() throws {
        let error = try renderError(["page": "{{^empty}}none{{/empty}}"], [:])
        #expect(error.message == "no value named 'empty' in the context")
    }

    @Test func missingPartialIsFoundWhenCompiling() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try library(["page": "<main>\n  {{>partials/footer}}\n</main>", "partials/header": ""], .strict)
        }
        #expect(error.message == "no partial template named 'partials/footer' (known: page, partials/header)")
        #expect(error.line == 2 && error.column == 3)
        #expect(error.sourceLine == "  {{>partials/footer}}")
        let spec = try library(["page": "<main>\n  {{>partials/footer}}\n</main>"], .spec)
        #expect(try spec.render("page", context: [:], localizer: nil) == "<main>\n</main>")
    }

    @Test func missingParentIsFoundWhenCompiling() throws {
        let error = try #require(throws: TemplateError.self) {
            _ = try library(["page": "{{<layout}}{{$body}}x{{/body}}{{/layout}}"], .strict)
        }
        #expect(error.message == "no parent template named 'layout' (known: page)")
        #expect(error.column == 1)
    }

    @Test func missingDynamicPartialIsFoundWhenRendering() throws {
        let error = try renderError(["page": "{{>*kind}}", "card": "c"], ["kind": "cards"])
        #expect(error.message == "no partial template named 'cards' (known: card, page)")
        let missingName = try renderError(["page": "{{>*kind}}"], [:])
        #expect(missingName.message == "no value named 'kind' in the context")
    }

    @Test func errorsInsideAPartialNameThePartial() throws {
        let error = try renderError(
            ["page": "{{#items}}\n{{>partials/item}}\n{{/items}}", "partials/item": "<li>{{title}} {{when}}</li>\n"],
            ["items": [["title": "a"]]])
        #expect(error.template == "partials/item")
        #expect(error.line == 1 && error.column == 15)
        #expect(error.message == "no value named 'when' in the context")
    }

    @Test func errorsInsideABlockOverrideNameTheChild() throws {
        let error = try renderError(
            ["page": "{{<layout}}\n{{$body}}\n  {{missing}}\n{{/body}}\n{{/layout}}", "layout": "<body>{{$body}}{{/body}}</body>"],
            [:])
        #expect(error.template == "page")
        #expect(error.line == 3 && error.column == 3)
    }

    @Test func interpolatingAListIsAnError() throws {
        let error = try renderError(["page": "{{items}}"], ["items": [1, 2]])
        #expect(error.message == "'items' is a list: use a section to show its contents")
    }

    @Test func aMissingTemplateIsAnErrorInBothModes() throws {
        for mode in [TemplateMode.spec, .strict] {
            let library = try library(["page": "x"], mode)
            let error = try #require(throws: TemplateError.self) {
                _ = try library.render("layout", context: [:], localizer: nil)
            }
            #expect(error.message == "no template named 'layout' (known: page)")
            #expect(error.description == "layout: error: no template named 'layout' (known: page)")
        }
    }

    @Test func endlessRecursionIsStopped() throws {
        let library = try library(["page": "{{>page}}"], .spec)
        let error = try #require(throws: TemplateError.self) {
            _ = try library.render("page", context: [:], localizer: nil)
        }
        #expect(error.message == "partials and parents nested more than 200 deep: is 'page' including itself?")
    }

    /// Partials that each include the next one twice double the page at every level: forty
    /// levels asked for a terabyte and stopped the process. The rendering stops at 256 MB,
    /// naming where.
    @Test func partialsThatDoubleThePageAreStopped() throws {
        var templates = ["p0": String(repeating: "x", count: 1 << 20)]
        for level in 1...40 { templates["p\(level)"] = "{{>p\(level - 1)}}{{>p\(level - 1)}}" }
        let library = try library(templates, .spec)
        let error = try #require(throws: TemplateError.self) {
            _ = try library.render("p40", context: [:], localizer: nil)
        }
        #expect(error.message == "the output has grown past 256 MB at 'p0': do partials include each other more than once at each level?")
        #expect(try library.render("p3", context: [:], localizer: nil).utf8.count == 8 << 20)
    }

    /// Lists inside lists multiply the page without a partial: 1,000 × 1,000 × 100 repetitions
    /// wrote a gigabyte and then stopped the process on a failed allocation. The rendering
    /// stops at 256 MB in the section that grew it, naming it.
    @Test func listsInsideListsThatOutgrowAPageAreStopped() throws {
        let library = try library(["page": "{{#a}}{{#a}}{{#b}}xxxxxxxxxx{{/b}}{{/a}}{{/a}}"], .spec)
        let context: Value = ["a": .list(Array(repeating: .bool(true), count: 1_000)), "b": .list(Array(repeating: .bool(true), count: 100))]
        let error = try #require(throws: TemplateError.self) {
            _ = try library.render("page", context: context, localizer: nil)
        }
        #expect(error.message == "the output has grown past 256 MB in the section 'b': do lists inside lists repeat more than a page can hold?")
        let small: Value = ["a": .list(Array(repeating: .bool(true), count: 10)), "b": .list(Array(repeating: .bool(true), count: 10))]
        #expect(try library.render("page", context: small, localizer: nil).utf8.count == 10_000)
    }

    /// Sections that nest deeply through partials, each template within its own limit, are
    /// counted together: an error naming the place, not a crash when the stack runs out
    /// (40 sections a level reached about 8,000 open sections before 200 partials).
    @Test func sectionsNestedThroughPartialsAreCountedTogether() throws {
        let open = String(repeating: "{{#b}}", count: 40), close = String(repeating: "{{/b}}", count: 40)
        for templates in [["r": open + "{{>r}}" + close],
                          Dictionary(uniqueKeysWithValues: (0..<40).map { ("p\($0)", open + "{{>p\($0 + 1)}}" + close) })] {
            let library = try library(templates, .spec)
            let error = try #require(throws: TemplateError.self) {
                _ = try library.render(templates.keys.contains("r") ? "r" : "p0", context: ["b": true], localizer: nil)
            }
            #expect(error.message.hasPrefix("sections nest more than 1000 deep here, counting those of the partials"), "\(error)")
        }
        // Within the limit, deep nesting renders.
        let library = try library(["p": open + "{{>q}}" + close, "q": open + "x" + close], .spec)
        #expect(try library.render("p", context: ["b": true], localizer: nil) == "x")
    }

    @Test func helpersNeedALocalizerInStrictMode() throws {
        let error = try renderError(["page": "{{#t}}hello{{/t}}"], [:])
        #expect(error.message == "'{{#t}}' is a localisation helper: render with a Localizer")
    }
}
