@preconcurrency import CLibXML2
import VantageCore

extension PageInspection {
    /// The data-* hooks of OUTPUT.md; the schema says where each goes and what it holds.
    static let hookAttributes: Set<String> = [
        "data-page", "data-viewer", "data-id", "data-new", "data-new-count", "data-step", "data-triage", "data-decision",
        "data-compose", "data-remaining", "data-person", "data-thanks", "data-download",
    ]
    /// Page kinds of the site-wide pages, which have no viewer (`PageKind.placement`); every
    /// other kind is in a person's part and names them.
    static let siteWideKinds = Set(PageKind.allCases.filter { $0.placement == .siteWide }.map(\.rawValue))
    /// Attributes that hold a URL, on whatever element they appear.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "cite", "formaction", "poster", "xlink:href", "background", "longdesc", "ping",
    ]
    /// Attributes that hold ids of elements on the same page.
    static let idListAttributes: Set<String> = [
        "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "aria-details", "aria-flowto",
        "aria-activedescendant", "aria-errormessage", "for", "list", "form",
    ]
    /// Input types that a value or nothing at all names, so they need no label.
    static let selfNamedInputTypes: Set<String> = ["hidden", "submit", "reset", "button", "image"]

    mutating func checkElement(_ node: xmlNodePtr, _ element: PageVocabulary.ElementKind, insideLabel: Bool) {
        if element.isHTML { checkTagSyntax(node, element) }
        // The attributes the schema's rules apply to: not event handlers (reported here) and
        // not generic data-* (which RELAX NG cannot name, checked here instead).
        // Taken out of self (not copied) so that clearing it reuses its storage.
        var checked: [(slot: Int, name: String, attribute: xmlAttrPtr)] = []
        swap(&checked, &attributeBuffer)
        checked.removeAll(keepingCapacity: true)
        defer { swap(&checked, &attributeBuffer) }
        var property = node.pointee.properties
        var tabindex = false
        while let attribute = property {
            property = attribute.pointee.next
            let info = vocabulary.attribute(attribute)
            if info.name == "tabindex" { tabindex = true }
            switch info.role {
            case .eventHandler:
                report(.eventHandler, "inline event handler \(info.name) on <\(element.name)>: behaviour belongs in a script file",
                    at: position(of: node, attribute: info.name))
                continue
            case .genericData:
                checkDataAttribute(node, name: info.name, value: PageVocabulary.value(of: attribute))
                continue
            case .id:
                record(id: PageVocabulary.value(of: attribute), node: node)
            case .url:
                let value = PageVocabulary.value(of: attribute)
                let reference = Reference(value, attribute: info.name, element: element.name, page: page)
                record(reference, value: value, attribute: info.name, node: node)
            case .idList:
                let value = PageVocabulary.value(of: attribute)
                for id in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                    recordIDReference(String(id), attribute: info.name, value: value, node: node)
                }
            case .plain:
                if element.isHTML, info.name == "datetime", case let value = PageVocabulary.value(of: attribute),
                    let problem = DateTimeValue.problem(value)
                {
                    report(.schema, "datetime=\"\(value)\" names no instant: \(problem)", at: position(of: node, attribute: info.name))
                }
            }
            checked.append((element.slot(for: attribute, name: info.name), info.name, attribute))
        }
        if element.isHTML, let forbidden = ElementFacts.forbiddenAncestors[element.name],
            let ancestor = Self.htmlAncestor(of: node, namedIn: forbidden)
        {
            report(.schema, "<\(element.name)> is not allowed inside <\(ancestor)>, at any depth", at: position(of: node))
        }
        if element.isHTML, ElementFacts.labelable.contains(element.name), Self.isLabelable(node),
            let label = Self.htmlAncestorNode(of: node, namedIn: ["label"]),
            let named = ElementFacts(label).value("for"), ElementFacts(node).value("id") != named
        {
            report(.label, "<\(element.name)> is inside <label for=\"\(named)\"> but its id is not \"\(named)\": "
                + "the label names another element", at: position(of: node))
        }
        if tabindex, let ancestor = Self.htmlAncestor(of: node, namedIn: ElementFacts.focusFree) {
            report(.schema, "tabindex is not allowed inside <\(ancestor)>: nothing in a link or a button may take the focus",
                at: position(of: node, attribute: "tabindex"))
        }
        // Elements with rules of their own; they read their attributes through ElementFacts.
        if element.isHTML {
            switch element.name {
            case "body": checkBody(node, ElementFacts(node))
            case "input":
                let facts = ElementFacts(node)
                checkInputLabel(node, facts, insideLabel: insideLabel)
                checkSingleLine(node, facts)
            case "textarea":
                checkInputLabel(node, ElementFacts(node), insideLabel: insideLabel)
                checkComments(in: node, of: "textarea")
            case "label": if let target = ElementFacts(node).value("for") { recordLabelTarget(target, label: node) }
            case "button": checkButtonName(node, ElementFacts(node))
            case "meta": checkMeta(node, ElementFacts(node))
            case "title": checkTitle(node)
            case "script", "style": checkRawText(node, ElementFacts(node))
            default: break
            }
        }
        if SchemaModel.fits(element, checked) { return }
        let attributes = checked.map { (name: $0.name, value: PageVocabulary.value(of: $0.attribute)) }
        let problems = model.attributeProblems(namespace: element.namespace, element: element.name, attributes: attributes)
        for problem in problems {
            let location = problem.atAttribute ? position(of: node, attribute: problem.attribute) : position(of: node)
            report(.schema, problem.message, at: location)
        }
    }

    /// `on` followed by at least one letter, in any case: every inline event handler.
    static func isEventHandler(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), first | 0x20 == UInt8(ascii: "o"), let second = bytes.next(),
            second | 0x20 == UInt8(ascii: "n")
        else { return false }
        return bytes.next() != nil
    }

    /// `<div/>` means `<div>` to an HTML parser, and `<br></br>` means two breaks.
    private mutating func checkTagSyntax(_ node: xmlNodePtr, _ element: PageVocabulary.ElementKind) {
        guard let span = ParsedPage.span(of: node) else { return }
        let isVoid = element.isVoid
        if span.selfClosed, !isVoid {
            report(.polyglot, "<\(element.name)/> is self-closed: an HTML parser reads it as an open <\(element.name)>; write <\(element.name)></\(element.name)>",
                at: position(of: node))
        } else if !span.selfClosed, isVoid {
            report(.polyglot, "<\(element.name)> is a void element: write it self-closed (<\(element.name) … />), since an HTML parser does not expect </\(element.name)>",
                at: position(of: node))
        }
    }

    private mutating func checkDataAttribute(_ node: xmlNodePtr, name: String, value: String) {
        let location = position(of: node, attribute: name)
        if !ElementFacts.isDataName(name) {
            report(.hook, "\(name) is not a valid data-* name: \(ElementFacts.dataNameRule)", at: location)
        }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" || $0.value == 0x7F }) {
            report(.hook, "\(name) holds a control character", at: location)
        }
        let trimmed = value.trimmingASCIIWhitespace().filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        if Reference.scheme(of: trimmed) == "javascript" {
            report(.scriptURL, "\(name)=\"\(value)\" holds a javascript: URL", at: location)
        }
    }

    /// Site-wide pages have no viewer; every page of a person's part of the site names one.
    private mutating func checkBody(_ node: xmlNodePtr, _ element: ElementFacts) {
        guard let kind = element.value("data-page") else { return }
        setKind(kind)
        let viewer = element.value("data-viewer")
        if Self.siteWideKinds.contains(kind), viewer != nil {
            report(.hook, "data-viewer does not belong on a site-wide page (data-page=\"\(kind)\")",
                at: position(of: node, attribute: "data-viewer"))
        } else if !Self.siteWideKinds.contains(kind), viewer == nil, model.accepts(
            namespace: ElementFacts.xhtml, element: "body", attribute: "data-page", value: kind)
        {
            report(.hook, "a body with data-page=\"\(kind)\" needs data-viewer: every page of a person's part of the site names its viewer",
                at: position(of: node))
        }
    }

    /// The page declares its encoding once, with its first `<meta>`: the schema puts a `<meta>`
    /// first in `<head>` and every `<meta>` in `<head>`, but which of its attribute sets a
    /// `<meta>` may take depends on its place, which the attribute rules do not see.
    private mutating func checkMeta(_ node: xmlNodePtr, _ element: ElementFacts) {
        metas += 1
        let declares = element.value("charset") != nil
        defer { if declares { charsets += 1 } }
        if metas == 1, !declares {
            report(.schema, "the first element of <head> must declare the encoding: <meta charset=\"utf-8\"/>", at: position(of: node))
        } else if declares, charsets > 0 {
            report(.schema, "a second <meta charset>: the page declares its encoding once, first in <head>", at: position(of: node))
        } else if declares, let span = ParsedPage.span(of: node), span.start + span.length > ElementFacts.encodingScanBytes {
            report(.schema, "<meta charset> ends after the page's first \(ElementFacts.encodingScanBytes) bytes, "
                + "where a browser looks for the encoding: move it up", at: position(of: node))
        }
        if element.value("name") == ElementFacts.singleMetaName {
            descriptions += 1
            if descriptions > 1 {
                report(.schema, "a second <meta name=\"\(ElementFacts.singleMetaName)\">: a page has one", at: position(of: node))
            }
        }
    }

    /// The name of the nearest HTML ancestor of `node` named in `names`.
    private static func htmlAncestor<Names: Sequence<String>>(of node: xmlNodePtr, namedIn names: Names) -> String? {
        htmlAncestorNode(of: node, namedIn: names).map { String(cString: $0.pointee.name) }
    }

    /// The nearest HTML ancestor of `node` named in `names`, nearer than any `<template>`
    /// (whose content HTML keeps apart from the page: nothing in it descends from outside).
    private static func htmlAncestorNode<Names: Sequence<String>>(of node: xmlNodePtr, namedIn names: Names) -> xmlNodePtr? {
        var current = node.pointee.parent
        while let ancestor = current, ancestor.pointee.type == XML_ELEMENT_NODE {
            if ElementFacts.namespace(of: ancestor) == ElementFacts.xhtml {
                let name = String(cString: ancestor.pointee.name)
                if name == "template" { return nil }
                if names.contains(name) { return ancestor }
            }
            current = ancestor.pointee.parent
        }
        return nil
    }

    /// A single-line input's `value` and `placeholder` hold no line break: written as a
    /// reference (`&#10;`) or raw in the attribute, where XML reads a space and HTML the break
    /// (a translator's line break in a catalog string under `placeholder`, say).
    private mutating func checkSingleLine(_ node: xmlNodePtr, _ element: ElementFacts) {
        let type = element.value("type") ?? "text"
        guard HTMLFacts.singleLineInputTypes.contains(type), let span = ParsedPage.span(of: node) else { return }
        let tag = StartTag(bytes: bytes, span: span)
        for name in HTMLFacts.singleLineInputAttributes {
            guard let value = element.value(name) else { continue }
            let raw = tag.valueRange(ofAttribute: name).map { bytes[$0].contains { $0 == 0x0A || $0 == 0x0D } } ?? false
            if raw || value.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
                report(.schema, "\(name) of <input type=\"\(type)\"> holds a line break, which a field of one line cannot show "
                    + "(HTML forbids it)", at: position(of: node, attribute: name))
            }
        }
    }

    /// A comment in a title or a textarea is their text to HTML, and nothing to XML. True when
    /// there was one.
    @discardableResult
    private mutating func checkComments(in node: xmlNodePtr, of name: String) -> Bool {
        var found = false
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_COMMENT_NODE {
                report(.polyglot, "a comment inside <\(name)>: HTML reads it as the \(name)'s text, XML as nothing; remove it",
                    at: (Int(xmlGetLineNo(current)), 1))
                found = true
            }
            child = current.pointee.next
        }
        return found
    }

    /// HTML: a title is text that is not only whitespace.
    private mutating func checkTitle(_ node: xmlNodePtr) {
        // A title of a comment alone is that comment's text to HTML: the comment is the finding.
        if checkComments(in: node, of: "title") { return }
        guard let text = xmlNodeGetContent(node) else { return }
        defer { xmlFree(text) }
        if String(cString: text).trimmingASCIIWhitespace().isEmpty {
            report(.schema, "<title> holds no text: a page's title is text that is not only whitespace", at: position(of: node))
        }
    }

    /// A control needs a name: a label around it, a `<label for>` naming its id (resolved when
    /// the whole page has been read), or aria-label / aria-labelledby.
    private mutating func checkInputLabel(_ node: xmlNodePtr, _ element: ElementFacts, insideLabel: Bool) {
        let type = element.name == "textarea" ? "textarea" : element.value("type") ?? "text"
        guard !Self.selfNamedInputTypes.contains(type), !insideLabel else { return }
        let hasName = !(element.value("aria-label") ?? "").trimmingASCIIWhitespace().isEmpty
            || element.value("aria-labelledby") != nil
        guard !hasName else { return }
        recordUnlabelledControl(node, type: type, id: element.value("id"))
    }

    private mutating func checkButtonName(_ node: xmlNodePtr, _ element: ElementFacts) {
        for attribute in ["aria-label", "aria-labelledby", "title"] {
            if !(element.value(attribute) ?? "").trimmingASCIIWhitespace().isEmpty { return }
        }
        if Self.hasAccessibleText(node) { return }
        report(.label, "<button> has no accessible name: give it text, or aria-label", at: position(of: node))
    }

    /// True when the element holds visible text or an image with alternative text.
    private static func hasAccessibleText(_ node: xmlNodePtr) -> Bool {
        var child = node.pointee.children
        while let current = child {
            defer { child = current.pointee.next }
            switch current.pointee.type {
            case XML_TEXT_NODE:
                if let content = current.pointee.content,
                    !String(cString: content).trimmingASCIIWhitespace().isEmpty
                {
                    return true
                }
            case XML_ELEMENT_NODE:
                let name = String(cString: current.pointee.name)
                if name == "img", let alt = xmlGetNoNsProp(current, "alt") {
                    defer { xmlFree(alt) }
                    if !String(cString: alt).trimmingASCIIWhitespace().isEmpty { return true }
                }
                if hasAccessibleText(current) { return true }
            default:
                break
            }
        }
        return false
    }

    /// Script and style text is raw text to an HTML parser: an escape that XML decodes
    /// (`&lt;`, `&amp;`) stays literal in HTML, so the text must need none.
    private mutating func checkRawText(_ node: xmlNodePtr, _ element: ElementFacts) {
        guard let raw = xmlNodeGetContent(node) else { return }
        defer { xmlFree(raw) }
        let text = String(cString: raw)
        if element.name == "script", element.value("src") != nil, !text.trimmingASCIIWhitespace().isEmpty {
            report(.schema, "<script src> must be empty: inline code does not run alongside src", at: position(of: node))
        }
        if text.utf8.contains(UInt8(ascii: "<")) || text.utf8.contains(UInt8(ascii: "&")) {
            report(.polyglot, "<\(element.name)> text contains < or &: HTML reads it raw and XML unescaped; write \\u003C and \\u0026 instead",
                at: position(of: node))
        }
        if element.name == "style" {
            for url in StyleSheetURLs(text).urls {
                record(Reference(url, attribute: "url()", element: "style", page: page), value: url, attribute: "url()", node: node)
            }
        }
    }
}
