import Testing
@testable import Validate
@testable import Render

/// A build that stops on findings prints them as `vantage check` does (`Finding.textReport`):
/// the same paths for the same folder. The build wrote its own prefix, which for `.` gave
/// `./index.html` where the check writes `index.html`, and for "" the absolute `/index.html`.
@Suite struct ValidationFailureTextTests {
    let findings = [
        Finding(rule: .schema, file: "index.html", line: 3, column: 1, message: "<head> needs a <title> element"),
        Finding(rule: .brokenLink, file: "ana/home.html", line: 12, column: 7, message: "href=\"x.html\" names no file", template: "home"),
    ]

    @Test(arguments: ["public", "public/", "/tmp/site", ".", ""])
    func theBuildWritesFindingsAsTheCheckDoes(_ root: String) {
        let failure = ValidationFailure(findings: findings, count: 5, pages: 9)
        let report = SiteReport(pageCount: 9, fileCount: 12, findings: findings)
        #expect(failure.formatted(root: root) == report.formatted(.text, root: root) + "… and 3 more findings\n")
    }

    @Test func aFolderIsJoinedWithOneSlash() {
        let failure = ValidationFailure(findings: findings, count: 2, pages: 9)
        #expect(failure.formatted(root: ".") == """
            index.html:3:1: error: <head> needs a <title> element
            ana/home.html:12:7: error: href="x.html" names no file (from template home)

            """)
        #expect(failure.formatted(root: "public/").hasPrefix("public/index.html:3:1: "))
    }
}
