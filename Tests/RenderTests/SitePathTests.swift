import Foundation
import VantageCore
import Testing

@testable import Render

@Suite("URL layout")
struct SitePathTests {
    @Test(arguments: [
        ("ana/ideas/all/page-2.html", "ana/index.html", "../../index.html"),
        ("ana/ideas/all/index.html", "ana/ideas/all/page-2.html", "page-2.html"),
        ("ana/index.html", "index.html", "../index.html"),
        ("index.html", "ana/index.html", "ana/index.html"),
        ("ana/quotes/by/dad/index.html", "ana/quotes/index.html", "../../index.html"),
        ("ana/index.html", "assets/site.css", "../assets/site.css"),
        ("ana/quotes/said.html", "bo/quotes/said.html", "../../bo/quotes/said.html"),
    ])
    func relative(from: String, to: String, expected: String) {
        #expect(SitePath.relative(from: from, to: to) == expected)
    }

    @Test(arguments: [
        ("ana/ideas/new/index.html", "ana/ideas/all/index.html", "ana", "../../ideas/all/index.html"),
        ("ana/ideas/all/page-2.html", "ana/ideas/all/index.html", "ana", "../../ideas/all/index.html"),
        ("ana/index.html", "ana/settings.html", "ana", "settings.html"),
        ("ana/quotes/by/dad/index.html", "ana/quotes/by/mum/index.html", "ana", "../../../quotes/by/mum/index.html"),
        ("review/ideas-2.html", "assets/site.css", "", "../assets/site.css"),
        ("index.html", "assets/", "", "assets/"),
        ("ana/review/quotes.html", "index.html", "", "../../index.html"),
    ])
    func relativeVia(from: String, to: String, via: String, expected: String) {
        #expect(SitePath.relative(from: from, to: to, via: via) == expected)
        #expect(resolve(expected, from: from) == (to.hasSuffix("/") ? String(to.dropLast()) : to))
    }

    @Test("Viewer links from every depth resolve to the same files, through the viewer's folder")
    func viewerLinks() {
        for (page, prefix) in [
            ("ana/index.html", ""), ("ana/quotes/index.html", "../"), ("ana/ideas/new/page-3.html", "../../"),
            ("ana/quotes/by/dad/index.html", "../../../"),
        ] {
            let links = ViewerLinks(page: page, viewer: "ana")
            #expect(resolve(links.home, from: page) == "ana/index.html")
            #expect(resolve(links.index, from: page) == "index.html")
            #expect(resolve(links.stylesheet, from: page) == "assets/site.css")
            #expect(resolve(links.ideasBrowse, from: page) == "ana/ideas/browse/index.html")
            #expect(resolve(links.heard, from: page) == "ana/quotes/heard.html")
            #expect(resolve(links.searchIndex, from: page) == "ana/search-index.js")
            // Every link climbs to the viewer's folder first: the same spelling at one depth.
            #expect(links.ideasNew == prefix + "ideas/new/index.html")
            #expect(links.index == prefix + "../index.html")
            #expect(links.assets == prefix + "../assets/")
        }
    }

    @Test("List pages: page 1 is index.html or the stem, later pages are numbered")
    func listLocations() {
        #expect(ListLocation.ideas("ana", .new).path(page: 1) == "ana/ideas/new/index.html")
        #expect(ListLocation.ideas("ana", .new).path(page: 2) == "ana/ideas/new/page-2.html")
        #expect(ListLocation.said("ana").path(page: 1) == "ana/quotes/said.html")
        #expect(ListLocation.heard("ana").path(page: 3) == "ana/quotes/heard-3.html")
        // A speaker's list: one file, and a folder only for the pages after the first.
        #expect(ListLocation.saidBy("ana", speaker: "dad").path(page: 1) == "ana/quotes/by/dad.html")
        #expect(ListLocation.saidBy("ana", speaker: "dad").path(page: 2) == "ana/quotes/by/dad/page-2.html")
        #expect(ListLocation.saidBy("ana", speaker: "dad-2").path(page: 3) == "ana/quotes/by/dad-2/page-3.html")
        let saidBy = ListLocation.saidBy("ana", speaker: "dad")
        #expect(SitePath.relative(from: saidBy.path(page: 1), to: saidBy.path(page: 2)) == "dad/page-2.html")
        #expect(SitePath.relative(from: saidBy.path(page: 2), to: saidBy.path(page: 1)) == "../dad.html")
        #expect(SitePath.relative(from: saidBy.path(page: 2), to: saidBy.path(page: 3)) == "page-3.html")
        #expect(ListLocation.feed("ana").fileName(page: 1) == "index.html")
    }

    /// Resolves a relative link against a page path, as a browser would.
    func resolve(_ link: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for component in link.split(separator: "/") {
            if component == ".." { parts.removeLast() } else { parts.append(String(component)) }
        }
        return parts.joined(separator: "/")
    }
}

@Suite("Pagination")
struct PaginationTests {
    @Test(arguments: [(0, 50, 1), (1, 50, 1), (50, 50, 1), (51, 50, 2), (100, 50, 2), (101, 50, 3), (7, 3, 3)])
    func pageCount(items: Int, size: Int, pages: Int) {
        let pagination = Pagination(itemCount: items, pageSize: size)
        #expect(pagination.pageCount == pages)
        // Every page but the last holds exactly pageSize items, and together they hold all.
        let sizes = (1...pages).map { pagination.range(page: $0).count }
        #expect(sizes.dropLast().allSatisfy { $0 == size })
        #expect(sizes.reduce(0, +) == items)
        for index in 0..<items { #expect(pagination.range(page: pagination.page(of: index)).contains(index)) }
    }
}

@Suite("Page kinds and their templates")
struct PageKindTemplateTests {
    @Test("Every kind's template is a template of templates/")
    func templatesExist() {
        for template in PageKind.allCases.map(\.template) {
            #expect(FileManager.default.fileExists(atPath: templatesFolder + "/" + template + ".mustache"), "\(template)")
        }
    }

    @Test("Each list kind maps to its own page kind")
    func listKinds() {
        #expect(IdeaListKind.allCases.map(\.pageKind) == [.ideasNew, .ideasMine, .ideasAll, .ideasBrowse])
        #expect(QuoteListKind.by(speakerName: "x").pageKind == .quotesBy)
    }
}
