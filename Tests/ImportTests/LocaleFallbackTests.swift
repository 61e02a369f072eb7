import Foundation
import Import
import Store
import Testing

/// DATA.md: a Quotes user may lack `locale` and `timeZone` (older app versions exported
/// neither); the person's Change Jar record gives them, else the site's defaults.
struct LocaleFallbackTests {
    func person(_ fixture: Fixture, phone: String) throws -> [DatabaseValue] {
        try fixture.read { db in
            try db.rows("SELECT name, locale, time_zone, quotes_user FROM person WHERE phone = ?1", [.text(phone)]).first ?? []
        }
    }

    @Test func aQuotesUserWithoutLocaleTakesTheChangeJarRecordsThenTheSites() throws {
        let fixture = try Fixture()
        // Ana has a Change Jar record (pt-BR, America/Sao_Paulo); José has none.
        try fixture.edit("quotes/export.json", replacing: "\"locale\": \"en-US\",\n      \"timeZone\": \"America/Los_Angeles\", ", with: "")
        try fixture.edit("quotes/export.json", replacing: ", \"locale\": \"fr\",\n      \"timeZone\": \"Europe/Paris\" }", with: " }")
        let report = try fixture.importOrFail()
        #expect(report.exitCode == .success)
        #expect(try person(fixture, phone: "+14155550100") == [.text("Ana Lima"), .text("pt-BR"), .text("America/Sao_Paulo"), .integer(1)])
        // site.json: defaultLocale "en", timeZone "America/Los_Angeles".
        #expect(try person(fixture, phone: "+14155550199") == [.text("José Silva"), .text("en"), .text("America/Los_Angeles"), .integer(1)])
        // Quotes and contacts that name them are stored (no "no Quotes user has" follow-on).
        try fixture.read { (db: Database) throws in
            #expect(try db.rows("SELECT count(*) FROM quote") == [[.integer(3)]])
            #expect(try db.rows("SELECT count(*) FROM contact") == [[.integer(2)]])
        }
    }

    @Test func oneMissingFieldFallsBackAlone() throws {
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: "\"locale\": \"fr-FR\",\n      \"timeZone\"", with: "\"timeZone\"")
        try fixture.importOrFail()
        // Chloé's Change Jar record has no locale either: the site's default applies.
        #expect(try person(fixture, phone: "+33612345678") == [.text("Chloé Martin"), .text("en"), .text("Europe/Paris"), .integer(1)])
    }

    @Test func aBadLocaleIsStillAnError() throws {
        let errors = try BadInputTests().errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""locale": 12"#)
        }
        #expect(errors.first == #"content/quotes/export.json: users[2].locale: error: expected a BCP 47 language tag that starts with its language, such as "pt-BR", found a number"#)
    }

    /// A locale is shown on its person's pages (`lang`, settings): a well-formed tag carrying a
    /// phone in private-use subtags is refused; real tags with a few digits are not.
    @Test func aLocaleHoldingAPhoneIsRefused() throws {
        let errors = try BadInputTests().errors { fixture in
            try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""locale": "fr-x-0033-6-12-34""#)
        }
        #expect(errors.first == #"content/quotes/export.json: users[2].locale: error: expected a BCP 47 language tag that starts with its language, such as "pt-BR", found "fr-x-0033-6-12-34", which holds 5 digits or more (a locale is shown on the person's pages, and a phone number never is)"#)
        let fixture = try Fixture()
        try fixture.edit("quotes/export.json", replacing: #""locale": "fr-FR""#, with: #""locale": "es-419""#)
        try fixture.importOrFail()
    }
}
