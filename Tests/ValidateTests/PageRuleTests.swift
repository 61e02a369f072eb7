import Testing
@testable import Validate

/// Smaller rules, checked on one page built around a body snippet (the snippet starts on
/// line 10, as in the broken fixtures).
@Suite struct PageRuleTests {
    let validator = SiteValidator()

    /// `wholeHead`, when given, is all of the head's content (from line 4), in place of the
    /// charset, the title and `head`.
    private func findings(_ body: String, head: String = "", wholeHead: String? = nil) -> [String] {
        let page = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr">
            <head>
            \(wholeHead ?? "<meta charset=\"utf-8\"/>\n<title>Page</title>" + head)
            </head>
            <body data-page="index">
            <main>
            <h1>Page</h1>
            \(body)
            </main>
            </body>
            </html>
            """
        return validator.validatePage(path: "page.html", bytes: Array(page.utf8)).findings.map {
            "\($0.line):\($0.column) \($0.message)"
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(findings("<p>ação — ünïcödé <img src=\"x.png\"/></p>")
            == ["10:19 <img> needs the attribute alt"])
    }

    /// HTML's title is text that is not only whitespace; its encoding is declared once, first.
    @Test func titleAndEncoding() {
        func page(_ head: String) -> [String] { findings("", wholeHead: head) }
        let charset = "<meta charset=\"utf-8\"/>\n"
        #expect(page(charset + "<title>x</title>") == [])
        #expect(page(charset + "<title> \t&#10;x </title>") == [])
        let comment = "a comment inside <title>: HTML reads it as the title's text, XML as nothing; remove it"
        #expect(page(charset + "<title><!-- a comment -->x</title>") == ["5:1 " + comment])
        let blank = "5:1 <title> holds no text: a page's title is text that is not only whitespace"
        #expect(page(charset + "<title></title>") == [blank])
        #expect(page(charset + "<title>&#32;&#9;</title>") == [blank])
        #expect(page(charset + "<title><!-- only a comment --></title>") == ["5:1 " + comment])
        #expect(page(charset + "<title>x</title>\n<meta name=\"robots\" content=\"none\"/>\n<meta charset=\"UTF-8\"/>")
            == ["7:1 a second <meta charset>: the page declares its encoding once, first in <head>"])
        #expect(page("<meta name=\"robots\" content=\"none\"/>\n<title>x</title>")
            == ["4:1 the first element of <head> must declare the encoding: <meta charset=\"utf-8\"/>"])
        // The page's one <meta charset>, second: one finding, not "a second <meta charset>".
        #expect(page("<meta name=\"robots\" content=\"none\"/>\n" + charset + "<title>x</title>")
            == ["4:1 the first element of <head> must declare the encoding: <meta charset=\"utf-8\"/>"])
        #expect(page("<meta name=\"robots\" content=\"none\" charset=\"utf-8\"/>\n<title>x</title>").count == 1)
        let description = "<meta name=\"description\" content=\"x\"/>\n"
        #expect(page(charset + "<title>x</title>\n" + description + "<meta name=\"robots\" content=\"none\"/>\n<meta name=\"robots\" content=\"none\"/>") == [])
        #expect(page(charset + "<title>x</title>\n" + description + description)
            == ["7:1 a second <meta name=\"description\">: a page has one"])
    }

    /// HTML's content models that reach down to every depth, its form controls' names, and
    /// (above, in the broken fixtures) the place of the encoding.
    @Test func nestingAtAnyDepthAndNames() {
        #expect(findings("<form action=\"page.html\"><fieldset><form action=\"page.html\"></form></fieldset></form>")
            == ["10:36 <form> is not allowed inside <form>, at any depth"])
        #expect(findings("<header><div><footer><p>x</p></footer></div></header>")
            == ["10:14 <footer> is not allowed inside <header>, at any depth"])
        #expect(findings("<footer><p>x</p></footer><header><p>y</p></header>") == [])
        // A template's content is a fragment of its own: nothing in it descends from outside.
        #expect(findings("<form action=\"page.html\"><template><form action=\"page.html\"></form></template></form>") == [])
        #expect(findings("<footer><template><header><p>x</p></header></template></footer>") == [])
        #expect(findings("<p><button type=\"button\"><span tabindex=\"0\">Go</span></button></p>")
            == ["10:32 tabindex is not allowed inside <button>: nothing in a link or a button may take the focus"])
        #expect(findings("<p><span tabindex=\"0\">Go</span></p>") == [])
        #expect(findings("<form action=\"page.html\"><p><input type=\"text\" name=\"\" aria-label=\"x\"/></p></form>")
            == ["10:48 name=\"\" is not allowed on <input>: expected a name that is not empty"])
        #expect(findings("<form action=\"page.html\"><p><input type=\"text\" name=\"q\" aria-label=\"x\"/></p></form>") == [])
    }

    /// A link's own attributes need its href; without one, ARIA state needs a role.
    @Test func linksWithoutHref() {
        #expect(findings("<p><a href=\"page.html\" rel=\"next\" hreflang=\"fr\" download=\"x\">Next</a> <a>Here</a></p>") == [])
        #expect(findings("<p><a role=\"button\" aria-expanded=\"false\">More</a></p>") == [])
        #expect(findings("<p><a rel=\"next\">Next</a></p>") == ["10:4 <a> needs the attribute href"])
        #expect(findings("<p><a download=\"x\">Get</a></p>") == ["10:4 <a> needs the attribute href"])
        #expect(findings("<p><a aria-expanded=\"false\">More</a></p>") == ["10:4 <a> needs the attribute href"])
        #expect(findings("<p><a aria-haspopup=\"true\">More</a></p>") == [])
    }

    /// The build (its scan, then the tree where the scan is not sure) finds what the check
    /// finds on the rules above, and nothing where the check finds nothing.
    @Test func theBuildAgreesOnTheseRules() {
        let build = SiteValidator(reusesStructures: true)
        for body in [
            "<form action=\"page.html\"><template><form action=\"page.html\"></form></template></form>",
            "<footer><template><header><p>x</p></header></template></footer>",
            "<form action=\"page.html\"><div><form action=\"page.html\"></form></div></form>",
            "<p><a href=\"page.html\"><span tabindex=\"0\">Go</span></a></p>",
            "<form action=\"page.html\"><p><input type=\"text\" name=\"t\" aria-label=\"x\" value=\"a&#10;b\"/></p></form>",
            "<form action=\"page.html\"><p><input type=\"text\" name=\"t\" aria-label=\"x\" value=\"a&#xD;b\"/></p></form>",
            "<form action=\"page.html\"><p><label for=\"b\">A <input type=\"text\" id=\"a\" name=\"a\"/></label>"
                + "<input type=\"text\" id=\"b\" name=\"b\" aria-label=\"b\"/></p></form>",
            "<form action=\"page.html\"><p><label for=\"b\">A <template><input type=\"text\" id=\"a\" name=\"a\"/></template></label>"
                + "<input type=\"text\" id=\"b\" name=\"b\"/></p></form>",
            "<p><textarea name=\"t\" aria-label=\"t\"><!-- x --></textarea></p>",
        ] {
            let page = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" dir=\"ltr\">\n<head>\n"
                + "<meta charset=\"utf-8\"/>\n<title>Page</title>\n</head>\n<body data-page=\"index\">\n<main>\n<h1>Page</h1>\n"
                + body + "\n</main>\n</body>\n</html>\n"
            let built = build.validatePage(path: "page.html", bytes: Array(page.utf8)).findings.map(\.diagnostic.description)
            let checked = validator.validatePage(path: "page.html", bytes: Array(page.utf8)).findings.map(\.diagnostic.description)
            #expect(built == checked, "\(body)")
        }
    }

    @Test func voidElementsMustBeSelfClosed() {
        #expect(findings("<p>a<br></br>b</p>")
            == ["10:5 <br> is a void element: write it self-closed (<br … />), since an HTML parser does not expect </br>"])
    }

    @Test func cdataAndProcessingInstructionsAreNotHTML() {
        #expect(findings("<p><![CDATA[x < y]]></p>\n<?php echo 1; ?>") == [
            "10:1 a CDATA section: HTML reads one as text only in svg and math content, and not everywhere there (not in their title or desc): escape the text instead, which XML and HTML read alike",
            "11:1 an XML processing instruction is not HTML (an HTML parser reads it as a bogus comment)",
        ])
    }

    @Test func rawTextMustNeedNoEscapes() {
        #expect(findings("", head: "\n<script type=\"application/json\" id=\"d\">{\"a\":\"&lt;b&gt;\"}</script>")
            == ["6:1 <script> text contains < or &: HTML reads it raw and XML unescaped; write \\u003C and \\u0026 instead"])
    }

    @Test func styleURLsAreReferences() {
        #expect(findings("", head: "\n<style>body { background: url(https://example.com/x.png) }</style>")
            == ["6:1 url()=\"https://example.com/x.png\" refers outside the site"])
    }

    @Test func genericDataAttributesPassTheSchemaButHooksAreChecked() {
        #expect(findings("<div data-swipe-axis=\"x\" data-step=\"next\">x</div>")
            == ["10:26 attribute data-step is not allowed on <div>"])
    }

    @Test func wrongValueOnAnAttributeWithSeveralBranchesListsAllAllowedValues() {
        #expect(findings("<p><input type=\"email\" aria-label=\"Mail\"/></p>")
            == ["10:11 type=\"email\" is not allowed on <input>: expected one of text, search, checkbox, radio, datetime-local"])
    }

    @Test func annotatedTypesAreExplainedInWords() {
        #expect(findings("<p><time datetime=\"2026-05-02 08:30\">May 2</time></p>")
            == ["10:10 datetime=\"2026-05-02 08:30\" is not allowed on <time>: expected an ISO 8601 date, or a date and time with a UTC offset such as 2026-05-02T08:30:00+09:00"])
    }

    @Test func unknownAttributeAndUnknownElement() {
        #expect(findings("<p style=\"color: red\">x</p>\n<blink>x</blink>") == [
            "10:4 attribute style is not allowed on <p>",
            "11:1 <blink> is not allowed inside <main>",
        ])
    }

    @Test func requiredChildMissingExplainsTheRefusedElement() {
        #expect(findings("<details><p>x</p></details>")
            == ["10:10 <p> is not allowed inside <details> (<details> needs a <summary>)"])
    }

    @Test func interactiveContentNestedDeepInALink() {
        #expect(findings("<div><a href=\"#top\"><div><button type=\"button\">x</button></div></a><span id=\"top\">t</span></div>")
            == ["10:26 <button> is not allowed inside <div> (within <a>, which allows no interactive content)"])
    }

    @Test func labelForNamesTheControl() {
        #expect(findings("<form action=\"page.html\"><p><label for=\"q\">Search</label> <input type=\"search\" id=\"q\" name=\"q\"/></p></form>") == [])
        #expect(findings("<form action=\"page.html\"><p><label for=\"other\">Search</label> <input type=\"search\" id=\"q\"/></p></form>") == [
            "10:36 for names \"other\", which is no id on this page",
            "10:63 <input type=\"search\"> has no label: wrap it in a <label>, name its id in <label for>, or give it aria-label or aria-labelledby",
        ])
    }

    /// A label holds at most one control, a text area as well as an input.
    @Test func aLabelHoldsOneControl() {
        #expect(findings("<form action=\"page.html\"><p><label>Note <textarea name=\"n\"></textarea></label></p></form>") == [])
        #expect(findings("<form action=\"page.html\"><p><label>Two <textarea name=\"a\"></textarea><input type=\"text\" name=\"b\"/></label></p></form>")
            == ["10:70 <input> is not allowed inside <label>"])
    }

    @Test func definitionListsCodeAndClipPaths() {
        #expect(findings("""
            <dl><dt>Author</dt><dd><code>x</code></dd><dt>Date</dt><dt>Day</dt><dd>1</dd><dd>2</dd></dl>
            <p><svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><defs><clipPath id="c"><rect width="1" height="1"/></clipPath></defs><g clip-path="url(#c)"><path d="M0 0z"/></g></svg></p>
            """) == [])
        #expect(findings("<dl><dd>no term</dd></dl>") == ["10:5 <dd> is not allowed inside <dl>"])
    }

    @Test func siteWidePagesHaveNoViewer() {
        let page = Array("""
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr"><head><meta charset="utf-8"/><title>T</title></head>
            <body data-page="index" data-viewer="ana"></body></html>
            """.utf8)
        #expect(validator.validatePage(path: "r.html", bytes: page).findings.map(\.message)
            == ["data-viewer does not belong on a site-wide page (data-page=\"index\")"])
    }

    @Test func aPageWithoutTheXHTMLNamespaceSaysWhereItGoes() {
        let page = Array("""
            <!DOCTYPE html>
            <html lang="en" dir="ltr"><head><meta charset="utf-8"/><title>T</title></head>
            <body data-page="index"></body></html>
            """.utf8)
        let messages = validator.validatePage(path: "n.html", bytes: page).findings.map(\.message)
        #expect(messages.contains("<html> has no namespace: give the html element the XHTML namespace, xmlns http://www.w3.org/1999/xhtml"),
                "\(messages)")
    }

    @Test func theReviewReportAndTheIdeaTriageAreSiteWideTheQuotesTriageIsAPersons() {
        let cases: [(body: String, findings: [String])] = [
            (#"<body data-page="reviews">"#, []),
            (#"<body data-page="triage-ideas">"#, []),
            (#"<body data-page="triage-quotes" data-viewer="ana">"#, []),
            (#"<body data-page="reviews" data-viewer="ana">"#,
             [#"data-viewer does not belong on a site-wide page (data-page="reviews")"#]),
            (#"<body data-page="triage-ideas" data-viewer="ana">"#,
             [#"data-viewer does not belong on a site-wide page (data-page="triage-ideas")"#]),
            (#"<body data-page="triage-quotes">"#,
             [#"a body with data-page="triage-quotes" needs data-viewer: every page of a person's part of the site names its viewer"#]),
            (#"<body data-page="submit-idea">"#,
             [#"a body with data-page="submit-idea" needs data-viewer: every page of a person's part of the site names its viewer"#]),
            (#"<body data-page="compose-quote" data-viewer="ana">"#, []),
        ]
        for (body, findings) in cases {
            let page = Array("""
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr"><head><meta charset="utf-8"/><title>T</title></head>
                \(body)</body></html>
                """.utf8)
            #expect(validator.validatePage(path: "r.html", bytes: page).findings.map(\.message) == findings, "\(body)")
        }
    }

    @Test func notUTF8IsMalformed() {
        var bytes = Array("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" dir=\"ltr\"><head><title>".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("</title></head><body data-page=\"index\"></body></html>".utf8)
        let report = validator.validatePage(path: "u.html", bytes: bytes)
        #expect(report.findings.map(\.rule) == [.malformed])
        #expect(report.findings.first?.line == 2)
    }

    @Test func emptyPageIsMalformed() {
        #expect(validator.validatePage(path: "e.html", bytes: []).findings.map(\.message) == ["malformed XML: the page is empty"])
    }

    @Test func undeclaredEntitiesAreMalformed() {
        #expect(findings("<p>a&nbsp;b</p>") == ["10:11 malformed XML: Entity 'nbsp' not defined"])
    }
}
