import Foundation
import Validate
import VantageCore

/// The in-build validation (issue 5's `SiteCheck`): every page is parsed by libxml2, checked
/// against the schema and the rules of `vantage check` as it is written, and its links are
/// checked against the other files of its part of the site.
///
/// One check per part of the site keeps memory at one viewer: a viewer's pages link only
/// inside their own folder and to a few site-wide files, which every check knows in advance
/// (`siteFiles`), and the index, which links to every home, gets the homes' paths.
final class PageValidation: @unchecked Sendable {
    let validator: SiteValidator
    /// Files outside any viewer's folder that pages may link to.
    let siteFiles: [String]
    /// Every person's folder (built or not): a person's pages may not link into another's.
    let homeSlugs: Set<String>
    /// Benchmarks only (`SiteBuild.Tuning.parseOnly`): each page is parsed by libxml2 with
    /// callbacks that do nothing, and not checked.
    let parseOnly: Bool
    /// At most this many findings are kept (all are counted).
    static let findingLimit = 1000
    private let lock = NSLock()
    private var collected = Findings()
    /// Fragments written in people's parts into the site-wide pages, judged once those are
    /// checked; a shard renders none of those pages and keeps none (the merge judges them).
    let siteFragments: SiteFragments

    struct Findings {
        var kept: [Finding] = []
        var count = 0
        var pages = 0
    }

    init(siteFiles: [String], homeSlugs: Set<String> = [], shard: Bool = false, parseOnly: Bool = false) {
        // Pages arrive with the template they were rendered from (`RenderedPage.template`), so
        // the validator needs no kind-to-template map.
        validator = SiteValidator(reusesStructures: true, scanCounts: .build)
        self.siteFiles = siteFiles
        self.homeSlugs = homeSlugs
        siteFragments = shard ? SiteFragments(kept: 0) : SiteFragments()
        self.parseOnly = parseOnly
    }

    /// A check for one part of the site, knowing the site-wide files (and `extraFiles`): a
    /// person's part when `viewer` names their folder, else the site-wide pages'.
    func check(extraFiles: [String] = [], viewer: String? = nil) -> SiteCheck {
        let check = SiteCheck(validator: validator, part: viewer, otherParts: homeSlugs, siteFragments: siteFragments)
        for file in siteFiles + extraFiles { check.addFile(path: file) }
        return check
    }

    /// The validating stage of one part's output, and the check to `finish` after it.
    func stage(extraFiles: [String] = [], viewer: String? = nil) -> ValidateStage {
        ValidateStage(check: check(extraFiles: extraFiles, viewer: viewer), parseOnly: parseOnly)
    }

    /// Finishes a part's check and keeps its findings; the site-wide pages' check (`sitePages`)
    /// also gives the ids that people's fragments into those pages wait for.
    func finish(_ check: SiteCheck, sitePages: Bool = false) {
        let report = check.finish()
        if sitePages { siteFragments.learn(from: check) }
        keep(report.findings, count: report.findings.count, pages: report.pageCount)
    }

    /// Keeps the first `findingLimit` findings in output order, whichever order the parts
    /// finish in (it was the first parts' to finish: which were printed changed from run to run).
    private func keep(_ findings: [Finding], count: Int, pages: Int) {
        lock.lock()
        defer { lock.unlock() }
        collected.pages += pages
        collected.count += count
        guard !findings.isEmpty else { return }
        collected.kept = Array((collected.kept + findings).sorted(by: Finding.outputOrder).prefix(Self.findingLimit))
    }

    /// Judges the fragments that waited for the site-wide pages: once, after every part and
    /// the site-wide pages are finished.
    func finishSiteFragments() {
        let waited = siteFragments.findings()
        keep(waited.findings, count: waited.count, pages: 0)
    }

    /// Pages checked, findings counted, and the findings kept (in output order).
    var result: (pages: Int, count: Int, findings: [Finding]) {
        lock.lock()
        defer { lock.unlock() }
        return (collected.pages, collected.count, collected.kept)
    }
}

/// Pages that failed validation: the build keeps the previous output and reports these.
public struct ValidationFailure: Error, Sendable, CustomStringConvertible {
    /// Findings (at most `PageValidation.findingLimit` of them), sorted by file and position.
    public var findings: [Finding]
    /// How many findings there were in all.
    public var count: Int
    /// Pages checked.
    public var pages: Int

    /// Every kept finding as `vantage check` writes it (`Finding.textReport`: `file:line:col:
    /// error: message (from template X)`, paths within the output folder), then a line that
    /// says what was kept.
    public func formatted(root: String) -> String {
        var text = Finding.textReport(findings, root: root)
        if count > findings.count { text += "… and \(count - findings.count) more findings\n" }
        return text
    }

    public var description: String { "\(count) validation findings in \(pages) pages" }
}
