import Foundation
import Testing
import VantageCore

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

    /// A minified template's error quotes the 120 characters around the place, cut with `…`,
    /// not the whole line (a 63 KB line made a 108 KB message).
    @Test func aLongLineIsQuotedAroundThePlace() throws {
        let text = String(repeating: "<div class=\"c\">", count: 3_000) + "{{#items}}<p>{{name}}</p>" + String(repeating: "</div>", count: 3_000)
        let error = try compileError(text)
        #expect(error.line == 1 && error.column == 45_001)
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 3 && lines[1].count < 130 && lines[1].contains("…") && lines[1].contains("{{#items}}"), "\(error.description)")
        // The caret is under the tag.
        let caret = try #require(lines[2].firstIndex(of: "^"))
        #expect(lines[1][lines[1].index(lines[1].startIndex, offsetBy: lines[2].distance(from: lines[2].startIndex, to: caret))...].hasPrefix("{{#items}}"))
    }

    /// A template that is not UTF-8 is named at the first byte that is not, with its line.
    @Test func aTemplateThatIsNotUTF8IsNamedWhere() throws {
        let folder = try TemporaryFolder(files: [:])
        _ = FileManager.default.createFile(atPath: folder.path + "/page.mustache", contents: Data([0x6F, 0x6B, 0x0A, 0xE9, 0x74, 0xE9, 0x20, 0x7B, 0x7B, 0x78, 0x7D, 0x7D, 0x0A]))
        let error = try #require(throws: Diagnostic.self) { _ = try TemplateLibrary(directory: folder.path, mode: .spec) }
        #expect(error.description == "\(folder.path)/page.mustache:2:1: error: the template is not valid UTF-8\n    \u{FFFD}t\u{FFFD} {{x}}\n    ^")
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
        // One value per name: a translation could not say which of two it gets.
        let twice = try compileError("x {{#t}}greet a=name b=n a=\"Ana\"{{/t}}")
        #expect(twice.message == "t: the argument 'a' is given twice; give each name once")
        #expect(twice.line == 1 && twice.column == 3)
    }
}
