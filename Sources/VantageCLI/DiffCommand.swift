import Diff
import VantageCore

/// `vantage diff OLD NEW`: what changed between two built sites, for whom.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two built sites: pages added, removed and changed, per viewer"
    static let help = """
        Usage: vantage diff OLD NEW [--format text|json|github] [--context N] [--viewer SLUG] [--stat]

        OLD and NEW are built site folders (their manifest.json is read; a folder without one
        is hashed file by file) or two manifest.json files (then only the summary: pages are
        compared by hash, no content diffs).

        Pages that differ are grouped by viewer and named by what they are, then the changed
        pages are shown as unified diffs of their text (markup normalised to one line per
        block, with the attributes that matter in [brackets]), then a one-line summary.

        Options:
          --format text|json|github  text for people (default), one JSON document, or
                                     GitHub Actions workflow annotations
          --context N                unchanged lines around each change (default 3)
          --viewer SLUG              only that viewer's pages
          --stat                     counts per page, no diff lines

        \(VantageCLI.exitCodes)
          (for diff: 0 identical, 1 different, 2 unusable: a missing folder, a bad manifest)

        """

    let old: String
    let new: String
    let format: String
    let options: SiteDiff.Options

    init(arguments: inout Arguments) throws(UsageError) {
        format = try arguments.choice("format", ["text", "json", "github"], default: "text")
        let context = try arguments.integer("context") ?? 3
        let viewer = try arguments.single("viewer")
        if let viewer, viewer.isEmpty { throw UsageError("--viewer needs a slug", command: Self.name) }
        let statOnly = try arguments.flag("stat")
        let sites = try arguments.positionalPaths(max: 2)
        guard sites.count == 2 else {
            throw UsageError("expected two sites to compare, OLD and NEW", command: Self.name)
        }
        old = sites[0]
        new = sites[1]
        options = SiteDiff.Options(context: context, viewer: viewer, statOnly: statOnly)
    }

    func run(console: Console) throws -> ExitCode {
        let report: DiffReport
        do throws(Diagnostic) {
            let sites = try BuiltSite.open(old: old, new: new)
            report = try SiteDiff.compare(old: sites.old, new: sites.new, options: options)
        } catch {
            // In a workflow the failure should show on the run page too, not only in the log.
            if format == "github" { console.out(error.githubAnnotation + "\n") }
            throw error
        }
        switch format {
        case "json": console.out(JSONWriter.string(report.json, pretty: true) + "\n")
        case "github": console.out(report.githubAnnotations)
        default: console.out(report.text)
        }
        return report.isIdentical ? .success : .findings
    }
}
