import VantageCore

/// What `vantage diff` found, independent of how it is printed: the differing pages grouped
/// by viewer and named by what they are, their content diffs, and the totals.
public struct DiffReport: Sendable {
    /// The old site as the user named it.
    public var oldName: String
    /// The new site as the user named it.
    public var newName: String
    /// False when either side is a bare manifest: pages were compared by hash only.
    public var comparedContent: Bool
    /// True for `--stat`: counts per page, no diff lines.
    public var statOnly: Bool
    /// Groups: site-wide pages first, then viewers by slug.
    public var groups: [ViewerGroup]
    /// How many distinct paths were compared (after `--viewer`).
    public var pagesCompared: Int

    /// Every differing page, in report order.
    public var pages: [PageReport] { groups.flatMap(\.pages) }
    /// Pages whose bytes changed.
    public var changedCount: Int { count(.changed) }
    /// Pages only in the new site.
    public var addedCount: Int { count(.added) }
    /// Pages only in the old site.
    public var removedCount: Int { count(.removed) }
    /// Viewers with at least one differing page.
    public var viewerCount: Int { groups.filter { $0.slug != nil }.count }
    /// True when nothing differs.
    public var isIdentical: Bool { groups.isEmpty }

    private func count(_ status: PageStatus) -> Int {
        groups.reduce(0) { total, group in total + group.pages.filter { $0.status == status }.count }
    }

    /// "N pages changed, A added, R removed across V viewers" (plus the site-wide pages).
    public var summaryLine: String {
        var line = "\(Self.counted(changedCount, "page")) changed, \(addedCount) added, \(removedCount) removed"
        line += " across \(Self.counted(viewerCount, "viewer"))"
        if groups.contains(where: { $0.slug == nil }) { line += " and the site-wide pages" }
        return line
    }

    /// "1 page", "3 pages".
    static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// The differing pages of one viewer, or of the site-wide part when `slug` is nil.
public struct ViewerGroup: Sendable {
    /// Whether the viewer exists on both sides.
    public enum Presence: String, Sendable {
        /// In both sites (or unknown, when a side has no manifest).
        case both
        /// Only in the new site.
        case added
        /// Only in the old site.
        case removed
    }

    /// The viewer's slug; nil for the site-wide pages.
    public var slug: String?
    /// The display name (from the home page's `<h1>`), the slug when unknown, "Site-wide".
    public var name: String
    /// Whether the viewer was added, removed, or is on both sides.
    public var presence: Presence
    /// The pages, by kind then path.
    public var pages: [PageReport]

    /// "Ana Lima: 3 pages changed — quotes feed, quotes said by Dad, search index".
    public var headline: String {
        var parts: [String] = []
        for status in PageStatus.allCases {
            let labels = pages.filter { $0.status == status }.map(\.label)
            guard !labels.isEmpty else { continue }
            parts.append("\(DiffReport.counted(labels.count, "page")) \(status.rawValue) — \(labels.joined(separator: ", "))")
        }
        var prefix = name + ": "
        switch presence {
        case .both: break
        case .added: prefix += "new viewer, "
        case .removed: prefix += "viewer removed, "
        }
        return prefix + parts.joined(separator: "; ")
    }
}

/// One differing page.
public struct PageReport: Sendable {
    /// What the comparison of the two sides found for this page.
    public enum Content: Sendable {
        /// Text lines compared: counts and hunks (no hunks when only markup differs; none
        /// kept under `--stat`).
        case text(deletions: Int, insertions: Int, hunks: [Hunk])
        /// Not text: compared by hash only.
        case binary
    }

    /// The path relative to the site folder.
    public var path: String
    /// Added, removed or changed.
    public var status: PageStatus
    /// The page kind, when known.
    public var kind: String?
    /// The viewer slug, nil for site-wide pages.
    public var viewer: String?
    /// What the page is: "quotes feed", "quotes said by Dad", "all ideas (page 2)".
    public var label: String
    /// The page's place in a paginated list (nil for a first or single page).
    public var pageNumber: Int?
    /// The list the page belongs to (its first page's path without extension), for order.
    var list: String = ""
    /// The old manifest entry (nil when added).
    public var old: ManifestEntry?
    /// The new manifest entry (nil when removed).
    public var new: ManifestEntry?
    /// The content comparison of a changed page; nil when not compared.
    public var content: Content?
}
