import Testing
@testable import Validate

/// One broken page per kind of error, each checked inside the valid fixture site: the exact
/// findings (rule, line, column, message) and nothing else.
@Suite struct BrokenPageTests {
    struct Expected: CustomStringConvertible, Sendable {
        var fixture: String
        var findings: [(Finding.Rule, Int, Int, String)]
        var description: String { fixture }
    }

    static let cases: [Expected] = [
        Expected(fixture: "schema-element", findings: [
            (.schema, 10, 9, "<ul> is not allowed inside <p>"),
        ]),
        Expected(fixture: "schema-nesting", findings: [
            (.schema, 10, 29, "<button> is not allowed inside <a>"),
        ]),
        Expected(fixture: "schema-text", findings: [
            (.schema, 10, 1, "text is not allowed directly inside <ul>"),
        ]),
        Expected(fixture: "malformed", findings: [
            (.malformed, 10, 29, "malformed XML: Opening and ending tag mismatch: em line 10 and p"),
        ]),
        Expected(fixture: "missing-lang-dir", findings: [
            (.schema, 2, 1, "<html> needs the attribute dir"),
            (.schema, 2, 1, "<html> needs the attribute lang"),
        ]),
        Expected(fixture: "missing-title", findings: [
            (.schema, 3, 1, "<head> needs a <title> element"),
        ]),
        Expected(fixture: "blank-title", findings: [
            (.schema, 5, 1, "<title> holds no text: a page's title is text that is not only whitespace"),
        ]),
        Expected(fixture: "second-charset", findings: [
            (.schema, 6, 1, "a second <meta charset>: the page declares its encoding once, first in <head>"),
        ]),
        Expected(fixture: "no-charset", findings: [
            (.schema, 4, 1, "the first element of <head> must declare the encoding: <meta charset=\"utf-8\"/>"),
        ]),
        Expected(fixture: "late-charset", findings: [
            (.schema, 5, 1, "<meta charset> ends after the page's first 1024 bytes, where a browser looks for the encoding: move it up"),
        ]),
        Expected(fixture: "forbidden-nesting", findings: [
            (.schema, 10, 31, "<form> is not allowed inside <form>, at any depth"),
            (.schema, 11, 43, "tabindex is not allowed inside <a>: nothing in a link or a button may take the focus"),
            (.schema, 11, 76, "<header> is not allowed inside <footer>, at any depth"),
        ]),
        Expected(fixture: "line-break-in-field", findings: [
            (.schema, 11, 2, "placeholder of <input type=\"search\"> holds a line break, which a field of one line cannot show (HTML forbids it)"),
            (.schema, 12, 61, "value of <input type=\"text\"> holds a line break, which a field of one line cannot show (HTML forbids it)"),
        ]),
        Expected(fixture: "label-names-no-control", findings: [
            (.label, 10, 36, "<label for=\"note\"> names <span>, which a label cannot name: give it the id of a form control"),
            (.label, 11, 28, "<input> is inside <label for=\"first\"> but its id is not \"first\": the label names another element"),
        ]),
        Expected(fixture: "impossible-date", findings: [
            (.schema, 10, 10, #"datetime="2026-02-30" names no instant: February 2026 has 28 days"#),
            (.schema, 11, 10, #"datetime="2025-02-29T10:00:00Z" names no instant: February 2025 has 28 days"#),
            (.schema, 13, 10, #"datetime="1900-02-29" names no instant: February 1900 has 28 days"#),
            (.schema, 14, 10, #"datetime="0000-01-01" names no instant: the year 0000 is no year of the calendar (the first is 0001)"#),
            (.schema, 15, 10, #"datetime="2026-05-02T08:30:00-00:00" names no instant: an offset of zero is written Z or +00:00, not -00:00"#),
            (.schema, 16, 10, #"datetime="2026-04-31T08:30:00-07:00" names no instant: April 2026 has 30 days"#),
        ]),
        Expected(fixture: "second-description", findings: [
            (.schema, 7, 1, "a second <meta name=\"description\">: a page has one"),
        ]),
        Expected(fixture: "line-break-as-reference", findings: [
            (.schema, 10, 79, "placeholder of <input type=\"search\"> holds a line break, which a field of one line cannot show (HTML forbids it)"),
        ]),
        Expected(fixture: "missing-alt", findings: [
            (.schema, 10, 4, "<img> needs the attribute alt"),
        ]),
        Expected(fixture: "unlabeled-input", findings: [
            (.label, 10, 31, "<input type=\"search\"> has no label: wrap it in a <label>, name its id in <label for>, or give it aria-label or aria-labelledby"),
        ]),
        Expected(fixture: "unnamed-button", findings: [
            (.label, 10, 4, "<button> has no accessible name: give it text, or aria-label"),
        ]),
        Expected(fixture: "bad-data-page", findings: [
            (.schema, 7, 7, "data-page=\"idea-list\" is not allowed on <body>: expected one of index, reviews, triage-ideas, home, ideas-new, ideas-mine, ideas-all, ideas-browse, quotes-feed, quotes-said, quotes-heard, quotes-by, search, settings, triage-quotes, submit-idea, compose-quote"),
        ]),
        Expected(fixture: "missing-viewer", findings: [
            (.hook, 7, 1, "a body with data-page=\"ideas-new\" needs data-viewer: every page of a person's part of the site names its viewer"),
        ]),
        Expected(fixture: "bad-data-attribute", findings: [
            (.hook, 10, 4, "data-Swipe is not a valid data-* name: use lower-case letters, digits, hyphens, underscores and dots"),
            (.scriptURL, 10, 19, "data-go=\"javascript:alert(1)\" holds a javascript: URL"),
        ]),
        Expected(fixture: "broken-link", findings: [
            (.brokenLink, 10, 7, "href=\"ideas-old.html\" names no file in the site (people/ana-lima/ideas-old.html)"),
            (.brokenLink, 10, 42, "src=\"../../assets/missing.png\" names no file in the site (assets/missing.png)"),
        ]),
        Expected(fixture: "broken-fragment", findings: [
            (.brokenFragment, 10, 16, "href=\"#idea-9\": no id \"idea-9\" on this page"),
            (.brokenFragment, 10, 43, "href=\"ideas-new.html#idea-idea-0009\": no id \"idea-idea-0009\" on people/ana-lima/ideas-new.html"),
        ]),
        Expected(fixture: "duplicate-id", findings: [
            (.duplicateID, 11, 4, "duplicate id \"note\" (first used on line 10)"),
        ]),
        Expected(fixture: "id-reference", findings: [
            (.idReference, 10, 10, "aria-labelledby names \"missing-title\", which is no id on this page"),
        ]),
        Expected(fixture: "inline-handler", findings: [
            (.eventHandler, 10, 26, "inline event handler onclick on <button>: behaviour belongs in a script file"),
        ]),
        Expected(fixture: "javascript-url", findings: [
            (.scriptURL, 10, 7, "href=\"javascript:void(0)\" is a javascript: URL: behaviour belongs in a script file"),
        ]),
        Expected(fixture: "external-url", findings: [
            (.external, 10, 7, "href=\"https://example.com/\" refers outside the site"),
            (.external, 11, 7, "href=\"//cdn.example.com/x.js\" refers outside the site"),
            (.external, 12, 7, "href=\"/people/ana-lima/home.html\" is root-relative: it breaks under file:// and on a sub-path; make it relative"),
            (.external, 13, 7, "href=\"mailto:ana@example.com\" refers outside the site"),
            (.external, 14, 7, "href=\"../../../outside.html\" leads outside the site"),
        ]),
        Expected(fixture: "folder-link", findings: [
            (.folderLink, 10, 7, "href=\"./\" names a folder: every link names a file (people/ana-lima/index.html)"),
            (.folderLink, 10, 29, "href=\"../ana-lima\" names a folder: every link names a file (people/ana-lima/index.html)"),
        ]),
        Expected(fixture: "self-closed", findings: [
            (.polyglot, 10, 1, "<div/> is self-closed: an HTML parser reads it as an open <div>; write <div></div>"),
        ]),
        Expected(fixture: "forbidden-code-point", findings: [
            (.polyglot, 10, 5, "U+0085 is a control character, which HTML forbids in a page: remove it"),
            (.polyglot, 10, 17, "U+FDD0 is a noncharacter, which HTML forbids in a page: remove it"),
            (.polyglot, 10, 37, "U+007F is a control character, which HTML forbids in a page: remove it"),
            (.polyglot, 10, 40, "&#x9F; is U+009F, a control character, which HTML forbids in a page: remove it"),
            (.polyglot, 10, 59, "&#133; is U+0085, a control character, which HTML forbids in a page: remove it"),
            (.polyglot, 11, 6, "U+1FFFF is a noncharacter, which HTML forbids in a page: remove it"),
            (.polyglot, 12, 5, "&#13; is U+000D, a control character, which HTML forbids in a page: remove it"),
        ]),
        Expected(fixture: "no-doctype", findings: [
            (.polyglot, 1, 1, "a page must start with <!DOCTYPE html>"),
        ]),
    ]

    @Test(arguments: cases)
    func brokenPage(_ expected: Expected) throws {
        let findings = try Fixtures.findings(ofBroken: expected.fixture)
        let file = "people/ana-lima/\(expected.fixture).html"
        #expect(findings.allSatisfy { $0.file == file }, "the valid site itself must stay clean")
        let actual = findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.message)" }
        let wanted = expected.findings.map { "\($0.0.rawValue) \($0.1):\($0.2) \($0.3)" }
        #expect(actual == wanted)
    }

    /// Every rule about a page has a broken page; the manifest's rule is about the site
    /// (`ManifestCheckTests`).
    @Test func everyRuleHasABrokenFixture() {
        let covered = Set(Self.cases.flatMap { $0.findings.map(\.0) })
        #expect(covered == Set(Finding.Rule.allCases).subtracting([.manifest]))
    }

    @Test func templateNamedForTheKindIsAttributed() throws {
        let validator = SiteValidator(templates: ["ideas-new": "ideas-list"])
        let findings = try Fixtures.findings(ofBroken: "missing-alt", validator: validator)
        #expect(findings.map(\.attributedMessage) == ["<img> needs the attribute alt (from template ideas-list)"])
        #expect(findings.map(\.diagnostic.description)
            == ["people/ana-lima/missing-alt.html:10:4: error: <img> needs the attribute alt (from template ideas-list)"])
    }

    @Test func templateOfAMalformedPageComesFromItsBytes() throws {
        let validator = SiteValidator(templates: ["ideas-new": "ideas-list"])
        let report = validator.validatePage(
            path: "p.html", bytes: try Fixtures.bytes(Fixtures.broken + "/malformed.html"))
        #expect(report.kind == "ideas-new")
        #expect(report.findings.map(\.template) == ["ideas-list"])
    }

    @Test func crossPageFindingsCarryTheSourcePageTemplate() throws {
        let validator = SiteValidator(templates: ["ideas-new": "ideas-list"])
        let findings = try Fixtures.findings(ofBroken: "broken-link", validator: validator)
        #expect(findings.map(\.template) == ["ideas-list", "ideas-list"])
    }
}
