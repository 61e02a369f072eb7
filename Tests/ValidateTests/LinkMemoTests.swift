import Foundation
import Testing
@testable import Validate

/// The scan keeps the links it resolved across pages (`LinkMemo`): by the folder a relative
/// link climbs to, everywhere for `#id`, never for `?…`. These tests give the build's validator the
/// same link values on pages of other folders, where they name other files (or none), on
/// pages without the ids they name, and on pages they name themselves, and hold its findings
/// to `vantage check`'s.
@Suite struct LinkMemoTests {
    /// Copies of the fixture site's pages in other folders and with edits, after the site.
    static func pages() throws -> [String: [UInt8]] {
        var pages: [String: [UInt8]] = [:]
        for source in try Fixtures.sitePages() {
            let text = String(decoding: try Fixtures.bytes(Fixtures.site + "/" + source), as: UTF8.self)
            let name = source.split(separator: "/").last.map(String.init) ?? source
            // The same bytes one folder up, one folder across, and at the root: the relative
            // links name other files there, or climb out of the site.
            pages["people/copy-\(name)"] = Array(text.utf8)
            pages["people/bea-costa/\(name)"] = Array(text.utf8)
            pages["copy-\(name)"] = Array(text.utf8)
            // Deeper: `../../` climbs to "people" (below ana-lima) or to the root (a/b/).
            pages["people/ana-lima/deeper/\(name)"] = Array(text.utf8)
            pages["people/bea-costa/deeper/\(name)"] = Array(text.utf8)
            pages["a/b/\(name)"] = Array(text.utf8)
            pages["a/b/c/d/\(name)"] = Array(text.utf8)
            // Same folder, but the ids the page's own `#…` links name are gone.
            pages["people/ana-lima/noids-\(name)"] = Array(text.replacingOccurrences(of: " id=\"", with: " data-was=\"").utf8)
            // `?…` links name the page they are on: the page itself, and its fragment there.
            let query = text.replacingOccurrences(of: "href=\"#", with: "href=\"?q=1#")
            pages["people/ana-lima/query-\(name)"] = Array(query.utf8)
            pages["people/ana-lima/query-noids-\(name)"] = Array(query.replacingOccurrences(of: " id=\"", with: " data-was=\"").utf8)
        }
        return pages
    }

    @Test func sharedValuesAcrossFoldersAgreeWithTheCheck() throws {
        let extra = try Self.pages()
        let build = SiteValidator(reusesStructures: true)
        // The site twice over: the second time every value of the site is a hit.
        _ = try Fixtures.check(validator: build)
        let built = try Fixtures.check(adding: extra, validator: build).findings
        let checked = try Fixtures.check(adding: extra, validator: SiteValidator()).findings
        #expect(!checked.isEmpty)
        #expect(Set(checked.map(\.rule)).isSuperset(of: [.brokenLink, .brokenFragment, .external]))
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
        #expect(build.scanCounts.scanned > 0)
    }

    /// The scan reads where a broken link's attribute starts from where libxml2 found its
    /// value, when the page holds ` href="` right before it, and from the tag's `<` otherwise:
    /// links spelled every way (single quotes, spaces around `=`, on a line of their own after
    /// a tab, after another attribute whose value holds `href="`) name missing files, and the
    /// build's findings, lines and columns are the check's.
    @Test func positionsOfLinksSpelledEveryWayAgreeWithTheCheck() throws {
        let path = "people/ana-lima/ideas-new.html"
        let text = String(decoding: try Fixtures.bytes(Fixtures.site + "/" + path), as: UTF8.self)
        let spellings = [
            "<a href=\"gone-1.html\"", "<a href='gone-2.html'", "<a href = \"gone-3.html\"", "<a\n\thref=\"gone-4.html\"",
            "<a title='see href=\"gone-0.html\"' href=\"gone-5.html\"", "<a class=\"x\"\nhref='gone-6.html#top'",
        ]
        // Each of the page's first links, up to its value's closing quote, spelled one way.
        var edited = text
        var replaced = 0
        for spelling in spellings {
            guard let range = edited.range(of: #"<a href="[^g"][^"]*""#, options: .regularExpression) else { break }
            edited.replaceSubrange(range, with: spelling)
            replaced += 1
        }
        #expect(replaced == spellings.count)
        let extra = ["people/ana-lima/spelled.html": Array(edited.utf8)]
        let built = try Fixtures.check(adding: extra, validator: SiteValidator(reusesStructures: true)).findings
        let checked = try Fixtures.check(adding: extra, validator: SiteValidator()).findings
        #expect(checked.filter { $0.rule == .brokenLink }.count == replaced)
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
    }

    /// Ids are equal when their code points are, as in a browser: `é` and `e` + U+0301 are two
    /// ids (no duplicate), and a fragment or a `<label for>` spelled the other way names no id,
    /// on the same page and from another one. The build (which compares the bytes libxml2 hands
    /// over) and the check (the tree) agree.
    @Test func idsAreComparedByTheirCodePoints() throws {
        let composed = "idea-\u{E9}"
        let decomposed = "idea-e\u{301}"
        #expect(composed == decomposed)  // equal as Swift strings: not how ids compare
        let folder = Fixtures.site + "/people/ana-lima/"
        let list = String(decoding: try Fixtures.bytes(folder + "ideas-new.html"), as: UTF8.self)
        // Both spellings as two ids, each link naming its own: nothing to find.
        let both = list.replacingOccurrences(of: "id=\"idea-idea-0001\"", with: "id=\"\(composed)\"")
            .replacingOccurrences(of: "href=\"#idea-idea-0001\"", with: "href=\"#\(composed)\"")
            .replacingOccurrences(of: "id=\"idea-idea-0002\"", with: "id=\"\(decomposed)\"")
            .replacingOccurrences(of: "href=\"#idea-idea-0002\"", with: "href=\"#\(decomposed)\"")
        // The composed id alone, named decomposed on the same page.
        let one = list.replacingOccurrences(of: "id=\"idea-idea-0001\"", with: "id=\"\(composed)\"")
            .replacingOccurrences(of: "href=\"#idea-idea-0001\"", with: "href=\"#\(decomposed)\"")
        // From another page: the decomposed spelling, to the page that has it and to the one that does not.
        let other = String(decoding: try Fixtures.bytes(folder + "ideas-new-2.html"), as: UTF8.self)
            .replacingOccurrences(of: "ideas-new.html#idea-idea-0002", with: "spelled-1.html#\(decomposed)")
            .replacingOccurrences(of: "href=\"ideas-new.html\"", with: "href=\"spelled-2.html#\(decomposed)\"")
        // A `<label for>` names its control's id the same way: spelled alike it labels it (no
        // finding), spelled the other way it does not (an unlabelled control).
        let search = String(decoding: try Fixtures.bytes(folder + "search.html"), as: UTF8.self)
        func labelled(_ spelling: String) -> [UInt8] {
            Array(search.replacingOccurrences(
                of: "<label>Buscar ideias e citações <input type=\"search\" name=\"q\" autocomplete=\"off\"/></label>",
                with: "<label for=\"\(spelling)\">Buscar ideias e citações</label> <input type=\"search\" id=\"\(composed)\" name=\"q\" autocomplete=\"off\"/>").utf8)
        }
        #expect(labelled(composed) != Array(search.utf8))
        let extra = [
            "people/ana-lima/spelled-1.html": Array(both.utf8), "people/ana-lima/spelled-2.html": Array(one.utf8),
            "people/ana-lima/spelled-3.html": Array(other.utf8), "people/ana-lima/spelled-4.html": labelled(composed),
            "people/ana-lima/spelled-5.html": labelled(decomposed),
        ]
        let built = try Fixtures.check(adding: extra, validator: SiteValidator(reusesStructures: true)).findings
        let checked = try Fixtures.check(adding: extra, validator: SiteValidator()).findings
        let mine = checked.filter { $0.file.hasPrefix("people/ana-lima/spelled") }
        // The label spelled the other way: `for` names no id, and the control has no label.
        #expect(mine.map(\.rule) == [.brokenFragment, .brokenFragment, .idReference, .label], "\(mine.map(\.diagnostic.description))")
        #expect(mine.map(\.file) == ["people/ana-lima/spelled-2.html", "people/ana-lima/spelled-3.html"]
            + Array(repeating: "people/ana-lima/spelled-5.html", count: 2))
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
    }

    /// A link value on a page in a new folder, after the same value resolved elsewhere:
    /// in the same validating thread, the second page's link is still checked against its
    /// own folder.
    @Test func oneValueTwoFolders() throws {
        let path = "people/ana-lima/home.html"
        let page = try Fixtures.bytes(Fixtures.site + "/" + path)
        let build = SiteValidator(reusesStructures: true)
        for _ in 0..<3 {
            let check = SiteCheck(validator: build)
            check.addFile(path: "assets/site.css")
            check.addFile(path: "assets/icons.svg", bytes: try Fixtures.bytes(Fixtures.site + "/assets/icons.svg"))
            check.addPage(path: path, bytes: page)
            check.addPage(path: "people/ana-lima/ideas-new.html", bytes: try Fixtures.bytes(Fixtures.site + "/people/ana-lima/ideas-new.html"))
            check.addPage(path: "people/ana-lima/ideas-new-2.html", bytes: try Fixtures.bytes(Fixtures.site + "/people/ana-lima/ideas-new-2.html"))
            check.addPage(path: "people/ana-lima/search.html", bytes: try Fixtures.bytes(Fixtures.site + "/people/ana-lima/search.html"))
            check.addPage(path: "elsewhere/deeper/home.html", bytes: page)
            let findings = check.finish().findings.filter { $0.file == "elsewhere/deeper/home.html" }
            // Its links to ideas-new.html, search.html and ../../assets/… name nothing there.
            #expect(findings.contains { $0.rule == .brokenLink && $0.message.contains("elsewhere/deeper/ideas-new.html") })
            #expect(findings.contains { $0.rule == .brokenLink && $0.message.contains("elsewhere/deeper/search.html") })
            #expect(!findings.contains { $0.message.contains("site.css") })
        }
    }
}

