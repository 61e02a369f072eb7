import Foundation
import Testing

@testable import Render

@Suite("Reading the store")
struct SiteStoreTests {
    @Test("Visible quotes: newest first, ties by id, hearers in export order; the same set as the visible_quote view")
    func visibleQuotes() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        let store = try SiteStore(path: fixture.path)
        let ana = try store.visibleQuotes(viewer: 1)
        #expect(ana.map(\.id) == ["q-4", "q-2", "q-1"])
        #expect(ana[0].hearers.map(\.recordedName) == ["Papa", "Me"])
        #expect(try store.visibleQuotes(viewer: 2).map(\.id) == ["q-3", "q-2", "q-1"])
        #expect(try store.visibleQuotes(viewer: 3).map(\.id) == ["q-3"])
        #expect(try store.visibleQuotes(viewer: 5).isEmpty)
        for viewer in Int64(1)...7 {
            #expect(try store.visibleQuotes(viewer: viewer).map(\.id).sorted() == store.visibleQuoteIDsThroughView(viewer: viewer))
        }
    }

    @Test("Ideas newest first, ties by id; settings; latest timestamp; contacts")
    func reads() throws {
        let fixture = try FixtureStore(sql: smallStoreSQL)
        defer { fixture.remove() }
        let store = try SiteStore(path: fixture.path)
        #expect(try store.ideas().map(\.id) == ["i-0", "i-3", "i-4", "i-2", "i-1"])
        let settings = try store.settings()
        #expect(settings == SiteSettings(
            title: "Fixture", defaultLocale: "en", locales: ["en", "fr", "ar", "ja"], timeZone: "UTC", pageSize: 2,
            buildDate: 1_778_400_000))
        #expect(try store.latestTimestamp() == 1_778_310_000)
        #expect(try store.contacts(owner: 2) == [4: "Monsieur Lima"])
        let people = try store.people()
        #expect(people.map(\.hasHome) == [true, true, true, false, false, true, false])
        #expect(people.map(\.hasEmail) == [true, false, true, false, true, false, false])
    }

    @Test("Now: buildDate, else SOURCE_DATE_EPOCH, else the latest instant in the data")
    func now() throws {
        var settings = SiteSettings(buildDate: 100)
        #expect(try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "200"], latestInData: 300) == (100, .buildDate))
        settings.buildDate = nil
        #expect(try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "200"], latestInData: 300) == (200, .sourceDateEpoch))
        #expect(try BuildClock.now(settings: settings, environment: [:], latestInData: 300) == (300, .latestInData))
        #expect(throws: (any Error).self) {
            try BuildClock.now(settings: settings, environment: ["SOURCE_DATE_EPOCH": "yesterday"], latestInData: 300)
        }
    }
}
