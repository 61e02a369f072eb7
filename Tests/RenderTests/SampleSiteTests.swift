import Foundation
import Store
import Testing
import VantageCore

@testable import Render

/// Properties of the site built from the sample content (`content/`, imported with the real
/// importer), each checked against expectations computed straight from the store.
@Suite("The sample site")
struct SampleSiteTests {
    func sample() throws -> SampleSite { try sampleSite.get() }

    @Test("Each viewer's feed, Said By and Heard By hold exactly the quotes the visible_quote view gives, newest first")
    func visibilityAndOrder() throws {
        let sample = try sample()
        for home in sample.homes {
            let id = DatabaseValue.integer(home.person.id)
            let visible = try sample.rows(
                "SELECT quote_id FROM visible_quote WHERE viewer_id = ? ORDER BY said_at DESC, quote_id", [id]).map { $0[0]! }
            #expect(PageChecks.listedIDs(sample.list(.feed(home.slug))) == visible, "\(home.slug) feed")
            let said = try sample.rows("SELECT id FROM quote WHERE said_by = ? ORDER BY said_at DESC, id", [id]).map { $0[0]! }
            #expect(PageChecks.listedIDs(sample.list(.said(home.slug))) == said, "\(home.slug) said")
            let heard = try sample.rows(
                "SELECT quote_id FROM hearer WHERE person_id = ? ORDER BY said_at DESC, quote_id", [id]).map { $0[0]! }
            #expect(PageChecks.listedIDs(sample.list(.heard(home.slug))) == heard, "\(home.slug) heard")
            let index = String(decoding: sample.bytes(SitePath.searchIndex(home.slug)), as: UTF8.self)
            let indexed = PageChecks.captures(#"\{"id":"([^"]*)","text":"[^"]*(?:\\.[^"]*)*","by":"[^"]*","heard""#, in: index)
            #expect(Set(indexed) == Set(visible), "\(home.slug) search index quotes")
        }
    }

    /// Two Maria Silvas speak in Ana's part: their pages had one title and one heading. Each
    /// now names its speaker's handle, and a speaker whose name no other has is named alone.
    @Test("Speakers named alike in a part are told apart by their handles in the title and the heading")
    func speakersNamedAlikeAreToldApart() throws {
        let sample = try sample()
        for slug in ["maria-silva", "maria-silva-2"] {
            let page = String(decoding: sample.bytes("ana-lima/quotes/by/\(slug).html"), as: UTF8.self)
            #expect(page.contains("<title>Quotes said by Maria Silva (\(slug)) · Ana Lima</title>"), "\(slug)")
            #expect(page.contains(#"<h1 class="list-title">Quotes said by Maria Silva <small class="person-handle" dir="ltr">\#(slug)</small></h1>"#), "\(slug)")
        }
        // Two viewers of one name: every title of their parts names the folder, and so does
        // the heading of their homes; no title is another part's.
        for slug in ["maria-silva", "maria-silva-2"] {
            let home = String(decoding: sample.bytes("\(slug)/index.html"), as: UTF8.self)
            #expect(home.contains(#"<h1 dir="auto">Maria Silva <small class="person-handle" dir="ltr">\#(slug)</small></h1>"#), "\(slug)")
            #expect(home.contains("<title>Maria Silva (\(slug)) · "), "\(slug)")
            #expect(String(decoding: sample.bytes("\(slug)/settings.html"), as: UTF8.self).contains(" · Maria Silva (\(slug))</title>"))
        }
        #expect(!String(decoding: sample.bytes("ana-lima/index.html"), as: UTF8.self).contains("person-handle"))
        let alone = try #require(try FileManager.default.contentsOfDirectory(atPath: sample.site.output + "/ana-lima/quotes/by")
            .sorted().first { !$0.hasPrefix("maria-silva") && $0.hasSuffix(".html") })
        #expect(!String(decoding: sample.bytes("ana-lima/quotes/by/" + alone), as: UTF8.self).contains("person-handle"), "\(alone)")
    }

    @Test("No file under a viewer holds the text of a quote that viewer does not see")
    func invisibleTextsNowhere() throws {
        let sample = try sample()
        let quotes = try sample.rows("SELECT id, text FROM quote")
        var checked = 0
        for home in sample.homes {
            let visible = Set(try sample.rows(
                "SELECT quote_id FROM visible_quote WHERE viewer_id = ?", [.integer(home.person.id)]).map { $0[0]! })
            let files = sample.files(of: home.slug)
            let html = files.filter { $0.hasSuffix(".html") }.map(sample.bytes).reduce([], +)
            let json = files.filter { $0.hasSuffix(".json") }.map(sample.bytes).reduce([], +)
            // A text that a visible quote also has (the sample repeats a few phrases) may appear.
            let visibleTexts = Set(quotes.filter { visible.contains($0[0]!) }.map { $0[1]! })
            for quote in quotes where !visible.contains(quote[0]!) && !visibleTexts.contains(quote[1]!) {
                let text = quote[1]!
                var encoded = ""
                JSONWriter.writeString(text, into: &encoded)
                let inPages = contains(html, htmlEscaped(text))
                let inIndex = contains(json, String(encoded.dropFirst().dropLast()))
                let listed = contains(html, "data-id=\"\(quote[0]!)\"")
                #expect(!inPages && !inIndex && !listed, "\(home.slug) shows quote \(quote[0]!): \(inPages) \(inIndex) \(listed)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("Anonymous ideas: the author's name is in neither the entry nor the search record; an author who never shows a name appears only in their own part and the index")
    func anonymity() throws {
        let sample = try sample()
        let anonymous = try sample.rows("""
            SELECT i.id, i.author_name, coalesce(p.name, ''), i.author_id FROM idea i JOIN person p ON p.id = i.author_id
            WHERE i.show_name = 0
            """)
        #expect(anonymous.count > 10)
        for home in sample.homes {
            let all = sample.list(.ideas(home.slug, .all))
            let index = String(decoding: sample.bytes(SitePath.searchIndex(home.slug)), as: UTF8.self)
            for idea in anonymous {
                let entry = PageChecks.item(idea[0]!, in: all) ?? ""
                #expect(entry.contains("anonymous"), "\(home.slug): \(idea[0]!)")
                for name in [idea[1]!, idea[2]!] where !name.isEmpty {
                    let named = entry.contains(htmlEscaped(name))
                    #expect(!named, "\(home.slug): \(idea[0]!) names its author \(name)")
                }
                #expect(index.contains("{\"id\":\"\(idea[0]!)\",\"text\":"))
                let record = index.components(separatedBy: "{\"id\":\"\(idea[0]!)\"").dropFirst().first?.prefix { $0 != "}" } ?? ""
                #expect(!record.contains("\"by\""), "\(home.slug): search record of \(idea[0]!) names its author")
            }
        }
        // People who never show their name on an idea and appear in no quote (Harriet Wells):
        // their names are under no one else's folder.
        let hidden = try sample.rows("""
            SELECT p.id, p.name FROM person p
            WHERE p.name IS NOT NULL AND EXISTS (SELECT 1 FROM idea WHERE author_id = p.id)
              AND NOT EXISTS (SELECT 1 FROM idea WHERE author_id = p.id AND show_name = 1)
              AND NOT EXISTS (SELECT 1 FROM quote WHERE said_by = p.id)
              AND NOT EXISTS (SELECT 1 FROM hearer WHERE person_id = p.id)
            """)
        #expect(!hidden.isEmpty)
        for person in hidden {
            for home in sample.homes where home.person.id != Int64(person[0]!)! {
                for file in sample.files(of: home.slug) {
                    let named = contains(sample.bytes(file), htmlEscaped(person[1]!))
                    #expect(!named, "\(file) names \(person[1]!)")
                }
            }
        }
    }

    @Test("No phone number or email address anywhere in the site, in any form")
    func noPhonesOrEmails() throws {
        let sample = try sample()
        var needles: Set<String> = []
        for row in try sample.rows("SELECT phone, email FROM person") {
            if let phone = row[0] {
                needles.insert(phone)
                needles.insert(String(phone.dropFirst()))
                // The national number (US: without the 1) and its last seven digits, grouped.
                if phone.hasPrefix("+1") { needles.insert(String(phone.dropFirst(2))) }
                let last7 = String(phone.suffix(7))
                for separator in ["-", ".", " "] { needles.insert(String(last7.prefix(3)) + separator + String(last7.suffix(4))) }
            }
            if let email = row[1] {
                needles.insert(email)
                needles.insert(String(email.split(separator: "@")[0]) + "@")
            }
        }
        // Every phone and email exactly as written in the exports.
        for file in ["quotes/export.json", "changejar/users.json", "changejar/ideas.json"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("content/" + file), encoding: .utf8)
            for value in PageChecks.captures(#""(?:phone|owner|submittedBy|email)": "([^"]+)""#, in: text) {
                needles.insert(value)
                needles.insert(value.lowercased())
                let digits = value.filter(\.isNumber)
                if digits.count >= 7 { needles.insert(digits) }
            }
        }
        #expect(needles.count > 100)
        let emailPattern = try NSRegularExpression(pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}"#)
        for file in sample.site.files {
            let bytes = sample.bytes(file)
            for needle in needles {
                let found = contains(bytes, needle)
                #expect(!found, "\(file) holds \(needle)")
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(emailPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(file) holds an email")
        }
    }

    @Test("NEW tags, the bell and the New list follow each viewer's last visit; Mine, All and Browse hold the right ideas")
    func ideaLists() throws {
        let sample = try sample()
        let all = try sample.rows("SELECT id FROM idea ORDER BY submitted_at DESC, id").map { $0[0]! }
        for home in sample.homes {
            let id = DatabaseValue.integer(home.person.id)
            let new = try sample.rows("""
                SELECT i.id FROM idea i, person p WHERE p.id = ?1 AND i.author_id != p.id
                  AND (p.last_visit_at IS NULL OR i.submitted_at > p.last_visit_at)
                ORDER BY i.submitted_at DESC, i.id
                """, [id]).map { $0[0]! }
            let mine = try sample.rows("SELECT id FROM idea WHERE author_id = ? ORDER BY submitted_at DESC, id", [id]).map { $0[0]! }
            let allPages = sample.list(.ideas(home.slug, .all))
            #expect(PageChecks.listedIDs(allPages) == all, "\(home.slug) all")
            #expect(PageChecks.newIDs(allPages) == new.sorted { all.firstIndex(of: $0)! < all.firstIndex(of: $1)! }, "\(home.slug) NEW in All")
            let newPages = sample.list(.ideas(home.slug, .new))
            #expect(PageChecks.listedIDs(newPages) == new && PageChecks.newIDs(newPages) == new, "\(home.slug) new")
            #expect(PageChecks.listedIDs(sample.list(.ideas(home.slug, .mine))) == mine, "\(home.slug) mine")
            let browse = PageChecks.listedIDs(sample.list(.ideas(home.slug, .browse)))
            #expect(browse.sorted() == all.sorted() && browse != all, "\(home.slug) browse")
            #expect(Set(PageChecks.newIDs(sample.list(.ideas(home.slug, .browse)))) == Set(new))
            let homePage = String(decoding: sample.bytes(SitePath.home(home.slug)), as: UTF8.self)
            #expect(homePage.contains("data-new-count=\"\(new.count)\""), "\(home.slug) bell")
        }
    }

    @Test("Browse orders differ between people and are the same on every build")
    func browseIsStable() throws {
        let sample = try sample()
        let orders = sample.homes.map { PageChecks.listedIDs(sample.list(.ideas($0.slug, .browse))) }
        #expect(Set(orders.map { $0.joined(separator: ",") }).count == orders.count)
    }

    @Test("Names: the home's heading, speakers and hearers follow DATA.md's three rules")
    func names() throws {
        let sample = try sample()
        for home in sample.homes {
            let homePage = String(decoding: sample.bytes(SitePath.home(home.slug)), as: UTF8.self)
            // (A name two homes share is followed by the folder: see speakersNamedAlikeAreToldApart.)
            #expect(homePage.contains("<h1 dir=\"auto\">\(htmlEscaped(home.person.name ?? ""))</h1>")
                || homePage.contains("<h1 dir=\"auto\">\(htmlEscaped(home.person.name ?? "")) <small class=\"person-handle\" dir=\"ltr\">\(home.slug)</small></h1>"),
                "\(home.slug)")
            let quotes = try sample.rows("""
                SELECT q.id,
                    coalesce(sp.name_if_user, c.name, q.said_by_name)
                FROM visible_quote v JOIN quote q ON q.id = v.quote_id
                JOIN (SELECT id, CASE WHEN quotes_user = 1 THEN name END AS name_if_user FROM person) sp ON sp.id = q.said_by
                LEFT JOIN contact c ON c.owner_id = ?1 AND c.person_id = q.said_by
                WHERE v.viewer_id = ?1
                """, [.integer(home.person.id)])
            let hearers = try sample.rows("""
                SELECT h.quote_id, coalesce(CASE WHEN p.quotes_user = 1 THEN p.name END, c.name, h.name)
                FROM visible_quote v JOIN hearer h ON h.quote_id = v.quote_id JOIN person p ON p.id = h.person_id
                LEFT JOIN contact c ON c.owner_id = ?1 AND c.person_id = h.person_id
                WHERE v.viewer_id = ?1
                """, [.integer(home.person.id)])
            let feed = sample.list(.feed(home.slug))
            for quote in quotes {
                let entry = PageChecks.item(quote[0]!, in: feed) ?? ""
                #expect(PageChecks.captures(#"class="quote-speaker" dir="auto" href="[^"]*">([^<]*)</a>"#, in: entry) == [htmlEscaped(quote[1]!)],
                        "\(home.slug) \(quote[0]!)")
            }
            for hearer in hearers {
                let entry = PageChecks.item(hearer[0]!, in: feed) ?? ""
                let line = PageChecks.captures(#"<p class="quote-hearers">([^<]*)</p>"#, in: entry).first ?? ""
                #expect(line.contains(htmlEscaped(hearer[1]!)), "\(home.slug) \(hearer[0]!) hearer \(hearer[1]!)")
            }
        }
    }

    @Test("Speaker folders are named from names the viewer sees, never from anyone else's")
    func speakerFolders() throws {
        let sample = try sample()
        var checked = 0
        for home in sample.homes {
            // Every name this viewer sees on a quote, as their search index records them.
            let index = try JSONParser.parse(
                Array(SearchIndex.json(sample.bytes(SitePath.searchIndex(home.slug)))), file: "search-index.js")
            var seen: Set<String> = []
            for quote in index.objectValue?["quotes"]?.arrayValue ?? [] {
                let object = quote.objectValue
                for name in [object?["by"]] + (object?["heard"]?.arrayValue ?? []).map(Optional.some) {
                    if let name = name?.stringValue { seen.insert(Slug.fold(name)) }
                }
            }
            let prefix = home.slug + "/quotes/by/"
            let folders = Set(sample.files(of: home.slug).filter { $0.hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "." })
            })
            for folder in folders {
                var base = folder
                if let dash = base.lastIndex(of: "-"), Int(base[base.index(after: dash)...]) != nil { base = String(base[..<dash]) }
                #expect(seen.contains(folder) || seen.contains(base), "\(home.slug): quotes/by/\(folder) is named from a name this viewer never sees")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test("Every list page but the last holds exactly pageSize items")
    func pagination() throws {
        let sample = try sample()
        let pageSize = try sample.rows("SELECT page_size FROM site").first.flatMap { $0[0] }.flatMap { Int($0) } ?? 0
        #expect(pageSize == 20)
        var lists = 0
        for home in sample.homes {
            var locations = IdeaListKind.allCases.map { ListLocation.ideas(home.slug, $0) }
            locations += [.feed(home.slug), .said(home.slug), .heard(home.slug)]
            // A speaker's list: page 1 is quotes/by/<speaker>.html, the only file right in by/.
            let speakers = home.slug + "/quotes/by/"
            for page in sample.files(of: home.slug) where page.hasPrefix(speakers) && page.hasSuffix(".html") {
                let name = page.dropFirst(speakers.count).dropLast(".html".count)
                if !name.contains("/") { locations.append(.saidBy(home.slug, speaker: String(name))) }
            }
            for location in locations {
                var counts: [Int] = []
                while sample.has(location.path(page: counts.count + 1)) {
                    let bytes = sample.bytes(location.path(page: counts.count + 1))
                    counts.append(PageChecks.listedIDs(String(decoding: bytes, as: UTF8.self)).count)
                }
                #expect(!counts.isEmpty, "\(location.directory)")
                #expect(counts.dropLast().allSatisfy { $0 == pageSize } && (counts.last ?? 0) <= pageSize, "\(location.directory): \(counts)")
                lists += 1
            }
        }
        #expect(lists > 200)
    }

    @Test("Each person's pages are in their locale (site default otherwise), right to left for Arabic")
    func locales() throws {
        let sample = try sample()
        for home in sample.homes {
            let locale = home.person.locale ?? "en"
            let direction = locale.hasPrefix("ar") ? "rtl" : "ltr"
            for file in sample.files(of: home.slug) where file.hasSuffix(".html") {
                let text = String(decoding: sample.bytes(file), as: UTF8.self)
                #expect(PageChecks.languageAndDirection(text) == (locale, direction), "\(file)")
            }
        }
    }

    @Test("Every page is well-formed XML whose relative links all resolve")
    func wellFormed() throws {
        let sample = try sample()
        for file in sample.site.files where file.hasSuffix(".html") {
            let text = String(decoding: sample.bytes(file), as: UTF8.self)
            #expect(PageChecks.wellFormednessError(text) == nil, "\(file): \(PageChecks.wellFormednessError(text) ?? "")")
            #expect(PageChecks.brokenLinks(page: file, text: text, site: sample.site).isEmpty, "\(file)")
        }
    }
}
