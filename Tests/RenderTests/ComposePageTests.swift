import Foundation
import Import
import Store
import Testing
import VantageCore

@testable import Render

/// The compose screens of the sample site, against the store: the people each viewer is
/// offered are exactly those they have reason to see, each under the handle the importer
/// resolves back to the same person, and nothing in the screens is a phone or an email.
@Suite("The compose screens")
struct ComposePageTests {
    func sample() throws -> SampleSite { try sampleSite.get() }

    @Test("SAID / HEARD offer exactly the viewer's address book, the people in the quotes they see, and themselves")
    func peopleOffered() throws {
        let sample = try sample()
        let store = try SiteStore(path: sample.storePath)
        let people = try store.people()
        let site = SiteModel(settings: try store.settings(), now: 0, people: people, ideas: [])
        let rule = SiteHandleRule().site(people: people.map {
            HandlePerson(id: $0.id, name: $0.name, isQuotesUser: $0.isQuotesUser, isChangeJarUser: $0.isChangeJarUser)
        })
        for home in sample.homes {
            let id = DatabaseValue.integer(home.person.id)
            let reason = Set(try sample.rows("""
                SELECT person_id FROM contact WHERE owner_id = ?1
                UNION SELECT q.said_by FROM visible_quote v JOIN quote q ON q.id = v.quote_id WHERE v.viewer_id = ?1
                UNION SELECT h.person_id FROM visible_quote v JOIN hearer h ON h.quote_id = v.quote_id WHERE v.viewer_id = ?1
                UNION SELECT ?1
                """, [id]).compactMap { $0[0] }.compactMap(Int64.init))
            let html = String(decoding: sample.bytes(SitePath.addQuote(home.slug)), as: UTF8.self)
            let offered = PageChecks.captures(#"data-person="([^"]*)""#, in: html)
            // SAID and HEARD list the same people.
            #expect(offered.count == 2 * Set(offered).count, "\(home.slug)")
            // The importer's resolution of the page's handles, through the same rule.
            let contacts = try store.contacts(owner: home.person.id)
            let quotes = try store.visibleQuotes(viewer: home.person.id).map { quote in
                HandleQuote(id: quote.id, speaker: quote.speakerID, speakerName: quote.speakerRecordedName,
                            hearers: quote.hearers.map { ($0.personID, $0.recordedName) })
            }
            #expect(rule.viewer(slug: home.slug) == home.person.id)
            let table = rule.handles(viewer: home.person.id, contacts: contacts, quotes: quotes)
            #expect(Set(table.keys) == Set(offered), "\(home.slug): the page offers what the importer resolves")
            #expect(Set(table.values.map(\.person)) == reason, "\(home.slug): exactly the people with a reason")
            // Speakers' folders are the same handles.
            for folder in sample.files(of: home.slug).filter({ $0.hasPrefix(home.slug + "/quotes/by/") }) {
                let handle = folder.split(separator: "/")[3]
                #expect(table[String(handle)] != nil, "\(folder)")
            }
            _ = site
        }
    }

    @Test("No handle and nothing else in a compose screen is, holds or is folded from a phone or an email")
    func noPhoneOrEmail() throws {
        let sample = try sample()
        let phones = try sample.rows("SELECT phone FROM person WHERE phone IS NOT NULL").compactMap { $0[0] }
        let emails = try sample.rows("SELECT email FROM person WHERE email IS NOT NULL").compactMap { $0[0] }
        let national = phones.map { String($0.dropFirst(2)) }  // +1 4155550100 → 4155550100 (and the like)
        let folded = Set((phones + emails).map(Slug.fold))
        for home in sample.homes {
            for path in [SitePath.addQuote(home.slug), SitePath.submitIdea(home.slug)] {
                let html = String(decoding: sample.bytes(path), as: UTF8.self)
                #expect(!html.isEmpty, "\(path)")
                for value in phones + national + emails {
                    #expect(!html.contains(value), "\(path) holds \(value)")
                }
                for handle in PageChecks.captures(#"data-person="([^"]*)""#, in: html) {
                    #expect(!folded.contains(handle), "\(path): \(handle)")
                    #expect(handle.range(of: #"[0-9]{5}"#, options: .regularExpression) == nil, "\(path): \(handle)")
                }
            }
        }
    }
}
