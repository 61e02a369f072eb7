import VantageCore

/// The site's URL layout. Every path is relative to the site root and names a file (a link to
/// a folder does not open from `file://`); pages link to each other with `SitePath.relative`.
///
/// ```
/// index.html  reviews.html  manifest.json  assets/site.css
/// <viewer>/index.html                      home
/// <viewer>/settings.html
/// <viewer>/ideas/{new,mine,all,browse}/index.html, page-2.html, …
/// <viewer>/quotes/index.html, page-2.html, …   the feed
/// <viewer>/quotes/said.html, said-2.html, …    the profile's "Said By" tab
/// <viewer>/quotes/heard.html, heard-2.html, …  the profile's "Heard By" tab
/// <viewer>/quotes/by/<speaker>/index.html, page-2.html, …
/// <viewer>/search.html  <viewer>/search-index.js
/// ```
public enum SitePath {
    /// The "view as" index.
    public static let index = "index.html"
    /// The review report.
    public static let reviews = "reviews.html"
    /// The page list with checksums.
    public static let manifest = "manifest.json"
    /// The one stylesheet.
    public static let stylesheet = "assets/site.css"
    /// The folder of the stylesheets and scripts (copied from `templates/assets/`).
    public static let assets = "assets/"

    /// A viewer's home page.
    public static func home(_ viewer: String) -> String { "\(viewer)/index.html" }
    /// A viewer's settings page.
    public static func settings(_ viewer: String) -> String { "\(viewer)/settings.html" }
    /// A viewer's search page.
    public static func search(_ viewer: String) -> String { "\(viewer)/search.html" }
    /// A viewer's search index (only what that viewer sees).
    public static func searchIndex(_ viewer: String) -> String { "\(viewer)/search-index.js" }

    /// `target` as a link from the page at `page` (both relative to the site root, both files):
    /// `relative(from: "ana/ideas/all/page-2.html", to: "ana/index.html")` is `../../index.html`.
    public static func relative(from page: String, to target: String) -> String {
        let from = page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let to = target.split(separator: "/", omittingEmptySubsequences: false)
        var common = 0
        while common < from.count, common < to.count - 1, from[from.startIndex + common] == to[common] {
            common += 1
        }
        let ups = String(repeating: "../", count: from.count - common)
        return ups + to[common...].joined(separator: "/")
    }

    /// `target` as a link from `page` that climbs to `folder` (the site root "", or a viewer's
    /// folder, holding both) and descends from there: from `ana/ideas/new/index.html`,
    /// `relative(from:to: "ana/ideas/all/index.html", via: "ana")` is
    /// `../../ideas/all/index.html`, not `../all/index.html`. The menus and bylines link this
    /// way, so a link to a viewer's page is spelled the same on every page at the same depth.
    public static func relative(from page: String, to target: String, via folder: String) -> String {
        guard !folder.isEmpty else { return relative(from: page, to: "") + target }
        precondition(target.hasPrefix(folder + "/") && page.hasPrefix(folder + "/"), "\(folder) holds \(page) and \(target)")
        return relative(from: page, to: folder + "/") + target.dropFirst(folder.utf8.count + 1)
    }
}

/// Where a paginated list lives: page 1 and the pattern of the pages after it.
public struct ListLocation: Sendable, Hashable {
    /// The folder of the list, relative to the site root ("ana/ideas/all").
    public var directory: String
    /// Page 1's file name without ".html" ("index", "said").
    public var firstStem: String
    /// Later pages' file names without the number and ".html" ("page-", "said-").
    public var laterPrefix: String

    /// A list that owns its folder: `index.html`, `page-2.html`, …
    public static func folder(_ directory: String) -> ListLocation {
        ListLocation(directory: directory, firstStem: "index", laterPrefix: "page-")
    }

    /// A list that shares a folder: `said.html`, `said-2.html`, …
    public static func stem(_ stem: String, in directory: String) -> ListLocation {
        ListLocation(directory: directory, firstStem: stem, laterPrefix: stem + "-")
    }

    /// The path of page `number` (1-based).
    public func path(page number: Int) -> String { "\(directory)/\(fileName(page: number))" }

    /// The file name of page `number` (1-based), for links between pages of the list.
    public func fileName(page number: Int) -> String {
        number <= 1 ? "\(firstStem).html" : "\(laterPrefix)\(number).html"
    }
}

extension ListLocation {
    /// A viewer's idea list of one kind.
    public static func ideas(_ viewer: String, _ kind: IdeaListKind) -> ListLocation {
        .folder("\(viewer)/ideas/\(kind.rawValue)")
    }
    /// A viewer's quotes feed.
    public static func feed(_ viewer: String) -> ListLocation { .folder("\(viewer)/quotes") }
    /// A viewer's "Said By" tab.
    public static func said(_ viewer: String) -> ListLocation { .stem("said", in: "\(viewer)/quotes") }
    /// A viewer's "Heard By" tab.
    public static func heard(_ viewer: String) -> ListLocation { .stem("heard", in: "\(viewer)/quotes") }
    /// The quotes a viewer sees that one speaker said.
    public static func saidBy(_ viewer: String, speaker: String) -> ListLocation {
        .folder("\(viewer)/quotes/by/\(speaker)")
    }
}

/// The four idea lists of Change Jar.
public enum IdeaListKind: String, Sendable, CaseIterable {
    case new, mine, all, browse

    /// The page kind in `data-page`.
    public var pageKind: PageKind {
        switch self {
        case .new: return .ideasNew
        case .mine: return .ideasMine
        case .all: return .ideasAll
        case .browse: return .ideasBrowse
        }
    }
}
