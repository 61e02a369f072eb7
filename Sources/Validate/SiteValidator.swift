@preconcurrency import CLibXML2

/// Validates built pages: libxml2 parses each one as XML, the RELAX NG schema checks its
/// elements and attributes, and Swift checks what a schema cannot (ids, links, labels, URL
/// schemes, polyglot syntax). Share one validator across threads: `validatePage` may run on
/// several at once, and the schema is compiled once per process.
///
/// Pages are validated one at a time (`validatePage`); links between pages are checked by a
/// `SiteCheck` once every file of the site is known. `validate(directory:)` does both for a
/// site on disk.
public final class SiteValidator: Sendable {
    /// How much of the validation to run. Anything but `.full` exists for benchmarks.
    public enum Depth: Sendable {
        /// Parse only: well-formedness.
        case parse
        /// Parse and libxml2's RELAX NG validation of the content models, without the attribute
        /// rules and the other checks done in Swift.
        case contentModels
        /// Everything.
        case full
    }

    /// The template that renders each kind of page (`<body data-page>`), so that findings can
    /// say "(from template X)" (`PageKind.template`: `vantage check` passes every kind's; the
    /// build gives each page the template it was rendered from).
    public let templates: [String: String]
    /// How much to check.
    public let depth: Depth
    /// Runs libxml2's content-model validation once per distinct page structure (the build,
    /// which writes thousands of pages from a few templates) instead of once per page
    /// (`vantage check`). Every other check runs on every page either way, and the findings
    /// on any page are the same (see `PageStructure`).
    public let reusesStructures: Bool
    /// With `reusesStructures`: reads each page first without building a tree (`PageScan`),
    /// and builds one only for a page whose structure is new or where the scan is not sure
    /// there is nothing to report; the findings are the same either way.
    public let scansPages: Bool
    /// How the pages went: scanned clean, or handed to the tree and why.
    public let scanCounts: ScanCounts
    let schema: PageSchema
    /// A new structure of at least this many bytes is first put to RELAX NG compacted
    /// (`StructureClasses.compacted`): the "view as" index lists every person, and its whole
    /// skeleton grew by about 1.7 KB a person. Below it the whole skeleton is cheap.
    let compactsFrom: Int

    /// A validator; `templates` maps page kinds to template names (may be empty).
    /// `scansPages` (default: on) applies only with `reusesStructures`; `scanCounts` counts
    /// how its pages went (the build passes `ScanCounts.build`, which the benchmark prints).
    public convenience init(
        templates: [String: String] = [:], depth: Depth = .full, reusesStructures: Bool = false, scansPages: Bool = true,
        scanCounts: ScanCounts = ScanCounts()
    ) {
        self.init(templates: templates, depth: depth, reusesStructures: reusesStructures, scansPages: scansPages,
                  scanCounts: scanCounts, compactsFrom: 64 << 10)
    }

    /// The same, compacting new structures from `compactsFrom` bytes (tests use small pages).
    init(
        templates: [String: String] = [:], depth: Depth = .full, reusesStructures: Bool = false, scansPages: Bool = true,
        scanCounts: ScanCounts = ScanCounts(), compactsFrom: Int
    ) {
        self.compactsFrom = compactsFrom
        self.templates = templates
        self.scanCounts = scanCounts
        self.depth = depth
        self.reusesStructures = reusesStructures
        self.scansPages = reusesStructures && scansPages
        self.schema = PageSchema.shared
    }

    /// Validates one page. `path` is the page's path relative to the site root (it is used to
    /// resolve relative links and in findings); `template` overrides the kind mapping.
    public func validatePage(path: String, bytes: [UInt8], template: String? = nil) -> PageReport {
        bytes.withUnsafeBytes { validatePage(path: path, bytes: $0, template: template) }
    }

    /// Validates one page given as text (its UTF-8 bytes are read in place when possible).
    public func validatePage(path: String, html: String, template: String? = nil) -> PageReport {
        var html = html
        return html.withUTF8 { validatePage(path: path, bytes: UnsafeRawBufferPointer($0), template: template) }
    }

    /// Validates one page from bytes the caller keeps alive for the duration of the call.
    public func validatePage(path: String, bytes: UnsafeRawBufferPointer, template: String? = nil) -> PageReport {
        var parsed: ParsedPage?
        if scansPages, depth == .full, schema.structureDecides {
            let outcome = PageScan.scan(path: path, bytes: bytes, schema: schema)
            scanCounts.count(outcome)
            switch outcome {
            case .clean(let clean):
                return report(clean, path: path, template: template)
            case .newStructure(let clean):
                // The scan found nothing: the content schema is all that is left to ask, and
                // when it accepts, it learns the structure. It is asked about the structure's
                // skeleton (no second parse of the page); when it refuses, the tree path
                // below validates the page's own tree and words the findings.
                // Before either, a structure that differs from accepted ones only inside
                // elements whose content was accepted is accepted as they were
                // (`StructureClasses`).
                if schema.acceptsByClasses(clean.structure) {
                    scanCounts.countFolded()
                    return report(clean, path: path, template: template)
                }
                if clean.structure.count >= compactsFrom, let compact = schema.compacted(clean.structure),
                    let skeleton = StructureSkeleton(compact), schema.validate(skeleton.document, structure: clean.structure).isEmpty
                {
                    scanCounts.countCompacted()
                    return report(clean, path: path, template: template)
                }
                if let skeleton = StructureSkeleton(clean.structure) {
                    if schema.validate(skeleton.document, structure: clean.structure).isEmpty {
                        return report(clean, path: path, template: template)
                    }
                    break
                }
                let page = ParsedPage(bytes: bytes)
                if let document = page.document, schema.validate(document, structure: clean.structure).isEmpty {
                    return report(clean, path: path, template: template)
                }
                parsed = page
            case .needsTree:
                break
            }
        }
        let page = parsed ?? ParsedPage(bytes: bytes)
        let lines = LineIndex(bytes)
        guard let document = page.document else {
            let kind = Self.scanKind(bytes)
            // After the first well-formedness error libxml2 only reports its consequences
            // (every enclosing tag "mismatched"), so the first one is the finding.
            let first = page.errors.first(where: \.isError)
            let findings = [Finding(
                rule: .malformed, file: path, line: max(first?.line ?? 1, 1), column: max(first?.column ?? 1, 1),
                message: "malformed XML: " + (first?.message ?? "the page does not parse"))]
            return PageReport(path: path, kind: kind, findings: attribute(findings, template: template, kind: kind))
        }
        if depth == .parse { return PageReport(path: path, kind: nil, findings: []) }
        if depth == .contentModels {
            let errors = schema.validate(document, reusing: reusesStructures)
            let findings = errors.map {
                Finding(rule: .schema, file: path, line: $0.line, column: 1, message: $0.message)
            }
            return PageReport(path: path, kind: nil, findings: findings)
        }
        var inspection = PageInspection(path: path, bytes: bytes, lines: lines, model: schema.model)
        inspection.inspect(document)
        let errors = schema.validate(document, reusing: reusesStructures)
        let explanation = SchemaExplanation(model: schema.model, inspection: inspection)
        var findings = inspection.findings
        findings += explanation.findings(for: errors, root: xmlDocGetRootElement(document))
        findings.sort(by: Finding.outputOrder)
        return PageReport(
            path: path, kind: inspection.kind, findings: attribute(findings, template: template, kind: inspection.kind),
            ids: ByteStrings(inspection.ids.keys), references: inspection.siteReferences,
            template: template ?? inspection.kind.flatMap { templates[$0] })
    }

    /// The report on a page the scan found clean.
    private func report(_ clean: PageScan.Clean, path: String, template: String?) -> PageReport {
        PageReport(
            path: path, kind: clean.kind, findings: [], ids: clean.ids, references: clean.references,
            template: template ?? clean.kind.flatMap { templates[$0] })
    }

    private func attribute(_ findings: [Finding], template: String?, kind: String?) -> [Finding] {
        guard let name = template ?? kind.flatMap({ templates[$0] }) else { return findings }
        return findings.map { finding in
            var attributed = finding
            attributed.template = name
            return attributed
        }
    }

    /// The page kind of a page that does not parse, read from the bytes (`data-page="…"`).
    static func scanKind(_ bytes: UnsafeRawBufferPointer) -> String? {
        let marker = Array("data-page=\"".utf8)
        guard bytes.count > marker.count else { return nil }
        var index = 0
        while index + marker.count < bytes.count {
            if bytes[index] == marker[0], zip(bytes[index..<(index + marker.count)], marker).allSatisfy({ $0 == $1 }) {
                let start = index + marker.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), end - start < 64 { end += 1 }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}

/// What validating one page found, plus what the site check needs to resolve its links.
public struct PageReport: Sendable {
    /// The page, relative to the site root.
    public let path: String
    /// Its kind (`<body data-page>`), when it has one.
    public let kind: String?
    /// Problems on the page itself, in document order.
    public let findings: [Finding]
    /// The ids on the page, for fragments in links from other pages.
    let ids: ByteStrings
    /// References to other files of the site, resolved by `SiteCheck`.
    let references: [SiteReference]
    /// The template findings about this page are attributed to.
    let template: String?

    init(
        path: String, kind: String?, findings: [Finding], ids: ByteStrings = ByteStrings(), references: [SiteReference] = [],
        template: String? = nil
    ) {
        self.path = path
        self.kind = kind
        self.findings = findings
        self.ids = ids
        self.references = references
        self.template = template ?? findings.first?.template
    }

    /// True when the page itself has no findings (its links to other pages are checked later).
    public var isValid: Bool { findings.isEmpty }
}
