import Foundation
@preconcurrency import CLibXML2

/// An element's name, namespace and attributes as Swift values, for the few elements whose
/// checks read several attributes (body, input, button, script, style) and for messages.
struct ElementFacts {
    static let xhtml = "http://www.w3.org/1999/xhtml"

    /// True for a `data-*` attribute's name (`qualified` with its `data-`) that the site's
    /// rule allows: something after `data-`, all of it lower-case ASCII letters, digits, `-`,
    /// `_` or `.` (XML-safe, and what `dataset` reads back as written). One rule for the build's
    /// scan and `vantage check`'s tree.
    static func isDataName(_ qualified: some StringProtocol) -> Bool {
        let suffix = qualified.unicodeScalars.dropFirst(5)
        return !suffix.isEmpty && suffix.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."
        }
    }

    /// What `isDataName` allows, for the finding.
    static let dataNameRule = "use lower-case letters, digits, hyphens, underscores and dots"
    static let svg = "http://www.w3.org/2000/svg"

    /// HTML's void elements: the only ones a polyglot page may write as `<x/>`.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// HTML elements that HTML allows at no depth inside some others (content models the
    /// schema's patterns do not carry down: "flow content, but with no form element
    /// descendants"), by the element, with those ancestors. The scan and the tree both read it.
    static let forbiddenAncestors: [String: [String]] = [
        "form": ["form"], "header": ["header", "footer"], "footer": ["header", "footer"], "noscript": ["noscript"],
        "meter": ["meter"], "progress": ["progress"],
    ]
    /// HTML elements whose descendants may not be focusable by `tabindex` (interactive
    /// content, which the schema already keeps out of them, aside).
    static let focusFree: Set<String> = ["a", "button"]
    /// HTML's labelable elements: what a `<label>` names (an `<input>` unless hidden).
    static let labelable: Set<String> = ["button", "input", "meter", "output", "progress", "select", "textarea"]
    /// HTML: a page has at most one `<meta>` of this name.
    static let singleMetaName = "description"
    /// HTML: the element declaring the encoding must end within the page's first 1,024 bytes,
    /// the part a browser reads for it before parsing.
    static let encodingScanBytes = 1024

    let name: String
    let namespace: String
    /// The attributes in document order: qualified name (`xlink:href`), value, and the node.
    let attributes: [(name: String, value: String, node: xmlAttrPtr)]

    var isHTML: Bool { namespace == Self.xhtml }
    var isSVG: Bool { namespace == Self.svg }

    init(_ node: xmlNodePtr) {
        name = String(cString: node.pointee.name)
        namespace = Self.namespace(of: node)
        var list: [(String, String, xmlAttrPtr)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            var qualified = String(cString: current.pointee.name)
            if let prefix = current.pointee.ns?.pointee.prefix { qualified = String(cString: prefix) + ":" + qualified }
            list.append((qualified, PageVocabulary.value(of: current), current))
            attribute = current.pointee.next
        }
        attributes = list
    }

    /// The element's namespace URI; the two the site uses come back as shared constants
    /// (no allocation per element).
    static func namespace(of node: xmlNodePtr) -> String {
        guard let href = node.pointee.ns?.pointee.href else { return "" }
        if strcmp(href, xhtml) == 0 { return xhtml }
        if strcmp(href, svg) == 0 { return svg }
        return String(cString: href)
    }

    /// The value of the attribute named `name`, if present.
    func value(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// The bytes of one start tag, for finding where an attribute is written.
struct StartTag {
    let bytes: UnsafeRawBufferPointer
    let span: ParsedPage.TagSpan

    /// The offset of attribute `name`'s first character, skipping quoted values so that a
    /// name mentioned inside another attribute's value is not mistaken for it.
    func offset(ofAttribute name: String) -> Int? {
        var name = name
        return name.withUTF8 { offset(ofAttribute: $0) }
    }

    /// `offset(ofAttribute:)` for a name given as UTF-8 (no array made per call).
    func offset(ofAttribute target: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = min(span.start + span.length, bytes.count)
        var index = span.start + 1
        // Skip the element name.
        while index < end, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        while index < end {
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { return nil }
            let nameStart = index
            while index < end, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            if index - nameStart == target.count, target.count == 0 || memcmp(bytes.baseAddress! + nameStart, target.baseAddress!, target.count) == 0 {
                return nameStart
            }
            while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
            guard index < end else { return nil }
            let quote = bytes[index]
            index += 1
            while index < end, bytes[index] != quote { index += 1 }
            index += 1
        }
        return nil
    }

    /// Where attribute `name`'s value is written, between its quotes.
    func valueRange(ofAttribute name: String) -> Range<Int>? {
        guard var index = offset(ofAttribute: name) else { return nil }
        let end = min(span.start + span.length, bytes.count)
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
        guard index < end else { return nil }
        let quote = bytes[index]
        let start = index + 1
        index = start
        while index < end, bytes[index] != quote { index += 1 }
        return index < end ? start..<index : nil
    }

    /// XML whitespace, which separates a tag's attributes.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
