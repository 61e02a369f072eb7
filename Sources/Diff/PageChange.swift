import VantageCore

/// How a page differs between the old and the new site, in the order reports list them.
public enum PageStatus: String, Sendable, CaseIterable {
    /// The same path with other bytes.
    case changed
    /// Only in the new site.
    case added
    /// Only in the old site.
    case removed
}

/// One page that differs: its status and its manifest entries on each side.
public struct PageChange: Sendable {
    /// The path relative to the site folder.
    public var path: String
    /// Added, removed or changed.
    public var status: PageStatus
    /// The old entry (nil when added).
    public var old: ManifestEntry?
    /// The new entry (nil when removed).
    public var new: ManifestEntry?

    /// The page kind, from the new side first.
    public var kind: String? { new?.kind ?? old?.kind }
    /// The viewer slug, from the new side first; nil for site-wide pages.
    public var viewer: String? { new?.viewer ?? old?.viewer }
}

extension Manifest {
    /// The pages that differ from `old` to `new`, sorted by path. Both lists are sorted, so
    /// one merge pass compares them by SHA-256 without reading a single page.
    public static func changes(from old: Manifest, to new: Manifest) -> [PageChange] {
        var result: [PageChange] = []
        let a = old.pages, b = new.pages
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && PathOrder.precedes(a[i].path, b[j].path)) {
                result.append(PageChange(path: a[i].path, status: .removed, old: a[i], new: nil))
                i += 1
            } else if i == a.count || PathOrder.precedes(b[j].path, a[i].path) {
                result.append(PageChange(path: b[j].path, status: .added, old: nil, new: b[j]))
                j += 1
            } else {
                if a[i].sha256 != b[j].sha256 || a[i].bytes != b[j].bytes {
                    result.append(PageChange(path: a[i].path, status: .changed, old: a[i], new: b[j]))
                }
                i += 1
                j += 1
            }
        }
        return result
    }
}
