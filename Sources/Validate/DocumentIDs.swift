import Foundation
@preconcurrency import CLibXML2

/// The ids in an XML file that is not a page (an SVG sprite), for fragments that point into it.
enum DocumentIDs {
    /// Every `id` attribute's value, by its bytes (ids compare by code points, as a page's
    /// do: `ByteStrings`); nil when the file does not parse.
    static func collect(_ bytes: UnsafeRawBufferPointer) -> ByteStrings? {
        let page = ParsedPage(bytes: bytes)
        guard let document = page.document, let root = xmlDocGetRootElement(document) else { return nil }
        var ids = ByteStrings()
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            if let value = xmlGetNoNsProp(node, "id") {
                ids.insert(UnsafeRawBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
                xmlFree(value)
            }
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { stack.append(current) }
                child = current.pointee.next
            }
        }
        return ids
    }
}
