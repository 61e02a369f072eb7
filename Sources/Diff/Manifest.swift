import VantageCore

/// One file of a built site as `manifest.json` lists it (OUTPUT.md): where it is, what kind of
/// page it is, whose part of the site it belongs to, and its SHA-256 and size.
public struct ManifestPage: Sendable, Hashable {
    /// The path relative to the site folder, with `/` separators.
    public var path: String
    /// The `data-page` kind (`home`, `quotes-feed`, …), or nil when unknown (a walked folder).
    public var kind: String?
    /// The viewer's slug, or nil on site-wide pages.
    public var viewer: String?
    /// Lowercase hex SHA-256 of the file's bytes.
    public var sha256: String
    /// The file's size in bytes.
    public var bytes: Int

    /// A page entry.
    public init(path: String, kind: String?, viewer: String?, sha256: String, bytes: Int) {
        self.path = path
        self.kind = kind
        self.viewer = viewer
        self.sha256 = sha256
        self.bytes = bytes
    }
}

/// The list of a site's pages, sorted by path, plus where it came from.
public struct Manifest: Sendable {
    /// How the page list was obtained.
    public enum Origin: Sendable, Equatable {
        /// Read from a `manifest.json` file.
        case file(String)
        /// Made by walking a folder without a manifest and hashing every file.
        case walked(String)
    }

    /// The pages, sorted by path, without duplicates.
    public var pages: [ManifestPage]
    /// Where the list came from, for messages.
    public var origin: Origin

    /// A manifest of `pages` (sorted here, so callers need not).
    public init(pages: [ManifestPage], origin: Origin) {
        self.pages = Manifest.isSorted(pages) ? pages : pages.sorted { PathOrder.precedes($0.path, $1.path) }
        self.origin = origin
    }

    /// A manifest of pages already sorted by path.
    init(sortedPages pages: [ManifestPage], origin: Origin) {
        self.pages = pages
        self.origin = origin
    }

    /// True when `pages` are in path order. Manifests arrive sorted: checking is one pass,
    /// sorting would be n log n.
    static func isSorted(_ pages: [ManifestPage]) -> Bool {
        var index = 1
        while index < pages.count {
            if PathOrder.precedes(pages[index].path, pages[index - 1].path) { return false }
            index += 1
        }
        return true
    }

    /// The manifest as the build writes it: `{"pages": [...]}`, `viewer` absent on site-wide
    /// pages and `kind` absent when unknown.
    public var json: JSONValue {
        let entries: [JSONValue] = pages.map { page in
            var object = JSONObject()
            object.keys.append("path"); object.values.append(.string(page.path))
            if let kind = page.kind { object.keys.append("kind"); object.values.append(.string(kind)) }
            if let viewer = page.viewer { object.keys.append("viewer"); object.values.append(.string(viewer)) }
            object.keys.append("sha256"); object.values.append(.string(page.sha256))
            object.keys.append("bytes"); object.values.append(.number(Double(page.bytes)))
            return .object(object)
        }
        return .object(JSONObject(keys: ["pages"], values: [.array(entries)]))
    }

    /// True when the list was made by walking a folder (no kinds, no viewers).
    public var isWalked: Bool {
        if case .walked = origin { return true }
        return false
    }

    /// The pages whose path starts with `prefix` (a binary search: the list is sorted).
    public func pages(under prefix: String) -> ArraySlice<ManifestPage> {
        var low = 0, high = pages.count
        while low < high {
            let middle = (low + high) / 2
            if PathOrder.precedes(pages[middle].path, prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < pages.count, pages[end].path.hasPrefix(prefix) { end += 1 }
        return pages[low..<end]
    }

    /// The slugs of every viewer with a page. A viewer's pages sit together in path order, so
    /// hashing only when the viewer changes from one page to the next keeps this one cheap pass.
    public var viewers: Set<String> {
        var result = Set<String>()
        var last: String?
        for page in pages where page.viewer != last {
            last = page.viewer
            if let viewer = page.viewer { result.insert(viewer) }
        }
        return result
    }
}
