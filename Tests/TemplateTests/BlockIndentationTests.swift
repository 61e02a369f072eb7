import Testing

@testable import Template

/// A standalone block is indented where it stands, whatever form its override takes: the spec's
/// `~inheritance` rule that block indentation is added at the site of expansion.
@Suite("Block indentation")
struct BlockIndentationTests {
    private func render(_ template: String, _ context: Value = [:], partials: [String: String]) throws -> String {
        var templates = partials
        templates["main"] = template
        return try TemplateLibrary(templates: templates, mode: .spec).render("main", context: context, localizer: nil)
    }

    private let layout = "<main>\n    {{$body}}{{/body}}\n</main>\n"
    private let parent = "Hi,\n  {{$b}}\n  default\n  {{/b}}\nEnd\n"

    @Test func anInlineOverrideIsIndentedAsTheDefaultIs() throws {
        #expect(try render("{{<p}}{{/p}}", partials: ["p": parent]) == "Hi,\n  default\nEnd\n")
        #expect(try render("{{<p}}{{$b}}X{{/b}}{{/p}}", partials: ["p": parent]) == "Hi,\n  XEnd\n")
    }

    @Test func anInlineOverrideOfAnEmptyBlockTakesItsIndentation() throws {
        #expect(
            try render("{{<layout}}{{$body}}<p>a</p>{{/body}}{{/layout}}", partials: ["layout": layout])
                == "<main>\n    <p>a</p>\n</main>\n")
        #expect(
            try render("{{<layout}}{{$body}}<p>a</p>\n<p>b</p>{{/body}}{{/layout}}", partials: ["layout": layout])
                == "<main>\n    <p>a</p>\n    <p>b</p>\n</main>\n")
    }

    @Test func aStandaloneParentIndentsAnInlineOverride() throws {
        #expect(
            try render("  {{<p}}\n{{$b}}X{{/b}}\n{{/p}}\n", partials: ["p": parent]) == "  Hi,\n    X  End\n")
    }

    @Test func anInlineOverrideThatShowsNothingLeavesNoTrailingWhitespace() throws {
        #expect(
            try render("{{<layout}}{{$body}}{{#no}}x{{/no}}{{/body}}{{/layout}}", partials: ["layout": layout])
                == "<main>\n\n</main>\n")
        #expect(
            try render("{{<layout}}x{{$body}}\n<p>a</p>{{/body}}{{/layout}}", partials: ["layout": layout])
                == "<main>\n\n    <p>a</p>\n</main>\n")
    }

    @Test func whatFollowsABlocksClosingTagOnItsLineIsNotIndentedAsTheBlock() throws {
        let template = "A\n  {{$b}}\nx\n{{/b}}Z\n"
        #expect(try render(template, partials: [:]) == "A\n  x\nZ\n")
        #expect(try render("{{<p}}{{$b}}\ny\n{{/b}} {{/p}}", partials: ["p": template]) == "A\n  y\nZ\n")
        // Within a standalone parent, the line keeps the parent's indentation only.
        #expect(try render("  {{<p}}{{/p}}\n", partials: ["p": template]) == "  A\n    x\n  Z\n")
    }
}
