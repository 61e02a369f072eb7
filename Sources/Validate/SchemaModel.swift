@preconcurrency import CLibXML2

/// What the schema says about each element, read from the same RELAX NG text: the attribute
/// rules (checked in Swift, see `ContentSchema`) and the children an element must have (to
/// say which one is missing when libxml2 reports "Expecting an element , got nothing").
struct SchemaModel: @unchecked Sendable {
    /// One way an element's attributes may look (a branch of the schema's attribute choices).
    struct AttributeSet {
        var rules: [String: AttributeRule] = [:]
        /// The names of the required attributes, sorted.
        private(set) var required: [String] = []

        init(rules: [String: AttributeRule]) {
            self.rules = rules
            required = rules.filter(\.value.required).keys.sorted()
        }
    }

    /// An attribute the schema allows: whether it is required and which values it takes.
    /// A class: looked up for every attribute of every page, it should cost one retain, not
    /// one per field of its value rule.
    final class AttributeRule: @unchecked Sendable {
        let required: Bool
        let value: ValueRule
        init(required: Bool, value: ValueRule) {
            self.required = required
            self.value = value
        }
    }

    /// What an element may carry, and the child elements it must contain.
    struct ElementRule {
        var alternatives: [AttributeSet]
        var requiredChildren: [String]
    }

    /// Element rules by local name, then namespace; an element defined in several places (a
    /// link in phrasing and in flow content) has several rules, and its attributes are checked
    /// against the union of them (`alternatives`).
    private(set) var elements: [String: [String: [ElementRule]]] = [:]
    /// Every attribute set of every definition of an element, by local name, then namespace.
    private(set) var alternatives: [String: [String: [AttributeSet]]] = [:]

    /// The namespace of the annotations that describe value types in words (`v:expected`).
    static let notesNamespace = "urn:vantage:schema-notes"
    static let structureNamespace = "http://relaxng.org/ns/structure/1.0"

    /// The rules of `namespace`'s element `name`.
    func rules(namespace: String, name: String) -> [ElementRule] {
        elements[name]?[namespace] ?? []
    }

    /// The attribute sets of every definition of the element.
    func attributeSets(namespace: String, name: String) -> [AttributeSet] {
        alternatives[name]?[namespace] ?? []
    }

    /// Reads the model from a parsed schema (not modified).
    init(schema document: xmlDocPtr) throws {
        guard let root = xmlDocGetRootElement(document) else {
            throw SchemaError(messages: ["the schema has no root element"])
        }
        var reader = SchemaReader()
        for define in root.patternChildren where define.patternName == "define" {
            if let name = define.nameAttribute { reader.defines[name] = define }
        }
        let defaultNamespace = root.stringAttribute("ns") ?? ""
        reader.collectElements(under: root, namespace: defaultNamespace) { name, namespace, element in
            let rule = ElementRule(
                alternatives: reader.attributeAlternatives(element.patternChildren).map(AttributeSet.init),
                requiredChildren: reader.requiredChildren(element.patternChildren))
            elements[name, default: [:]][namespace, default: []].append(rule)
            alternatives[name, default: [:]][namespace, default: []] += rule.alternatives
        }
    }

    /// True when some definition of the element accepts `value` for `attribute`.
    func accepts(namespace: String, element: String, attribute: String, value: String) -> Bool {
        rules(namespace: namespace, name: element).contains { rule in
            rule.alternatives.contains { $0.rules[attribute]?.value.accepts(value) ?? false }
        }
    }
}

/// Walks the schema's XML: expands refs, attribute choices and value types.
private struct SchemaReader {
    typealias Rules = [String: SchemaModel.AttributeRule]
    var defines: [String: xmlNodePtr] = [:]

    /// A define's attribute sets, worked out once: the global attributes and the other
    /// shared groups are referenced by nearly every element, and expanding them again at
    /// each reference (their value patterns compiled anew each time) was a quarter of
    /// loading the schema (0.36 G → 0.26 G instructions; libxml2's own compile of the RELAX NG
    /// is most of the rest), paid by every process that validates a page. A result cut short
    /// by the depth guard is not kept.
    private final class Expansions {
        var byDefine: [String: [Rules]] = [:]
        /// Set when the depth guard cut an expansion short.
        var cut = false
    }

    private let expansions = Expansions()

    /// Calls `visit` for every `<element>` pattern, with its name and namespace.
    func collectElements(under node: xmlNodePtr, namespace: String, _ visit: (String, String, xmlNodePtr) -> Void) {
        for child in node.patternChildren {
            let inherited = child.stringAttribute("ns") ?? namespace
            if child.patternName == "element", let name = child.nameAttribute {
                visit(name, inherited, child)
            }
            collectElements(under: child, namespace: inherited, visit)
        }
    }

    /// The attribute sets an element's content allows: a choice multiplies the branches,
    /// optional marks its attributes as not required. Nested elements are not entered.
    func attributeAlternatives(_ patterns: [xmlNodePtr], depth: Int = 0) -> [Rules] {
        var result: [Rules] = [[:]]
        for pattern in patterns {
            let branches = alternatives(of: pattern, depth: depth)
            var combined: [Rules] = []
            for left in result {
                for right in branches { combined.append(left.merging(right) { first, _ in first }) }
            }
            result = combined
        }
        return result
    }

    private func alternatives(of pattern: xmlNodePtr, depth: Int) -> [Rules] {
        guard depth < 40 else {
            expansions.cut = true
            return [[:]]
        }
        switch pattern.patternName {
        case "attribute":
            guard let name = pattern.nameAttribute else { return [[:]] }
            let value = valueRule(pattern.patternChildren.first, depth: depth + 1)
            return [[name: SchemaModel.AttributeRule(required: true, value: value)]]
        case "optional", "zeroOrMore":
            return attributeAlternatives(pattern.patternChildren, depth: depth + 1).map { set in
                set.mapValues { SchemaModel.AttributeRule(required: false, value: $0.value) }
            }
        case "oneOrMore", "group", "interleave", "mixed":
            return attributeAlternatives(pattern.patternChildren, depth: depth + 1)
        case "choice":
            // Branches without attributes (elements, text, empty) collapse into one, so a choice
            // of twenty elements does not multiply the attribute sets.
            var branches: [Rules] = []
            var sawEmpty = false
            for branch in pattern.patternChildren.flatMap({ alternatives(of: $0, depth: depth + 1) }) {
                if branch.isEmpty {
                    if sawEmpty { continue }
                    sawEmpty = true
                }
                branches.append(branch)
            }
            return branches
        case "ref":
            guard let name = pattern.nameAttribute, let define = defines[name] else { return [[:]] }
            if let known = expansions.byDefine[name] { return known }
            let outerCut = expansions.cut
            expansions.cut = false
            let sets = attributeAlternatives(define.patternChildren, depth: depth + 1)
            if !expansions.cut { expansions.byDefine[name] = sets }
            expansions.cut = expansions.cut || outerCut
            return sets
        default:
            return [[:]]
        }
    }

    /// The values an attribute pattern accepts.
    func valueRule(_ pattern: xmlNodePtr?, depth: Int) -> ValueRule {
        var rule = ValueRule()
        guard let pattern, depth < 40 else {
            if depth >= 40 { expansions.cut = true }
            rule.anyText = true
            return rule
        }
        rule.expected = pattern.stringAttribute("expected", namespace: SchemaModel.notesNamespace)
        switch pattern.patternName {
        case "text":
            rule.anyText = true
        case "value":
            rule.addLiteral(pattern.textContent)
        case "data":
            let parameters = pattern.patternChildren.filter {
                $0.patternName == "param" && $0.nameAttribute == "pattern"
            }
            if parameters.isEmpty { rule.anyText = true }
            for parameter in parameters { rule.addPattern(parameter.textContent) }
        case "choice":
            for branch in pattern.patternChildren { rule.merge(valueRule(branch, depth: depth + 1)) }
        case "ref":
            if let name = pattern.nameAttribute, let define = defines[name] {
                let inner = valueRule(define.patternChildren.first, depth: depth + 1)
                let note = define.stringAttribute("expected", namespace: SchemaModel.notesNamespace)
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
            switch pattern.patternName {
            case "element":
                if let name = pattern.nameAttribute { names.append(name) }
            case "group", "oneOrMore":
                names += requiredChildren(pattern.patternChildren, depth: depth + 1)
            case "ref":
                if let name = pattern.nameAttribute, let define = defines[name] {
                    names += requiredChildren(define.patternChildren, depth: depth + 1)
                }
            default:
                break
            }
        }
        return names
    }
}

extension UnsafeMutablePointer where Pointee == xmlNode {
    fileprivate var textContent: String {
        guard let text = xmlNodeGetContent(self) else { return "" }
        defer { xmlFree(text) }
        return String(cString: text)
    }

    /// An attribute's value with surrounding whitespace trimmed, as RELAX NG reads names.
    fileprivate func stringAttribute(_ name: String, namespace: String? = nil) -> String? {
        let value = namespace.map { xmlGetNsProp(self, name, $0) } ?? xmlGetNoNsProp(self, name)
        guard let value else { return nil }
        defer { xmlFree(value) }
        return String(cString: value).trimmingASCIIWhitespace()
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace (space, tab, line feed, form
    /// feed, carriage return), read by scalars: a carriage return and line feed are one
    /// `Character`, which is neither of them.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
