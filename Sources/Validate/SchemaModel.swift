@preconcurrency import CLibXML2

/// What the schema allows on each element, read from the same RELAX NG text libxml2 compiles.
///
/// libxml2 reports a failed element as "Element img failed to validate attributes" or
/// "Expecting an element , got nothing"; this model lets `SchemaExplanation` say which
/// attribute is missing or which value is wrong, without a second copy of the rules in Swift.
struct SchemaModel: @unchecked Sendable {
    /// One way an element's attributes may look (a branch of the schema's attribute choices).
    typealias AttributeSet = [String: AttributeRule]

    /// An attribute the schema allows: whether it is required and which values it takes.
    struct AttributeRule {
        var required: Bool
        var value: ValueRule
    }

    /// What an element may carry, and the child elements it must contain.
    struct ElementRule {
        var alternatives: [AttributeSet]
        var requiredChildren: [String]
    }

    /// Element rules by `namespace|local name`; an element defined in several places (a link
    /// in phrasing and in flow content) has several rules.
    private(set) var elements: [String: [ElementRule]] = [:]

    /// The namespace of the annotations that describe value types in words (`v:expected`).
    static let notesNamespace = "urn:vantage:schema-notes"
    static let structureNamespace = "http://relaxng.org/ns/structure/1.0"

    /// The rules of `namespace`'s element `name`.
    func rules(namespace: String, name: String) -> [ElementRule] {
        elements[namespace + "|" + name] ?? []
    }

    init(source: [UInt8]) throws {
        let document = source.withUnsafeBufferPointer { buffer in
            xmlReadMemory(
                UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                "vantage-html.rng", nil, ParsedPage.options)
        }
        guard let document, let root = xmlDocGetRootElement(document) else {
            throw SchemaError(messages: ["the schema is not well-formed XML"])
        }
        defer { xmlFreeDoc(document) }
        var reader = SchemaReader()
        for define in root.structureChildren where define.localName == "define" {
            if let name = define.attribute("name") { reader.defines[name] = define }
        }
        let defaultNamespace = root.attribute("ns") ?? ""
        reader.collectElements(under: root, namespace: defaultNamespace) { name, namespace, element in
            let rule = ElementRule(
                alternatives: reader.attributeAlternatives(element.structureChildren),
                requiredChildren: reader.requiredChildren(element.structureChildren))
            elements[namespace + "|" + name, default: []].append(rule)
        }
    }
}

/// Walks the schema's XML: expands refs, attribute choices and value types.
private struct SchemaReader {
    var defines: [String: xmlNodePtr] = [:]

    /// Calls `visit` for every `<element>` pattern, with its name and namespace.
    func collectElements(
        under node: xmlNodePtr, namespace: String, _ visit: (String, String, xmlNodePtr) -> Void
    ) {
        for child in node.structureChildren {
            let inherited = child.attribute("ns") ?? namespace
            if child.localName == "element", let name = child.attribute("name") {
                visit(name, inherited, child)
            }
            collectElements(under: child, namespace: inherited, visit)
        }
    }

    /// The attribute sets an element's content allows: a choice multiplies the branches,
    /// optional marks its attributes as not required. Nested elements are not entered.
    func attributeAlternatives(_ patterns: [xmlNodePtr], depth: Int = 0) -> [SchemaModel.AttributeSet] {
        var result: [SchemaModel.AttributeSet] = [[:]]
        for pattern in patterns {
            let branches = alternatives(of: pattern, depth: depth)
            var combined: [SchemaModel.AttributeSet] = []
            for left in result {
                for right in branches { combined.append(left.merging(right) { first, _ in first }) }
            }
            result = combined
        }
        return result
    }

    private func alternatives(of pattern: xmlNodePtr, depth: Int) -> [SchemaModel.AttributeSet] {
        guard depth < 40 else { return [[:]] }
        switch pattern.localName {
        case "attribute":
            guard let name = pattern.attribute("name") else { return [[:]] }
            let value = valueRule(pattern.structureChildren.first, depth: depth + 1)
            return [[name: SchemaModel.AttributeRule(required: true, value: value)]]
        case "optional", "zeroOrMore":
            return attributeAlternatives(pattern.structureChildren, depth: depth + 1).map { set in
                set.mapValues { SchemaModel.AttributeRule(required: false, value: $0.value) }
            }
        case "oneOrMore", "group", "interleave", "mixed":
            return attributeAlternatives(pattern.structureChildren, depth: depth + 1)
        case "choice":
            // Branches without attributes (elements, text, empty) collapse into one, so a choice
            // of twenty elements does not multiply the attribute sets.
            var branches: [SchemaModel.AttributeSet] = []
            var sawEmpty = false
            for branch in pattern.structureChildren.flatMap({ alternatives(of: $0, depth: depth + 1) }) {
                if branch.isEmpty {
                    if sawEmpty { continue }
                    sawEmpty = true
                }
                branches.append(branch)
            }
            return branches
        case "ref":
            guard let name = pattern.attribute("name"), let define = defines[name] else { return [[:]] }
            return attributeAlternatives(define.structureChildren, depth: depth + 1)
        default:
            return [[:]]
        }
    }

    /// The values an attribute pattern accepts.
    func valueRule(_ pattern: xmlNodePtr?, depth: Int) -> ValueRule {
        var rule = ValueRule()
        guard let pattern, depth < 40 else {
            rule.anyText = true
            return rule
        }
        if let expected = pattern.attribute("expected", namespace: SchemaModel.notesNamespace) {
            rule.expected = expected
        }
        switch pattern.localName {
        case "text":
            rule.anyText = true
        case "value":
            rule.literals.append(pattern.content)
        case "data":
            let parameters = pattern.structureChildren.filter { $0.localName == "param" && $0.attribute("name") == "pattern" }
            if parameters.isEmpty { rule.anyText = true }
            for parameter in parameters { rule.addPattern(parameter.content) }
        case "choice":
            for branch in pattern.structureChildren { rule.merge(valueRule(branch, depth: depth + 1)) }
        case "ref":
            if let name = pattern.attribute("name"), let define = defines[name] {
                let inner = valueRule(define.structureChildren.first, depth: depth + 1)
                let note = define.attribute("expected", namespace: SchemaModel.notesNamespace)
                rule.merge(inner)
                rule.expected = rule.expected ?? note ?? inner.expected
            }
        default:
            rule.anyText = true
        }
        return rule
    }

    /// Child elements the content requires outright (not inside optional, choice or repetition).
    func requiredChildren(_ patterns: [xmlNodePtr], depth: Int = 0) -> [String] {
        guard depth < 40 else { return [] }
        var names: [String] = []
        for pattern in patterns {
            switch pattern.localName {
            case "element":
                if let name = pattern.attribute("name") { names.append(name) }
            case "group", "oneOrMore":
                names += requiredChildren(pattern.structureChildren, depth: depth + 1)
            case "ref":
                if let name = pattern.attribute("name"), let define = defines[name] {
                    names += requiredChildren(define.structureChildren, depth: depth + 1)
                }
            default:
                break
            }
        }
        return names
    }
}

extension UnsafeMutablePointer where Pointee == xmlNode {
    /// The element children in the RELAX NG namespace (annotations and text skipped).
    fileprivate var structureChildren: [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE,
                let ns = node.pointee.ns?.pointee.href, String(cString: ns) == SchemaModel.structureNamespace
            {
                result.append(node)
            }
            child = node.pointee.next
        }
        return result
    }

    fileprivate var localName: String { String(cString: pointee.name) }

    fileprivate var content: String {
        guard let text = xmlNodeGetContent(self) else { return "" }
        defer { xmlFree(text) }
        return String(cString: text)
    }

    /// An attribute's value with surrounding whitespace trimmed, as RELAX NG reads names.
    fileprivate func attribute(_ name: String, namespace: String? = nil) -> String? {
        let value = namespace.map { xmlGetNsProp(self, name, $0) } ?? xmlGetNoNsProp(self, name)
        guard let value else { return nil }
        defer { xmlFree(value) }
        return String(cString: value).trimmingASCIIWhitespace()
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension SchemaModel {
    /// True when some definition of the element accepts `value` for `attribute`.
    func accepts(namespace: String, element: String, attribute: String, value: String) -> Bool {
        rules(namespace: namespace, name: element).contains { rule in
            rule.alternatives.contains { $0[attribute]?.value.accepts(value) ?? false }
        }
    }
}
