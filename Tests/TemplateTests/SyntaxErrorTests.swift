import Foundation
import Testing

@testable import Template

/// Syntax errors name the template, the line and column of the tag, and quote the line.
@Suite("Syntax errors")
struct SyntaxErrorTests {
    private func compileError(_ template: String, name: String = "page") throws -> TemplateError {
        try #require(throws: TemplateError.self) { _ = try TemplateLibrary(templates: [name: template], mode: .spec) }
    }

    @Test func unclosedTagPointsAtItsOpeningDelimiter() throws {
        let error = try compileError("<p>\n  Hello {{name\n</p>{{footer}}")
        #expect(error.template == "page")
        #expect(error.line == 2 && error.column == 9)
        #expect(error.message == "unclosed tag: expected '}}' before the end of the line")
        #expect(error.sourceLine == "  Hello {{name")
    }

    @Test func unclosedTagAtTheEnd() throws {
        let error = try compileError("Hello {{name")
        #expect(error.message == "unclosed tag: expected '}}'")
        #expect(error.line == 1 && error.column == 7)
    }

    @Test func unclosedTripleMustache() throws {
        let error = try compileError("a {{{raw}} b")
        #expect(error.message == "unclosed tag: expected '}}}'")
        #expect(error.column == 3)
    }

    @Test func sectionNeverClosed() throws {
        let error = try compileError("one\n{{#items}}\n  {{name}}\n")
        #expect(error.message == "section tag 'items' is never closed")
        #expect(error.line == 2 && error.column == 1)
        #expect(error.sourceLine == "{{#items}}")
    }

    @Test func mismatchedClosingTagNamesBoth() throws {
        let error = try compileError("{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}")
        #expect(error.message == "closing tag 'a' does not match 'b' opened on line 2")
        #expect(error.line == 3 && error.column == 1)
    }

    @Test func closingTagWithoutOpening() throws {
        let error = try compileError("text {{/a}}")
        #expect(error.message == "closing tag 'a' has no opening tag")
        #expect(error.column == 6)
    }

    @Test func emptyTag() throws {
        let error = try compileError("x {{ }} y")
        #expect(error.message == "empty tag: expected a name between the delimiters")
        #expect(error.column == 3)
    }

    @Test func nameWithWhitespace() throws {
        let error = try compileError("{{#first name}}{{/first name}}")
        #expect(error.message == "section tag name 'first name' contains whitespace")
    }

    @Test func badDelimiters() throws {
        let error = try compileError("a\n  {{=<% =}}")
        #expect(error.message == "a delimiter change needs two delimiters without whitespace or '=', as in {{=<% %>=}}")
        #expect(error.line == 2 && error.column == 3)
    }

    @Test func emptyDottedNamePart() throws {
        let error = try compileError("{{a..b}}")
        #expect(error.message == "'a..b' is not a valid name: dots must separate non-empty names")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try compileError("héllo wörld {{#x}}")
        #expect(error.column == 13)
        #expect(error.sourceLine == "héllo wörld {{#x}}")
    }

    @Test func descriptionQuotesTheLineWithACaret() throws {
        let error = try compileError("<ul>\n  {{#items}}\n</ul>", name: "templates/list.mustache")
        #expect(
            error.description == """
                templates/list.mustache:2:3: error: section tag 'items' is never closed
                      {{#items}}
                      ^
                """)
    }

    @Test func errorsUseTheFilePathWhenLoadedFromDisk() throws {
        let folder = try TemporaryFolder(files: ["partials/card.mustache": "<div>\n{{/card}}\n"])
        let error = try #require(throws: TemplateError.self) {
            _ = try TemplateLibrary(directory: folder.path, mode: .spec)
        }
        #expect(error.template == folder.path + "/partials/card.mustache")
        #expect(error.line == 2 && error.column == 1)
    }

    /// A byte-order mark opening a template (Notepad's UTF-8) would be written before every
    /// page's doctype, invisibly: it is dropped, and the first line's columns count after it.
    @Test func aByteOrderMarkOpeningATemplateIsNotText() throws {
        let folder = try TemporaryFolder(files: [
            "page.mustache": "\u{FEFF}<!DOCTYPE html>{{>partials/b}}", "partials/b.mustache": "\u{FEFF}<p>{{x}}</p>",
            "broken.mustache": "\u{FEFF}ab{{/x}}",
        ])
        let error = try #require(throws: TemplateError.self) {
            _ = try TemplateLibrary(directory: folder.path, mode: .spec)
        }
        #expect(error.template == folder.path + "/broken.mustache")
        #expect(error.line == 1 && error.column == 3)
        try FileManager.default.removeItem(atPath: folder.path + "/broken.mustache")
        let library = try TemplateLibrary(directory: folder.path, mode: .spec)
        #expect(try library.render("page", context: ["x": "y"], localizer: nil) == "<!DOCTYPE html><p>y</p>")
    }

    @Test func helperArgumentErrorsAreLocated() throws {
        let error = try compileError("a\n  {{#date}}post.at someday{{/date}}")
        #expect(error.message == "date: unknown date style 'someday': expected one of short, medium, long, relative, iso, day")
        #expect(error.line == 2 && error.column == 3)
        let translate = try compileError("{{#t}}key count{{/t}}")
        #expect(translate.message == "t: expected name=path or name=\"literal\" after the key, found 'count'")
        let quote = try compileError("{{#t}}key n=\"3{{/t}}")
        #expect(quote.message == "t: a quoted argument is never closed")
    }
}
