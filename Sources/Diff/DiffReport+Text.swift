import VantageCore

extension DiffReport {
    /// The report for people: a headline and one line per page for each group, the unified
    /// diffs of the changed pages (not with `--stat` or bare manifests), then the summary.
    public var text: String {
        var out = ""
        if isIdentical { out += "No differences in \(DiffReport.counted(pagesCompared, "page")).\n" }
        for group in groups {
            out += group.headline + "\n"
            // Padded by characters, as the width is counted: `padding(toLength:)` counts UTF-16
            // units, and cut a path with an emoji or a combining accent short.
            let width = group.pages.map(\.path.count).max() ?? 0
            for page in group.pages {
                let status = page.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                out += "  " + status + " " + page.path + String(repeating: " ", count: width - page.path.count)
                out += "  " + page.detail + "\n"
            }
        }
        if comparedContent, !statOnly {
            for group in groups {
                for page in group.pages {
                    guard case .text(_, _, let hunks)? = page.content, !hunks.isEmpty else { continue }
                    out += "\n" + "diff " + page.path + " — " + group.name + ": " + page.label + "\n"
                    out += unifiedDiff(page.path, hunks)
                }
            }
        }
        if !groups.isEmpty { out += "\n" }
        out += summaryLine + "\n"
        return out
    }

    /// A page's unified diff, as every format that shows one writes it: the `---` and `+++`
    /// lines naming the page on each side, then the hunks.
    func unifiedDiff(_ path: String, _ hunks: [Hunk]) -> String {
        var out = "--- " + PathText.joined(oldName, path) + "\n"
        out += "+++ " + PathText.joined(newName, path) + "\n"
        for hunk in hunks {
            out += hunk.header + "\n"
            for line in hunk.lines { out += line.rendered + "\n" }
        }
        return out
    }
}

extension PageReport {
    /// The short account of a page in listings: line counts for a changed page whose text was
    /// compared, sizes otherwise.
    public var detail: String {
        func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
        switch status {
        case .added: return bytes(new?.bytes ?? 0)
        case .removed: return bytes(old?.bytes ?? 0)
        case .changed:
            let sizes = "\(old?.bytes ?? 0) -> " + bytes(new?.bytes ?? 0)
            switch content {
            case .text(let deletions, let insertions, _)?:
                return deletions == 0 && insertions == 0 ? "markup only, " + sizes : "+\(insertions) -\(deletions)"
            case .binary?: return "binary, " + sizes
            case nil: return sizes
            }
        }
    }
}
