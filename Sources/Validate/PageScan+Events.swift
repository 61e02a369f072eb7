@preconcurrency import CLibXML2

/// libxml2's SAX callbacks for `PageScan`. Each finds the scan through the parser context's
/// `_private` (the SAX user data is the context itself), where `read` put a pointer to it
/// for the duration of the parse.
extension PageScan {
    /// Fills a SAX2 handler with the scan's callbacks; the rest stay NULL (no tree, no DTD:
    /// a page the scan reads has none).
    static func install(in handler: UnsafeMutablePointer<xmlSAXHandler>) {
        handler.pointee.initialized = XML_SAX2_MAGIC
        handler.pointee.startElementNs = startElement
        handler.pointee.endElementNs = endElement
        // libxml2's own handler reports ignorable whitespace as characters too.
        handler.pointee.characters = characters
        handler.pointee.ignorableWhitespace = characters
        handler.pointee.comment = comment
        handler.pointee.internalSubset = doctypeDeclaration
        handler.pointee.processingInstruction = processingInstruction
        handler.pointee.cdataBlock = cdata
        handler.pointee.reference = reference
        handler.pointee.serror = parserMessage
    }

    @inline(__always)
    private static func with(_ context: UnsafeMutableRawPointer?, _ body: (inout PageScan) -> Void) {
        guard let raw = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
        let scan = raw.assumingMemoryBound(to: PageScan.self)
        if scan.pointee.handover == nil { body(&scan.pointee) }
    }

    private static let startElement: startElementNsSAX2Func = {
        context, localName, _, uri, _, _, attributeCount, _, attributes in
        with(context) { scan in
            guard let localName, let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
                let input = parser.pointee.input, let current = input.pointee.cur, let base = input.pointee.base
            else { return scan.handOver(.unusual) }
            // Where libxml2 stands: on the tag's `>` or `/>` (as `ParsedPage`'s hook reads it).
            let cursor = Int(input.pointee.consumed) + (current - base)
            // Where the input buffer lies in the page: attribute values are handed over in
            // place, so their offsets in the page follow from their addresses.
            scan.input = (base, input.pointee.end, Int(input.pointee.consumed))
            scan.startElement(
                name: localName, namespace: uri, cursor: cursor, attributeCount: Int(attributeCount),
                attributes: attributes)
            scan.input = nil
        }
    }

    private static let endElement: endElementNsSAX2Func = { context, _, _, _ in
        with(context) { $0.endElement() }
    }

    private static let characters: charactersSAXFunc = { context, text, length in
        with(context) { scan in
            guard let text, length > 0 else { return }
            scan.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
    }

    private static let comment: commentSAXFunc = { context, _ in
        with(context) { scan in
            // HTML reads a comment in a title or a textarea as their text.
            if scan.titleDepth >= 0 || scan.open.last?._withUnsafeGuaranteedRef({ $0.special == .textarea }) == true {
                return scan.handOver(.finding)
            }
            scan.flushText()
            scan.appendStructure(16 + UInt8(XML_COMMENT_NODE.rawValue))
        }
    }

    /// `<!DOCTYPE html>`: the tree has a DTD node there, first among the document's children.
    private static let doctypeDeclaration: internalSubsetSAXFunc = { context, _, _, _ in
        with(context) { $0.appendStructure(16 + UInt8(XML_DTD_NODE.rawValue)) }
    }

    private static let processingInstruction: processingInstructionSAXFunc = { context, _, _ in
        with(context) { $0.handOver(.finding) }
    }

    private static let cdata: cdataBlockSAXFunc = { context, _, _ in
        with(context) { $0.handOver(.finding) }
    }

    private static let reference: referenceSAXFunc = { context, _ in
        with(context) { $0.handOver(.unusual) }
    }

    /// Any message at all, even a warning: the tree path says what it means.
    private static let parserMessage: xmlStructuredErrorFunc = { context, _ in
        with(context) { $0.handOver(.parser) }
    }
}
