import Foundation
import Testing

@testable import Render

@Suite("The small fixture site")
struct SmallSiteTests {
    @Test("Builds every page of OUTPUT.md for each person with a home")
    func pages() throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        print(site.files.joined(separator: "\n"))
        #expect(site.files.contains("index.html"))
    }
}
