@preconcurrency import CLibXML2

/// Derives, from the repository's schema, the schema libxml2 actually runs: the same
/// elements and content models with every attribute pattern removed.
///
/// Why: libxml2 2.9's RELAX NG validator interprets attribute patterns instead of compiling
/// them; it copies its state for every optional attribute of every element and recompiles an
/// XML Schema regular expression for every `pattern` it checks. With the site's global
/// attributes that costs 400 pages/s on 27 KB pages, against 7,000 for content models alone.
/// So content models stay with libxml2 (compiled into automata, errors at the element), and
/// the attribute rules of the same file are checked in Swift through `SchemaModel`, with
/// each pattern compiled once. The repository file stays a complete schema that
/// `xmllint --relaxng` accepts as is.
enum ContentSchema {
    /// Removes attribute patterns (and defines that hold nothing else) from a parsed schema.
    static func strip(_ document: xmlDocPtr) {
        guard let grammar = xmlDocGetRootElement(document) else { return }
        var defines: [String: xmlNodePtr] = [:]
        for define in grammar.patternChildren where define.patternName == "define" {
            if let name = define.nameAttribute { defines[name] = define }
        }
        var memo: [String: Bool] = [:]
        func attributesOnly(_ node: xmlNodePtr, _ visiting: Set<String>) -> Bool {
            switch node.patternName {
            case "attribute":
                return true
            case "optional", "zeroOrMore", "oneOrMore", "group", "choice", "interleave":
                let children = node.patternChildren
                return !children.isEmpty && children.allSatisfy { attributesOnly($0, visiting) }
            case "ref":
                guard let name = node.nameAttribute, let define = defines[name], !visiting.contains(name) else { return false }
                if let known = memo[name] { return known }
                let children = define.patternChildren
                let result = !children.isEmpty && children.allSatisfy { attributesOnly($0, visiting.union([name])) }
                memo[name] = result
                return result
            default:
                return false
            }
        }
        // Decide everything before removing anything (removal empties defines that later
        // questions would look into): which defines hold only attributes, then which
        // patterns are attributes or refer only to such defines.
        let attributeDefines = Set(defines.keys.filter { name in
            let children = defines[name]!.patternChildren
            return !children.isEmpty && children.allSatisfy { attributesOnly($0, [name]) }
        })
        func removable(_ node: xmlNodePtr) -> Bool {
            switch node.patternName {
            case "attribute": return true
            case "ref": return node.nameAttribute.map(attributeDefines.contains) ?? false
            case "optional", "zeroOrMore", "oneOrMore", "group", "choice", "interleave":
                let children = node.patternChildren
                return !children.isEmpty && children.allSatisfy(removable)
            default: return false
            }
        }
        removeAttributes(under: grammar, removable)
        for name in attributeDefines.sorted() {
            guard let define = defines[name] else { continue }
            xmlUnlinkNode(define)
            xmlFreeNode(define)
        }
        tidy(grammar)
    }

    /// True when a `data` or `value` pattern is reachable from the grammar's `start` outside
    /// any attribute pattern: then a content model depends on text, not only on the tree's
    /// shape, and structures cannot stand for pages (`PageStructure`).
    static func reachesValuePattern(_ document: xmlDocPtr) -> Bool {
        guard let grammar = xmlDocGetRootElement(document) else { return true }
        var defines: [String: [xmlNodePtr]] = [:]
        var starts: [xmlNodePtr] = []
        for child in grammar.patternChildren {
            switch child.patternName {
            case "define": if let name = child.nameAttribute { defines[name, default: []].append(child) }
            case "start": starts.append(child)
            default: break
            }
        }
        var visited: Set<String> = []
        var pending = starts
        while let node = pending.popLast() {
            switch node.patternName {
            case "data", "value": return true
            case "attribute": continue
            case "ref", "parentRef":
                guard let name = node.nameAttribute, visited.insert(name).inserted else { continue }
                pending += defines[name] ?? []
            default:
                pending += node.patternChildren
            }
        }
        return false
    }

    private static func removeAttributes(under node: xmlNodePtr, _ isAttributeOnly: (xmlNodePtr) -> Bool) {
        for child in node.patternChildren {
            if isAttributeOnly(child) {
                xmlUnlinkNode(child)
                xmlFreeNode(child)
            } else {
                removeAttributes(under: child, isAttributeOnly)
            }
        }
    }

    /// After removal: containers left empty disappear (or become `<empty/>` inside a choice),
    /// and elements and defines left without a pattern get `<empty/>`.
    private static func tidy(_ node: xmlNodePtr) {
        for child in node.patternChildren { tidy(child) }
        for child in node.patternChildren {
            let containers = ["optional", "zeroOrMore", "oneOrMore", "group", "interleave", "choice", "mixed"]
            guard containers.contains(child.patternName), child.patternChildren.isEmpty else { continue }
            if node.patternName == "choice" {
                xmlAddPrevSibling(child, newPattern("empty", like: child))
            }
            xmlUnlinkNode(child)
            xmlFreeNode(child)
        }
        let kind = node.patternName
        let patterns = node.patternChildren.filter { !["name", "anyName", "nsName"].contains($0.patternName) }
        if (kind == "element" || kind == "define") && patterns.isEmpty {
            xmlAddChild(node, newPattern("empty", like: node))
        }
    }

    private static func newPattern(_ name: String, like sibling: xmlNodePtr) -> xmlNodePtr {
        xmlNewDocNode(sibling.pointee.doc, sibling.pointee.ns, name, nil)
    }
}

extension UnsafeMutablePointer where Pointee == xmlNode {
    /// Child elements in the RELAX NG namespace (annotations and text skipped).
    var patternChildren: [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE, let ns = node.pointee.ns?.pointee.href,
                String(cString: ns) == SchemaModel.structureNamespace
            {
                result.append(node)
            }
            child = node.pointee.next
        }
        return result
    }

    /// The pattern's element name (`element`, `attribute`, `ref`, …).
    var patternName: String { String(cString: pointee.name) }

    /// The `name` attribute (of a define, ref, element or attribute).
    var nameAttribute: String? {
        guard let value = xmlGetNoNsProp(self, "name") else { return nil }
        defer { xmlFree(value) }
        return String(cString: value).trimmingASCIIWhitespace()
    }
}
