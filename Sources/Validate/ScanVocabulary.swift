import Foundation
@preconcurrency import CLibXML2

/// What the tree-less scan (`PageScan`) lives with for as long as one pooled parser
/// context: its own SAX handler (libxml2 writes into a context's handler when options are
/// applied, so handlers are not shared between threads) and the names it has met, keyed by
/// the context dictionary's interned pointers.
final class ScanContext {
    let handler: UnsafeMutablePointer<xmlSAXHandler>
    /// The schema the vocabulary's rules come from.
    let schema: PageSchema
    /// Nil while a scan holds it.
    var vocabulary: ScanVocabulary?
    /// The links resolved on earlier pages (nil while a scan holds it); it outlives the
    /// context (`LinkMemo.spare`).
    var links: LinkMemo?
    /// The scan's arrays, emptied between pages (nil while a scan holds them).
    var buffers: PageScan.Buffers?

    init(schema: PageSchema) {
        handler = .allocate(capacity: 1)
        handler.initialize(to: xmlSAXHandler())
        PageScan.install(in: handler)
        self.schema = schema
        vocabulary = ScanVocabulary(model: schema.model)
        links = LinkMemo.spare.take()
    }

    deinit {
        handler.deallocate()
        if let links { LinkMemo.spare.give(links) }
    }
}

/// Element and attribute names as the scan's checks need them, worked out once per parser
/// context: libxml2 hands SAX callbacks names interned in the context's dictionary, so a
/// name is found by comparing pointers, without building a Swift string.
struct ScanVocabulary {
    let model: SchemaModel
    private var elements = PointerTable<ScanElement>()
    private var attributes = PointerTable<ScanAttribute>()
    /// Attribute names met on element kinds, by the two objects.
    private var slots = PointerTable<ScanSlot>()

    init(model: SchemaModel) { self.model = model }

    /// The attribute `attribute` on `element`: the rule each of the element's attribute sets
    /// has for it.
    ///
    /// Like `element` and `attribute`, it hands out an unretained reference: the table keeps
    /// the object alive for as long as the vocabulary, which outlives every scan that asks
    /// (it stays with its parser context), so a page's elements and attributes cost no
    /// reference counting.
    mutating func slot(_ attribute: ScanAttribute, on element: ScanElement) -> Unmanaged<ScanSlot> {
        let elementKey = UnsafeRawPointer(Unmanaged.passUnretained(element).toOpaque())
        let attributeKey = UnsafeRawPointer(Unmanaged.passUnretained(attribute).toOpaque())
        if let known = slots.value(elementKey, attributeKey) { return known }
        let slot = ScanSlot(rules: element.attributeSets.map { $0.rules[attribute.name] })
        return slots.insert(slot, elementKey, attributeKey)
    }

    /// The element `name` in `namespace`, unretained (see `slot`).
    mutating func element(name: UnsafePointer<xmlChar>, namespace: UnsafePointer<xmlChar>?) -> Unmanaged<ScanElement> {
        if let known = elements.value(UnsafeRawPointer(name), UnsafeRawPointer(namespace)) { return known }
        let element = ScanElement(name: name, namespace: namespace, model: model)
        return elements.insert(element, UnsafeRawPointer(name), UnsafeRawPointer(namespace))
    }

    /// The attribute `name` with `prefix`, unretained (see `slot`).
    mutating func attribute(name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> Unmanaged<ScanAttribute> {
        if let known = attributes.value(UnsafeRawPointer(name), UnsafeRawPointer(prefix)) { return known }
        let attribute = ScanAttribute(name: name, prefix: prefix)
        return attributes.insert(attribute, UnsafeRawPointer(name), UnsafeRawPointer(prefix))
    }
}

/// An element name in a namespace: its schema rules, what the checks do with it, and the
/// bytes it adds to a `PageStructure`.
final class ScanElement {
    /// The elements whose checks read several of their attributes (`PageInspection`).
    enum Special { case none, body, input, textarea, label, button, script, style, meta, title, template }

    let name: String
    let namespace: String
    let isHTML: Bool
    let isVoid: Bool
    /// `img` in any namespace: its `alt` names a button it is in.
    let isImage: Bool
    let special: Special
    /// `ElementFacts.forbiddenAncestors` of an HTML element (empty for most).
    let forbiddenAncestors: [String]
    /// An HTML `a` or `button` (`ElementFacts.focusFree`).
    let focusFree: Bool
    /// An HTML element a `<label>` can name (`ElementFacts.labelable`; an `<input>` unless hidden).
    let labelable: Bool
    let attributeSets: [SchemaModel.AttributeSet]
    /// How many attributes each set requires.
    let requiredCounts: [Int]
    /// Every set as a bit (0 when there are 64 or more: `fits` then reads the rules).
    let allSets: UInt64
    /// The bytes `PageStructure` writes for this element's start, in memory of the element's
    /// own (freed with it): they are appended for every element of every page, and an array
    /// would be retained and released each time.
    let structure: UnsafeBufferPointer<UInt8>

    init(name: UnsafePointer<xmlChar>, namespace: UnsafePointer<xmlChar>?, model: SchemaModel) {
        let nameBytes = UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
        self.name = String(decoding: nameBytes, as: UTF8.self)
        var structure: [UInt8] = [1]
        PageStructure.appendNamespace(namespace, to: &structure)
        if let namespace {
            let text = String(cString: UnsafeRawPointer(namespace).assumingMemoryBound(to: CChar.self))
            self.namespace = text == ElementFacts.xhtml ? ElementFacts.xhtml : text == ElementFacts.svg ? ElementFacts.svg : text
        } else {
            self.namespace = ""
        }
        structure += nameBytes
        structure.append(0)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: structure.count)
        _ = bytes.initialize(from: structure)
        self.structure = UnsafeBufferPointer(bytes)
        isHTML = self.namespace == ElementFacts.xhtml
        isVoid = isHTML && ElementFacts.voidElements.contains(self.name)
        isImage = self.name == "img"
        if isHTML {
            switch self.name {
            case "body": special = .body
            case "input": special = .input
            case "textarea": special = .textarea
            case "label": special = .label
            case "button": special = .button
            case "script": special = .script
            case "style": special = .style
            case "meta": special = .meta
            case "title": special = .title
            case "template": special = .template
            default: special = .none
            }
        } else {
            special = .none
        }
        forbiddenAncestors = isHTML ? ElementFacts.forbiddenAncestors[self.name] ?? [] : []
        focusFree = isHTML && ElementFacts.focusFree.contains(self.name)
        labelable = isHTML && ElementFacts.labelable.contains(self.name)
        attributeSets = model.attributeSets(namespace: self.namespace, name: self.name)
        requiredCounts = attributeSets.map(\.required.count)
        allSets = attributeSets.count >= 64 ? 0 : (1 << UInt64(attributeSets.count)) - 1
    }

    deinit { structure.deallocate() }
}

/// One attribute name on one element kind: its rule in each of the element's attribute sets,
/// and the same as bit masks over the sets (for elements of at most 64 sets).
final class ScanSlot {
    let rules: [SchemaModel.AttributeRule?]
    /// The sets that allow the attribute, and those that require it.
    let allowed: UInt64
    let required: UInt64
    /// The sets whose rule checks the value (not any text), with that rule (kept alive by
    /// `rules`: no reference counting when a value is checked).
    let valueChecks: [(set: Int, rule: Unmanaged<SchemaModel.AttributeRule>)]

    init(rules: [SchemaModel.AttributeRule?]) {
        self.rules = rules
        var allowed: UInt64 = 0
        var required: UInt64 = 0
        var valueChecks: [(set: Int, rule: Unmanaged<SchemaModel.AttributeRule>)] = []
        for (index, rule) in rules.enumerated() where index < 64 {
            guard let rule else { continue }
            allowed |= 1 << UInt64(index)
            if rule.required { required |= 1 << UInt64(index) }
            if !rule.value.anyText { valueChecks.append((index, Unmanaged.passUnretained(rule))) }
        }
        self.allowed = allowed
        self.required = required
        self.valueChecks = valueChecks
    }
}

/// An attribute name (qualified: `xlink:href`) and the role the checks give it.
final class ScanAttribute {
    /// Names the elements with checks of their own read (unprefixed only, as `ElementFacts`).
    enum Known { case other, id, type, ariaLabel, ariaLabelledby, title, forLabel, src, alt, dataPage, dataViewer, charset, tabindex, name, dateTime }

    let name: String
    let role: PageVocabulary.Attribute.Role
    let known: Known
    /// For a generic `data-*` attribute: whether its name is valid (the check depends on the
    /// name alone).
    let validDataName: Bool
    let namePointer: UnsafeRawPointer
    let prefixPointer: UnsafeRawPointer?

    init(name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        namePointer = UnsafeRawPointer(name)
        prefixPointer = prefix.map { UnsafeRawPointer($0) }
        var qualified = String(cString: name)
        if let prefix { qualified = String(cString: prefix) + ":" + qualified }
        self.name = qualified
        role = PageVocabulary.role(of: qualified)
        if prefix == nil {
            switch qualified {
            case "id": known = .id
            case "type": known = .type
            case "aria-label": known = .ariaLabel
            case "aria-labelledby": known = .ariaLabelledby
            case "title": known = .title
            case "for": known = .forLabel
            case "src": known = .src
            case "alt": known = .alt
            case "data-page": known = .dataPage
            case "data-viewer": known = .dataViewer
            case "charset": known = .charset
            case "tabindex": known = .tabindex
            case "name": known = .name
            case "datetime": known = .dateTime
            default: known = .other
            }
        } else {
            known = .other
        }
        validDataName = ElementFacts.isDataName(qualified)
    }
}

/// A small open-addressing hash table keyed by a pair of pointers (a name and its namespace
/// or prefix), for the few dozen names a site uses.
///
/// It owns its values (`owned`) and hands them out unretained: a lookup runs for every
/// element and attribute of every page, and a retained reference would cost an atomic
/// increment and decrement each time. The values are never removed, so an unretained
/// reference stays valid for as long as the table (its owner must not let a reference
/// outlive it: `PageScan` holds its vocabulary for the whole scan).
struct PointerTable<Value: AnyObject> {
    private var keys: [(UnsafeRawPointer?, UnsafeRawPointer?)] = Array(repeating: (nil, nil), count: 64)
    private var values: [Unmanaged<Value>?] = Array(repeating: nil, count: 64)
    /// Keeps every value alive.
    private var owned: [Value] = []

    private func index(_ name: UnsafeRawPointer, _ other: UnsafeRawPointer?) -> Int {
        let bits = UInt(bitPattern: name) &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: other)
        return Int(truncatingIfNeeded: bits >> 7) & (keys.count - 1)
    }

    func value(_ name: UnsafeRawPointer, _ other: UnsafeRawPointer?) -> Unmanaged<Value>? {
        var slot = index(name, other)
        while let key = keys[slot].0 {
            if key == name, keys[slot].1 == other { return values[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Adds `value` (not there yet) and returns it unretained.
    @discardableResult
    mutating func insert(_ value: Value, _ name: UnsafeRawPointer, _ other: UnsafeRawPointer?) -> Unmanaged<Value> {
        owned.append(value)
        let reference = Unmanaged.passUnretained(value)
        place(reference, name, other)
        return reference
    }

    private mutating func place(_ value: Unmanaged<Value>, _ name: UnsafeRawPointer, _ other: UnsafeRawPointer?) {
        if owned.count * 2 > keys.count { grow() }
        var slot = index(name, other)
        while keys[slot].0 != nil { slot = (slot + 1) & (keys.count - 1) }
        keys[slot] = (name, other)
        values[slot] = value
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { key, value in key.0.map { ($0, key.1, value!) } }
        keys = Array(repeating: (nil, nil), count: keys.count * 2)
        values = Array(repeating: nil, count: keys.count)
        for (name, other, value) in old {
            var slot = index(name, other)
            while keys[slot].0 != nil { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = (name, other)
            values[slot] = value
        }
    }
}
