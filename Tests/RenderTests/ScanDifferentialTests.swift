import Foundation
import Testing
@testable import Validate

/// The build reads pages without a tree (`PageScan`); `vantage check` reads them on a tree.
/// Over real built sites — the sample content and hostile exports — and edits of their pages,
/// the scan agrees with the tree page by page (a page it calls clean has no finding, the
/// same ids, links and kind, and the tree's structure), and the build's validator gives the
/// site check exactly the findings of `vantage check`'s.
@Suite("The scan agrees with the tree on built sites")
struct ScanDifferentialTests {
    /// The tree path with structure reuse (it teaches the structure cache), and the check.
    static let tree = SiteValidator(reusesStructures: true, scansPages: false)
    static let check = SiteValidator()

    @Test func sampleContent() throws {
        let sample = try RenderTests.sampleSite.get()
        let clean = try Self.compareSite(sample.site.output)
        #expect(clean > 20, "the scan reads most sample pages itself")
    }

    @Test("Hostile exports", arguments: 0..<3)
    func hostile(seed: Int) throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content)
        try PrivacyPropertyTests.hostileContent(seed: seed, into: project.content)
        let result = project.build()
        try #require(result.status == 0, "\(result.err)")
        _ = try Self.compareSite(project.output)
    }

    /// Edits of the sample's pages (every fifth page of each kind of folder, so that every
    /// template is edited): each page, then each edit of it, scanned and treed.
    @Test func editedSamplePages() throws {
        let sample = try RenderTests.sampleSite.get()
        var edited = 0
        var seen: [String: Int] = [:]
        for path in sample.site.files where path.hasSuffix(".html") {
            // The page's place without the person's folder: ideas/all/page-2.html.
            let place = path.split(separator: "/").dropFirst().joined(separator: "/").replacingOccurrences(
                of: "[0-9]+", with: "", options: .regularExpression)
            seen[place, default: 0] += 1
            guard seen[place]! % 5 == 1 else { continue }
            let page = String(decoding: sample.bytes(path), as: UTF8.self)
            _ = Self.compare(path: path, bytes: Array(page.utf8))
            for (name, edit) in Self.edits {
                guard let changed = edit(page), changed != page else { continue }
                edited += 1
                let outcome = Self.compare(path: path, bytes: Array(changed.utf8))
                #expect(outcome.disagreements == [], "\(name) on \(path)")
            }
        }
        #expect(edited > 50)
    }

    static let edits: [(String, @Sendable (String) -> String?)] = [
        ("javascript link", { $0.replacingFirst("href=\"", "href=\"javascript:x() ") }),
        ("broken fragment", { $0.replacingFirst("href=\"#", "href=\"#nowhere-") }),
        ("link outside", { $0.replacingFirst("href=\"../", "href=\"../../../../../../../../") }),
        ("duplicate id", { page in
            guard let range = page.range(of: " id=\"") else { return nil }
            let id = page[range.upperBound...].prefix { $0 != "\"" }
            return page.replacingFirst("<footer", "<footer id=\"\(id)\"")
        }),
        ("id reference", { $0.replacingFirst("aria-labelledby=\"", "aria-labelledby=\"nowhere ") }),
        ("label target", { $0.replacingFirst(" for=\"", " for=\"x") }),
        ("unnamed button", { $0.replacingFirst("aria-label=\"", "data-label=\"") }),
        ("ampersand in a value", { $0.replacingFirst("title=\"", "title=\"a &amp; b ") }),
        ("escaped text", { $0.replacingFirst("</h1>", " &lt;&amp;&#x1F600;&gt;</h1>") }),
        ("bad value", { $0.replacingFirst("datetime=\"", "datetime=\"x") }),
        ("viewer removed", { $0.replacingFirst(" data-viewer=\"", " data-x=\"") }),
        ("void element closed", { $0.replacingFirst("/>", "></meta>") }),
    ]

    /// Compares every page of a site, then the whole site's findings; returns the pages
    /// scanned clean.
    static func compareSite(_ root: String) throws -> Int {
        let files = try SiteValidator.listFiles(in: root)
        var clean = 0
        for path in files where path.hasSuffix(".html") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            let outcome = compare(path: path, bytes: bytes)
            #expect(outcome.disagreements == [], "\(path)")
            if outcome.clean { clean += 1 }
        }
        #expect(clean > 0)
        // The whole site, as the build checks it and as `vantage check` does.
        let built = try SiteValidator(reusesStructures: true).validate(directory: root, threads: 2)
        let checked = try check.validate(directory: root, threads: 2)
        #expect(built.findings.map(\.diagnostic.description) == checked.findings.map(\.diagnostic.description))
        return clean
    }

    struct Outcome {
        var clean: Bool
        var disagreements: [String]
    }

    /// Validates the page on the tree (teaching the structure cache), then scans it.
    static func compare(path: String, bytes: [UInt8]) -> Outcome {
        let report = tree.validatePage(path: path, bytes: bytes)
        return bytes.withUnsafeBytes { buffer in
            let scan = PageScan.read(path: path, bytes: buffer, schema: .shared)
            var disagreements: [String] = []
            if scan.handover == nil {
                let parsed = ParsedPage(bytes: buffer)
                if let document = parsed.document {
                    let treed = PageStructure(document).bytes
                    if treed != scan.structure {
                        let first = Array(zip(treed, scan.structure)).firstIndex { $0 != $1 } ?? min(treed.count, scan.structure.count)
                        let show = { (bytes: [UInt8]) in
                            bytes[max(0, first - 40)..<min(bytes.count, first + 20)].map { $0 < 32 ? "<\($0)>" : String(UnicodeScalar($0)) }.joined()
                        }
                        disagreements.append("structure at byte \(first): tree \(show(treed)), scan \(show(scan.structure))")
                    }
                } else {
                    disagreements.append("the scan read a page the tree does not parse")
                }
                withExtendedLifetime(parsed) {}
            }
            guard case .clean(let clean) = PageScan.scan(path: path, bytes: buffer, schema: .shared) else {
                return Outcome(clean: false, disagreements: disagreements)
            }
            if !report.findings.isEmpty {
                disagreements.append("scanned clean, the tree found: " + report.findings.map(\.message).joined(separator: "; "))
            }
            if clean.ids != report.ids { disagreements.append("ids") }
            if clean.kind != report.kind { disagreements.append("kind") }
            let describe = { (reference: SiteReference) in
                "\(reference.target)#\(reference.fragment ?? "-") \(reference.written) \(reference.line):\(reference.column)"
            }
            if clean.references.map(describe) != report.references.map(describe) { disagreements.append("links") }
            return Outcome(clean: true, disagreements: disagreements)
        }
    }
}

extension String {
    /// The text with the first `target` replaced, or nil when there is none.
    fileprivate func replacingFirst(_ target: String, _ replacement: String) -> String? {
        range(of: target).map { replacingCharacters(in: $0, with: replacement) }
    }
}
