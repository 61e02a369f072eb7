/// The view models: plain values holding exactly what a page shows, already named, ordered
/// and linked. Templates turn them into markup; `+Value` files turn them into template values.

/// The links every page of a viewer's part of the site offers, relative to that page.
public struct ViewerLinks: Sendable, Hashable {
    public var index, stylesheet, reviews: String
    /// The assets folder with a trailing slash (scripts and the behaviour stylesheet).
    public var assets: String
    public var home, settings, search, searchIndex: String
    public var ideasNew, ideasMine, ideasAll, ideasBrowse: String
    public var feed, said, heard: String
    /// The compose screens: Submit Idea and Add Quote.
    public var submitIdea, addQuote: String

    /// The links from a page whose folder is `toViewer` ("", "../", "../../") above the
    /// viewer's folder.
    public init(toViewer prefix: String) {
        index = prefix + "../" + SitePath.index
        stylesheet = prefix + "../" + SitePath.stylesheet
        reviews = prefix + "../" + SitePath.reviews
        assets = prefix + "../" + SitePath.assets
        home = prefix + "index.html"
        settings = prefix + "settings.html"
        search = prefix + "search.html"
        searchIndex = prefix + "search-index.js"
        ideasNew = prefix + "ideas/new/index.html"
        ideasMine = prefix + "ideas/mine/index.html"
        ideasAll = prefix + "ideas/all/index.html"
        ideasBrowse = prefix + "ideas/browse/index.html"
        feed = prefix + "quotes/index.html"
        said = prefix + "quotes/said.html"
        heard = prefix + "quotes/heard.html"
        submitIdea = prefix + "ideas/submit.html"
        addQuote = prefix + "quotes/add.html"
    }
}

/// The links of a site-wide page.
public struct SiteLinks: Sendable, Hashable {
    public var index, stylesheet, reviews, assets: String
    /// The links from a site-wide page whose folder is `toRoot` ("", "../") below the root.
    public init(toRoot prefix: String = "") {
        index = prefix + SitePath.index
        stylesheet = prefix + SitePath.stylesheet
        reviews = prefix + SitePath.reviews
        assets = prefix + SitePath.assets
    }
}

/// Who a viewer page belongs to.
public struct ViewerBadge: Sendable, Hashable {
    public var slug: String
    public var name: String
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
    public var submittedAt: Int64
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
    public var saidAt: Int64
}

/// Which quote list a page shows.
public enum QuoteListKind: Sendable, Hashable {
    case feed, said, heard
    case by(speakerName: String)

    /// The page kind in `data-page`.
    public var pageKind: String {
        switch self {
        case .feed: return "quotes-feed"
        case .said: return "quotes-said"
        case .heard: return "quotes-heard"
        case .by: return "quotes-by"
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
    public var locale: String
    public var usesChangeJar: Bool
    public var usesQuotes: Bool
}

/// One item of the review report with every reviewer's decision.
public struct ReviewedItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case idea, quote, unknown }
    public var id: String
    public var kind: Kind
    public var text: String?
    public var decisions: [ReviewDecision]
}
