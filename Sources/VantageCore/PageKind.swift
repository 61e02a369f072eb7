/// The kinds of page of OUTPUT.md: the `data-page` hook and the manifest's `kind`. Everything
/// known about a kind is here, once: its raw value, the template that renders it, the name a
/// report gives it, and where it lives (site-wide, or in a person's part of the site).
/// The build renders, validates and records pages by it; `vantage diff` names and orders them
/// by it; the schema's `data-page` pattern lists exactly these raw values (a test holds it to
/// that). Adding a kind is adding a case here, its template, and its raw value to the schema.
///
/// The cases are in the order a report lists them.
public enum PageKind: String, Sendable, Hashable, CaseIterable {
    case index
    case reviews
    case triageIdeas = "triage-ideas"
    case home
    case settings
    case ideasNew = "ideas-new"
    case ideasMine = "ideas-mine"
    case ideasAll = "ideas-all"
    case ideasBrowse = "ideas-browse"
    case quotesFeed = "quotes-feed"
    case quotesSaid = "quotes-said"
    case quotesHeard = "quotes-heard"
    case quotesBy = "quotes-by"
    case search
    case triageQuotes = "triage-quotes"
    case submitIdea = "submit-idea"
    case composeQuote = "compose-quote"

    /// Where pages of a kind live.
    public enum Placement: Sendable, Hashable {
        /// Outside every person's folder, with no `data-viewer`.
        case siteWide
        /// In one person's folder, with their `data-viewer`.
        case viewer
    }

    /// The template (under `templates/`, without `.mustache`) that renders pages of this kind.
    public var template: String {
        switch self {
        case .index: return "pages/index"
        case .reviews: return "pages/reviews"
        case .home: return "pages/home"
        case .settings: return "pages/settings"
        case .search: return "pages/search"
        case .ideasNew, .ideasMine, .ideasAll, .ideasBrowse: return "pages/ideas"
        case .quotesFeed, .quotesSaid, .quotesHeard, .quotesBy: return "pages/quotes"
        case .triageIdeas, .triageQuotes: return "pages/review"
        case .submitIdea: return "pages/submit-idea"
        case .composeQuote: return "pages/compose-quote"
        }
    }

    /// What a report calls a page of this kind.
    public var reportName: String {
        switch self {
        case .index: return "index"
        case .reviews: return "review report"
        case .home: return "home"
        case .settings: return "settings"
        case .ideasNew: return "new ideas"
        case .ideasMine: return "my ideas"
        case .ideasAll: return "all ideas"
        case .ideasBrowse: return "browse ideas"
        case .quotesFeed: return "quotes feed"
        case .quotesSaid: return "said by"
        case .quotesHeard: return "heard by"
        case .quotesBy: return "quotes said by"
        case .search: return "search"
        case .triageIdeas: return "idea triage"
        case .triageQuotes: return "quotes triage"
        case .submitIdea: return "submit idea"
        case .composeQuote: return "add quote"
        }
    }

    /// Where pages of this kind live: the "view as" index, the review report and the idea
    /// triage pages are site-wide; a person's quotes are triaged in their part, as someone who
    /// sees them (OUTPUT.md gives the triage pages kinds of their own).
    public var placement: Placement {
        switch self {
        case .index, .reviews, .triageIdeas: return .siteWide
        default: return .viewer
        }
    }

    /// True for "quotes said by P", whose report name needs P from the page itself.
    public var namesAPerson: Bool { self == .quotesBy }
}
