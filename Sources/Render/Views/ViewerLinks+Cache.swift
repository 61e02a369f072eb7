import Template

/// A viewer's menu links as context values, made once per folder depth. Every link of
/// `ViewerLinks` climbs to the viewer's folder (or the site root) and descends from there, so
/// the links of two pages of one viewer are the same when the pages lie equally deep below the
/// viewer's folder: the feed's page 7 links exactly as page 2 does. Building the links and their
/// map for each page cost about a tenth of the render; one viewer's pages now share a handful.
final class ViewerLinkValues {
    let viewer: String
    private let prefix: [UInt8]
    /// By depth below the viewer's folder (0: `ana/index.html`, 1: `ana/quotes/index.html`, …).
    private var byDepth: [Value?] = []

    init(viewer: String) {
        self.viewer = viewer
        prefix = Array((viewer + "/").utf8)
    }

    /// `ViewerLinks(page: page, viewer: viewer).value`.
    func value(forPage page: String) -> Value {
        guard let depth = depth(of: page) else { return ViewerLinks(page: page, viewer: viewer).value }
        if depth < byDepth.count, let known = byDepth[depth] { return known }
        let value = ViewerLinks(page: page, viewer: viewer).value
        while byDepth.count <= depth { byDepth.append(nil) }
        byDepth[depth] = value
        return value
    }

    /// The number of folders between the viewer's folder and `page`, or nil when the page is
    /// not in the viewer's folder.
    func depth(of page: String) -> Int? { Self.depth(of: page, below: prefix) }

    private static func depth(of page: String, below prefix: [UInt8]) -> Int? {
        var page = page
        return page.withUTF8 { bytes in
            guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
            var count = 0
            for index in prefix.count..<bytes.count where bytes[index] == UInt8(ascii: "/") { count += 1 }
            return count
        }
    }
}
