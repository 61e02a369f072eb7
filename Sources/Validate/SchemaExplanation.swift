@preconcurrency import CLibXML2
import VantageCore

/// Turns libxml2's RELAX NG content errors into findings that say exactly what is wrong.
///
/// libxml2 follows a real error with cascades ("failed to validate content" on every
/// ancestor, "Internal error: no state") and sometimes omits the expected element's name
/// ("Expecting an element , got nothing"). This keeps one finding per element, words it
/// around the element and its parent, and names missing children from `SchemaModel`.
struct SchemaExplanation {
    let model: SchemaModel
    let inspection: PageInspection

    /// Findings for `errors`, in document order.
    func findings(for errors: [LibXMLError], root: xmlNodePtr?) -> [Finding] {
        var findings: [Finding] = []
        var contentDone: Set<UnsafeMutableRawPointer> = []
        var cascades: [(LibXMLError, xmlNodePtr)] = []
        for error in errors {
            guard let node = error.node ?? Self.element(namedIn: error.message, under: root) else { continue }
            let message = error.message
            if Self.isCascade(message) {
                cascades.append((error, node))
            } else if contentDone.insert(UnsafeMutableRawPointer(node)).inserted {
                findings.append(finding(contentMessage(message, node: node), at: inspection.position(of: node)))
            }
        }
        // A cascade alone is still a failure; report it only when nothing more precise was.
        if findings.isEmpty, let (error, node) = cascades.first {
            findings.append(finding("<\(Self.name(of: node))> does not match the schema (\(error.message))",
                at: inspection.position(of: node)))
        }
        return findings
    }

    /// libxml2 sometimes reports an error without its node; the message still names the
    /// element ("Element body …"), so the first element of that name stands in.
    static func element(namedIn message: String, under root: xmlNodePtr?) -> xmlNodePtr? {
        guard message.hasPrefix("Element "), let root else { return nil }
        let name = message.dropFirst(8).prefix { $0 != " " && $0 != ":" }
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            if String(cString: node.pointee.name) == name { return node }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { children.append(current) }
                child = current.pointee.next
            }
            stack += children.reversed()
        }
        return nil
    }

    private static func isCascade(_ message: String) -> Bool {
        message.hasSuffix("failed to validate content") || message.hasPrefix("Internal error")
            || message.hasPrefix("Invalid sequence in interleave") || message.hasPrefix("Extra element")
    }

    private func finding(_ message: String, at location: (line: Int, column: Int)) -> Finding {
        Finding(rule: .schema, file: inspection.path, line: location.line, column: location.column, message: message)
    }

    static func name(of node: xmlNodePtr) -> String { String(cString: node.pointee.name) }

    // MARK: Content

    /// libxml2's content messages, reworded around the element and its parent.
    private func contentMessage(_ message: String, node: xmlNodePtr) -> String {
        let name = Self.name(of: node)
        let parent = node.pointee.parent.flatMap { $0.pointee.type == XML_ELEMENT_NODE ? Self.name(of: $0) : nil }
        if message.hasPrefix("Did not expect text in element ") || message.hasSuffix("has extra content: text") {
            return "text is not allowed directly inside <\(name)>"
        }
        if message.hasPrefix("Did not expect element ") || message.contains(" has extra content: ") {
            guard let parent, let parentNode = node.pointee.parent else { return "<\(name)> is not allowed here" }
            return "<\(name)> is not allowed inside <\(parent)>" + context(of: parentNode, child: name)
        }
        if message.hasPrefix("Expecting an element"), message.hasSuffix("got nothing") {
            if let first = missingChildren(of: node).first { return "<\(name)> needs a <\(first)> element" }
            return "<\(name)> is missing a required child element"
        }
        if message.hasPrefix("Expecting element "), let comma = message.firstIndex(of: ",") {
            let expected = message[message.index(message.startIndex, offsetBy: 18)..<comma]
            return "<\(name)> is not allowed here: expected <\(expected)>"
        }
        if message.hasPrefix("Expecting a namespace for element") {
            return "<\(name)> has no namespace: give the html element the XHTML namespace, xmlns \(ElementFacts.xhtml)"
        }
        if message.contains("has wrong namespace") || message.hasPrefix("Expecting no namespace") {
            return "<\(name)> is in the wrong namespace (\(namespace(of: node).isEmpty ? "none" : namespace(of: node)))"
        }
        return message
    }

    /// Why a parent refuses a child, when the schema's shape says more than "not allowed":
    /// a required child missing (details without summary), a second control in a label, or
    /// an interactive element nested in a link, button, label or summary further up.
    private func context(of parent: xmlNodePtr, child: String) -> String {
        let parentName = Self.name(of: parent)
        if let first = missingChildren(of: parent).first { return " (<\(parentName)> needs a <\(first)>)" }
        if parentName == "label", child == "input", childElementNames(parent).filter({ $0 == "input" }).count > 1 {
            return " (a <label> holds one control)"
        }
        var ancestor = parent.pointee.parent
        while let current = ancestor, current.pointee.type == XML_ELEMENT_NODE {
            let name = Self.name(of: current)
            if HTMLFacts.linkFreeElements.contains(name) {
                return " (within <\(name)>, which allows no interactive content)"
            }
            ancestor = current.pointee.parent
        }
        return ""
    }

    /// Children every definition of the element requires and the element lacks (a div in a
    /// dl needs a dt, a div elsewhere does not: no hint for divs).
    private func missingChildren(of node: xmlNodePtr) -> [String] {
        let present = Set(childElementNames(node))
        let rules = model.rules(namespace: namespace(of: node), name: Self.name(of: node))
        guard let first = rules.first else { return [] }
        return first.requiredChildren.filter { child in
            !present.contains(child) && rules.allSatisfy { $0.requiredChildren.contains(child) }
        }
    }

    private func childElementNames(_ node: xmlNodePtr) -> [String] {
        var names: [String] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { names.append(Self.name(of: current)) }
            child = current.pointee.next
        }
        return names
    }

    private func namespace(of node: xmlNodePtr) -> String {
        node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
    }
}
