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
    /// Benchmarks only (`SiteBuild.Tuning.parseOnly`): each page is parsed by libxml2 with
    /// callbacks that do nothing, and not checked.
    let parseOnly: Bool
    /// At most this many findings are kept (all are counted).
    static let findingLimit = 1000
    private let lock = NSLock()
    private var collected = Findings()

    struct Findings {
        var kept: [Finding] = []
        var count = 0
        var pages = 0
    }

    init(siteFiles: [String], parseOnly: Bool = false) {
        // Pages arrive with the template they were rendered from (`RenderedPage.template`), so
        // the validator needs no kind-to-template map.
        validator = SiteValidator(reusesStructures: true, scanCounts: .build)
        self.siteFiles = siteFiles
        self.parseOnly = parseOnly
    }

    /// A check for one part of the site, knowing the site-wide files (and `extraFiles`).
    func check(extraFiles: [String] = []) -> SiteCheck {
        let check = SiteCheck(validator: validator)
        for file in siteFiles + extraFiles { check.addFile(path: file) }
        return check
    }

    /// The validating stage of one part's output, and the check to `finish` after it.
    func stage(extraFiles: [String] = []) -> ValidateStage {
        ValidateStage(check: check(extraFiles: extraFiles), parseOnly: parseOnly)
    }

    /// Finishes a part's check and keeps its findings.
    func finish(_ check: SiteCheck) {
        let report = check.finish()
        lock.lock()
        defer { lock.unlock() }
        collected.pages += report.pageCount
        collected.count += report.findings.count
        let room = max(0, Self.findingLimit - collected.kept.count)
        collected.kept += report.findings.prefix(room)
    }

    /// Pages checked, findings counted, and the findings kept (sorted by file and position).
    var result: (pages: Int, count: Int, findings: [Finding]) {
        lock.lock()
        defer { lock.unlock() }
        let sorted = collected.kept.sorted { a, b in
            (a.file, a.line, a.column) < (b.file, b.line, b.column)
        }
        return (collected.pages, collected.count, sorted)
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

    /// Every kept finding as `file:line:col: error: message (from template X)`, paths prefixed
    /// with the output folder, then a line that says what was kept.
    public func formatted(root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var text = findings.map { $0.reportLine(prefix: prefix) }.joined()
        if count > findings.count { text += "… and \(count - findings.count) more findings\n" }
        return text
    }

    public var description: String { "\(count) validation findings in \(pages) pages" }
}
