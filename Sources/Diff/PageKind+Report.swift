import VantageCore

/// How a report names and orders the files it lists: by `PageKind` (VantageCore), plus the
/// one kind of file that is no page, a viewer's search index, listed after every page kind.
extension PageKind {
    /// The manifest kind a build may give a viewer's search index.
    static let searchIndex = "search-index"

    /// Spellings of the search index's kind the build might choose, all read the same.
    private static func canonical(_ kind: String) -> String {
        let letters = kind.lowercased().filter { $0.isLetter }
        return letters == "searchindex" ? searchIndex : kind
    }

    /// The report's name for the manifest kind `kind`, or nil when the kind is unknown.
    static func reportName(_ kind: String?) -> String? {
        guard let kind else { return nil }
        let canonical = canonical(kind)
        if canonical == searchIndex { return "search index" }
        return PageKind(rawValue: canonical)?.reportName
    }

    /// The kind's place in listings: page kinds in `allCases` order, then the search index;
    /// unknown kinds come last.
    static func rank(_ kind: String?) -> Int {
        guard let kind else { return allCases.count + 1 }
        let canonical = canonical(kind)
        if canonical == searchIndex { return allCases.count }
        return PageKind(rawValue: canonical).flatMap { allCases.firstIndex(of: $0) } ?? allCases.count + 1
    }

    /// True for the "quotes said by P" kind, whose name needs P from the page itself.
    static func namesAPerson(_ kind: String?) -> Bool { kind.flatMap(PageKind.init(rawValue:))?.namesAPerson ?? false }

    /// The kind of a file no manifest describes: the build's search index script in a viewer's
    /// folder (`SearchIndexScript`), or a JSON file named for search there, is that viewer's
    /// search index (the build lists pages only); anything else is unknown and goes by its path.
    static func unlisted(path: String, viewer: String?) -> String? {
        guard viewer != nil else { return nil }
        if SearchIndexScript.isIndex(path) { return searchIndex }
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix(".json") && name.contains("search") ? searchIndex : nil
    }
}
