/// Which files of a site are its pages, named once for the build (which checks, hashes and lists
/// them), `vantage check` (which validates them) and `vantage diff` (which shows their text).
public enum PageName {
    /// The ending of every page a site holds: the pages the build writes, and the static pages
    /// it checks and copies.
    public static let suffix = ".html"

    /// The page a folder stands for (`ana-lima/index.html` for `ana-lima/`, as a static host
    /// serves it): the build writes the index and every home so, `vantage check` names it for a
    /// link to a folder, and `vantage diff` names such a page by its folder.
    public static let folderIndex = "index" + suffix

    /// True for a path that names a page: it ends in `.html`, as every page the build writes or
    /// checks does.
    public static func isPage(_ path: some StringProtocol) -> Bool { path.hasSuffix(suffix) }

    /// True for a path a web server would send as a page, in any spelling: the endings
    /// `/etc/mime.types` gives text/html or application/xhtml+xml (`.html`, `.htm`, `.shtml`,
    /// `.xhtml`, `.xhtm`, `.xht`), in any case. Such a file that is not `isPage` would be
    /// published unchecked, so the build refuses it among the static files and `vantage check`
    /// reports it; `vantage diff` still shows its text as a page's.
    public static func looksLikePage(_ path: some StringProtocol) -> Bool {
        let lowered = path.lowercased()
        return pageEndings.contains { lowered.hasSuffix($0) }
    }

    /// The endings of the files a web server sends as pages.
    public static let pageEndings = [".html", ".htm", ".shtml", ".xhtml", ".xhtm", ".xht"]
}
