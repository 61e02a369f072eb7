import VantageCore

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
    public var pages: [ManifestEntry]
    /// Where the list came from, for messages.
    public var origin: Origin

    /// A manifest of `pages` (sorted here, so callers need not).
    public init(pages: [ManifestEntry], origin: Origin) {
        self.pages = Manifest.isSorted(pages) ? pages : pages.sorted { PathOrder.precedes($0.path, $1.path) }
        self.origin = origin
    }

    /// A manifest of pages already sorted by path.
    init(sortedPages pages: [ManifestEntry], origin: Origin) {
        self.pages = pages
        self.origin = origin
    }

    /// True when `pages` are in path order. Manifests arrive sorted: checking is one pass,
    /// sorting would be n log n.
    static func isSorted(_ pages: [ManifestEntry]) -> Bool {
        var index = 1
        while index < pages.count {
            if PathOrder.precedes(pages[index].path, pages[index - 1].path) { return false }
            index += 1
        }
        return true
    }

    /// True when the list was made by walking a folder (no kinds, no viewers).
    public var isWalked: Bool {
        if case .walked = origin { return true }
        return false
    }

    /// The pages whose path starts with `prefix` (a binary search: the list is sorted).
    public func pages(under prefix: String) -> ArraySlice<ManifestEntry> {
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
