import VantageCore
import Foundation

extension DiffReport {
    /// The report as GitHub Actions workflow commands: one annotation per differing page
    /// (`notice` for changed and added pages, `warning` for removed ones) with the start of
    /// its diff, each page's full diff in a collapsed log group, and a summary annotation.
    ///
    /// Page text is data, not commands: the diff groups run inside `::stop-commands::` so a
    /// quote that reads like a workflow command cannot act as one.
    public var githubAnnotations: String {
        var out = ""
        for group in groups {
            for page in group.pages {
                let level = page.status == .removed ? "warning" : "notice"
                let file = PathText.joined(page.status == .removed ? oldName : newName, page.path)
                let title = group.name + ": " + page.label + " " + page.status.rawValue
                var message = page.status.rawValue + " (" + page.detail + ")"
                if case .text(_, _, let hunks)? = page.content, let first = hunks.first, !statOnly {
                    let shown = ([first.header] + first.lines.map(\.rendered)).prefix(Self.annotationLines)
                    message += "\n" + shown.joined(separator: "\n")
                    if first.lines.count + 1 > Self.annotationLines || hunks.count > 1 { message += "\n…" }
                }
                out += "::\(level) file=\(WorkflowCommand.escapeProperty(file)),title=\(WorkflowCommand.escapeProperty(title))::"
                out += WorkflowCommand.escapeData(message) + "\n"
            }
        }
        if comparedContent, !statOnly {
            // The resume token only has to be unguessable from a page's text alone; deriving it from
            // the pages' hashes keeps the output deterministic.
            var digest = SHA256()
            for page in pages { digest.update(Array((page.path + (page.old?.sha256 ?? "") + (page.new?.sha256 ?? "")).utf8)) }
            let token = "vantage-diff-" + digest.finalizeHex().prefix(16)
            for group in groups {
                for page in group.pages {
                    guard case .text(_, _, let hunks)? = page.content, !hunks.isEmpty else { continue }
                    out += "::group::" + WorkflowCommand.escapeData("diff " + page.path) + "\n"
                    out += "::stop-commands::" + token + "\n"
                    out += unifiedDiff(page.path, hunks)
                    out += "::" + token + "::\n"
                    out += "::endgroup::\n"
                }
            }
        }
        let level = isIdentical ? "notice" : "warning"
        let message = ([summaryLine] + groups.map(\.headline)).joined(separator: "\n")
        out += "::\(level) title=vantage diff::" + WorkflowCommand.escapeData(message) + "\n"
        return out
    }

    /// Lines of a page's first hunk quoted in its annotation.
    static let annotationLines = 12
}

extension Diagnostic {
    /// The diagnostic as a workflow `::error` (or `::warning`) command with its location.
    public var githubAnnotation: String {
        var properties: [String] = []
        if let location {
            properties.append("file=" + WorkflowCommand.escapeProperty(location.file))
            if let line = location.line { properties.append("line=\(line)") }
            if let column = location.column { properties.append("col=\(column)") }
        }
        let level = severity == .error ? "error" : severity == .warning ? "warning" : "notice"
        var text = message
        if let recordPath = location?.recordPath { text = recordPath + ": " + text }
        let head = properties.isEmpty ? "::\(level)" : "::\(level) " + properties.joined(separator: ",")
        return head + "::" + WorkflowCommand.escapeData(text)
    }
}
