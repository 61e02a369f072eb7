@preconcurrency import CLibXML2

/// One walk over a parsed page: the schema's attribute rules (see `ContentSchema`), and the
/// checks a schema cannot express: ids and references, event handlers and URL schemes,
/// labels, polyglot syntax, generic `data-*` attributes (RELAX NG name classes cannot say
/// "any name starting with data-"), the hooks' cross-attribute rules.
struct PageInspection {
    let path: String
    let bytes: UnsafeRawBufferPointer
    let lines: LineIndex

    private(set) var findings: [Finding] = []
    /// Every id on the page, with the element that uses it first.
    /// The page's ids by their UTF-8: ids are equal when their code points are (as in a
    /// browser), not when Swift's strings are (`"é"` and `"e\u{301}"` are two ids), and the
    /// scan and the site check compare their bytes too (`ByteStrings`).
    private(set) var ids: [[UInt8]: xmlNodePtr] = [:]
    /// References to other files (and to this page by name), first use of each target only.
    private(set) var siteReferences: [SiteReference] = []
    private var siteReferenceKeys: Set<String> = []
    /// `#id` references and id-list attributes, resolved once every id is known (messages and
    /// positions are built only for those that fail).
    private var pendingFragments: [PendingReference] = []
    private var pendingIDReferences: [PendingReference] = []

    /// Controls without a label around them or an ARIA name, and the ids `<label for>` names.
    private var unlabelledControls: [(node: xmlNodePtr, type: String, id: String?)] = []
    /// Each `<label for>`: the id it names and the label.
    private var labelFors: [(id: String, node: xmlNodePtr)] = []

    private struct PendingReference {
        var id: String
        var attribute: String
        var value: String
        var node: xmlNodePtr
    }
    /// `<body data-page>`: the page kind.
    private(set) var kind: String?
    /// The page's `<meta>` elements so far, and of them `<meta name="description">`.
    var metas = 0
    var descriptions = 0
    /// The page's `<meta charset>` elements so far.
    var charsets = 0

    /// The schema's attribute rules.
    let model: SchemaModel

    /// The page's path, split for resolving relative links.
    let page: PagePath
    /// Element and attribute names worked out once per page.
    var vocabulary: PageVocabulary
    /// Reused for each element's attributes (no allocation per element).
    var attributeBuffer: [(slot: Int, name: String, attribute: xmlAttrPtr)] = []

    init(path: String, bytes: UnsafeRawBufferPointer, lines: LineIndex, model: SchemaModel) {
        self.model = model
        self.path = path
        self.page = PagePath(path)
        self.vocabulary = PageVocabulary(model: model)
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
        checkCodePoints()
    }

    /// Code points HTML forbids, raw or referenced (the first 20: a page full of them says
    /// enough by then).
    private mutating func checkCodePoints() {
        for hit in ForbiddenCodePoints.find(in: bytes, limit: 20) {
            report(.polyglot, ForbiddenCodePoints.message(hit, in: bytes), at: lines.position(of: hit.offset))
        }
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

    // MARK: The walk

    private mutating func visit(_ node: xmlNodePtr, insideLabel: Bool) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let element = vocabulary.element(node)
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
            report(.polyglot, "a CDATA section: HTML reads one as text only in svg and math content, and not everywhere there (not in their title or desc): escape the text instead, which XML and HTML read alike",
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
        // The ids `<label for>` names, by their UTF-8 (as `ids`).
        let labelTargets = Set(labelFors.map { Array($0.id.utf8) })
        for control in unlabelledControls where !(control.id.map { labelTargets.contains(Array($0.utf8)) } ?? false) {
            report(.label, "<input type=\"\(control.type)\"> has no label: wrap it in a <label>, name its id in <label for>, or give it aria-label or aria-labelledby",
                at: position(of: control.node))
        }
        for label in labelFors {
            guard let named = ids[Array(label.id.utf8)], !Self.isLabelable(named) else { continue }
            let what = String(cString: named.pointee.name) == "input" ? "input type=\"hidden\"" : String(cString: named.pointee.name)
            report(.label, "<label for=\"\(label.id)\"> names <\(what)>, which a label cannot name: "
                + "give it the id of a form control", at: position(of: label.node, attribute: "for"))
        }
        for reference in pendingFragments where ids[Array(reference.id.utf8)] == nil {
            report(.brokenFragment, "\(reference.attribute)=\"\(reference.value)\": no id \"\(reference.id)\" on this page",
                at: position(of: reference.node, attribute: reference.attribute))
        }
        for reference in pendingIDReferences where ids[Array(reference.id.utf8)] == nil {
            report(.idReference, "\(reference.attribute) names \"\(reference.id)\", which is no id on this page",
                at: position(of: reference.node, attribute: reference.attribute))
        }
    }

    // MARK: Collected facts

    mutating func record(id: String, node: xmlNodePtr) {
        if let first = ids[Array(id.utf8)] {
            report(.duplicateID, "duplicate id \"\(id)\" (first used on line \(position(of: first, attribute: "id").line))",
                at: position(of: node, attribute: "id"))
        } else {
            ids[Array(id.utf8)] = node
        }
    }

    mutating func record(_ reference: Reference, value: String, attribute: String, node: xmlNodePtr) {
        switch reference {
        case .fragment(let id):
            pendingFragments.append(PendingReference(id: id, attribute: attribute, value: value, node: node))
        case .file(let target, let fragment):
            let key = SiteReference.key(target: target, fragment: fragment)
            guard siteReferenceKeys.insert(key).inserted else { return }
            let location = position(of: node, attribute: attribute)
            siteReferences.append(SiteReference(
                source: path, target: target, fragment: fragment, attribute: attribute, value: value,
                line: location.line, column: location.column))
        case .inlineImage:
            break
        case .problem(let rule, let message):
            report(rule, message, at: position(of: node, attribute: attribute))
        }
    }

    mutating func recordIDReference(_ id: String, attribute: String, value: String, node: xmlNodePtr) {
        pendingIDReferences.append(PendingReference(id: id, attribute: attribute, value: value, node: node))
    }

    mutating func recordUnlabelledControl(_ node: xmlNodePtr, type: String, id: String?) {
        unlabelledControls.append((node, type, id))
    }

    mutating func recordLabelTarget(_ id: String, label: xmlNodePtr) {
        labelFors.append((id, label))
    }

    /// An HTML element a `<label>` can name (`ElementFacts.labelable`; an `<input>` unless hidden).
    static func isLabelable(_ node: xmlNodePtr) -> Bool {
        guard ElementFacts.namespace(of: node) == ElementFacts.xhtml else { return false }
        let name = String(cString: node.pointee.name)
        guard ElementFacts.labelable.contains(name) else { return false }
        return name != "input" || ElementFacts(node).value("type") != "hidden"
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
    /// The attribute (`href`, or `url()` in a style sheet) and the value written in it.
    var attribute: String
    var value: String
    var line: Int
    var column: Int

    /// `href="…"` as written, for messages (made only for a reference that fails).
    var written: String { "\(attribute)=\"\(value)\"" }

    /// What tells a page's references apart (`target#fragment`, or `target`): a page records
    /// the first use of each, on the tree as in the scan.
    static func key(target: String, fragment: String?) -> String {
        fragment.map { target + "#" + $0 } ?? target
    }
}
