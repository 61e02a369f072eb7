import VantageCore

/// One problem found in a built page: where it is, which rule it breaks, and (when the build
/// said which template renders that kind of page) the template that produced the markup.
public struct Finding: Sendable, Hashable {
    /// The rule a finding breaks; its raw value is the stable name used in JSON output.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// The page is not well-formed XML (or not UTF-8), so nothing else could be checked.
        case malformed = "malformed-xml"
        /// XML that an HTML parser reads differently: a missing doctype, `<div/>`, CDATA, PIs.
        case polyglot
        /// The RELAX NG schema rejects an element, an attribute or a value.
        case schema
        /// A form control or button without an accessible name.
        case label
        /// An `id` that appears twice on one page.
        case duplicateID = "duplicate-id"
        /// `aria-labelledby`, `aria-controls`, `for`, … naming an id the page does not have.
        case idReference = "id-reference"
        /// An inline event-handler attribute (`onclick`, …).
        case eventHandler = "event-handler"
        /// A `javascript:` URL.
        case scriptURL = "javascript-url"
        /// A URL that leaves the site: a scheme, `//host`, a root-relative path, `../` past the root.
        case external = "external-url"
        /// A link to a folder rather than a file.
        case folderLink = "folder-link"
        /// A relative URL naming no file in the site.
        case brokenLink = "broken-link"
        /// A `#fragment` naming no id on its target page.
        case brokenFragment = "broken-fragment"
        /// A hook attribute used against OUTPUT.md's rules that the schema cannot express
        /// (`data-viewer` on site-wide pages, generic `data-*` names and values).
        case hook
        /// A page that is not what the site's `manifest.json` says its build wrote (edited
        /// after the build), a page it does not list, or one it lists that is gone.
        case manifest
    }

    /// The rule broken.
    public var rule: Rule
    /// The page, relative to the site root (`people/ana/home.html`).
    public var file: String
    /// 1-based line of the offending markup.
    public var line: Int
    /// 1-based column, in Unicode scalars, of the offending markup.
    public var column: Int
    /// What is wrong, without the location or template.
    public var message: String
    /// The template that renders this kind of page, when the caller gave the mapping.
    public var template: String?

    public init(rule: Rule, file: String, line: Int, column: Int, message: String, template: String? = nil) {
        self.rule = rule
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.template = template
    }

    /// The message with `(from template X)` appended when the template is known.
    public var attributedMessage: String {
        guard let template else { return message }
        return message + " (from template \(template))"
    }

    /// The finding as the project's common diagnostic (an error), located in the page.
    public var diagnostic: Diagnostic {
        .error(attributedMessage, at: SourceLocation(file: file, line: line, column: column))
    }

    /// The finding as one line of a report (`vantage check`, a build that stops on findings):
    /// `prefix` (the site folder as the user named it) and the page, line, column and message,
    /// on one line whatever the page held (`oneLine`).
    public func reportLine(prefix: String) -> String {
        "\(prefix)\(file):\(line):\(column): error: \(oneLine(attributedMessage))\n"
    }

    /// What a report writes before a page's path: the site folder as the user named it and one
    /// slash; nothing for "" or "." (the current folder), so that the path stays relative.
    public static func pathPrefix(root: String) -> String {
        root.isEmpty || root == "." ? "" : (root.hasSuffix("/") ? root : root + "/")
    }

    /// `findings` as `vantage check` writes them in text, and a build that stops on them:
    /// `reportLine` each, the paths within `root` (`pathPrefix`).
    public static func textReport(_ findings: [Finding], root: String) -> String {
        let prefix = pathPrefix(root: root)
        return findings.map { $0.reportLine(prefix: prefix) }.joined()
    }

    /// Findings in output order: by file, then position, then message (never discovery order,
    /// which depends on thread scheduling).
    public static func outputOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.rule != b.rule { return a.rule.rawValue < b.rule.rawValue }
        return a.message < b.message
    }
}
