import Foundation
import Testing
@testable import Validate
@preconcurrency import CLibXML2

/// The build asks the content schema about a new structure on its skeleton
/// (`StructureSkeleton`), not on a second parse of the page. These tests hold the skeleton to
/// the page's own tree: the same structure byte for byte, and the same verdict from libxml2's
/// RELAX NG validator, on every fixture page and on structural edits that break them.
@Suite struct StructureSkeletonTests {
    /// Every page of the fixtures (valid site, broken pages, the benchmark's markup).
    static func pages() throws -> [(name: String, bytes: [UInt8])] {
        var pages = try Fixtures.sitePages().map { ($0, try Fixtures.bytes(Fixtures.site + "/" + $0)) }
        pages += try Fixtures.brokenPages().map { ($0, try Fixtures.bytes(Fixtures.broken + "/" + $0)) }
        let bench = Fixtures.root.appendingPathComponent("bench").path
        for file in (try? FileManager.default.contentsOfDirectory(atPath: bench))?.sorted() ?? [] where file.hasSuffix(".html") {
            pages.append((file, try Fixtures.bytes(bench + "/" + file)))
        }
        return pages
    }

    /// Edits that change a page's structure, most of them into one the schema refuses.
    static let structuralEdits: [(name: String, apply: @Sendable (String) -> String?)] = [
        ("list inside a paragraph", PageEdits.first("</p>", "<ul><li>x</li></ul></p>")),
        ("no title", PageEdits.firstMatch("<title>[^<]*</title>", "")),
        ("two mains", PageEdits.first("</main>", "</main><main>x</main>")),
        ("text in a list", PageEdits.first("<ul", "<ul>stray</ul><ul")),
        ("button in a link", PageEdits.firstMatch("<a ([^>]*)>", "<a $1><button>x</button>")),
        ("unknown element", PageEdits.first("<main", "<blink>x</blink><main")),
        ("empty summary", PageEdits.firstMatch("<summary[^>]*>.*?</summary>", "<summary></summary>")),
        ("details without summary", PageEdits.firstMatch("<summary[^>]*>.*?</summary>", "")),
        ("svg out of place", PageEdits.first("<head>", "<head><svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>")),
        ("foreign namespace", PageEdits.first("<main", "<x:y xmlns:x=\"urn:x\">t</x:y><main")),
        ("comment between", PageEdits.first("</h1>", "<!-- c --></h1>")),
        ("whitespace only", PageEdits.firstMatch("<h1([^>]*)>[^<]*</h1>", "<h1$1>  </h1>")),
        ("comment before root", PageEdits.first("<html", "<!-- top --><html")),
    ]

    @Test func skeletonsMirrorTheirPages() throws {
        var compared = 0
        var refused = 0
        var pages = try Self.pages()
        for (name, bytes) in pages {
            for (edit, apply) in Self.structuralEdits {
                if let edited = apply(String(decoding: bytes, as: UTF8.self)) { pages.append(("\(name) + \(edit)", Array(edited.utf8))) }
            }
        }
        for (name, bytes) in pages {
            let page = bytes.withUnsafeBytes { ParsedPage(bytes: $0) }
            guard let document = page.document else { continue }
            let structure = PageStructure(document).bytes
            // A page with an entity reference or a processing instruction is handed to the
            // tree by the scan; its structure has no skeleton.
            guard let skeleton = StructureSkeleton(structure) else {
                #expect(structure.contains { $0 >= 16 && $0 != 16 + UInt8(XML_COMMENT_NODE.rawValue) && $0 != 16 + UInt8(XML_DTD_NODE.rawValue) }, "\(name)")
                continue
            }
            #expect(PageStructure(skeleton.document).bytes == structure, "\(name)")
            let onPage = PageSchema.shared.validate(document)
            let onSkeleton = PageSchema.shared.validate(skeleton.document)
            #expect(onPage.isEmpty == onSkeleton.isEmpty, "\(name): \(onPage.map(\.message)) against \(onSkeleton.map(\.message))")
            // The same errors, in the same order (lines aside: the skeleton has none).
            #expect(onPage.map(\.message) == onSkeleton.map(\.message), "\(name)")
            compared += 1
            if !onPage.isEmpty { refused += 1 }
        }
        #expect(compared > 100)
        #expect(refused > 30)
    }

    /// Bytes that are not a structure make no skeleton.
    @Test func malformedStructuresMakeNone() {
        let html = [1, UInt8(ascii: "h")] + Array("html".utf8) + [0]
        #expect(StructureSkeleton(html + [2]) != nil)
        #expect(StructureSkeleton([]) == nil)
        #expect(StructureSkeleton(html) == nil, "unclosed")
        #expect(StructureSkeleton(html + [2, 2]) == nil, "closed twice")
        #expect(StructureSkeleton(html + [2] + html + [2]) == nil, "two roots")
        #expect(StructureSkeleton([4] + html + [2]) == nil, "text outside the root")
        #expect(StructureSkeleton(html + [16 + UInt8(XML_PI_NODE.rawValue), 2]) == nil, "a processing instruction")
        #expect(StructureSkeleton([1, UInt8(ascii: "h"), 0, 2]) == nil, "no name")
        #expect(StructureSkeleton([1, UInt8(ascii: "q")] + Array("html".utf8) + [0, 2]) == nil, "unknown namespace byte")
    }
}
