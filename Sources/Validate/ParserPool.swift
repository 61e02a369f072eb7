import Foundation
@preconcurrency import CLibXML2

/// libxml2 parser contexts, kept for reuse: creating one (its input stack, name tables and
/// dictionary) costs about as much as parsing a small page. `xmlCtxtReadMemory` resets a
/// context before each document, keeping its SAX handlers and dictionary, so a context can
/// parse page after page. A context is used by one thread at a time: it is taken from the
/// pool for one parse and given back afterwards.
final class ParserPool: @unchecked Sendable {
    static let shared = ParserPool()

    private let lock = NSLock()
    private var idle: [(context: xmlParserCtxtPtr, uses: Int)] = []
    /// Contexts kept at most (one per thread that validates is enough).
    private let capacity = 32
    /// Documents a context parses before it is replaced: its dictionary keeps every name (and
    /// short text) it ever interned, which must not grow without bound.
    private static let documentsPerContext = 2_000

    /// A context ready to parse, with the default SAX handlers, and how many documents it
    /// has parsed.
    func take() -> (context: xmlParserCtxtPtr, uses: Int)? {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        if let reused { return reused }
        guard let context = xmlNewParserCtxt() else { return nil }
        context.pointee._private = nil
        return (context, 0)
    }

    /// Gives a context back after a parse, its SAX handlers restored by the caller; `uses`
    /// counts that parse.
    func give(_ context: xmlParserCtxtPtr, uses: Int) {
        context.pointee._private = nil
        lock.lock()
        if idle.count < capacity, uses < Self.documentsPerContext {
            idle.append((context, uses))
            lock.unlock()
            return
        }
        lock.unlock()
        xmlFreeParserCtxt(context)
    }
}
