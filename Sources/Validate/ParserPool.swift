import Foundation
@preconcurrency import CLibXML2

/// libxml2 parser contexts, kept for reuse: creating one (its input stack, name tables and
/// dictionary) costs about as much as parsing a small page. `xmlCtxtReadMemory` resets a
/// context before each document, keeping its SAX handlers and dictionary, so a context can
/// parse page after page. A context is used by one thread at a time: it is taken from the
/// pool for one parse and given back afterwards.
final class ParserPool: @unchecked Sendable {
    static let shared = ParserPool()

    /// A context with what lives as long as it: how many documents it has parsed, and the
    /// tree-less scan's handler and name tables (`PageScan`), made on first use. Names in
    /// those tables are keyed by libxml2's interned name pointers, which stay valid (and
    /// unique) for as long as the context's dictionary, that is, the context.
    struct Parser {
        let context: xmlParserCtxtPtr
        var uses: Int
        var scan: ScanContext?

        /// Parses `bytes` with `handler` in place of the context's own SAX handlers (libxml2's
        /// tree builder, which the tree path expects there: they go back before this returns)
        /// and `state` as the context's `_private`, where the callbacks find it. True when
        /// libxml2 found the bytes well formed.
        func read(_ bytes: UnsafeRawBufferPointer, handler: UnsafeMutablePointer<xmlSAXHandler>, state: UnsafeMutableRawPointer?) -> Bool {
            guard let base = bytes.baseAddress, bytes.count < Int(Int32.max) else { return false }
            let treeHandler = context.pointee.sax
            context.pointee.sax = handler
            context.pointee._private = state
            let document = xmlCtxtReadMemory(
                context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, ParsedPage.options)
            if let document { xmlFreeDoc(document) }
            context.pointee.sax = treeHandler
            return context.pointee.wellFormed != 0
        }
    }

    private let lock = NSLock()
    private var idle: [Parser] = []
    /// Contexts kept at most (one per thread that validates is enough).
    private let capacity = 32
    /// Documents a context parses before it is replaced: its dictionary keeps every name (and
    /// short text) it ever interned, which must not grow without bound.
    private static let documentsPerContext = 2_000
    /// Pages of at least this many bytes are not kept with an idle context (`give`).
    private static let largeInput = 1 << 20

    /// A context ready to parse, with the default SAX handlers.
    func take() -> Parser? {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        if let reused { return reused }
        guard let context = xmlNewParserCtxt() else { return nil }
        context.pointee._private = nil
        return Parser(context: context, uses: 0, scan: nil)
    }

    /// Gives a context back after a parse of `size` bytes, its SAX handlers restored by the
    /// caller; the parse is counted here.
    func give(_ parser: Parser, afterParsing size: Int) {
        var parser = parser
        parser.uses += 1
        parser.context.pointee._private = nil
        // libxml2 parses from a copy of the bytes (in a buffer of the next power of two), which
        // stays with the context until its next parse resets it: a large page's (the "view as"
        // index: 33 MB at 40,000 people) goes now. The reset is the one that parse would do.
        if size >= Self.largeInput { xmlCtxtReset(parser.context) }
        lock.lock()
        if idle.count < capacity, parser.uses < Self.documentsPerContext {
            idle.append(parser)
            lock.unlock()
            return
        }
        lock.unlock()
        xmlFreeParserCtxt(parser.context)
    }
}
