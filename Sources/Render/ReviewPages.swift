import Template

/// The review pages, where a reviewer triages items with the Mailbox gestures
/// (`templates/assets/triage.js`; decisions are downloaded as a reviews file): every idea,
/// site-wide, in the All list's order and the site's locale; and each person's quotes feed, in
/// that person's locale, inside their part of the site (a quote is reviewed as someone who
/// sees it, never on a page that would show everyone's quotes).
///
/// ```
/// review/ideas.html, ideas-2.html, …              kind triage-ideas (site-wide)
/// <viewer>/review/quotes.html, quotes-2.html, …   kind triage-quotes (in the viewer's part)
/// ```
///
/// OUTPUT.md gives them kinds of their own; `reviews` is only the review report.
extension ListLocation {
    /// The site-wide review of every idea.
    public static let ideaReview = ListLocation.stem("ideas", in: "review")

    /// A person's review of their quotes feed.
    public static func quoteReview(_ viewer: String) -> ListLocation { .stem("quotes", in: "\(viewer)/review") }
}

/// Which items a review page holds, for the template's branches.
enum ReviewKind {
    case ideas, quotes

    /// The page kind in `data-page` and the manifest.
    var pageKind: String {
        switch self {
        case .ideas: return "triage-ideas"
        case .quotes: return "triage-quotes"
        }
    }

    func value(count: Int) -> Value {
        .map(["isIdeas": .bool(self == .ideas), "isQuotes": .bool(self == .quotes), "count": count.value])
    }
}

extension SitePages {
    /// Renders the idea review pages.
    func renderIdeaReview() throws {
        let location = ListLocation.ideaReview
        let localizer = renderer.localizer(
            locale: site.locale(for: nil, forced: forcedLocale), timeZone: site.settings.timeZone)
        // A site-wide page: names as everyone sees them (the chosen name, else the recorded one).
        let naming = Naming(chosenNames: site.chosenNames, contacts: [:])
        let pagination = Pagination(itemCount: site.ideas.count, pageSize: site.settings.pageSize)
        for page in 1...pagination.pageCount {
            let range = pagination.range(page: page)
            let items: [Value] = range.map { index in
                let idea = site.ideas[index]
                return IdeaEntry(
                    id: idea.id, fragment: site.ideaFragments[index], text: idea.text, isNew: false,
                    authorName: idea.showName ? naming.name(of: idea.authorID, recorded: idea.authorName) : nil,
                    submittedAt: idea.submittedAt, forSelf: idea.audience == .self, position: index + 1,
                    previous: nil, next: nil
                ).value
            }
            let fields = ReviewPage.fields(.ideas, count: site.ideas.count, items: items, page: page, of: pagination,
                                           location: location)
            let path = location.path(page: page)
            let frame = PageFrame(
                path: path, siteTitle: site.settings.title ?? "Vantage", viewer: nil,
                links: SiteLinks(toRoot: "../").value, now: site.now)
            let bytes = try renderer.render(
                "pages/review", kind: ReviewKind.ideas.pageKind, fields: fields, frame: frame, localizer: localizer)
            try output.page(path, kind: ReviewKind.ideas.pageKind, viewer: nil, bytes: bytes)
        }
    }
}

extension ViewerPages {
    /// Renders the review pages of the viewer's quotes feed.
    func renderQuoteReview(_ lists: QuoteLists, for viewer: Viewer) throws {
        let location = ListLocation.quoteReview(viewer.slug)
        let pagination = Pagination(itemCount: lists.feed.count, pageSize: site.settings.pageSize)
        for page in 1...pagination.pageCount {
            let items: [Value] = pagination.range(page: page).map { position in
                entry(for: lists.feed[position], lists: lists, viewer: viewer, toViewer: "../").value
            }
            let fields = ReviewPage.fields(.quotes, count: lists.feed.count, items: items, page: page, of: pagination,
                                           location: location)
            try emit(
                "pages/review", kind: ReviewKind.quotes.pageKind, path: location.path(page: page), toViewer: "../",
                fields: fields, for: viewer)
        }
    }
}

/// The fields both kinds of review page share.
enum ReviewPage {
    static func fields(
        _ kind: ReviewKind, count: Int, items: [Value], page: Int, of pagination: Pagination, location: ListLocation
    ) -> [String: Value] {
        let pager = Pager(
            page: page, pageCount: pagination.pageCount,
            previous: page > 1 ? location.fileName(page: page - 1) : nil,
            next: page < pagination.pageCount ? location.fileName(page: page + 1) : nil)
        return [
            "review": kind.value(count: count), "hasItems": .bool(!items.isEmpty), "items": .list(items),
            "pager": pager.value,
        ]
    }
}
