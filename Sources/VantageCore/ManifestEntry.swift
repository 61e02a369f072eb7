/// One file of a built site as `manifest.json` lists it (OUTPUT.md): where it is, what kind of
/// page it is, whose part of the site it belongs to, and its SHA-256 and size. The build
/// writes these, the next build reads its own back, and `vantage diff` reads any site's; all
/// three go through `ManifestCodec`.
public struct ManifestEntry: Sendable, Hashable {
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

    /// An entry.
    public init(path: String, kind: String?, viewer: String?, sha256: String, bytes: Int) {
        self.path = path
        self.kind = kind
        self.viewer = viewer
        self.sha256 = sha256
        self.bytes = bytes
    }
}

/// The files at the top of a built site that are the build's own bookkeeping, not its
/// content: named here once for the build (which writes them, and copies no static file over
/// them) and `vantage diff` (which compares sites without them).
public enum SiteBookkeeping {
    /// The page list with checksums (OUTPUT.md).
    public static let manifest = "manifest.json"
    /// The build's marker: the tool, the umask, and the files besides pages (it names no store:
    /// a path could hold a user's name, and would differ between checkouts of the same site).
    public static let marker = ".vantage-site"
    /// What a `--shard K/N` build leaves beside its pages for `--merge` (which shard, whose
    /// parts): not a page, and not copied into the merged site.
    public static let shard = "shard.json"

    /// True for a path (relative to the site's top) that is one of these. `shard.json` too: a
    /// static file of that name published a whole site that a part was then let replace (it was
    /// taken for a shard's), and two shards' records, which differ with their fingerprints when
    /// every page is the same, were compared as a page.
    public static func holds(_ path: String) -> Bool { path == manifest || path == marker || path == shard }
}
