@preconcurrency import CLibXML2

/// A page parsed by libxml2's XML parser, with the byte position of every element's start tag.
///
/// libxml2 keeps only a line per node; diagnostics want a column too, and polyglot checks want
/// to know whether a tag was written self-closed (`<div/>`). A SAX hook records both while the
/// tree is built, packed into each element's `_private` pointer (libxml2's field for
/// application data): start offset in the high 32 bits, tag length and the self-closed flag
/// in the low bits.
final class ParsedPage {
    /// The tree, or nil when the page is not well-formed.
    let document: xmlDocPtr?
    /// Parser errors (well-formedness, namespaces, encoding).
    let errors: [LibXMLError]

    /// Options: never touch the network, never load a DTD or substitute external entities
    /// (all of which are off unless asked for), and keep libxml2 quiet on stderr.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)

    /// Parses `bytes`, which must stay valid for the lifetime of the page (offsets refer to it).
    init(bytes: UnsafeRawBufferPointer) {
        let sink = ErrorSink()
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max),
            let parser = ParserPool.shared.take()
        else {
            document = nil
            errors = [LibXMLError(domain: 1, code: 4, isError: true, message: "the page is empty", line: 1, column: 1)]
            return
        }
        let context = parser.context
        guard let sax = context.pointee.sax else {
            xmlFreeParserCtxt(context)
            document = nil
            errors = [LibXMLError(domain: 1, code: 2, isError: true, message: "out of memory", line: 1, column: 1)]
            return
        }
        // xmlCtxtReadMemory resets the context but keeps its SAX handlers and _private; the
        // context goes back to the pool with libxml2's own handlers in place.
        let state = HookState(sink: sink, bytes: bytes, buildElement: sax.pointee.startElementNs)
        let unmanaged = Unmanaged.passRetained(state)
        let ownError = sax.pointee.serror
        defer {
            sax.pointee.serror = ownError
            sax.pointee.startElementNs = state.buildElement
            ParserPool.shared.give(parser, afterParsing: bytes.count)
            unmanaged.release()
        }
        context.pointee._private = unmanaged.toOpaque()
        sax.pointee.serror = Self.parserError
        sax.pointee.startElementNs = Self.startElement
        // No encoding argument: UTF-8 is the default (and still checked), and naming it would
        // install a converter that makes every offset computation re-encode the input.
        let parsed = xmlCtxtReadMemory(
            context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, Self.options)
        if let parsed, context.pointee.wellFormed != 0, sink.errors.allSatisfy({ !$0.isError }) {
            document = parsed
        } else {
            if let parsed { xmlFreeDoc(parsed) }
            document = nil
        }
        errors = sink.errors
    }

    deinit {
        if let document { xmlFreeDoc(document) }
    }

    /// The position of an element's start tag: offset of `<`, length up to and including `>`.
    struct TagSpan {
        var start: Int
        var length: Int
        var selfClosed: Bool
    }

    /// Where `node`'s start tag is, when the hook recorded it.
    static func span(of node: xmlNodePtr) -> TagSpan? {
        guard let raw = node.pointee._private else { return nil }
        let packed = UInt(bitPattern: raw)
        return TagSpan(start: Int(packed >> 32), length: Int((packed & 0xFFFF_FFFF) >> 1), selfClosed: packed & 1 == 1)
    }

    /// What the hooks need: where errors go, and the bytes being parsed.
    private final class HookState {
        let sink: ErrorSink
        let bytes: UnsafeRawBufferPointer
        /// libxml2's own tree-building handler (xmlSAX2StartElementNs), called first.
        let buildElement: startElementNsSAX2Func?
        init(sink: ErrorSink, bytes: UnsafeRawBufferPointer, buildElement: startElementNsSAX2Func?) {
            self.sink = sink
            self.bytes = bytes
            self.buildElement = buildElement
        }
    }

    private static func state(_ context: UnsafeMutableRawPointer?) -> HookState? {
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let raw = parser.pointee._private
        else { return nil }
        return Unmanaged<HookState>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Parser errors arrive with the SAX user data, which is the parser context itself.
    private static let parserError: xmlStructuredErrorFunc = { context, error in
        guard let error, let state = state(context) else { return }
        state.sink.record(error.pointee)
    }

    /// Builds the node as usual, then records where its start tag is. When libxml2 calls this
    /// it has read the attributes and stands on the tag's `>` or `/>`; attribute values cannot
    /// hold a raw `<`, so the nearest `<` before that is the tag's start.
    private static let startElement: startElementNsSAX2Func = {
        context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
        guard let state = state(context) else { return }
        state.buildElement?(
            context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let node = parser.pointee.node else {
            return
        }
        // The offset of the parser's cursor in the page: what it has discarded from its buffer
        // plus its position in what is left (bytes are not converted: the page is UTF-8).
        guard let input = parser.pointee.input, let current = input.pointee.cur, let inputBase = input.pointee.base else {
            return
        }
        let cursor = Int(input.pointee.consumed) + (current - inputBase)
        let bytes = state.bytes
        guard cursor > 0, cursor < bytes.count, cursor < Int(UInt32.max) else { return }
        var start = cursor - 1
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        guard bytes[start] == UInt8(ascii: "<") else { return }
        let selfClosed = bytes[cursor] == UInt8(ascii: "/")
        let end = cursor + (selfClosed ? 2 : 1)
        let packed = (UInt(start) << 32) | (UInt(end - start) << 1) | (selfClosed ? 1 : 0)
        node.pointee._private = UnsafeMutableRawPointer(bitPattern: packed)
    }
}
