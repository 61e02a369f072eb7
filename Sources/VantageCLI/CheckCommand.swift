import Diff
import Foundation
import Validate
import VantageCore

/// `vantage check`: validates a built site without writing anything.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Validate a built site: schema, links, fragments, ids, labels"
    static let help = """
        Usage: vantage check [DIR] [--format text|json|github] [--threads N]

        Validates every .html page under DIR (default: public) with libxml2 against the
        site's RELAX NG schema, and checks what a schema cannot: every relative href/src
        names a file of the site and every #fragment an id on its page, ids are unique,
        no inline event handlers or javascript: URLs, nothing refers outside the site,
        no link names a folder, every form control has a label. A site with a manifest.json
        is held to it: a page edited since its build (its size and SHA-256 are not the
        manifest's), a page it does not list, or one it lists that is gone, is a finding.

        Options:
          --format text     file:line:col: error: message (default)
          --format json     one JSON document with every finding
          --format github   GitHub workflow annotations (::error file=…,line=…,col=…::…)
          --threads N       pages validated in parallel (default 2)

        Findings go to standard output, the summary line to standard error.

        \(VantageCLI.exitCodes)

        """

    let directory: String
    let format: SiteReport.Format
    let threads: Int

    init(arguments: inout Arguments) throws(UsageError) {
        let formats = SiteReport.Format.allCases.map(\.rawValue)
        let choice = try arguments.choice("format", formats, default: SiteReport.Format.text.rawValue)
        format = SiteReport.Format(rawValue: choice) ?? .text
        let threadCount = try arguments.integer("threads") ?? 2
        guard threadCount >= 1 else { throw UsageError("--threads needs at least 1", command: Self.name) }
        threads = threadCount
        directory = try arguments.positionalPaths(max: 1).first ?? "public"
    }

    func run(console: Console) throws -> ExitCode {
        // A shard's output holds its people's pages and none of the site-wide ones they link to
        // (the index, the assets): checked alone, every such link would be a finding. Its build
        // checked its pages, and the merge checks every page and link of the whole site.
        let shardRecord = PathText.joined(directory, SiteBookkeeping.shard)
        var record = stat()
        if lstat(shardRecord, &record) == 0, record.st_mode & S_IFMT == S_IFREG {
            throw Diagnostic.error(
                "this is one shard's output (vantage build --shard K/N): its pages link to the site-wide pages only "
                    + "vantage build --merge writes, which validates every page and link of the merged site; check that site",
                at: SourceLocation(file: shardRecord))
        }
        // A page names its kind (`data-page`), and each kind one template: findings say which.
        let templates = Dictionary(uniqueKeysWithValues: PageKind.allCases.map { ($0.rawValue, $0.template) })
        var report: SiteReport
        do {
            // A build swaps a new site into place whole: a check that read the manifest of one
            // and pages of the other would report edits no one made. The folder at the path is
            // another one after a swap, so the check runs again on the new site (a build then
            // in progress swaps once at its end).
            var attempts = 0
            while true {
                let before = Self.identity(of: directory)
                let result = Result { try SiteValidator(templates: templates).validate(directory: directory, threads: threads) }
                attempts += 1
                // A page of the old site gone from the new one cannot be read: the swap's doing
                // too, when the folder changed meanwhile.
                if before == Self.identity(of: directory) {
                    report = try result.get()
                    break
                }
                guard attempts < 3 else {
                    throw Diagnostic.error(
                        "the site was replaced by a build \(attempts) times while it was checked; check it again when the build is done",
                        at: SourceLocation(file: directory))
                }
            }
        } catch let error as Diagnostic {
            // In a workflow the failure is an annotation too, as diff's are.
            if format == .github { console.out(error.githubAnnotation + "\n") }
            throw error
        }
        console.out(report.formatted(format, root: directory))
        if format != .json { console.err(report.summary) }
        return report.isValid ? .success : .findings
    }

    /// The folder at `path` (links followed): its device and inode, nil when there is none.
    static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
