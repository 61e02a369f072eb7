import Template

/// One viewer's `ViewerLinks` values by the folder of the page they are computed from: every
/// link is `SitePath.relative` from the page, which reads only the page's folders (the file
/// name after the last `/` never changes a link), and a viewer's part of the site has a
/// dozen folders but about 175 pages, most of them in the four idea-list folders. Used by one
/// viewer's renders on one thread.
final class ViewerLinkMemo {
    private var byFolder: [Substring: Value] = [:]

    /// The links value of the page at `page` in `viewer`'s folder.
    func value(page: String, viewer: String) -> Value {
        let folder = page.utf8.lastIndex(of: UInt8(ascii: "/")).map { page[..<$0] } ?? ""
        if let known = byFolder[folder] { return known }
        let value = ViewerLinks(page: page, viewer: viewer).value
        byFolder[folder] = value
        return value
    }
}
