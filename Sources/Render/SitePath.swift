import VantageCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// <viewer>/quotes/by/<speaker>.html, <speaker>/page-2.html, …
/// <viewer>/search.html  <viewer>/search-index.js
/// ```
public enum SitePath {
    /// The "view as" index.
    public static let index = PageName.folderIndex
    /// The review report.
    public static let reviews = "reviews.html"
    /// The page list with checksums.
    public static let manifest = SiteBookkeeping.manifest
    /// The one stylesheet.
    public static let stylesheet = "assets/site.css"
    /// The folder of the stylesheets and scripts (copied from `templates/assets/`).
    public static let assets = "assets/"

    /// A viewer's home page.
    public static func home(_ viewer: String) -> String { "\(viewer)/\(PageName.folderIndex)" }
    /// A viewer's settings page.
    public static func settings(_ viewer: String) -> String { "\(viewer)/settings.html" }
    /// A viewer's search page.
    public static func search(_ viewer: String) -> String { "\(viewer)/search.html" }
    /// A viewer's search index (only what that viewer sees).
    public static func searchIndex(_ viewer: String) -> String { "\(viewer)/\(SearchIndexScript.fileName)" }

    /// `target` as a link from the page at `page` (both relative to the site root, both files):
    /// `relative(from: "ana/ideas/all/page-2.html", to: "ana/index.html")` is `../../index.html`.
    public static func relative(from page: String, to target: String) -> String {
        // Byte by byte (every page computes a dozen of these, for its menus and bylines): the
        // segments the page's folder shares with the target's folder end at the last "/" both
        // spell at the same place after equal bytes; the page climbs one "../" per folder of its
        // own beyond.
        var pageText = page, targetText = target
        return pageText.withUTF8 { pageBytes in
            targetText.withUTF8 { targetBytes in
                let slash = UInt8(ascii: "/")
                var shared = 0, index = 0, sharedSlashes = 0
                let common = min(pageBytes.count, targetBytes.count)
                while index < common, pageBytes[index] == targetBytes[index] {
                    index += 1
                    if pageBytes[index - 1] == slash {
                        shared = index
                        sharedSlashes += 1
                    }
                }
                let climbs = slashes(in: pageBytes, from: 0) - sharedSlashes
                return link(climbing: climbs, then: targetBytes, from: shared)
            }
        }
    }

    /// `target` as a link from `page` that climbs to `folder` (the site root "", or a viewer's
    /// folder, holding both) and descends from there: from `ana/ideas/new/index.html`,
    /// `relative(from:to: "ana/ideas/all/index.html", via: "ana")` is
    /// `../../ideas/all/index.html`, not `../all/index.html`. The menus and bylines link this
    /// way, so a link to a viewer's page is spelled the same on every page at the same depth.
    public static func relative(from page: String, to target: String, via folder: String) -> String {
        // The page climbs one "../" per folder below `folder` it is in, then the target's path
        // below `folder` follows.
        var pageText = page, targetText = target, folderText = folder
        return folderText.withUTF8 { folderBytes in
            pageText.withUTF8 { pageBytes in
                targetText.withUTF8 { targetBytes in
                    guard folderBytes.count > 0 else {
                        return link(climbing: slashes(in: pageBytes, from: 0), then: targetBytes, from: 0)
                    }
                    let prefix = folderBytes.count + 1
                    precondition(
                        holds(folderBytes, pageBytes) && holds(folderBytes, targetBytes), "\(folder) holds \(page) and \(target)")
                    return link(climbing: slashes(in: pageBytes, from: prefix), then: targetBytes, from: prefix)
                }
            }
        }
    }

    /// The number of "/" in `bytes` from `start` on.
    private static func slashes(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var count = 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") { count += 1 }
            index += 1
        }
        return count
    }

    /// True when `path` starts with `folder` and a "/".
    private static func holds(_ folder: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count > folder.count, path[folder.count] == UInt8(ascii: "/") else { return false }
        return memcmp(folder.baseAddress!, path.baseAddress!, folder.count) == 0
    }

    /// "../" `climbs` times, then `target` from byte `start` on, as one string.
    private static func link(climbing climbs: Int, then target: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        let rest = target.count - start
        let length = climbs * 3 + rest
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            for _ in 0..<climbs {
                buffer[at] = UInt8(ascii: ".")
                buffer[at + 1] = UInt8(ascii: ".")
                buffer[at + 2] = UInt8(ascii: "/")
                at += 3
            }
            if rest > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(from: target[start...]) }
            return length
        }
    }
}

/// Where a paginated list lives: page 1 and the pattern of the pages after it.
public struct ListLocation: Sendable, Hashable {
    /// The folder of the list, relative to the site root ("ana/ideas/all").
    public var directory: String
    /// Page 1's file name without ".html" ("index", "said").
    public var firstStem: String
    /// Later pages' paths in the folder without the number and ".html" ("page-", "said-",
    /// "papa/page-").
    public var laterPrefix: String

    /// A list that owns its folder: `index.html`, `page-2.html`, …
    public static func folder(_ directory: String) -> ListLocation {
        ListLocation(directory: directory, firstStem: "index", laterPrefix: "page-")
    }

    /// A list that shares a folder: `said.html`, `said-2.html`, …
    public static func stem(_ stem: String, in directory: String) -> ListLocation {
        ListLocation(directory: directory, firstStem: stem, laterPrefix: stem + "-")
    }

    /// A list whose first page is a file beside its like and whose later pages, when it has
    /// any, are in a folder of the same name: `papa.html`, `papa/page-2.html`, … For lists
    /// that are a single page nearly always (a speaker's quotes), so that each costs one file
    /// and no folder. `stem` is a slug (`[a-z0-9-]`), so no stem's file is another's folder.
    public static func file(_ stem: String, in directory: String) -> ListLocation {
        ListLocation(directory: directory, firstStem: stem, laterPrefix: stem + "/page-")
    }

    /// The path of page `number` (1-based).
    public func path(page number: Int) -> String { "\(directory)/\(fileName(page: number))" }

    /// Page `number` (1-based) relative to the list's folder (a file name, but for a later
    /// page of a `file` list).
    public func fileName(page number: Int) -> String {
        number <= 1 ? "\(firstStem).html" : "\(laterPrefix)\(number).html"
    }
}

/// A viewer's lists. Given the viewer "", each is where it is below the viewer's folder (the
/// search index's URLs are relative to it).
extension ListLocation {
    /// A viewer's idea list of one kind.
    public static func ideas(_ viewer: String, _ kind: IdeaListKind) -> ListLocation {
        .folder(below(viewer, "ideas/\(kind.rawValue)"))
    }
    /// A viewer's quotes feed.
    public static func feed(_ viewer: String) -> ListLocation { .folder(below(viewer, "quotes")) }
    /// A viewer's "Said By" tab.
    public static func said(_ viewer: String) -> ListLocation { .stem("said", in: below(viewer, "quotes")) }
    /// A viewer's "Heard By" tab.
    public static func heard(_ viewer: String) -> ListLocation { .stem("heard", in: below(viewer, "quotes")) }
    /// The quotes a viewer sees that one speaker said.
    public static func saidBy(_ viewer: String, speaker: String) -> ListLocation {
        .file(speaker, in: below(viewer, "quotes/by"))
    }

    /// `folder` in the viewer's folder (`folder` itself for the viewer "").
    private static func below(_ viewer: String, _ folder: String) -> String {
        viewer.isEmpty ? folder : viewer + "/" + folder
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
