@preconcurrency import CLibXML2

/// The ids in an XML file that is not a page (an SVG sprite), for fragments that point into it.
enum DocumentIDs {
    /// Every `id` attribute's value; nil when the file does not parse.
    static func collect(_ bytes: UnsafeRawBufferPointer) -> Set<String>? {
        let page = ParsedPage(bytes: bytes)
        guard let document = page.document, let root = xmlDocGetRootElement(document) else { return nil }
        var ids: Set<String> = []
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            if let value = xmlGetNoNsProp(node, "id") {
                ids.insert(String(cString: value))
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
