import Foundation
import Testing
@testable import Validate
@preconcurrency import CLibXML2

/// The build reads pages without a tree (`PageScan`) and builds one only when the scan is
/// not sure the page is clean. These tests hold the scan to the tree, page by page: a page
/// it calls clean has no finding on the tree and the same ids, links and kind; its
/// structure is byte for byte the tree's; and it does call the valid pages clean.
@Suite struct PageScanTests {
    /// The tree path with structure reuse (which teaches the structure cache).
    static let tree = SiteValidator(reusesStructures: true, scansPages: false)

    /// Every page of the valid site: scanned clean once its structure is known, with the
    /// tree's ids, links and kind, and the tree's structure.
    @Test func validPagesScanClean() throws {
        var clean = 0
        for file in try Fixtures.sitePages() {
            let bytes = try Fixtures.bytes(Fixtures.site + "/" + file)
            let outcome = PageScanDifference.compare(path: file, bytes: bytes, tree: Self.tree)
            #expect(outcome.disagreements == [], "\(file)")
            if outcome.clean { clean += 1 } else { Issue.record("\(file) was handed to the tree: \(outcome.handover ?? "")") }
        }
        #expect(clean > 0)
    }

    /// Every broken fixture, in the valid site's folder: never scanned clean when the tree
    /// finds something on the page itself (the others break links between pages, which the
    /// site check finds either way: `StructureReuseTests`).
    @Test(arguments: StructureReuseTests.brokenFixtures)
    func brokenPagesAreHandedOver(_ fixture: String) throws {
        let path = "people/ana-lima/\(fixture).html"
        let bytes = try Fixtures.bytes(Fixtures.broken + "/\(fixture).html")
        let outcome = PageScanDifference.compare(path: path, bytes: bytes, tree: Self.tree)
        #expect(outcome.disagreements == [])
        if !outcome.treeFindings.isEmpty { #expect(!outcome.clean) }
    }

    /// Edits of valid pages that keep their structure and change only what a structure leaves
    /// out: every one is found by the scan itself, and agrees with the tree.
    @Test(arguments: PageEdits.all.map(\.name))
    func editsOfValidPages(_ name: String) throws {
        let edit = try #require(PageEdits.all.first { $0.name == name })
        var applied = 0
        for file in try Fixtures.sitePages() {
            let valid = String(decoding: try Fixtures.bytes(Fixtures.site + "/" + file), as: UTF8.self)
            guard let page = edit.apply(valid), page != valid else { continue }
            applied += 1
            // The valid page first: its structure is then known.
            _ = PageScanDifference.compare(path: file, bytes: Array(valid.utf8), tree: Self.tree)
            let outcome = PageScanDifference.compare(path: file, bytes: Array(page.utf8), tree: Self.tree)
            #expect(outcome.disagreements == [], "\(file)")
            if edit.isFinding {
                #expect(!outcome.treeFindings.isEmpty, "\(name) on \(file): the tree rejects it")
                #expect(!outcome.clean, "\(name) on \(file)")
                // The scan's own checks saw it (the structure is known once the tree has
                // accepted it; a content-model error keeps it unknown).
                if !outcome.treeFindings.contains(where: { $0.rule == .schema }) {
                    #expect(outcome.handover != PageScan.Handover.newStructure.rawValue, "\(name) on \(file)")
                }
            }
        }
        #expect(applied > 0, "\(name) applies to some page")
    }

    /// A clean page of a new structure gets a tree for the content schema only, which learns
    /// the structure: the next page of that structure is scanned clean.
    @Test func newStructuresAreLearnt() throws {
        let valid = String(decoding: try Fixtures.bytes(Fixtures.site + "/index.html"), as: UTF8.self)
        let comments = String(repeating: "<!-- x -->", count: Int.random(in: 40...400))
        let page = Array(valid.replacingOccurrences(of: "</main>", with: comments + "</main>").utf8)
        #expect(page != Array(valid.utf8))
        let outcome = page.withUnsafeBytes { PageScan.scan(path: "index.html", bytes: $0, schema: .shared) }
        guard case .newStructure = outcome else {
            Issue.record("\(outcome)")
            return
        }
        let validator = SiteValidator(reusesStructures: true)
        #expect(validator.validatePage(path: "index.html", bytes: page).findings.isEmpty)
        #expect(validator.scanCounts.handedOver.map(\.reason) == [PageScan.Handover.newStructure.rawValue])
        let again = page.withUnsafeBytes { PageScan.scan(path: "index.html", bytes: $0, schema: .shared) }
        guard case .clean = again else {
            Issue.record("\(again)")
            return
        }
    }

    /// A page that is not `<!DOCTYPE html>` first, or not well-formed, goes to the tree at
    /// once.
    @Test func unusualPagesGoToTheTree() throws {
        let valid = String(decoding: try Fixtures.bytes(Fixtures.site + "/index.html"), as: UTF8.self)
        let cases: [(String, PageScan.Handover)] = [
            ("<?xml version=\"1.0\"?>\n" + valid, .notPlain),
            (valid.replacingOccurrences(of: "</body>", with: "</bdy>"), .parser),
            (valid.replacingOccurrences(of: "<main", with: "<?pi x?><main"), .finding),
            (valid.replacingOccurrences(of: "<main", with: "<![CDATA[x]]><main"), .finding),
            (valid.replacingOccurrences(of: "<main", with: "<p>&nbsp;</p><main"), .parser),
        ]
        for (page, expected) in cases {
            #expect(page != valid)
            let handover = Array(page.utf8).withUnsafeBytes { PageScan.read(path: "index.html", bytes: $0, schema: .shared).handover }
            #expect(handover == expected, "\(expected)")
        }
    }
}

/// `SimplePattern` only ever says yes where libxml2's regular expressions say yes.
@Suite struct SimplePatternTests {
    /// The schema's patterns, and a few more in the same subset or just outside it.
    static let patterns: [String] = {
        let text = String(decoding: PageSchema.source, as: UTF8.self)
        let schemaPatterns = text.matches(of: /<param name="pattern">([^<]*)<\/param>/).map { String($0.output.1) }
        return schemaPatterns + [
            "[a-z]+", "-?[0-9]+", "x[^\\s#]*y", "[a-c][b-d]?[c-e]*", "[\\-.]+", "[^a]", "ab", "[\\d]+", "[a-z]{2}",
            "(a)?", "[a-z-[aeiou]]+", "a.b", "[^\\s#]+( [^\\s#]+)*",
        ]
    }()

    @Test func agreesWithLibXML2() throws {
        var judged = 0
        let alphabet = Array("aAbcdez09-_.:# \t/é".utf8)
        for pattern in Self.patterns {
            guard let simple = SimplePattern(pattern) else { continue }
            let compiled = CompiledPattern(pattern)
            // Every string of up to four letters of the alphabet, and longer samples.
            var values: [[UInt8]] = [[]]
            var frontier: [[UInt8]] = [[]]
            for _ in 0..<3 {
                frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
                values += frontier
            }
            values += ["quote-q3754", "q-0001", "main", "a b", "#x", "x#", "-12", "0", "pt-BR", "ltr", "abc"].map { Array($0.utf8) }
            for value in values {
                let sure = value.withUnsafeBufferPointer { simple.surelyMatches($0) }
                guard sure else { continue }
                judged += 1
                let libxml2 = value.withUnsafeBufferPointer { compiled.libxml2Matches(bytes: $0) }
                #expect(libxml2, "\(pattern) on \(String(decoding: value, as: UTF8.self))")
            }
        }
        #expect(judged > 1000)
        // The patterns of the build's busiest attributes are in the subset.
        #expect(SimplePattern("[^\\s#]+") != nil)
        #expect(SimplePattern("[A-Za-z0-9][A-Za-z0-9_.:\\-]*") != nil)
        #expect(SimplePattern("[a-z]{2}") == nil)
        #expect(SimplePattern("[a-z-[aeiou]]+") == nil)
    }
}

/// The differences between the scan and the tree on one page.
enum PageScanDifference {
    struct Outcome {
        var clean: Bool
        var handover: String?
        var treeFindings: [Finding]
        var disagreements: [String]
    }

    /// Validates `bytes` on the tree (teaching the structure cache), then scans it.
    static func compare(path: String, bytes: [UInt8], tree: SiteValidator) -> Outcome {
        let report = tree.validatePage(path: path, bytes: bytes)
        return bytes.withUnsafeBytes { buffer in
            let scan = PageScan.read(path: path, bytes: buffer, schema: .shared)
            let outcome = PageScan.scan(path: path, bytes: buffer, schema: .shared)
            var disagreements: [String] = []
            // A scan that read the whole page wrote the tree's structure.
            if scan.handover == nil {
                let page = ParsedPage(bytes: buffer)
                if let document = page.document {
                    if PageStructure(document).bytes != scan.structure { disagreements.append("structure") }
                } else {
                    disagreements.append("the scan read a page the tree does not parse")
                }
            }
            guard case .clean(let clean) = outcome else {
                if case .needsTree(let reason) = outcome {
                    return Outcome(clean: false, handover: reason.rawValue, treeFindings: report.findings, disagreements: disagreements)
                }
                return Outcome(clean: false, treeFindings: report.findings, disagreements: disagreements)
            }
            if !report.findings.isEmpty {
                disagreements.append("scanned clean, the tree found: " + report.findings.map(\.message).joined(separator: "; "))
            }
            if clean.ids != report.ids { disagreements.append("ids") }
            if clean.kind != report.kind { disagreements.append("kind") }
            let scanned = clean.references.map(describe)
            let treed = report.references.map(describe)
            if scanned != treed { disagreements.append("links: \(scanned) against \(treed)") }
            return Outcome(clean: true, treeFindings: report.findings, disagreements: disagreements)
        }
    }

    static func describe(_ reference: SiteReference) -> String {
        "\(reference.source) \(reference.target)#\(reference.fragment ?? "-") \(reference.written) \(reference.line):\(reference.column)"
    }
}

/// Edits that keep a page's structure (elements and text runs) and change values: each
/// either breaks a rule (`isFinding`) or must still agree with the tree.
struct PageEdits: Sendable {
    let name: String
    let isFinding: Bool
    let apply: @Sendable (String) -> String?

    /// Replaces the first occurrence of `target` (nil when there is none).
    static func first(_ target: String, _ replacement: String) -> @Sendable (String) -> String? {
        { page in page.range(of: target).map { page.replacingCharacters(in: $0, with: replacement) } }
    }

    /// Replaces the first match of regular expression `pattern`.
    static func firstMatch(_ pattern: String, _ replacement: String) -> @Sendable (String) -> String? {
        { page in
            page.range(of: pattern, options: .regularExpression).map { page.replacingCharacters(in: $0, with: replacement) }
        }
    }

    static let all: [PageEdits] = [
        PageEdits(name: "javascript link", isFinding: true, apply: first("href=\"", "href=\"javascript:x() ")),
        PageEdits(name: "broken fragment", isFinding: true, apply: first("href=\"#", "href=\"#nowhere-")),
        PageEdits(name: "root-relative link", isFinding: true, apply: first("href=\"", "href=\"/")),
        PageEdits(name: "folder link", isFinding: true, apply: firstMatch("href=\"[^\"#]+\"", "href=\"./\"")),
        PageEdits(name: "external link", isFinding: true, apply: first("href=\"", "href=\"https://example.com/")),
        PageEdits(name: "bad dir", isFinding: true, apply: first("dir=\"ltr\"", "dir=\"sideways\"")),
        PageEdits(name: "event handler", isFinding: true, apply: first("<main", "<main onclick=\"x()\"")),
        PageEdits(name: "unknown attribute", isFinding: true, apply: first("<main", "<main frobnicate=\"1\"")),
        PageEdits(name: "bad data name", isFinding: true, apply: first("<main", "<main data-X=\"1\"")),
        PageEdits(name: "data javascript", isFinding: true, apply: first("<main", "<main data-go=\" JavaScript:x()\"")),
        PageEdits(name: "data control character", isFinding: true, apply: first("<main", "<main data-go=\"a&#1;b\"")),
        PageEdits(name: "duplicate id", isFinding: true, apply: { page in
            guard let range = page.range(of: " id=\"") else { return nil }
            let id = page[range.upperBound...].prefix { $0 != "\"" }
            return page.replacingOccurrences(of: "<footer", with: "<footer id=\"\(id)\"")
        }),
        PageEdits(name: "id reference", isFinding: true, apply: first("aria-labelledby=\"", "aria-labelledby=\"nowhere ")),
        PageEdits(name: "void element closed", isFinding: true, apply: first("<br/>", "<br></br>")),
        PageEdits(name: "self-closed", isFinding: true, apply: first("<figcaption>Logo</figcaption>", "<figcaption/>")),
        PageEdits(name: "viewer on a site-wide page or missing", isFinding: true, apply: { page in
            if page.contains(" data-viewer=\"") {
                return page.replacingOccurrences(of: #" data-viewer="[^"]*""#, with: "", options: .regularExpression)
            }
            return first("<body", "<body data-viewer=\"x\"")(page)
        }),
        PageEdits(name: "unnamed button", isFinding: false, apply: { page in
            page.replacingOccurrences(of: #"<button([^>]*)>[^<]*</button>"#, with: "<button$1> </button>", options: .regularExpression)
                .replacingOccurrences(of: " aria-label=\"", with: " data-label=\"")
        }),
        PageEdits(name: "unlabelled input", isFinding: false, apply: { page in
            page.replacingOccurrences(of: " for=\"", with: " data-for=\"")
                .replacingOccurrences(of: " aria-label=\"", with: " data-label=\"")
        }),
        PageEdits(name: "script text", isFinding: true, apply: first("></script>", ">x()</script>")),
        PageEdits(name: "ampersand in a value", isFinding: false, apply: first("aria-label=\"", "aria-label=\"a &amp; b ")),
        PageEdits(name: "escaped text", isFinding: false, apply: first("</h1>", " &lt;&amp;&#x1F600;&gt;</h1>")),
        PageEdits(name: "comment", isFinding: false, apply: first("</footer>", "<!-- note --></footer>")),
        PageEdits(name: "spaces around a link", isFinding: false, apply: first("href=\"", "href=\" ")),
        PageEdits(name: "query link", isFinding: false, apply: first("href=\"#", "href=\"?q=1#")),
        PageEdits(name: "percent link", isFinding: false, apply: first(".html\"", ".htm%6C\"")),
        PageEdits(name: "non-ASCII id", isFinding: false, apply: { page in
            page.replacingOccurrences(of: "id=\"results\"", with: "id=\"re\u{301}sults\"")
                .replacingOccurrences(of: "for=\"results\"", with: "for=\"re\u{301}sults\"")
        }),
    ]
}
