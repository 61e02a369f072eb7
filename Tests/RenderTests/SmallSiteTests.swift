import Foundation
import Testing
import VantageCore

@testable import Render

/// Properties of the small fixture site (`Fixtures/small/store.sql`), built once per test.
@Suite("The small fixture site")
struct SmallSiteTests {
    static let homes = ["ana-lima", "lea-martin", "ahmd-hsn", "con-2"]

    func withSite(_ body: (BuiltSite) throws -> Void) throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        try body(site)
    }

    @Test("Every page of OUTPUT.md exists for each person with a home, with its hooks")
    func everyPage() throws {
        try withSite { site in
            #expect(site.files.contains("index.html") && site.files.contains("reviews.html"))
            #expect(site.files.contains("assets/site.css") && site.files.contains("manifest.json"))
            for slug in Self.homes {
                let pages: [(String, String)] = [
                    ("index.html", "home"), ("settings.html", "settings"), ("search.html", "search"),
                    ("ideas/new/index.html", "ideas-new"), ("ideas/mine/index.html", "ideas-mine"),
                    ("ideas/all/index.html", "ideas-all"), ("ideas/browse/index.html", "ideas-browse"),
                    ("quotes/index.html", "quotes-feed"), ("quotes/said.html", "quotes-said"),
                    ("quotes/heard.html", "quotes-heard"),
                ]
                for (page, kind) in pages {
                    let text = site.text("\(slug)/\(page)")
                    #expect(text.contains("<body data-page=\"\(kind)\" data-viewer=\"\(slug)\""), "\(slug)/\(page)")
                }
                #expect(site.files.contains("\(slug)/search-index.js"))
            }
            #expect(site.text("index.html").contains("<body data-page=\"index\" class="))
            #expect(site.text("con-2/quotes/by/etc-passwd.html").contains("data-page=\"quotes-by\""))
        }
    }

    @Test("Every page is well-formed XML and every relative link resolves, fragments included")
    func wellFormedAndLinked() throws {
        try withSite { site in
            for page in site.files where page.hasSuffix(".html") {
                let text = site.text(page)
                #expect(PageChecks.wellFormednessError(text) == nil, "\(page): \(PageChecks.wellFormednessError(text) ?? "")")
                #expect(text.hasPrefix("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\""))
                #expect(text.contains("<head>\n<meta charset=\"utf-8\"/>"))
                #expect(PageChecks.brokenLinks(page: page, text: text, site: site).isEmpty, "\(page)")
            }
        }
    }

    @Test("A viewer's files hold only the quotes that viewer sees")
    func visibility() throws {
        try withSite { site in
            let visible = [
                "ana-lima": ["q-1", "q-2", "q-4"], "lea-martin": ["q-1", "q-2", "q-3"], "ahmd-hsn": ["q-3"],
                "con-2": ["q-5"],
            ]
            let texts = [
                "q-1": "morning person", "q-2": "Ça va aller", "q-3": "Secret between", "q-4": "Ana says",
                "q-5": "Konnichiwa",
            ]
            for (slug, ids) in visible {
                let files = site.files.filter { $0.hasPrefix(slug + "/") }
                let feed = site.text("\(slug)/quotes/index.html") + site.text("\(slug)/quotes/page-2.html")
                #expect(Set(PageChecks.listedIDs(feed)) == Set(ids), "\(slug)")
                for (id, text) in texts where !ids.contains(id) {
                    for file in files { #expect(!site.text(file).contains(text), "\(file) shows \(id)") }
                }
            }
        }
    }

    @Test("An anonymous idea's author appears nowhere in its entry nor in its search record")
    func anonymousAuthors() throws {
        try withSite { site in
            for slug in Self.homes {
                var entries = 0
                for page in ["all/index.html", "all/page-2.html", "all/page-3.html", "browse/index.html", "browse/page-2.html", "browse/page-3.html"] {
                    let text = site.text("\(slug)/ideas/\(page)")
                    if let entry = PageChecks.item("i-2", in: text) {
                        entries += 1
                        #expect(!entry.contains("Nora") && entry.contains("anonymous"), "\(slug)/ideas/\(page)")
                    }
                    if let entry = PageChecks.item("i-0", in: text) {
                        entries += 1
                        #expect(!entry.contains("Ana") && entry.contains("anonymous"), "\(slug)/ideas/\(page)")
                    }
                }
                #expect(entries == 4, "\(slug): both anonymous ideas in All and in Browse")
                let index = site.text("\(slug)/search-index.js")
                #expect(index.contains(#"{"id":"i-2","text":"Call grandma every Sunday","new":"#))
                #expect(index.contains(#"{"id":"i-0","text":"Read before bed","new":"#))
            }
        }
    }

    @Test("Text from the data is escaped, never markup")
    func escaping() throws {
        try withSite { site in
            let feed = site.text("ana-lima/quotes/index.html")
            #expect(!feed.contains("<script>"))
            #expect(feed.contains("Ana says &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(site.text("ana-lima/ideas/all/index.html").contains("one &lt;b&gt;new&lt;/b&gt; dish"))
        }
    }

    @Test("NEW tags, the bell and counts follow each viewer's last visit")
    func newIdeas() throws {
        try withSite { site in
            // Ana visited at 1777000000 and wrote i-0 and i-1: new are i-3, i-4, i-2.
            let expected = ["ana-lima": ["i-3", "i-4", "i-2"], "ahmd-hsn": ["i-0", "i-4"], "lea-martin": ["i-0", "i-3", "i-4", "i-2", "i-1"]]
            for (slug, ids) in expected {
                #expect(site.text("\(slug)/index.html").contains("data-new-count=\"\(ids.count)\""), "\(slug)")
                var all = ""
                for page in 1...3 { all += site.text("\(slug)/ideas/all/" + (page == 1 ? "index.html" : "page-\(page).html")) }
                #expect(Set(PageChecks.newIDs(all)) == Set(ids), "\(slug)")
                var new = ""
                for page in 1...3 { new += site.text("\(slug)/ideas/new/" + (page == 1 ? "index.html" : "page-\(page).html")) }
                #expect(PageChecks.listedIDs(new) == ids, "\(slug) New list in order")
                #expect(PageChecks.newIDs(new) == ids)
            }
        }
    }

    @Test("Names follow DATA.md: Quotes users by their chosen name, then the viewer's contacts, then the recorded name")
    func names() throws {
        try withSite { site in
            #expect(site.text("ana-lima/index.html").contains("<h1 dir=\"auto\">Ana Lima</h1>"))
            #expect(site.text("ahmd-hsn/index.html").contains("<h1 dir=\"auto\">أحمد حسن</h1>"))
            // Dad: Léa has him in her contacts; Ana does not, so the quote's recorded name.
            let lea = site.text("lea-martin/quotes/index.html") + site.text("lea-martin/quotes/page-2.html")
            #expect(PageChecks.item("q-1", in: lea)?.contains(">Monsieur Lima</a>") == true)
            let ana = site.text("ana-lima/quotes/index.html") + site.text("ana-lima/quotes/page-2.html")
            #expect(PageChecks.item("q-1", in: ana)?.contains(">Dad</a>") == true)
            // Léa is a Quotes user: Ana's contact name "Lélé" does not apply.
            #expect(PageChecks.item("q-2", in: ana)?.contains(">Léa Martin</a>") == true)
            #expect(!ana.contains("Lélé"))
            // Hearers: recorded names for contacts, chosen names for users, in export order.
            #expect(PageChecks.item("q-4", in: ana)?.contains("Heard by Papa and Ana Lima") == true)
            // The heading of a contact's page: the most recent name recorded for them that Ana sees.
            #expect(site.text("ana-lima/quotes/by/papa.html").contains("<h1 class=\"list-title\">Quotes said by Papa</h1>"))
        }
    }

    @Test("Locale and direction per person; dates in their time zone")
    func locales() throws {
        try withSite { site in
            #expect(PageChecks.languageAndDirection(site.text("ana-lima/index.html")) == ("en-US", "ltr"))
            #expect(PageChecks.languageAndDirection(site.text("lea-martin/index.html")) == ("fr-FR", "ltr"))
            #expect(PageChecks.languageAndDirection(site.text("ahmd-hsn/ideas/all/index.html")) == ("ar-EG", "rtl"))
            #expect(PageChecks.languageAndDirection(site.text("con-2/index.html")) == ("ja-JP", "ltr"))
            #expect(PageChecks.languageAndDirection(site.text("index.html")) == ("en", "ltr"))
            // q-5 was said at 1777300000 = 2026-04-27T14:26:40Z, 23:26 in Tokyo.
            #expect(site.text("con-2/quotes/index.html").contains("<time datetime=\"2026-04-27T23:26:40+09:00\">"))
        }
    }

    @Test("--locale forces one locale on every page")
    func forcedLocale() throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path, locale: "ar")
        defer { site.remove() }
        for page in site.files where page.hasSuffix(".html") {
            #expect(PageChecks.languageAndDirection(site.text(page)) == ("ar", "rtl"), "\(page)")
        }
    }

    @Test("Pagination: every page but the last holds exactly pageSize items, with rel=next/prev between them")
    func pagination() throws {
        try withSite { site in
            let pages = ["ana-lima/ideas/all/index.html", "ana-lima/ideas/all/page-2.html", "ana-lima/ideas/all/page-3.html"]
            #expect(pages.map { PageChecks.listedIDs(site.text($0)).count } == [2, 2, 1])
            #expect(!site.files.contains("ana-lima/ideas/all/page-4.html"))
            #expect(site.text(pages[0]).contains("<a rel=\"next\" href=\"page-2.html\">"))
            #expect(site.text(pages[1]).contains("<a rel=\"prev\" href=\"index.html\">"))
            #expect(site.text(pages[1]).contains("<a rel=\"next\" href=\"page-3.html\">"))
            // Idea paging crosses pages: the last idea of page 1 steps to the first of page 2.
            #expect(PageChecks.item("i-3", in: site.text(pages[0]))?.contains("data-step=\"next\" href=\"page-2.html#idea-i-4\"") == true)
            #expect(PageChecks.item("i-4", in: site.text(pages[1]))?.contains("data-step=\"prev\" href=\"index.html#idea-i-3\"") == true)
        }
    }

    @Test("No two pages of a person's part share a title: the Said and Heard tabs and the pages after the first name themselves")
    func titlesAreDistinct() throws {
        try withSite { site in
            for slug in Self.homes {
                var pagesByTitle: [String: [String]] = [:]
                for page in site.files where page.hasPrefix(slug + "/") && page.hasSuffix(".html") {
                    let text = site.text(page)
                    guard let open = text.range(of: "<title>"), let close = text.range(of: "</title>", range: open.upperBound..<text.endIndex) else {
                        Issue.record("\(page) has no title")
                        continue
                    }
                    pagesByTitle[String(text[open.upperBound..<close.lowerBound]), default: []].append(page)
                }
                for (title, pages) in pagesByTitle.sorted(by: { $0.key < $1.key }) where pages.count > 1 {
                    Issue.record("\(pages.sorted()) share the title \(title)")
                }
            }
            #expect(site.text("ana-lima/ideas/all/page-2.html").contains("<title>All Ideas · Page 2 of 3 · Ana Lima</title>"))
            #expect(site.text("ana-lima/ideas/all/index.html").contains("<title>All Ideas · Ana Lima</title>"))
            #expect(site.text("ana-lima/quotes/heard.html").contains("<title>Profile · Heard By · Ana Lima</title>"))
        }
    }

    @Test("A speaker's quotes: page 1 is a file, the pages after it are in a folder of its name, linked both ways")
    func speakerPages() throws {
        // A third quote of Léa's, heard by Ana: Léa sees three she said (two pages of two), Ana two.
        let store = try FixtureStore(sql: smallStoreSQL + """
            INSERT INTO quote (id, text, said_by, said_by_name, said_at, submitted_by) VALUES
                ('q-6', 'Une troisième', 2, 'Léa', 1777400000000000, 2);
            INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES ('q-6', 0, 1, 'Ana', 1777400000000000);
            """)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        let first = "lea-martin/quotes/by/lea-martin.html", second = "lea-martin/quotes/by/lea-martin/page-2.html"
        #expect(PageChecks.listedIDs(site.text(first)) == ["q-6", "q-3"])
        #expect(PageChecks.listedIDs(site.text(second)) == ["q-2"])
        #expect(site.text(first).contains("<a rel=\"next\" href=\"lea-martin/page-2.html\">"))
        #expect(site.text(second).contains("<a rel=\"prev\" href=\"../lea-martin.html\">"))
        #expect(!site.files.contains("lea-martin/quotes/by/lea-martin/page-3.html"))
        // A one-page list makes no folder.
        #expect(PageChecks.listedIDs(site.text("ana-lima/quotes/by/lea-martin.html")) == ["q-6", "q-2"])
        #expect(!site.files.contains { $0.hasPrefix("ana-lima/quotes/by/lea-martin/") })
        for page in [first, second] {
            #expect(site.text(page).contains("data-page=\"quotes-by\""), "\(page)")
            #expect(PageChecks.brokenLinks(page: page, text: site.text(page), site: site).isEmpty, "\(page)")
        }
        #expect(site.report.validatedPages > 0)
    }

    @Test("The manifest lists every page sorted by path, with checksums of the bytes written")
    func manifest() throws {
        try withSite { site in
            let manifest = site.text("manifest.json")
            let paths = PageChecks.captures(#"\{"path":"([^"]*)""#, in: manifest)
            #expect(paths == site.files.filter { $0.hasSuffix(".html") })
            #expect(paths == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            #expect(manifest.contains(#"{"path":"index.html","kind":"index","sha256":""#))
            let home = site.text("ana-lima/index.html")
            #expect(manifest.contains(#"{"path":"ana-lima/index.html","kind":"home","viewer":"ana-lima","sha256":"\#(SHA256.hex(Array(home.utf8)))","bytes":\#(home.utf8.count)}"#))
        }
    }

    @Test("Building twice gives identical bytes, and the second build rewrites nothing")
    func reproducible() throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let first = try BuiltSite(store: store.path)
        defer { first.remove() }
        let second = try BuiltSite(store: store.path)
        defer { second.remove() }
        #expect(first.files == second.files)
        for file in first.files { #expect(first.text(file) == second.text(file), "\(file)") }
        let again = try BuiltSite(store: store.path, folder: first.folder)
        #expect(again.report.counts.written == 0 && again.report.counts.removed == 0)
        #expect(again.report.counts.unchanged == first.files.count)
    }

    @Test("An empty store builds the index, the stylesheet and an empty manifest")
    func emptyStore() throws {
        let store = try FixtureStore(sql: "INSERT INTO site (id, build_date) VALUES (1, 0);")
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        #expect(site.files == [
            ".vantage-site", "assets/behaviour.css", "assets/coach.js", "assets/compose.js", "assets/detail.js",
            "assets/icon.svg", "assets/review.js", "assets/search.js",
            "assets/site.css", "assets/text.js", "assets/triage.js", "index.html", "manifest.json", "review/ideas.html",
        ])
        #expect(site.text("manifest.json").hasPrefix("{\"pages\": [\n{\"path\":\"index.html\",\"kind\":\"index\""))
        #expect(PageChecks.wellFormednessError(site.text("index.html")) == nil)
    }
}
