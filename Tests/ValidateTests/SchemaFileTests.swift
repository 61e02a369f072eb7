import Foundation
import Testing
@preconcurrency import CLibXML2
@testable import Validate

/// The schema file stays a complete RELAX NG schema: libxml2 compiles it as written (what
/// `xmllint --relaxng` would use) and agrees with the split validation (content models in
/// libxml2, attribute rules in Swift) on the fixtures.
@Suite struct SchemaFileTests {
    /// The file as written, attributes and all, compiled by libxml2.
    static let fullSchema = try! PageSchema(source: PageSchema.source, contentOnly: false)

    /// libxml2's verdict on a page under the complete schema, after removing the generic
    /// data-* attributes that no RELAX NG schema can name (Swift checks those).
    private func fullSchemaErrors(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBytes { buffer in
            let page = ParsedPage(bytes: buffer)
            guard let document = page.document, let root = xmlDocGetRootElement(document) else { return nil }
            var stack: [xmlNodePtr] = [root]
            while let node = stack.popLast() {
                var attribute = node.pointee.properties
                while let current = attribute {
                    attribute = current.pointee.next
                    let name = String(cString: current.pointee.name)
                    if name.hasPrefix("data-"), !PageInspection.hookAttributes.contains(name) { xmlRemoveProp(current) }
                }
                var child = node.pointee.children
                while let next = child {
                    if next.pointee.type == XML_ELEMENT_NODE { stack.append(next) }
                    child = next.pointee.next
                }
            }
            return Self.fullSchema.validate(document).map(\.message)
        }
    }

    @Test func validSitePassesTheCompleteSchema() throws {
        let pages = try Fixtures.sitePages()
        for file in pages {
            #expect(fullSchemaErrors(try Fixtures.bytes(Fixtures.site + "/" + file)) == [], "\(file)")
        }
        #expect(pages.count == 5)
    }

    @Test(arguments: [
        "schema-element", "schema-nesting", "schema-text", "missing-lang-dir", "missing-title", "missing-alt",
        "bad-data-page",
    ])
    func schemaFixturesFailTheCompleteSchemaToo(_ name: String) throws {
        let errors = fullSchemaErrors(try Fixtures.bytes(Fixtures.broken + "/\(name).html"))
        #expect(errors.map { !$0.isEmpty } == true, "\(name): \(errors ?? [])")
    }

    /// The stripped schema libxml2 runs keeps every element: each element the model knows
    /// is still named in it.
    @Test func contentSchemaKeepsEveryElement() throws {
        let document = try #require(PageSchema.source.withUnsafeBufferPointer { buffer in
            xmlReadMemory(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                Int32(buffer.count), "vantage-html.rng", nil, 0)
        })
        defer { xmlFreeDoc(document) }
        func elementNames(_ node: xmlNodePtr) -> [String] {
            var names: [String] = []
            var stack: [xmlNodePtr] = [node]
            while let current = stack.popLast() {
                if current.patternName == "element", let name = current.nameAttribute { names.append(name) }
                if current.patternName == "attribute" { names.append("@" + (current.nameAttribute ?? "")) }
                stack += current.patternChildren
            }
            return names
        }
        let root = try #require(xmlDocGetRootElement(document))
        let before = elementNames(root)
        ContentSchema.strip(document)
        let after = elementNames(root)
        #expect(before.filter { !$0.hasPrefix("@") }.sorted() == after.sorted())
        #expect(before.contains("@data-page"))
        #expect(!after.contains { $0.hasPrefix("@") })
    }
}
