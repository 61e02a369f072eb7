import Foundation
@preconcurrency import CLibXML2

/// The RELAX NG schema of the site's pages (Sources/Validate/Schema/vantage-html.rng, compiled
/// into the binary), compiled once per process and shared by every thread.
///
/// libxml2 allows one compiled schema to be used from several threads as long as each
/// validation has its own validation context, which `validate` creates; what is not safe is
/// libxml2's lazy global initialisation, so the compile (which triggers it) happens once,
/// under Swift's thread-safe static initialisation, before any validation runs.
final class PageSchema: @unchecked Sendable {
    /// The schema text, as kept in the repository.
    static let source: [UInt8] = PackageResources.vantage_html_rng

    /// The shared compiled schema (a failure here is a bug in the embedded schema).
    static let shared: PageSchema = {
        do { return try PageSchema(source: source) } catch {
            fatalError("the embedded schema does not compile: \(error)")
        }
    }()

    private let schema: xmlRelaxNGPtr
    /// What the schema says about each element: its attribute rules (checked in Swift) and
    /// its required children (for messages).
    let model: SchemaModel
    /// True when libxml2 runs the content models only (see `ContentSchema`), which is how
    /// pages are validated; false compiles the file exactly as written (tests compare both).
    let contentOnly: Bool
    /// True when the verdict on a page is a function of its `PageStructure` (see there).
    let structureDecides: Bool
    /// Structures the schema accepted, for `validate(_:reusing:)`.
    private let accepted = StructureCache()
    /// Accepted structures folded by the elements only one pattern matches
    /// (`StructureClasses`); nil when structures do not decide or the schema is not plain.
    let classes: StructureClasses?

    /// Compiles a schema from RELAX NG XML text; throws the schema's own errors.
    init(source: [UInt8], contentOnly: Bool = true) throws {
        xmlInitParser()
        self.contentOnly = contentOnly
        let document = source.withUnsafeBufferPointer { buffer in
            xmlReadMemory(
                UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                "vantage-html.rng", nil, ParsedPage.options)
        }
        guard let document else { throw SchemaError(messages: ["the schema is not well-formed XML"]) }
        defer { xmlFreeDoc(document) }
        model = try SchemaModel(schema: document)
        if contentOnly { ContentSchema.strip(document) }
        structureDecides = contentOnly && !ContentSchema.reachesValuePattern(document)
        classes = structureDecides ? StructureClasses(contentSchema: document) : nil
        let sink = ErrorSink()
        let compiled: xmlRelaxNGPtr? = withExtendedLifetime(sink) {
            guard let parser = xmlRelaxNGNewDocParserCtxt(document) else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(parser) }
            xmlRelaxNGSetParserStructuredErrors(parser, ErrorSink.handler, Unmanaged.passUnretained(sink).toOpaque())
            return xmlRelaxNGParse(parser)
        }
        guard let compiled else {
            let messages = sink.errors.map { "line \($0.line): \($0.message)" }
            throw SchemaError(messages: messages.isEmpty ? ["the schema does not compile"] : messages)
        }
        schema = compiled
    }

    deinit { xmlRelaxNGFree(schema) }

    /// `validate`, run once per distinct page structure when `reusing` (and the schema allows
    /// it): a page whose structure the schema accepted before is accepted without running
    /// libxml2's validator again. Structures with errors are not kept, so a broken page is
    /// always validated (and its errors reported) in full.
    func validate(_ document: xmlDocPtr, reusing: Bool) -> [LibXMLError] {
        guard reusing, structureDecides else { return validate(document) }
        let structure = PageStructure(document)
        if accepted.contains(structure) { return [] }
        let errors = validate(document)
        if errors.isEmpty {
            accepted.insert(structure)
            classes?.learn(structure.bytes)
        }
        return errors
    }

    /// `validate(_:reusing:)` for a page whose structure the caller has already written out
    /// (`PageScan`'s, byte for byte `PageStructure`'s: `PageScanTests`), without walking
    /// the tree again to write it.
    func validate(_ document: xmlDocPtr, structure: [UInt8]) -> [LibXMLError] {
        guard structureDecides else { return validate(document) }
        if accepted.contains(bytes: structure) { return [] }
        let errors = validate(document)
        if errors.isEmpty {
            accepted.insert(bytes: structure)
            classes?.learn(structure)
        }
        return errors
    }

    /// True when a structure the schema has not seen differs from accepted ones only inside
    /// elements whose content it accepted before (`StructureClasses`): its verdict is then
    /// the same as theirs, and the structure is learnt as accepted.
    func acceptsByClasses(_ structure: [UInt8]) -> Bool {
        guard structureDecides, let classes, classes.accepts(structure) else { return false }
        accepted.insert(bytes: structure)
        return true
    }

    /// A smaller structure whose acceptance stands for `structure`'s
    /// (`StructureClasses.compacted`): nil when nothing repeats or structures do not decide.
    func compacted(_ structure: [UInt8]) -> [UInt8]? {
        guard structureDecides, let classes else { return nil }
        return classes.compacted(structure)
    }

    /// True when the schema accepted a page of this structure (`PageStructure`'s bytes) in
    /// `validate(_:reusing:)`; always false when structures do not decide the verdict.
    func hasAccepted(_ structure: [UInt8]) -> Bool {
        structureDecides && accepted.contains(bytes: structure)
    }

    /// Validates a parsed page's structure; returns libxml2's errors in document order.
    /// With `contentOnly`, the page's attributes are detached for the duration (the content
    /// schema declares none) and put back before returning.
    func validate(_ document: xmlDocPtr) -> [LibXMLError] {
        var detached: [(xmlNodePtr, xmlAttrPtr)] = []
        if contentOnly, let root = xmlDocGetRootElement(document) {
            var stack: [xmlNodePtr] = [root]
            while let node = stack.popLast() {
                if let attributes = node.pointee.properties {
                    detached.append((node, attributes))
                    node.pointee.properties = nil
                }
                var child = node.pointee.children
                while let current = child {
                    if current.pointee.type == XML_ELEMENT_NODE { stack.append(current) }
                    child = current.pointee.next
                }
            }
        }
        defer { for (node, attributes) in detached { node.pointee.properties = attributes } }
        let sink = ErrorSink()
        guard let context = xmlRelaxNGNewValidCtxt(schema) else {
            return [LibXMLError(domain: 0, code: 0, isError: true, message: "out of memory", line: 0, column: 0)]
        }
        defer { xmlRelaxNGFreeValidCtxt(context) }
        withExtendedLifetime(sink) {
            xmlRelaxNGSetValidStructuredErrors(context, ErrorSink.handler, Unmanaged.passUnretained(sink).toOpaque())
            _ = xmlRelaxNGValidateDoc(context, document)
        }
        return sink.errors.filter(\.isError)
    }
}

/// The schema text itself is wrong: a build of Vantage with a broken schema, or a test.
struct SchemaError: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { "schema: " + messages.joined(separator: "; ") }
}
