import Foundation
import Testing
import VantageCore
@testable import Diff

struct PageTextTests {
    @Test func xhtmlBecomesContentLines() throws {
        let page = try Fixture.bytes("pages/sample.xhtml")
        let expected = try Fixture.text("pages/sample.lines").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(PageText.lines(of: page, path: "x/index.html") == Array(expected.dropLast()))
    }

    @Test func jsonBecomesPrettyLines() throws {
        let json = try Fixture.bytes("pages/sample.json")
        let expected = try Fixture.text("pages/sample.json.lines").split(separator: "\n").map(String.init)
        #expect(PageText.lines(of: json, path: "ana/search.json") == expected)
    }

    @Test func theBuildsSearchIndexScriptIsReadAsItsJSONDocument() throws {
        // `<viewer>/search-index.js` as the build writes it (SearchIndexScript): one member a
        // line, so a changed entry shows as itself, not as one line of the whole index.
        let json = try Fixture.bytes("pages/sample.json")
        let script = Array("window.VANTAGE_SEARCH=".utf8) + json + Array(";\n".utf8)
        let expected = try Fixture.text("pages/sample.json.lines").split(separator: "\n").map(String.init)
        #expect(PageText.lines(of: script, path: "ana-lima/search-index.js") == expected)
        #expect(PageKind.unlisted(path: "ana-lima/search-index.js", viewer: "ana-lima") == PageKind.searchIndex)
        #expect(PageKind.reportName(PageKind.searchIndex) == "search index")
        // Any other script stays text, line by line.
        #expect(PageText.lines(of: Array("var a = 1;\nvar b = 2;\n".utf8), path: "assets/site.js") == ["var a = 1;", "var b = 2;"])
    }

    @Test func hooksAndHeadings() throws {
        let page = try Fixture.bytes("pages/sample.xhtml")
        #expect(PageText.bodyHooks(page).kind == "home")
        #expect(PageText.bodyHooks(page).viewer == "ana-lima")
        #expect(PageText.firstHeading(page) == "Ana Lima")
        let home = try Fixture.bytes("base/ana-lima/index.html")
        #expect(PageText.firstHeading(home) == "Ana Lima")
        #expect(PageText.firstHeading(try Fixture.bytes("pages/sample.json")) == nil)
    }

    @Test func markupOnlyChangesGiveEqualLines() throws {
        let old = try Fixture.bytes("base/ana-lima/settings.html")
        let new = try Fixture.bytes("variants/ana-lima/settings.html")
        #expect(old != new)
        #expect(PageText.lines(of: old, path: "s/settings.html") == PageText.lines(of: new, path: "s/settings.html"))
    }

    @Test func otherFiles() {
        #expect(PageText.lines(of: Array("a {}\nb {}\n".utf8), path: "style.css") == ["a {}", "b {}"])
        // A file turned to CRLF differs on every line, one without its final line feed at its
        // end, as `diff -u` has them (both were "markup only", with no lines to show); what
        // would act on a terminal is shown as its escape, tabs and backslashes as they are.
        #expect(PageText.lines(of: Array("a {}\r\nb {}\r\n".utf8), path: "style.css") == ["a {}\\u{D}", "b {}\\u{D}"])
        #expect(PageText.lines(of: Array("a {}\nb {}".utf8), path: "text.js") == ["a {}", "b {}" + DiffLine.withoutLineFeed])
        #expect(PageText.lines(of: Array("\tx = '\\n\u{1B}[31m'\n".utf8), path: "text.js") == ["\tx = '\\n\\u{1B}[31m'"])
        #expect(PageText.lines(of: [], path: "empty.txt") == [])
        #expect(PageText.lines(of: [0xFF, 0xD8, 0xFF, 0x00], path: "photo.jpg") == nil)
        // A .json file that is not JSON is still compared as text.
        #expect(PageText.lines(of: Array("{oops\n".utf8), path: "x.json") == ["{oops"])
    }

    /// Numeric references are read as the mask and the validator read them (any leading zeros,
    /// `NumericReference`); a reference past U+10FFFF or unknown by name stays as written.
    @Test func referencesAreReadByTheOneRule() {
        #expect(PageText.lines(of: Array("<p>&#x0000000041;&#0000066;&amp;&bogus;&#x110000;</p>".utf8), path: "a.html")
            == ["AB&&bogus;&#x110000;"])
    }

    @Test func malformedMarkupDegradesToText() {
        let lines = PageText.lines(of: Array("x <b>bold <i unclosed".utf8), path: "a.html")
        #expect(lines == ["x bold <i unclosed"])
    }

    @Test func personIsTheSelfLinkNamedInTheHeading() throws {
        // An Arabic heading around the name, a navigation link whose text is also in the
        // heading but leads elsewhere, and the speaker's link back to the list's first page.
        let page = try Fixture.bytes("pages/quotes-by-ar.xhtml")
        #expect(PageText.personHeading(page, path: "cy-oh/quotes/by/dad/page-2.html") == "Dad")
        let english = try Fixture.bytes("base/ana-lima/quotes/by/dad/index.html")
        #expect(PageText.personHeading(english, path: "ana-lima/quotes/by/dad/index.html") == "Dad")
    }

    /// The handle shown beside a name two people share is not part of the name; a speaker's
    /// page whose heading names the speaker otherwise than any link on it gives no person, and
    /// the page is named by its heading as it reads (it was "quotes said by Quotes said by …").
    @Test func headingsWithoutHandlesAndSpeakersNamedOnlyInTheHeading() {
        let home = Array(#"<html><body data-page="home"><h1 dir="auto">Maria Silva <small class="person-handle" dir="ltr">maria-silva-2</small></h1></body></html>"#.utf8)
        #expect(PageText.firstHeading(home) == "Maria Silva")
        let path = "ana-lima/quotes/by/sam-trainer.html"
        let page = Array(("<html><body><h1 class=\"list-title\">Quotes said by Sam (trainer)</h1>"
            + "<ul><li><a href=\"sam-trainer.html\">Coach Sam</a></li></ul></body></html>").utf8)
        #expect(PageText.personHeading(page, path: path) == nil)
        var reading = SiteDiff.Reading()
        let read = reading.readPerson(page, path: path)
        #expect(read)
        #expect(reading.heading == "Quotes said by Sam (trainer)" && reading.isWholeHeading)
        let entry = ManifestEntry(path: path, kind: "quotes-by", viewer: "ana-lima", sha256: String(repeating: "0", count: 64), bytes: 1)
        let change = PageChange(path: path, status: .changed, old: entry, new: entry)
        #expect(SiteDiff.label(change, heading: reading.heading, pageNumber: nil, wholeHeading: true) == "Quotes said by Sam (trainer)")
        #expect(SiteDiff.label(change, heading: "Dad", pageNumber: 2) == "quotes said by Dad (page 2)")
    }

    @Test func resolvingLinks() {
        #expect(PageText.resolve("../../index.html#x", from: "a/quotes/by/dad/index.html") == "a/quotes/index.html")
        #expect(PageText.resolve("#top", from: "a/b.html") == "a/b.html")
        #expect(PageText.resolve("../../../../x.html", from: "a/b.html") == nil)
        #expect(PageText.resolve("https://example.com/", from: "a/b.html") == nil)
    }
}
