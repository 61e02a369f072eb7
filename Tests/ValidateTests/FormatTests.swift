import Testing
@testable import Validate

/// The three output formats of `vantage check`, on a report with two findings.
@Suite struct FormatTests {
    let report = SiteReport(pageCount: 3, fileCount: 5, findings: [
        Finding(rule: .brokenLink, file: "people/ana/home.html", line: 12, column: 7,
            message: "href=\"x.html\" names no file in the site (people/ana/x.html)", template: "home"),
        Finding(rule: .schema, file: "index.html", line: 3, column: 1, message: "<head> needs a <title> element"),
    ])

    @Test func text() {
        #expect(report.formatted(.text, root: "public") == """
            public/people/ana/home.html:12:7: error: href="x.html" names no file in the site (people/ana/x.html) (from template home)
            public/index.html:3:1: error: <head> needs a <title> element

            """)
        #expect(report.summary == "checked 3 pages (5 files): 2 errors")
    }

    /// A value from the page holding a line feed (`href="x&#10;…"`), a line separator or a bidi
    /// override stays on its finding's line, escaped: it forged a finding of its own before.
    @Test func textKeepsEachFindingOnOneLine() {
        let forged = SiteReport(pageCount: 1, fileCount: 1, findings: [
            Finding(rule: .brokenLink, file: "index.html", line: 3, column: 9,
                message: "href=\"x\ncheckforge/index.html:3:1: error: forged\u{2028}b\u{202E}c\\d\" names no file in the site"),
        ])
        #expect(forged.formatted(.text, root: "") == #"index.html:3:9: error: href="x\ncheckforge/index.html:3:1: error: forged\u{2028}b\u{202E}c\d" names no file in the site"# + "\n")
    }

    @Test func github() {
        let odd = SiteReport(pageCount: 1, fileCount: 1, findings: [
            Finding(rule: .schema, file: "a,b:c.html", line: 1, column: 2, message: "50% wrong\nreally"),
        ])
        #expect(odd.formatted(.github, root: "site/") == "::error file=site/a%2Cb%3Ac.html,line=1,col=2::50%25 wrong\\nreally\n")
        // Separators and bidi controls from a page are written as escapes too, as in the text.
        let bidi = SiteReport(pageCount: 1, fileCount: 1, findings: [
            Finding(rule: .brokenLink, file: "a.html", line: 1, column: 2, message: "href=\"x\u{202E}y\u{2028}z\u{85}\" names no file"),
        ])
        #expect(bidi.formatted(.github, root: "") == "::error file=a.html,line=1,col=2::href=\"x\\u{202E}y\\u{2028}z\\u{85}\" names no file\n")
        #expect(report.formatted(.github, root: ".").hasPrefix(
            "::error file=people/ana/home.html,line=12,col=7::href=\"x.html\" names no file in the site (people/ana/x.html) (from template home)\n"))
    }

    @Test func json() {
        #expect(report.formatted(.json, root: "public") == """
            {
              "valid": false,
              "pages": 3,
              "files": 5,
              "errors": 2,
              "findings": [
                {
                  "file": "public/people/ana/home.html",
                  "line": 12,
                  "column": 7,
                  "rule": "broken-link",
                  "message": "href=\\"x.html\\" names no file in the site (people/ana/x.html)",
                  "template": "home"
                },
                {
                  "file": "public/index.html",
                  "line": 3,
                  "column": 1,
                  "rule": "schema",
                  "message": "\\u003Chead\\u003E needs a \\u003Ctitle\\u003E element"
                }
              ]
            }

            """)
    }

    @Test func validSummary() {
        #expect(SiteReport(pageCount: 1, fileCount: 1, findings: []).summary == "checked 1 page (1 file): valid")
    }
}
