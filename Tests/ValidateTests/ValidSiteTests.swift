import Foundation
import Testing
import VantageCore
@testable import Validate

/// The valid fixture site (which the Nu checker also accepts) passes, in memory and on disk,
/// and validating on several threads finds exactly what one thread finds.
@Suite struct ValidSiteTests {
    @Test func validSiteHasNoFindings() throws {
        let report = try Fixtures.check()
        #expect(report.findings.map(\.diagnostic.description) == [])
        #expect(report.pageCount == 5)
        #expect(report.fileCount == 9)
        #expect(report.isValid)
    }

    @Test func directoryValidationMatchesTheInMemoryCheck() throws {
        let report = try SiteValidator().validate(directory: Fixtures.site, threads: 2)
        #expect(report.isValid)
        #expect(report.pageCount == 5)
        #expect(report.fileCount == 9)
    }

    @Test func missingDirectoryIsUnusable() {
        #expect(throws: Diagnostic.self) { try SiteValidator().validate(directory: "/nonexistent/site") }
    }

    @Test func everyPageOfTheValidSitePassesOnItsOwn() throws {
        let validator = SiteValidator()
        let pages = try Fixtures.sitePages()
        for file in pages {
            let report = validator.validatePage(path: file, bytes: try Fixtures.bytes(Fixtures.site + "/" + file))
            #expect(report.findings.isEmpty, "\(file): \(report.findings.map(\.message))")
        }
        #expect(pages.count == 5)
    }

    /// Every broken fixture validated on four threads at once, many times over, gives the same
    /// findings as validating each once on one thread: the shared schema and the per-thread
    /// libxml2 error handlers do not mix pages up.
    @Test func parallelValidationMatchesSequential() throws {
        let validator = SiteValidator()
        let pages = try Fixtures.brokenPages().map { ($0, try Fixtures.bytes(Fixtures.broken + "/" + $0)) }
        let expected = pages.map { name, bytes in
            validator.validatePage(path: name, bytes: bytes).findings.map(\.diagnostic.description)
        }
        let rounds = 20
        let results = Results(count: pages.count * rounds)
        DispatchQueue.concurrentPerform(iterations: pages.count * rounds) { index in
            let (name, bytes) = pages[index % pages.count]
            results.set(index, validator.validatePage(path: name, bytes: bytes).findings.map(\.diagnostic.description))
        }
        for index in 0..<(pages.count * rounds) {
            #expect(results.get(index) == expected[index % pages.count])
        }
        #expect(pages.count >= 20)
    }

    @Test func pagesGivenAsTextAreValidatedLikeBytes() throws {
        let bytes = try Fixtures.bytes(Fixtures.broken + "/missing-alt.html")
        let html = String(decoding: bytes, as: UTF8.self)
        let check = SiteCheck(validator: SiteValidator())
        let path = "people/ana-lima/p.html"
        let fromText = check.addPage(path: path, html: html).findings.map(\.diagnostic.description)
        #expect(fromText == SiteValidator().validatePage(path: path, bytes: bytes).findings.map(\.diagnostic.description))
        #expect(fromText == ["\(path):10:4: error: <img> needs the attribute alt"])
    }

    @Test func svgSpriteIdsResolveFragments() throws {
        let page = Array("""
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr"><head><meta charset="utf-8"/><title>T</title></head>
            <body data-page="index"><p><svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><use href="assets/icons.svg#bell"/><use href="assets/icons.svg#nope"/></svg></p></body></html>
            """.utf8)
        let findings = try Fixtures.check(adding: ["sprite.html": page]).findings
        #expect(findings.map(\.message) == ["href=\"assets/icons.svg#nope\": no id \"nope\" on assets/icons.svg"])
    }

    @Test func fragmentIntoAFileThatIsNotAPage() throws {
        let page = Array("""
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr"><head><meta charset="utf-8"/><title>T</title>
            <link rel="stylesheet" href="assets/site.css#top"/></head><body data-page="index"></body></html>
            """.utf8)
        let findings = try Fixtures.check(adding: ["style.html": page]).findings
        #expect(findings.map(\.message) == ["href=\"assets/site.css#top\" names a fragment, but assets/site.css is not a page"])
    }
}

/// Results written from many threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[String]]
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: [String]) { lock.lock(); values[index] = value; lock.unlock() }
    func get(_ index: Int) -> [String] { lock.lock(); defer { lock.unlock() }; return values[index] }
}
