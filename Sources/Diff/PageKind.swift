/// The page kinds of OUTPUT.md (`data-page`, and the manifest's `kind`), with the words a
/// report uses for each and the order a viewer's pages are listed in.
enum PageKind {
    /// Known kinds in the order a report lists them, with their names.
    private static let known: [(kind: String, name: String)] = [
        ("index", "index"),
        ("reviews", "review report"),
        ("triage-ideas", "idea triage"),
        ("home", "home"),
        ("settings", "settings"),
        ("ideas-new", "new ideas"),
        ("ideas-mine", "my ideas"),
        ("ideas-all", "all ideas"),
        ("ideas-browse", "browse ideas"),
        ("quotes-feed", "quotes feed"),
        ("quotes-said", "said by"),
        ("quotes-heard", "heard by"),
        ("quotes-by", "quotes said by"),
        ("search", "search"),
        ("search-index", "search index"),
        ("triage-quotes", "quotes triage"),
        ("submit-idea", "submit idea"),
        ("compose-quote", "add quote"),
    ]

    /// Spellings of the search index's kind the build might choose, all read the same.
    private static func canonical(_ kind: String) -> String {
        let letters = kind.lowercased().filter { $0.isLetter }
        return letters == "searchindex" ? "search-index" : kind
    }

    /// The report's name for `kind`, or nil when the kind is unknown.
    static func name(_ kind: String?) -> String? {
        guard let kind else { return nil }
        let canonical = canonical(kind)
        return known.first { $0.kind == canonical }?.name
    }

    /// The kind's place in listings; unknown kinds come last.
    static func rank(_ kind: String?) -> Int {
        guard let kind else { return known.count }
        let canonical = canonical(kind)
        return known.firstIndex { $0.kind == canonical } ?? known.count
    }

    /// True for the "quotes said by P" kind, whose name needs P from the page itself.
    static func namesAPerson(_ kind: String?) -> Bool { kind == "quotes-by" }

    /// The kind of a file no manifest describes: a JSON file named for search in a viewer's
    /// folder is that viewer's search index (the build lists pages only); anything else is
    /// unknown and goes by its path.
    static func unlisted(path: String, viewer: String?) -> String? {
        guard viewer != nil else { return nil }
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix(".json") && name.contains("search") ? "search-index" : nil
    }
}
