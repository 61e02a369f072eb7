import Store
import VantageCore

/// The view models: plain values holding exactly what a page shows, already named, ordered
/// and linked. Templates turn them into markup; `+Value` files turn them into template values.

/// The links every page of a viewer's part of the site offers, each computed from the page's
/// path and the target's (`SitePath.relative`): site-wide targets directly, the viewer's own
/// pages through the viewer's folder.
public struct ViewerLinks: Sendable, Hashable {
    public var index, stylesheet, reviews: String
    /// The assets folder with a trailing slash (scripts and the behaviour stylesheet).
    public var assets: String
    public var home, settings, search, searchIndex: String
    public var ideasNew, ideasMine, ideasAll, ideasBrowse: String
    public var feed, said, heard: String
    /// The compose screens: Submit Idea and Add Quote.
    public var submitIdea, addQuote: String

    /// The links from the page at `page` in `viewer`'s folder.
    public init(page: String, viewer: String) {
        func own(_ target: String) -> String { SitePath.relative(from: page, to: target, via: viewer) }
        let site = SiteLinks(page: page)
        (index, stylesheet, reviews, assets) = (site.index, site.stylesheet, site.reviews, site.assets)
        home = own(SitePath.home(viewer))
        settings = own(SitePath.settings(viewer))
        search = own(SitePath.search(viewer))
        searchIndex = own(SitePath.searchIndex(viewer))
        ideasNew = own(ListLocation.ideas(viewer, .new).path(page: 1))
        ideasMine = own(ListLocation.ideas(viewer, .mine).path(page: 1))
        ideasAll = own(ListLocation.ideas(viewer, .all).path(page: 1))
        ideasBrowse = own(ListLocation.ideas(viewer, .browse).path(page: 1))
        feed = own(ListLocation.feed(viewer).path(page: 1))
        said = own(ListLocation.said(viewer).path(page: 1))
        heard = own(ListLocation.heard(viewer).path(page: 1))
        submitIdea = own(SitePath.submitIdea(viewer))
        addQuote = own(SitePath.addQuote(viewer))
    }
}

/// The links of a site-wide page, and the site-wide links of every page.
public struct SiteLinks: Sendable, Hashable {
    public var index, stylesheet, reviews, assets: String

    /// The links from the page at `page`, through the site root.
    public init(page: String) {
        func root(_ target: String) -> String { SitePath.relative(from: page, to: target, via: "") }
        index = root(SitePath.index)
        stylesheet = root(SitePath.stylesheet)
        reviews = root(SitePath.reviews)
        assets = root(SitePath.assets)
    }
}

/// Who a viewer page belongs to.
public struct ViewerBadge: Sendable, Hashable {
    public var slug: String
    public var name: String
    /// Another home has the same name: titles add the folder, so the two parts' tabs differ.
    public var isNamedAlike = false
}

/// The previous and next pages of a paginated list.
public struct Pager: Sendable, Hashable {
    public var page: Int
    public var pageCount: Int
    public var previous: String?
    public var next: String?
}

/// One idea in a list, with its detail and its neighbours.
public struct IdeaEntry: Sendable, Hashable {
    public var id: String
    public var fragment: String
    public var text: String
    public var isNew: Bool
    /// The author's name as the viewer sees it; nil when the idea is anonymous.
    public var authorName: String?
    /// Unix seconds, with the fraction of a second the data gave.
    public var submittedAt: Double
    public var forSelf: Bool
    /// 1-based position in the whole list.
    public var position: Int
    public var previous: String?
    public var next: String?
}

/// One quote in a list.
public struct QuoteEntry: Sendable, Hashable {
    public var id: String
    public var fragment: String
    public var text: String
    public var speakerName: String
    public var speakerLink: String
    public var hearerNames: [String]
    /// Unix seconds, with the fraction of a second the data gave.
    public var saidAt: Double
}

/// Which quote list a page shows.
public enum QuoteListKind: Sendable, Hashable {
    case feed, said, heard
    /// A speaker's quotes: the name shown, and the speaker's handle when another speaker in the
    /// viewer's part has that name too (two Maria Silvas), so that their pages are told apart.
    case by(speakerName: String, handle: String? = nil)

    /// The page kind in `data-page`.
    public var pageKind: PageKind {
        switch self {
        case .feed: return .quotesFeed
        case .said: return .quotesSaid
        case .heard: return .quotesHeard
        case .by: return .quotesBy
        }
    }
}

/// A slip of paper in the home page's jar drawing.
public struct JarSlip: Sendable, Hashable {
    public var x, y, angle: Int
    public var tone: Int
    public var isNew: Bool
}

/// The person listed on the "view as" index.
public struct Resident: Sendable, Hashable {
    public var slug: String
    public var name: String
    /// The name's `lang`, when its language can be told (`LanguageTag.forHTML(_:naming:)`).
    public var locale: String?
    public var usesChangeJar: Bool
    public var usesQuotes: Bool
    /// Another home has the same name: the entry shows the folder, as the home's heading does.
    public var isNamedAlike = false
}

/// One item of the review report with every reviewer's decision.
public struct ReviewedItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case idea, quote, unknown }
    public var id: String
    public var kind: Kind
    public var text: String?
    public var decisions: [StoredReview]
}
