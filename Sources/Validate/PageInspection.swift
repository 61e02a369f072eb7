@preconcurrency import CLibXML2

/// The checks the schema cannot express, in one walk over a parsed page: ids and references,
/// event handlers and URL schemes, labels, polyglot syntax, the hooks' cross-attribute rules.
/// It also removes generic `data-*` attributes from the tree (after checking them), since
/// RELAX NG name classes cannot say "any name starting with data-".
struct PageInspection {
    let path: String
    let bytes: UnsafeRawBufferPointer
    let lines: LineIndex

    private(set) var findings: [Finding] = []
    /// Every id on the page, with the line and column of its first use.
    private(set) var ids: [String: (line: Int, column: Int)] = [:]
    /// References to other files (and to this page by name), first use of each target only.
    private(set) var siteReferences: [SiteReference] = []
    private var siteReferenceKeys: Set<String> = []
    /// `#id` references and id-list attributes, resolved once every id is known.
    private var pendingFragments: [(id: String, message: String, line: Int, column: Int)] = []
    private var pendingIDReferences: [(id: String, message: String, line: Int, column: Int)] = []
    /// Attributes (or `*` for the whole element) whose problem a finding here already
    /// explains; schema errors about them are dropped so each problem is reported once.
    private(set) var explained: Set<ExplainedKey> = []
    /// `<body data-page>`: the page kind.
    private(set) var kind: String?

    struct ExplainedKey: Hashable {
        var node: UnsafeMutableRawPointer
        var attribute: String
    }

    init(path: String, bytes: UnsafeRawBufferPointer, lines: LineIndex) {
        self.path = path
        self.bytes = bytes
        self.lines = lines
    }

    /// Walks the whole document, then resolves same-page references.
    mutating func inspect(_ document: xmlDocPtr) {
        checkDoctype()
        var child = document.pointee.children
        while let node = child {
            visit(node, insideLabel: false)
            child = node.pointee.next
        }
        resolveSamePageReferences()
    }

    // MARK: Locations

    /// Where `node` starts (its `<`), or its line when the parser hook did not record it.
    func position(of node: xmlNodePtr) -> (line: Int, column: Int) {
        if let span = ParsedPage.span(of: node) { return lines.position(of: span.start) }
        return (Int(xmlGetLineNo(node)), 1)
    }

    /// Where `attribute` is written inside `node`'s start tag (its name), or the tag's start.
    func position(of node: xmlNodePtr, attribute: String) -> (line: Int, column: Int) {
        guard let span = ParsedPage.span(of: node) else { return position(of: node) }
        let offset = StartTag(bytes: bytes, span: span).offset(ofAttribute: attribute) ?? span.start
        return lines.position(of: offset)
    }

    mutating func report(_ rule: Finding.Rule, _ message: String, at position: (line: Int, column: Int)) {
        findings.append(Finding(rule: rule, file: path, line: position.line, column: position.column, message: message))
    }

    mutating func explain(_ node: xmlNodePtr, attribute: String) {
        explained.insert(ExplainedKey(node: UnsafeMutableRawPointer(node), attribute: attribute))
    }

    // MARK: The walk

    private mutating func visit(_ node: xmlNodePtr, insideLabel: Bool) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let element = ElementFacts(node)
            checkElement(node, element, insideLabel: insideLabel)
            let labelled = insideLabel || (element.isHTML && element.name == "label")
            var child = node.pointee.children
            while let next = child {
                visit(next, insideLabel: labelled)
                child = next.pointee.next
            }
        case XML_PI_NODE:
            report(.polyglot, "an XML processing instruction is not HTML (an HTML parser reads it as a bogus comment)",
                at: (Int(xmlGetLineNo(node)), 1))
        case XML_CDATA_SECTION_NODE:
            report(.polyglot, "a CDATA section is not HTML outside svg and math: escape the text instead",
                at: (Int(xmlGetLineNo(node)), 1))
        default:
            break
        }
    }

    private mutating func checkDoctype() {
        let expected = Array("<!DOCTYPE html>".utf8)
        if bytes.count < expected.count || !zip(bytes, expected).allSatisfy({ $0 == $1 }) {
            report(.polyglot, "a page must start with <!DOCTYPE html>", at: (1, 1))
        }
    }

    private mutating func resolveSamePageReferences() {
        for reference in pendingFragments where ids[reference.id] == nil {
            report(.brokenFragment, reference.message, at: (reference.line, reference.column))
        }
        for reference in pendingIDReferences where ids[reference.id] == nil {
            report(.idReference, reference.message, at: (reference.line, reference.column))
        }
    }

    // MARK: Collected facts

    mutating func record(id: String, node: xmlNodePtr) {
        let location = position(of: node, attribute: "id")
        if let first = ids[id] {
            report(.duplicateID, "duplicate id \"\(id)\" (first used on line \(first.line))", at: location)
        } else {
            ids[id] = location
        }
    }

    mutating func record(_ reference: Reference, value: String, attribute: String, at location: (line: Int, column: Int)) {
        switch reference {
        case .fragment(let id):
            pendingFragments.append((id, "\(attribute)=\"\(value)\": no id \"\(id)\" on this page", location.line, location.column))
        case .file(let target, let fragment):
            let key = target + "#" + (fragment ?? "")
            guard siteReferenceKeys.insert(key).inserted else { return }
            siteReferences.append(SiteReference(
                source: path, target: target, fragment: fragment, written: "\(attribute)=\"\(value)\"",
                line: location.line, column: location.column))
        case .inlineImage:
            break
        case .problem(let rule, let message):
            report(rule, message, at: location)
        }
    }

    mutating func recordIDReference(_ id: String, attribute: String, at location: (line: Int, column: Int)) {
        pendingIDReferences.append((id, "\(attribute) names \"\(id)\", which is no id on this page", location.line, location.column))
    }

    mutating func setKind(_ value: String) { kind = value }
}

/// A reference from a page to a file of the site, checked once every file is known.
struct SiteReference: Sendable {
    /// The page the reference is written in.
    var source: String
    /// The file it names, relative to the site root.
    var target: String
    var fragment: String?
    /// `href="…"` as written, for messages.
    var written: String
    var line: Int
    var column: Int
}
