import Foundation
import Testing
@testable import Validate
@preconcurrency import CLibXML2

/// The build validates the content models once per distinct page structure
/// (`SiteValidator(reusesStructures: true)`, see `PageStructure`); `vantage check` validates
/// every page in full. These tests hold the build to the same verdicts as the check.
@Suite struct StructureReuseTests {
    /// The build's configuration (as `PageValidation` in Render makes it) and the check's.
    static let build = SiteValidator(templates: ["ideas-new": "ideas-list"], reusesStructures: true)
    static let check = SiteValidator(templates: ["ideas-new": "ideas-list"])

    static let brokenFixtures: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.broken)) ?? [])
            .filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Every broken fixture, after the build has learnt every structure of the valid site
    /// (and each fixture's own structure has been seen once already): the same findings as
    /// the check, and never none.
    @Test(arguments: brokenFixtures)
    func buildRejectsWhatCheckRejects(_ fixture: String) throws {
        _ = try Fixtures.check(validator: Self.build)
        let first = try Fixtures.findings(ofBroken: fixture, validator: Self.build)
        let again = try Fixtures.findings(ofBroken: fixture, validator: Self.build)
        let checked = try Fixtures.findings(ofBroken: fixture, validator: Self.check)
        #expect(!checked.isEmpty)
        #expect(first.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
        #expect(again.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
    }

    /// Pages that share an accepted structure with a valid page but differ in what the
    /// structure leaves out (attribute values, text) are still checked for those: a broken
    /// link, a javascript: URL, a duplicate id, a value the schema refuses.
    @Test func sameStructureDifferentValues() throws {
        let path = "people/ana-lima/home.html"
        let valid = String(decoding: try Fixtures.bytes(Fixtures.site + "/" + path), as: UTF8.self)
        _ = try Fixtures.check(validator: Self.build)
        let hrefs = valid.ranges(of: "href=\"")
        let ids = valid.ranges(of: " id=\"")
        try #require(hrefs.count >= 2 && !ids.isEmpty)
        let edits: [(String, (String) -> String)] = [
            ("javascript", { $0.replacingCharacters(in: hrefs[1], with: "href=\"javascript:x() ") }),
            ("broken link", { $0.replacingCharacters(in: hrefs[1], with: "href=\"nowhere.html#") }),
            ("bad dir", { $0.replacingOccurrences(of: "dir=\"ltr\"", with: "dir=\"sideways\"") }),
            ("duplicate id", { page in
                var page = page
                let id = page[ids[0].upperBound...].prefix { $0 != "\"" }
                page = page.replacingOccurrences(of: "<main", with: "<main id=\"\(id)\"")
                return page
            }),
        ]
        for (name, edit) in edits {
            let page = edit(valid)
            #expect(page != valid, "\(name): the edit applies")
            let built = try Fixtures.check(adding: [path + ".edited.html": Array(page.utf8)], validator: Self.build).findings
            let checked = try Fixtures.check(adding: [path + ".edited.html": Array(page.utf8)], validator: Self.check).findings
            #expect(!checked.isEmpty, "\(name): the check rejects it")
            #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description), "\(name)")
        }
    }

    /// Structures stand for pages only while no content model looks at text: the shipped
    /// content schema reaches no data or value pattern, and a schema that does turns the
    /// reuse off.
    @Test func reuseNeedsContentModelsBlindToText() throws {
        #expect(PageSchema.shared.structureDecides)
        let schema = """
            <grammar xmlns="http://relaxng.org/ns/structure/1.0" datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
            <start><element name="p"><attribute name="a"><data type="string"/></attribute><ref name="n"/></element></start>
            <define name="n"><data type="integer"/></define>
            </grammar>
            """
        let textual = try PageSchema(source: Array(schema.utf8))
        #expect(!textual.structureDecides)
        let attributesOnly = try PageSchema(source: Array(schema.replacingOccurrences(
            of: "<define name=\"n\"><data type=\"integer\"/></define>", with: "<define name=\"n\"><text/></define>").utf8))
        #expect(attributesOnly.structureDecides)
    }

    /// Text and whitespace are part of a structure: text where the content model wants none
    /// is never covered by a structure that had only whitespace there.
    @Test func textIsPartOfTheStructure() throws {
        let path = "people/ana-lima/schema-text.html"
        let broken = try Fixtures.bytes(Fixtures.broken + "/schema-text.html")
        let text = String(decoding: broken, as: UTF8.self)
        // The same page with the stray text turned into whitespace is valid: it must teach the
        // build nothing that lets the broken one through.
        let repaired = text.replacingOccurrences(of: "<ul>stray<li>", with: "<ul> <li>")
        #expect(repaired != text)
        #expect(try Fixtures.check(adding: [path: Array(repaired.utf8)], validator: Self.check).isValid)
        _ = try Fixtures.check(adding: [path: Array(repaired.utf8)], validator: Self.build)
        let findings = try Fixtures.check(adding: [path: broken], validator: Self.build).findings
        #expect(findings.map(\.rule) == [.schema])
    }
}
