import Testing

@testable import Template

/// The inline Markdown SwiftUI shows in localized strings, parsed by CommonMark's rules.
@Suite("Inline Markdown in catalog strings")
struct InlineMarkdownTests {
    /// A compact rendering of the tree: `S(…)` strong, `E(…)` emphasis, `C(…)` code, `L[dest](…)`.
    private func shape(_ text: String) -> String { shape(InlineMarkdown.parse([.init(text: text, markdown: true)])) }

    private func shape(_ nodes: [InlineMarkdown.Node]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): return text
            case .element(.strong, _, let children): return "S(" + shape(children) + ")"
            case .element(.emphasis, _, let children): return "E(" + shape(children) + ")"
            case .element(.code, _, let children): return "C(" + shape(children) + ")"
            case .element(.link, let destination, let children): return "L[\(destination ?? "-")](" + shape(children) + ")"
            }
        }.joined()
    }

    static let cases: [(String, String)] = [
        ("**bold** and *em*", "S(bold) and E(em)"),
        ("__bold__ and _em_", "S(bold) and E(em)"),
        ("***both***", "E(S(both))"),
        ("snake_case_name", "snake_case_name"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        ("100%* done*", "100%E( done)".replacingOccurrences(of: "E( done)", with: "* done*")),
        ("`**not bold**`", "C(**not bold**)"),
        ("`` a ` b ``", "C(a ` b)"),
        ("\\*not em\\*", "*not em*"),
        ("*unclosed", "*unclosed"),
        // Read by Unicode scalar, as CommonMark reads text (checked against commonmark.py): a
        // combining mark or a joiner after a delimiter does not make it part of another
        // character; whitespace is CommonMark's (the space separators, tab, LF, FF, CR).
        ("*\u{301}a*", "E(\u{301}a)"),
        ("`\u{301}code`", "C(\u{301}code)"),
        ("_\u{200D}x_", "E(\u{200D}x)"),
        ("a*\u{301}b*", "aE(\u{301}b)"),
        ("\\*\u{301}x*", "*\u{301}x*"),
        ("*\u{A0}a*", "*\u{A0}a*"),
        ("*\u{3000}a*", "*\u{3000}a*"),
        ("[guide](help.html)", "L[help.html](guide)"),
        ("[**guide**](help.html)", "L[help.html](S(guide))"),
        // From the root, or with a backslash (browsers read `/\\host` as `//host`): text.
        ("[**guide**](/help)", "L[-](S(guide))"),
        (#"[d](/\evil.com)"#, "L[-](d)"),
        (#"[d](\\evil.com)"#, "L[-](d)"),
        ("[site](https://example.com)", "L[-](site)"),
        ("[mail](mailto:a@b.c)", "L[-](mail)"),
        ("[js](javascript:alert(1))", "L[-](js)"),
        ("[no link] (x)", "[no link] (x)"),
        // As a browser reads the URL: spaces and controls at its ends dropped, tabs and line
        // breaks inside removed, then judged (`< //evil.com>` is `//evil.com`).
        ("[a](< //evil.com>)", "L[-](a)"),
        ("[a](<\t\t/\t/evil.com>)", "L[-](a)"),
        ("[a](<\r//evil.com>)", "L[-](a)"),
        ("[a](< java\tscript:alert(1)>)", "L[-](a)"),
        ("[a](< help.html >)", "L[help.html](a)"),
        // Percent-encoded as CommonMark's renderers write it (markdown-it's set; commonmark.py
        // agrees but also escapes `!` and `$`, and leaves a `%` that starts no escape, which an
        // `href` may not hold): what a URL may not hold is escaped, an escape already there kept.
        ("[a](<a b>)", "L[a%20b](a)"),
        ("[a](\"x)", "L[%22x](a)"),
        ("[a](föö.html)", "L[f%C3%B6%C3%B6.html](a)"),
        ("[a](a%zz%2Fb%)", "L[a%25zz%2Fb%25](a)"),
        ("[a](a|b^c{d}`e>f\\[g\\])", "L[a%7Cb%5Ec%7Bd%7D%60e%3Ef%5Bg%5D](a)"),
        ("[a](p.html?q=1&r=(2)#top-~!$*+,;=:@)", "L[p.html?q=1&r=(2)#top-~!$*+,;=:@](a)"),
        ("[a](<he\tlp.html>)", "L[help.html](a)"),
        // CommonMark's destinations: escapes read, `<…>` with spaces, spaces around, a title dropped.
        (#"[the FAQ](faq\)2.html)"#, "L[faq)2.html](the FAQ)"),
        (#"[x](a.html?x=\*)"#, "L[a.html?x=*](x)"),
        ("[help](<help.html>)", "L[help.html](help)"),
        ("[help](<my help.html>)", "L[my%20help.html](help)"),
        ("[x]( a.html )", "L[a.html](x)"),
        (#"[tips](tips.html "Tips")"#, "L[tips.html](tips)"),
        ("[t](a.html 'T')", "L[a.html](t)"),
        ("[t](a.html (T))", "L[a.html](t)"),
        ("[t](a(b)c.html)", "L[a(b)c.html](t)"),
        ("[t](<a.html)", "[t](<a.html)"),
        ("[t](a.html \"T)", "[t](a.html \"T)"),
        ("[t](a b)", "[t](a b)"),
        ("a **b *c* d** e", "a S(b E(c) d) e"),
        // The rule of three reads a run's length as written, however much of it was used.
        ("**a* b*c", "*E(a) b*c"),
        ("***a* b*c", "*E(E(a) b)c"),
        // Entity and numeric references are their characters, as text (never delimiters).
        ("Tom &amp; Jerry &copy; 2026", "Tom & Jerry © 2026"),
        ("&#233;t&#xE9; &#X1F600;", "été 😀"),
        ("&#42;not em&#42;", "*not em*"),
        ("&#0; &#xD800; &#1114112;", "\u{FFFD} \u{FFFD} \u{FFFD}"),
        ("&nosuch; &amp &#; &#x; &#12345678; & x", "&nosuch; &amp &#; &#x; &#12345678; & x"),
        ("`&amp;`", "C(&amp;)"),
        ("\\&amp;", "&amp;"),
        ("[a](x.html?a=1&amp;b=2)", "L[x.html?a=1&b=2](a)"),
        // A code span binds tighter than link brackets.
        ("[a`](b.html)`", "[aC(](b.html))"),
        ("[a `]` b](b.html)", "L[b.html](a C(]) b)"),
        // An escaped `&` starts no reference.
        (#"[a](x.html?p=1\&amp;q=2)"#, "L[x.html?p=1&amp;q=2](a)"),
        (#"[a](\&#x2F;b.html)"#, "L[&#x2F;b.html](a)"),
        ("[a](&#47;&#47;evil.com)", "L[-](a)"),
        // A link holds no link: the innermost is the link, the outer brackets are text.
        ("[[a](x.html)](y.html)", "[L[x.html](a)](y.html)"),
        ("[b [*a*](x.html) c](y.html)", "[b L[x.html](E(a)) c](y.html)"),
        ("[[[a](x.html)](y.html)](z.html)", "[[L[x.html](a)](y.html)](z.html)"),
        ("[*[a](x.html)*](y.html)", "[E(L[x.html](a))](y.html)"),
        ("[[a]](y.html)", "L[y.html]([a])"),
        // An image is shown as written (SwiftUI has no place for one); an escaped `!` is text
        // before a link.
        ("See ![logo](logo.png) here", "See ![logo](logo.png) here"),
        ("\\![a](b.html)", "!L[b.html](a)"),
        ("! [a](b.html)", "! L[b.html](a)"),
    ]

    @Test(arguments: cases.map(\.0))
    func parses(_ text: String) {
        let expected = InlineMarkdownTests.cases.first { $0.0 == text }!.1
        #expect(shape(text) == expected, "\(text)")
    }

    /// Brackets nested deep parse quickly and without exhausting the stack: each link's text
    /// is parsed once, even when a link inside makes the outer brackets text, and link texts
    /// deeper than `maximumLinkDepth` are text.
    @Test func deeplyNestedLinksParseOnce() {
        let text = String(repeating: "[", count: 20) + "a" + String(repeating: "](x.html)", count: 20)
        #expect(shape(text) == String(repeating: "[", count: 19) + "L[x.html](a)" + String(repeating: "](x.html)", count: 19))
        let depth = 5_000
        let deep = shape(String(repeating: "[", count: depth) + "a" + String(repeating: "](x.html)", count: depth))
        #expect(deep.components(separatedBy: "L[x.html]").count == 2)
        #expect(deep.filter { $0 == "[" }.count == depth)  // depth - 1 as text, one in "L["
    }

    /// Bounds that keep a long string from costing its length squared: parentheses nested
    /// past 32 in a destination, and a link or code span longer than 4,096 characters, are text.
    @Test func destinationsAndSpansAreBounded() {
        let nested = String(repeating: "(", count: 32) + String(repeating: ")", count: 32)
        #expect(shape("[a](x\(nested).html)") == "L[x\(nested).html](a)")
        let tooDeep = String(repeating: "(", count: 33) + String(repeating: ")", count: 33)
        #expect(shape("[a](x\(tooDeep).html)") == "[a](x\(tooDeep).html)")
        let long = String(repeating: "b", count: 4_097)
        #expect(shape("[\(long)](x.html)") == "[\(long)](x.html)")
        #expect(shape("`\(long)`") == "`\(long)`")
        let fits = String(repeating: "b", count: 4_000)
        #expect(shape("[\(fits)](x.html)") == "L[x.html](\(fits))")
        // Many openings that close nothing, or that all fail, still parse as they did.
        #expect(shape(String(repeating: "[a](", count: 3)) == "[a]([a]([a](")
        #expect(shape(String(repeating: "*a", count: 3)) == "E(a)a*a")
    }

    @Test func argumentsAreNeverMarkdown() {
        let nodes = InlineMarkdown.parse([
            .init(text: "Hi *", markdown: true), .init(text: "**x** `y` [z](w)", markdown: false),
            .init(text: "*", markdown: true),
        ])
        #expect(shape(nodes) == "Hi E(**x** `y` [z](w))")
    }
}
