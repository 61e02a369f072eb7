import Foundation
import Testing

@testable import Template

@Suite("Escaping")
struct EscapingTests {
    private func render(_ template: String, _ context: Value) throws -> String {
        try TemplateLibrary(templates: ["main": template], mode: .spec).render("main", context: context, localizer: nil)
    }

    @Test func doubleMustacheEscapesTheFiveCharacters() throws {
        let context: Value = ["x": "Tom & Jerry <b>\"hi\"</b> 'yo'"]
        #expect(try render("{{x}}", context) == "Tom &amp; Jerry &lt;b&gt;&quot;hi&quot;&lt;/b&gt; &#39;yo&#39;")
    }

    @Test func escapedTextIsSafeInAnAttribute() throws {
        let context: Value = ["title": "\" onmouseover='alert(1)"]
        #expect(try render("<a title=\"{{title}}\">", context) == "<a title=\"&quot; onmouseover=&#39;alert(1)\">")
    }

    @Test func tripleMustacheAndAmpersandWriteRawText() throws {
        let context: Value = ["x": "<em>&</em>"]
        #expect(try render("{{{x}}}|{{&x}}|{{& x }}", context) == "<em>&</em>|<em>&</em>|<em>&</em>")
    }

    @Test func nonASCIITextSurvivesEscaping() throws {
        let context: Value = ["x": "café <ü> 日本 & 🎉"]
        #expect(try render("{{x}}", context) == "café &lt;ü&gt; 日本 &amp; 🎉")
    }

    @Test func dataHoldingTagsIsNeverInterpreted() throws {
        let context: Value = ["x": "{{y}} {{#y}}no{{/y}} {{>p}}", "y": "boom"]
        #expect(try render("{{x}}|{{{x}}}", context) == "{{y}} {{#y}}no{{/y}} {{&gt;p}}|{{y}} {{#y}}no{{/y}} {{>p}}")
    }

    @Test func trustedMarkupIsNotEscaped() throws {
        let context: Value = ["x": .html("<br>")]
        #expect(try render("{{x}}", context) == "<br>")
    }

    @Test func theEscapingFunctionMatchesTheTag() {
        #expect(HTMLEscaping.escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
        #expect(HTMLEscaping.escape("") == "")
    }

    @Test func unescapedTagsAreFound() throws {
        let library = try TemplateLibrary(
            templates: [
                "a": "{{safe}}\n{{#s}}\n  {{{raw}}}\n{{/s}}", "b": "{{<a}}{{$x}}{{&other}}{{/x}}{{/a}}",
            ], mode: .spec)
        #expect(
            library.unescapedTags().map(\.description) == [
                "a:3:3: warning: 'raw' is written without escaping\n      {{{raw}}}\n      ^",
                "b:1:13: warning: 'other' is written without escaping\n    {{<a}}{{$x}}{{&other}}{{/x}}{{/a}}\n                ^",
            ])
    }

    static let projectTemplates = TestPaths.repositoryRoot.appendingPathComponent("templates").path

    /// The site's own templates show every value escaped: no `{{{…}}}` or `{{&…}}` anywhere.
    /// A missing templates/ folder is a failure, not a skipped test.
    @Test func theProjectTemplatesNeverWriteUnescapedValues() throws {
        let folder = EscapingTests.projectTemplates
        let library = try TemplateLibrary(directory: folder, mode: .spec)
        #expect(library.names.contains("layout") && library.names.count >= 10, "\(library.names)")
        #expect(library.unescapedTags().map(\.description) == [])
    }
}
