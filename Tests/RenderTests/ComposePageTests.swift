import Foundation
import Import
import Store
import Testing
import VantageCore

@testable import Render

/// The compose screens, against the store, on the sample site and on the small fixture (whose
/// names are hostile: "../../etc/passwd", "CON", Arabic and Japanese): the people each viewer
/// is offered are exactly those they have reason to see, each under the handle the importer
/// resolves back to the same person, and nothing in the screens is a phone or an email.
@Suite("The compose screens")
struct ComposePageTests {
    /// One built site and its store.
    struct Site {
        let store: String
        let files: [String]
        let text: (String) -> String
    }

    func sample() throws -> Site {
        let sample = try sampleSite.get()
        return Site(store: sample.storePath, files: sample.site.files) { String(decoding: sample.bytes($0), as: UTF8.self) }
    }

    func withSmallSite(_ body: (Site) throws -> Void) throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        try body(Site(store: store.path, files: site.files, text: site.text))
    }

    /// Checks every home of `site`.
    func checkPeopleOffered(_ site: Site) throws {
        try Store(path: site.store, readOnly: true).readSite { store in try checkPeopleOffered(site, store) }
    }

    func checkPeopleOffered(_ site: Site, _ store: SiteReader) throws {
        let database = try Database(path: site.store, readOnly: true)
        let people = try store.people()
        let mask = try PersonalDataMask(store: database)
        let model = SiteModel(settings: try store.settings(), now: 0, people: people, ideas: [], mask: mask)
        let rule = SiteHandles(people: people, mask: mask)
        #expect(!model.homes.isEmpty)
        #expect(model.homes.contains { !$0.person.hasPhone } == people.contains { $0.hasHome && !$0.hasPhone })
        for home in model.homes {
            let reason = Set(try database.rows("""
                SELECT person_id FROM contact WHERE owner_id = ?1
                UNION SELECT q.said_by FROM visible_quote v JOIN quote q ON q.id = v.quote_id WHERE v.viewer_id = ?1
                UNION SELECT h.person_id FROM visible_quote v JOIN hearer h ON h.quote_id = v.quote_id WHERE v.viewer_id = ?1
                UNION SELECT ?1
                """, [.integer(home.person.id)]).compactMap { row -> Int64? in
                    if case .integer(let id)? = row.first { return id }
                    return nil
                })
            let html = site.text(SitePath.addQuote(home.slug))
            let offered = PageChecks.captures(#"data-person="([^"]*)""#, in: html)
            // Quotes are said and heard by phones (the import refuses anyone else): a person
            // without one is told so; the form keeps its hooks, disabled, and offers no one.
            #expect(html.contains("data-compose=\"quote\""), "\(home.slug)")
            guard home.person.hasPhone else {
                #expect(offered.isEmpty, "\(home.slug)")
                #expect(html.contains("data-compose-unavailable=\"\""), "\(home.slug)")
                #expect(html.contains(#"<textarea id="quote-text" name="text" maxlength="280" disabled="disabled""#), "\(home.slug)")
                continue
            }
            #expect(!html.contains("data-compose-unavailable") && !html.contains("disabled=\"disabled\" rows"), "\(home.slug)")
            // SAID and HEARD list the same people, each once.
            #expect(offered.count == 2 * Set(offered).count, "\(home.slug)")
            // The importer's resolution of the page's handles, through the same rule.
            let quotes = try store.visibleQuotes(viewer: home.person.id)
            #expect(rule.viewer(slug: home.slug) == home.person.id)
            let table = rule.handles(viewer: home.person.id, contacts: try store.contacts(owner: home.person.id), quotes: quotes).handles
            // Besides the page's handles, the importer resolves a person of the part who has a
            // home by the home's slug (DATA.md), and nothing else.
            let homeSlugs = Dictionary(uniqueKeysWithValues: model.homes.map { ($0.person.id, $0.slug) })
            let aliases = Set(table.filter { !offered.contains($0.key) }.map(\.key))
            #expect(Set(table.keys).subtracting(aliases) == Set(offered), "\(home.slug): the page offers what the importer resolves")
            #expect(aliases.allSatisfy { homeSlugs[table[$0]!.person] == $0 }, "\(home.slug): \(aliases)")
            #expect(Set(table.values.map(\.person)) == reason, "\(home.slug): exactly the people with a reason")
            #expect(table.count - aliases.count == reason.count, "\(home.slug): one handle per person on the page")
            // Speakers' folders are the same handles.
            for file in site.files where file.hasPrefix(home.slug + "/quotes/by/") {
                let handle = String(file.split(separator: "/")[3].prefix { $0 != "." })
                #expect(table[handle] != nil, "\(file)")
            }
        }
    }

    /// No phone or email, nor a slug folded from one, in any compose screen of `site`.
    func checkNoPhoneOrEmail(_ site: Site) throws {
        let database = try Database(path: site.store, readOnly: true)
        var phones: [String] = []
        var emails: [String] = []
        for row in try database.rows("SELECT phone, email FROM person") {
            if case .text(let phone)? = row.first { phones.append(phone) }
            if case .text(let email)? = row.last { emails.append(email) }
        }
        #expect(!phones.isEmpty && !emails.isEmpty)
        let national = phones.map { String($0.suffix(8)) }  // the subscriber digits, however written
        let folded = Set((phones + emails).map(Slug.fold))
        let screens = site.files.filter { $0.hasSuffix("/quotes/add.html") || $0.hasSuffix("/ideas/submit.html") }
        #expect(!screens.isEmpty)
        for path in screens {
            let html = site.text(path)
            for value in phones + national + emails {
                #expect(!html.contains(value), "\(path) holds \(value)")
            }
            for handle in PageChecks.captures(#"data-person="([^"]*)""#, in: html) {
                #expect(!folded.contains(handle), "\(path): \(handle)")
                #expect(!handle.contains(/[0-9]{5}/), "\(path): \(handle)")
            }
        }
    }

    @Test("SAID / HEARD offer exactly the viewer's address book, the people in the quotes they see, and themselves (sample site)")
    func peopleOfferedInTheSample() throws { try checkPeopleOffered(try sample()) }

    @Test("The same on the small fixture's hostile names")
    func peopleOfferedInTheSmallSite() throws {
        try withSmallSite { site in
            try checkPeopleOffered(site)
            // A contact recorded as "../../etc/passwd" is offered under a safe handle.
            #expect(site.text("con-2/quotes/add.html").contains(#"data-person="etc-passwd""#))
        }
    }

    @Test("No handle and nothing else in a compose screen is, holds or is folded from a phone or an email")
    func noPhoneOrEmail() throws {
        try checkNoPhoneOrEmail(try sample())
        try withSmallSite { try checkNoPhoneOrEmail($0) }
    }

    /// Each person offered carries the build's forms of their name, which compose.js writes into
    /// a chip (`data-name`) and into its sentences (`data-name-in-text`: "Remove …", the outbox's
    /// line) instead of a rule of its own: isolated where the page's sentences isolate it (an
    /// Arabic name on an English page, a Latin one on an Arabic page), with the handle of a
    /// person named like another. Each form is written only where it differs from the one before
    /// it (the name shown, then the chip's), and read so by the script.
    @Test("Each person offered carries the name as a chip shows it and as the page's sentences write it")
    func namesInTheirBuildForms() throws {
        let site = try sample()
        func forms(_ viewer: String, _ handle: String) throws -> [String] {
            let html = site.text(SitePath.addQuote(viewer))
            let option = try Regex(#"<li role="option" id="said-option-[^"]*" (?:data-name="([^"]*)" )?(?:data-name-in-text="([^"]*)" )?data-person=""#
                + handle + #"" aria-selected="false"><span dir="auto">([^<]*)</span>"#)
            guard let match = html.firstMatch(of: option), let shown = match.output[3].substring.map(String.init) else { return [] }
            let chip = match.output[1].substring.map(String.init) ?? shown
            return [chip, match.output[2].substring.map(String.init) ?? chip]
        }
        #expect(try forms("ana-lima", "ahmd-hsn") == ["أحمد حسن", "\u{2068}أحمد حسن\u{2069}"])
        #expect(try forms("ana-lima", "ben-carter") == ["Ben Carter", "Ben Carter"])
        #expect(try forms("ahmd-hsn", "ana-lima") == ["Ana Lima", "\u{2068}Ana Lima\u{2069}"])
        #expect(try forms("ana-lima", "maria-silva-2") == ["Maria Silva maria-silva-2", "Maria Silva maria-silva-2"])
        // A name the same in all three forms (nearly all) carries neither attribute.
        let html = site.text(SitePath.addQuote("ana-lima"))
        #expect(!html.contains(#"data-name="Ben Carter""#) && !html.contains(#"data-name-in-text="Ben Carter""#))
    }
}
