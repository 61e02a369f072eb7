import Foundation
@preconcurrency import CLibXML2

/// A document built from a `PageStructure`'s bytes alone: the same elements (namespace and
/// local name) in the same places, a text node of one space where the page has only
/// whitespace and of one letter where it has text, and its comments; no attributes.
///
/// That is everything the content schema reads (see `PageStructure`: it holds no attribute
/// pattern and reaches no `data` or `value` pattern), so its verdict on the skeleton is its
/// verdict on the page. The build asks it about a page the scan found clean but whose
/// structure is new, instead of parsing the page a second time into a full tree (on the
/// full shape about a quarter of the pages: every idea list differs in its NEW tags and
/// neighbours). A structure it does not rebuild exactly — one holding a node kind the scan
/// hands to the tree anyway, or bytes that are not a structure — makes no skeleton (nil),
/// and the caller parses the page.
/// A refused skeleton proves nothing about where the errors are: the caller then validates
/// the page on its real tree, which words the findings.
final class StructureSkeleton {
    let document: xmlDocPtr

    /// Nil when the bytes do not describe a document this can rebuild exactly.
    init?(_ structure: [UInt8]) {
        guard let document = xmlNewDoc(nil) else { return nil }
        self.document = document
        // Failing after `document` is set runs `deinit`, which frees it. (That the skeleton
        // writes the same structure again is what `StructureSkeletonTests` check, on every
        // fixture page and edits of them; checking it here cost a third of the skeleton.)
        guard Self.build(structure, into: document) else { return nil }
    }

    deinit { xmlFreeDoc(document) }

    private static let space: [xmlChar] = [0x20, 0]
    private static let letter: [xmlChar] = [0x78, 0]

    /// Appends the structure's nodes to `document`; false for anything it does not rebuild.
    private static func build(_ structure: [UInt8], into document: xmlDocPtr) -> Bool {
        var open: [xmlNodePtr] = []
        open.reserveCapacity(64)
        var root: xmlNodePtr?
        // Namespaces are declared on the root element, each once, with a prefix of their
        // own (RELAX NG matches the URI, never the prefix).
        var namespaces: [[UInt8]: xmlNsPtr] = [:]
        func namespace(_ uri: [UInt8]) -> xmlNsPtr? {
            if let known = namespaces[uri] { return known }
            let prefix = Array("n\(namespaces.count)".utf8) + [0]
            let declared = (uri + [0]).withUnsafeBufferPointer { href in
                prefix.withUnsafeBufferPointer { xmlNewNs(root, href.baseAddress, $0.baseAddress) }
            }
            namespaces[uri] = declared
            return declared
        }
        let documentNode = UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)
        func attach(_ node: xmlNodePtr) { xmlAddChild(open.last ?? documentNode, node) }
        var xhtml: xmlNsPtr?
        var svg: xmlNsPtr?
        return structure.withUnsafeBufferPointer { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 1:
                    guard index < bytes.count else { return false }
                    let kind = bytes[index]
                    index += 1
                    var uri: [UInt8]?
                    switch kind {
                    case UInt8(ascii: "h"), UInt8(ascii: "s"), UInt8(ascii: "-"): break
                    case UInt8(ascii: "u"):
                        let start = index
                        while index < bytes.count, bytes[index] != 0 { index += 1 }
                        guard index < bytes.count else { return false }
                        uri = Array(bytes[start..<index])
                        index += 1
                    default: return false
                    }
                    // The name ends in the structure's own 0: it is a C string in place.
                    let start = index
                    while index < bytes.count, bytes[index] != 0 { index += 1 }
                    guard index < bytes.count, index > start else { return false }
                    index += 1
                    // Only a root element can carry the declarations; a second root is not
                    // a page.
                    if open.isEmpty, root != nil { return false }
                    guard let node = xmlNewDocNode(document, nil, base + start, nil) else { return false }
                    if root == nil {
                        root = node
                        xmlDocSetRootElement(document, node)
                    } else {
                        attach(node)
                    }
                    switch kind {
                    case UInt8(ascii: "h"):
                        if xhtml == nil { xhtml = namespace(Array(ElementFacts.xhtml.utf8)) }
                        guard let xhtml else { return false }
                        xmlSetNs(node, xhtml)
                    case UInt8(ascii: "s"):
                        if svg == nil { svg = namespace(Array(ElementFacts.svg.utf8)) }
                        guard let svg else { return false }
                        xmlSetNs(node, svg)
                    case UInt8(ascii: "u"):
                        guard let uri, let declared = namespace(uri) else { return false }
                        xmlSetNs(node, declared)
                    default:
                        break
                    }
                    open.append(node)
                case 2:
                    guard open.popLast() != nil else { return false }
                case 3, 4:
                    guard !open.isEmpty else { return false }
                    let text = (byte == 3 ? space : letter).withUnsafeBufferPointer { xmlNewDocText(document, $0.baseAddress) }
                    guard let text else { return false }
                    attach(text)
                case 16 + UInt8(XML_COMMENT_NODE.rawValue):
                    guard let comment = letter.withUnsafeBufferPointer({ xmlNewDocComment(document, $0.baseAddress) }) else {
                        return false
                    }
                    attach(comment)
                case 16 + UInt8(XML_DTD_NODE.rawValue):
                    // `<!DOCTYPE html>` first: a DTD node, which the content schema never reads.
                    guard root == nil, document.pointee.intSubset == nil,
                        html.withUnsafeBufferPointer({ xmlCreateIntSubset(document, $0.baseAddress, nil, nil) }) != nil
                    else { return false }
                default:
                    return false
                }
            }
            return open.isEmpty && root != nil
        }
    }

    private static let html: [xmlChar] = Array("html".utf8) + [0]
}
