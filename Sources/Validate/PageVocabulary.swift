@preconcurrency import CLibXML2

/// What the checks need to know about each element and attribute name, worked out once per
/// page per name. libxml2 interns names in its parser dictionary, so within one page every
/// `class` attribute has the same name pointer: comparing pointers in a short list replaces
/// building a Swift string and hashing it for each of a page's thousand attributes.
struct PageVocabulary {
    /// An attribute name and the role the checks give it.
    struct Attribute {
        enum Role { case plain, id, url, idList, eventHandler, genericData }
        let name: String
        let role: Role
    }

    /// An element name in a namespace, with its schema rules and, per attribute name met on
    /// this page, the rule each of its attribute sets has for it.
    final class ElementKind {
        let name: String
        let namespace: String
        let isHTML: Bool
        let isVoid: Bool
        /// Every attribute set the schema allows on this element (all its definitions).
        let attributeSets: [SchemaModel.AttributeSet]
        fileprivate let namePointer: UnsafeRawPointer
        fileprivate let namespacePointer: UnsafeRawPointer?
        /// Attribute names met on this element kind: the attribute and its rule in each set.
        private(set) var slots: [(name: UnsafeRawPointer, prefix: UnsafeRawPointer?, rules: [SchemaModel.AttributeRule?])] = []

        fileprivate init(node: xmlNodePtr, model: SchemaModel) {
            namePointer = UnsafeRawPointer(node.pointee.name)
            namespacePointer = node.pointee.ns.map { UnsafeRawPointer($0.pointee.href) }
            name = String(cString: node.pointee.name)
            namespace = ElementFacts.namespace(of: node)
            isHTML = namespace == ElementFacts.xhtml
            isVoid = isHTML && ElementFacts.voidElements.contains(name)
            attributeSets = model.attributeSets(namespace: namespace, name: name)
        }

        /// The index of the slot for `attribute` (named `name`), added on first sight.
        func slot(for attribute: xmlAttrPtr, name: String) -> Int {
            let pointer = UnsafeRawPointer(attribute.pointee.name!)
            let prefix = attribute.pointee.ns?.pointee.prefix.map { UnsafeRawPointer($0) }
            if let index = slots.firstIndex(where: { $0.name == pointer && $0.prefix == prefix }) { return index }
            slots.append((pointer, prefix, attributeSets.map { $0.rules[name] }))
            return slots.count - 1
        }
    }

    let model: SchemaModel
    private var kinds: [ElementKind] = []
    private var attributes: [(name: UnsafeRawPointer, prefix: UnsafeRawPointer?, info: Attribute)] = []

    init(model: SchemaModel) {
        self.model = model
    }

    mutating func element(_ node: xmlNodePtr) -> ElementKind {
        let name = UnsafeRawPointer(node.pointee.name)
        let namespace = node.pointee.ns.map { UnsafeRawPointer($0.pointee.href) }
        if let kind = kinds.first(where: { $0.namePointer == name && $0.namespacePointer == namespace }) { return kind }
        let kind = ElementKind(node: node, model: model)
        kinds.append(kind)
        return kind
    }

    mutating func attribute(_ attribute: xmlAttrPtr) -> Attribute {
        let pointer = UnsafeRawPointer(attribute.pointee.name!)
        let prefix = attribute.pointee.ns?.pointee.prefix
        let prefixPointer = prefix.map { UnsafeRawPointer($0) }
        if let known = attributes.first(where: { $0.name == pointer && $0.prefix == prefixPointer }) { return known.info }
        var name = String(cString: attribute.pointee.name)
        if let prefix { name = String(cString: prefix) + ":" + name }
        let info = Attribute(name: name, role: Self.role(of: name))
        attributes.append((pointer, prefixPointer, info))
        return info
    }

    /// The role of the attribute with qualified name `name`.
    static func role(of name: String) -> Attribute.Role {
        if PageInspection.isEventHandler(name) { return .eventHandler }
        if name.hasPrefix("data-"), !PageInspection.hookAttributes.contains(name) { return .genericData }
        if name == "id" { return .id }
        if PageInspection.urlAttributes.contains(name) { return .url }
        if PageInspection.idListAttributes.contains(name) { return .idList }
        return .plain
    }

    /// An attribute's value: its single text child in the common case, else libxml2 joins them.
    static func value(of attribute: xmlAttrPtr) -> String {
        if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE,
            let content = child.pointee.content
        {
            return String(cString: content)
        }
        guard let joined = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
        defer { xmlFree(joined) }
        return String(cString: joined)
    }
}
