import Testing
import VantageCore
@testable import Diff

/// Page numbers from paths, checked against the first page being in the same manifest.
struct PageSeriesTests {
    static func page(_ path: String, _ kind: String = "quotes-by") -> ManifestEntry {
        ManifestEntry(path: path, kind: kind, viewer: "ana", sha256: String(repeating: "0", count: 64), bytes: 1)
    }

    @Test func layouts() {
        let manifest = Manifest(pages: [
            Self.page("ana/quotes/by/dad/index.html"), Self.page("ana/quotes/by/dad/page-2.html"),
            Self.page("ana/quotes/by/dad-2/index.html"),
            Self.page("ana/quotes/said.html", "quotes-said"), Self.page("ana/quotes/said-3.html", "quotes-said"),
            Self.page("ana/ideas/all/index.html", "ideas-all"), Self.page("ana/ideas/all/page/4/index.html", "ideas-all"),
            Self.page("ana/ideas/all/7/index.html", "ideas-all"),
            Self.page("ana/ideas/new/page-2.html", "ideas-new"),
        ], origin: .file("m"))
        // Sorted by path: …/all/7, …/all/index, …/all/page/4, …/new/page-2 (no first page),
        // …/by/dad-2 (a person, not page 2), …/by/dad, …/by/dad/page-2, …/said-3, …/said.
        #expect(manifest.pages.map(\.path) == [
            "ana/ideas/all/7/index.html", "ana/ideas/all/index.html", "ana/ideas/all/page/4/index.html",
            "ana/ideas/new/page-2.html", "ana/quotes/by/dad-2/index.html", "ana/quotes/by/dad/index.html",
            "ana/quotes/by/dad/page-2.html", "ana/quotes/said-3.html", "ana/quotes/said.html",
        ])
        let series = PageSeries(manifest)
        let numbers = manifest.pages.map { series.pageNumber(of: $0) }
        #expect(numbers == [7, nil, 4, nil, nil, nil, 2, 3, nil])
    }

    /// A folder without a manifest is walked: its pages' kinds and viewers are unknown until the
    /// changed ones are read, and the first page, unchanged, is never read. Its unknown kind
    /// matches (before: "quotes feed" without "(page 5)", unlike the same diff with manifests).
    @Test func aWalkedFolderStillNumbersItsPages() {
        let walked = Manifest(pages: ["ana/quotes/index.html", "ana/quotes/page-5.html"].map { path in
            ManifestEntry(path: path, kind: nil, viewer: nil, sha256: String(repeating: "0", count: 64), bytes: 1)
        }, origin: .walked("a"))
        let series = PageSeries(walked)
        #expect(series.pageNumber(of: Self.page("ana/quotes/page-5.html", "quotes-feed")) == 5)
        // With a manifest, a first page of another kind is another list.
        let listed = Manifest(pages: [Self.page("ana/quotes/index.html", "home"), Self.page("ana/quotes/page-5.html", "quotes-feed")], origin: .file("m"))
        #expect(PageSeries(listed).pageNumber(of: Self.page("ana/quotes/page-5.html", "quotes-feed")) == nil)
    }

    @Test("A list whose first page is a file and whose later pages are in a folder of its name")
    func fileThenFolder() {
        let manifest = Manifest(pages: [
            Self.page("ana/quotes/by/dad.html"), Self.page("ana/quotes/by/dad/page-2.html"),
            Self.page("ana/quotes/by/dad/page-3.html"), Self.page("ana/quotes/by/dad-2.html"),
            Self.page("ana/quotes/by/mum/page-2.html"),
        ], origin: .file("m"))
        let series = PageSeries(manifest)
        #expect(manifest.pages.map { series.position(of: $0).list } == [
            "ana/quotes/by/dad-2", "ana/quotes/by/dad", "ana/quotes/by/dad", "ana/quotes/by/dad", "ana/quotes/by/mum/page-2",
        ])
        // dad-2 is a person, not page 2; mum's page 2 has no first page, so it is a page of its own.
        #expect(manifest.pages.map { series.pageNumber(of: $0) } == [nil, nil, 2, 3, nil])
    }
}
