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
    /// What the schema says about each element, for turning libxml2's terse messages into
    /// precise ones.
    let model: SchemaModel

    /// Compiles a schema from RELAX NG XML text; throws the schema's own errors.
    init(source: [UInt8]) throws {
        xmlInitParser()
        let sink = ErrorSink()
        let compiled: xmlRelaxNGPtr? = source.withUnsafeBufferPointer { buffer in
            guard let parser = xmlRelaxNGNewMemParserCtxt(
                UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(buffer.count))
            else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(parser) }
            xmlRelaxNGSetParserStructuredErrors(parser, ErrorSink.handler, Unmanaged.passUnretained(sink).toOpaque())
            return xmlRelaxNGParse(parser)
        }
        guard let compiled else {
            let messages = sink.errors.map { "line \($0.line): \($0.message)" }
            throw SchemaError(messages: messages.isEmpty ? ["the schema does not compile"] : messages)
        }
        schema = compiled
        model = try SchemaModel(source: source)
    }

    deinit { xmlRelaxNGFree(schema) }

    /// Validates a parsed page; returns libxml2's validation errors in document order.
    func validate(_ document: xmlDocPtr) -> [LibXMLError] {
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
