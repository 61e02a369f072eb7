import Foundation
import Testing
@testable import Validate

/// The build accepts a new page structure without RELAX NG when it differs from accepted
/// ones only inside elements that one pattern alone matches and whose content was accepted
/// (`StructureClasses`). These tests hold it to `vantage check`'s findings where that would
/// be looser than RELAX NG: entries moved where none may stand, entries with content never
/// accepted, names that several patterns match.
@Suite struct StructureClassesTests {
    static let path = "people/ana-lima/ideas-new.html"

    static func header(_ namespace: Character, _ name: String) -> [UInt8] {
        [1, UInt8(ascii: Unicode.Scalar(String(namespace))!)] + Array(name.utf8) + [0]
    }

    /// Names are folded only where exactly one element pattern matches them.
    @Test func uniqueNamesComeFromTheSchema() throws {
        let unique = try #require(PageSchema.shared.classes).unique
        for name in ["html", "body", "main", "ol", "li", "details", "summary"] {
            #expect(unique.contains(Self.header("h", name)), "\(name)")
        }
        // Two or more patterns each (phrasing and static variants, the `dl` group): never folded.
        for name in ["a", "span", "div", "p", "strong"] {
            #expect(!unique.contains(Self.header("h", name)), "\(name)")
        }
        #expect(unique.contains(Self.header("s", "svg")))
        // `title` in XHTML and in SVG are different names.
        #expect(unique.contains(Self.header("h", "title")) && unique.contains(Self.header("s", "title")))
    }

    /// A toy schema where `b` has one content under `a` and another under `c`: `b` is not
    /// folded, so a `b` accepted under `a` is not taken for one under `c`; a wildcard name
    /// makes no classes at all.
    @Test func namesOfSeveralPatternsAreNotFolded() throws {
        let schema = """
            <grammar xmlns="http://relaxng.org/ns/structure/1.0">
            <start><choice><ref name="a"/><ref name="c"/></choice></start>
            <define name="a"><element name="a"><element name="b"><text/></element></element></define>
            <define name="c"><element name="c"><element name="b"><element name="d"><empty/></element></element></element></define>
            </grammar>
            """
        let toy = try PageSchema(source: Array(schema.utf8))
        let unique = try #require(toy.classes).unique
        #expect(unique == [Self.header("-", "a"), Self.header("-", "c"), Self.header("-", "d")])
        let wildcard = try PageSchema(source: Array(schema.replacingOccurrences(
            of: "<element name=\"d\"><empty/></element>", with: "<element><anyName/><empty/></element>").utf8))
        #expect(wildcard.classes == nil)
    }

    /// The fixture's idea list with its two entries swapped: a new structure, accepted by its
    /// folded structure (no RELAX NG), with no findings, as the check says.
    @Test func swappedEntriesAreAcceptedFolded() throws {
        let page = try Self.edited { page in
            let first = try Self.entry(1, of: page)
            let second = try Self.entry(2, of: page)
            return page.replacingOccurrences(of: first + second, with: second + first)
        }
        let build = SiteValidator(reusesStructures: true)
        let built = try Fixtures.check(adding: [Self.path + ".edited.html": Array(page.utf8)], validator: build).findings
        let checked = try Fixtures.check(adding: [Self.path + ".edited.html": Array(page.utf8)], validator: SiteValidator()).findings
        #expect(checked.isEmpty)
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
        #expect(build.scanCounts.foldedAcceptances == 1)
    }

    /// A list whose items are text alone, the viewer's own marked (as a compose screen offers
    /// people): once one such list is accepted, the same list with the mark on another item
    /// is accepted folded, since its items fold even without an element inside. The same
    /// items where none may stand still get the check's findings.
    @Test func listsOfTextItemsFoldWhereverTheMarkIs() throws {
        func page(_ items: String) throws -> [UInt8] {
            Array(try Self.edited { $0.replacingOccurrences(of: "</ol>\n", with: "</ol>\n" + items) }.utf8)
        }
        let learnt = try page("<ul><li>Ana</li><li>Ben <small>you</small></li><li>Caio</li></ul>\n")
        let moved = try page("<ul><li>Ana <small>you</small></li><li>Ben</li><li>Caio</li></ul>\n")
        let build = SiteValidator(reusesStructures: true)
        let first = try Fixtures.check(adding: [Self.path + ".learnt.html": learnt], validator: build).findings
        #expect(first.isEmpty)
        #expect(build.scanCounts.foldedAcceptances == 0)
        let built = try Fixtures.check(adding: [Self.path + ".moved.html": moved], validator: build).findings
        let checked = try Fixtures.check(adding: [Self.path + ".moved.html": moved], validator: SiteValidator()).findings
        #expect(checked.isEmpty)
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description))
        #expect(build.scanCounts.foldedAcceptances == 1)

        for misplaced in [
            "<p>Ana<li>Ben</li></p>\n", "<ul><li>Ana</li></ul><li>Ben</li>\n",
            "<ul><li>Ana</li><li>Ben <small>you</small></li><li>Caio</li><li><li>Dora</li></li></ul>\n",
        ] {
            let wrong = try page(misplaced)
            let built = try Fixtures.check(adding: [Self.path + ".wrong.html": wrong], validator: build).findings
            let checked = try Fixtures.check(adding: [Self.path + ".wrong.html": wrong], validator: SiteValidator()).findings
            #expect(!checked.isEmpty, "\(misplaced): the check rejects it")
            #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description), "\(misplaced)")
        }
    }

    /// A large new structure goes to RELAX NG compacted first: each subtree of a unique
    /// element that repeats one met before it becomes that element, empty. An acceptance
    /// stands for the page; a refusal (an error anywhere, or a pattern that needs content the
    /// empty stand-in lacks) sends the whole structure on as before. The verdicts and findings
    /// are the check's either way.
    @Test func repeatedSubtreesAreJudgedOnce() throws {
        func page(_ items: String) throws -> [UInt8] {
            Array(try Self.edited { $0.replacingOccurrences(of: "</ol>\n", with: "</ol>\n" + items) }.utf8)
        }
        let item = "<li><span>Ana</span> <em>Quotes</em></li>\n"
        let other = "<li><span>Ben</span> <em>Change Jar</em> <em>Quotes</em></li>\n"
        let list = "<ul>\n" + String(repeating: item + other, count: 150) + "<li>Caio <small>you</small></li>\n</ul>\n"
        let details = String(repeating: "<details><summary>More</summary><p>Text</p></details>\n", count: 40)
        let cases: [(name: String, items: String, valid: Bool, compacted: Bool)] = [
            ("a long list", list, true, true),
            // An empty <details> lacks its <summary>: refused compacted, accepted whole.
            ("details", details, true, false),
            ("a paragraph among the items", list.replacingOccurrences(of: "</ul>", with: "<p>Oops</p></ul>"), false, false),
            ("an item inside an item", list.replacingOccurrences(of: "<li>Caio", with: "<li><li>Dora</li>Caio"), false, false),
            ("a repeated item in the wrong place", list + String(repeating: item, count: 3), false, false),
        ]
        for (name, items, valid, compacted) in cases {
            let bytes = try page(items)
            let build = SiteValidator(reusesStructures: true, compactsFrom: 1)
            _ = try Fixtures.check(validator: build)
            build.scanCounts.reset()
            let built = try Fixtures.check(adding: [Self.path + ".long.html": bytes], validator: build).findings
            let checked = try Fixtures.check(adding: [Self.path + ".long.html": bytes], validator: SiteValidator()).findings
            #expect(checked.isEmpty == valid, "\(name): \(checked.map(\.message))")
            #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description), "\(name)")
            #expect(build.scanCounts.compactedAcceptances == (compacted ? 1 : 0), "\(name)")
        }
        // Compacted, the list keeps its first item of each shape whole and the rest empty.
        let structure = try page(list).withUnsafeBytes { raw in
            let parsed = ParsedPage(bytes: raw)
            return PageStructure(try #require(parsed.document)).bytes
        }
        let compact = try #require(PageSchema.shared.compacted(structure))
        let li = Self.header("h", "li")
        func count(_ bytes: [UInt8], _ pattern: [UInt8]) -> Int {
            (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<($0 + pattern.count)]) == pattern }.count
        }
        #expect(count(compact, li) == count(structure, li))
        #expect(count(structure, li + [2]) == 0)
        #expect(count(compact, li + [2]) >= 2 * 150 - 2)
        #expect(compact.count * 3 < structure.count)
    }

    /// Edits a looser folding would let through: every one gets the check's findings.
    @Test(arguments: [
        "an entry after the list, in main",
        "an entry inside details",
        "an entry with a block in its paragraph",
        "an entry twice over, one inside the other",
        "a list item of the menu among the entries",
        "an entry's details without a summary",
    ])
    func foldingIsNeverLooser(_ edit: String) throws {
        let page = try Self.edited { page in
            let first = try Self.entry(1, of: page)
            let second = try Self.entry(2, of: page)
            switch edit {
            case "an entry after the list, in main":
                return page.replacingOccurrences(of: "</ol>\n", with: "</ol>\n" + second.replacingOccurrences(of: "idea-idea-0002\"", with: "idea-copy\""))
            case "an entry inside details":
                return page.replacingOccurrences(of: "<summary>Detalhes</summary>\n<p>Ben", with: "<summary>Detalhes</summary>\n<li>x</li>\n<p>Ben")
            case "an entry with a block in its paragraph":
                return page.replacingOccurrences(of: "<p>Cook dinner on Sundays</p>", with: "<p>Cook dinner on Sundays<div>x</div></p>")
            case "an entry twice over, one inside the other":
                return page.replacingOccurrences(of: first, with: first.replacingOccurrences(of: "</li>\n", with: "<li>x</li></li>\n"))
            case "a list item of the menu among the entries":
                return page.replacingOccurrences(of: second, with: second + "<li><a href=\"ideas-new.html\">x</a></li>\n")
            default:
                return page.replacingOccurrences(of: "<summary>Detalhes</summary>\n<p>Ben", with: "<p>Ben")
            }
        }
        let built = try Fixtures.check(adding: [Self.path + ".edited.html": Array(page.utf8)], validator: SiteValidator(reusesStructures: true)).findings
        let checked = try Fixtures.check(adding: [Self.path + ".edited.html": Array(page.utf8)], validator: SiteValidator()).findings
        if edit != "a list item of the menu among the entries" { #expect(!checked.isEmpty, "\(edit): the check rejects it") }
        #expect(built.map(\.diagnostic.description) == checked.map(\.diagnostic.description), "\(edit)")
    }

    /// The fixture's idea list, edited (the edit must change it).
    static func edited(_ edit: (String) throws -> String) throws -> String {
        // The build learns the valid site's structures first, as it would have.
        _ = try Fixtures.check(validator: SiteValidator(reusesStructures: true))
        let valid = String(decoding: try Fixtures.bytes(Fixtures.site + "/" + path), as: UTF8.self)
        let page = try edit(valid)
        try #require(page != valid)
        return page
    }

    /// The `n`th idea entry (`<li id="idea-…">` to its `</li>` and line end).
    static func entry(_ n: Int, of page: String) throws -> String {
        let start = try #require(page.range(of: "<li id=\"idea-idea-000\(n)\""))
        let end = try #require(page.range(of: "</li>\n", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }
}
