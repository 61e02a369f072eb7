import Template
import VantageCore

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

    /// The page kind in `data-page` and the manifest: OUTPUT.md gives the triage pages kinds
    /// of their own (`reviews` is only the report).
    var pageKind: PageKind {
        switch self {
        case .ideas: return .triageIdeas
        case .quotes: return .triageQuotes
        }
    }

    /// The page's own fields (`ListPage.fields` adds the items and the pager).
    func fields(count: Int) -> [String: Value] {
        ["review": .map(["isIdeas": .bool(self == .ideas), "isQuotes": .bool(self == .quotes), "count": count.value])]
    }
}

extension SitePages {
    /// Renders the idea review pages.
    func renderIdeaReview() throws {
        let localizer = renderer.localizer(
            locale: site.locale(for: nil, forced: forcedLocale), timeZone: site.settings.timeZone)
        // A site-wide page: names as everyone sees them (the chosen name, else the recorded one).
        let naming = Naming(site: site, contacts: [:])
        let pagination = Pagination(itemCount: site.ideas.count, pageSize: site.settings.pageSize)
        for page in pagination.pages(at: .ideaReview) {
            let items: [Value] = page.range.map { index in
                let idea = site.ideas[index]
                return IdeaEntry(
                    id: idea.id, fragment: site.ideaFragments[index], text: idea.text, isNew: false,
                    authorName: naming.author(of: idea),
                    submittedAt: idea.submittedAt.unixSeconds, forSelf: idea.audience == .self, position: index + 1,
                    previous: nil, next: nil
                ).value
            }
            try output.page(try renderer.render(
                ReviewKind.ideas.pageKind, template: PageKind.triageIdeas.template,
                fields: page.fields(ReviewKind.ideas.fields(count: site.ideas.count), items: items),
                frame: frame(page.path), localizer: localizer))
        }
    }
}

extension ViewerPages {
    /// Renders the review pages of the viewer's quotes feed.
    func renderQuoteReview(_ lists: QuoteLists, for viewer: Viewer) throws {
        let pagination = Pagination(itemCount: lists.feed.count, pageSize: site.settings.pageSize)
        for page in pagination.pages(at: .quoteReview(viewer.slug)) {
            let depth = viewer.links.depth(of: page.path)
            let items = page.range.map { Self.entryValue($0, on: page.path, depth: depth, lists: lists, viewer: viewer) }
            try emit(
                ReviewKind.quotes.pageKind, template: PageKind.triageQuotes.template, path: page.path,
                fields: page.fields(ReviewKind.quotes.fields(count: lists.feed.count), items: items), for: viewer)
        }
    }
}
