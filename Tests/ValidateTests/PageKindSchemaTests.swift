import Testing
import VantageCore

@testable import Validate

@Suite("Page kinds")
struct PageKindSchemaTests {
    /// The alternatives of the schema's `data-page` pattern, read from the schema the
    /// validator compiles.
    static func schemaKinds() throws -> [String] {
        let schema = String(decoding: PageSchema.source, as: UTF8.self)
        let attribute = try #require(schema.range(of: "<attribute name=\"data-page\">"))
        let open = try #require(schema.range(of: "<param name=\"pattern\">", range: attribute.upperBound..<schema.endIndex))
        let close = try #require(schema.range(of: "</param>", range: open.upperBound..<schema.endIndex))
        return schema[open.upperBound..<close.lowerBound].split(separator: "|").map(String.init)
    }

    @Test("The schema's data-page pattern lists exactly the kinds of PageKind")
    func schemaListsEveryKind() throws {
        let kinds = try Self.schemaKinds()
        #expect(kinds.count == Set(kinds).count, "a kind listed twice: \(kinds)")
        #expect(Set(kinds) == Set(PageKind.allCases.map(\.rawValue)))
    }

    @Test("The placement rules of vantage check are PageKind's")
    func placement() {
        // OUTPUT.md: the index, the review report and the idea triage pages are site-wide; the
        // quotes triage and the compose screens are in a person's part, like every other kind.
        #expect(PageInspection.siteWideKinds == ["index", "reviews", "triage-ideas"])
        for kind in PageKind.allCases where kind.placement == .viewer {
            #expect(!PageInspection.siteWideKinds.contains(kind.rawValue))
        }
        for kind in [PageKind.triageQuotes, .submitIdea, .composeQuote] { #expect(kind.placement == .viewer) }
    }
}
