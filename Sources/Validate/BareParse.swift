import Foundation
@preconcurrency import CLibXML2

/// libxml2's parse of a page and nothing else: SAX callbacks that do nothing, no tree, no
/// check. Not a validation (it finds nothing but whether the page is well formed): the
/// benchmarks run it in the build's place of validation to measure the floor that any
/// validation parsing every page with libxml2 cannot go under (`vantage-bench build
/// --parse-only`, docs/SCALE.md).
public enum BareParse {
    /// Parses `bytes` with a pooled context; true when libxml2 found them well formed.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let parser = ParserPool.shared.take() else { return false }
        defer { ParserPool.shared.give(parser, afterParsing: bytes.count) }
        return parser.read(bytes, handler: handler, state: nil)
    }

    /// Start tags, end tags and text go to callbacks that return at once, as the scan's do
    /// before any check (`PageScan.install`); everything else is NULL.
    private nonisolated(unsafe) static let handler: UnsafeMutablePointer<xmlSAXHandler> = {
        let handler = UnsafeMutablePointer<xmlSAXHandler>.allocate(capacity: 1)
        handler.initialize(to: xmlSAXHandler())
        handler.pointee.initialized = XML_SAX2_MAGIC
        handler.pointee.startElementNs = { _, _, _, _, _, _, _, _, _ in }
        handler.pointee.endElementNs = { _, _, _, _ in }
        handler.pointee.characters = { _, _, _ in }
        handler.pointee.ignorableWhitespace = handler.pointee.characters
        handler.pointee.serror = { _, _ in }
        return handler
    }()
}
