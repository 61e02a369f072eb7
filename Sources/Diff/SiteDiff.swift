import VantageCore

/// Compares two built sites: manifests first (by SHA-256, no page read), then only the pages
/// that differ are read, named and diffed.
public enum SiteDiff {
    /// What to compare and how much to keep.
    public struct Options: Sendable {
        /// Unchanged lines around each change (`--context`).
        public var context: Int
        /// Restrict to one viewer's pages (`--viewer`).
        public var viewer: String?
        /// Keep counts only, no diff lines (`--stat`).
        public var statOnly: Bool

        /// Options; the defaults are the command's.
        public init(context: Int = 3, viewer: String? = nil, statOnly: Bool = false) {
            self.context = context
            self.viewer = viewer
            self.statOnly = statOnly
        }
    }

    /// The report for `old` → `new`. Throws a located diagnostic when a page the manifests
    /// list cannot be read, or when `--viewer` names nobody on either side.
    public static func compare(old: BuiltSite, new: BuiltSite, options: Options = Options()) throws(Diagnostic) -> DiffReport {
        var changes = Manifest.changes(from: old.manifest, to: new.manifest)
        if old.manifest.isWalked || new.manifest.isWalked { changes = fillHooks(changes, old: old, new: new) }

        var compared = new.manifest.pages.count + changes.filter { $0.status == .removed }.count
        if let viewer = options.viewer {
            let known = changes.contains { $0.viewer == viewer } || [old, new].contains { hasViewer(viewer, in: $0) }
            guard known else {
                throw Diagnostic.error("--viewer \(viewer): no page of that viewer in \(old.name) or \(new.name)")
            }
            changes = changes.filter { $0.viewer == viewer }
            compared = pageCount(of: viewer, in: new.manifest) + changes.filter { $0.status == .removed }.count
        }

        let readable = old.hasFiles && new.hasFiles
        let readings = try read(changes, old: old, new: new, readable: readable, options: options)
        let names = viewerNames(changes, old: old, new: new)
        let oldSeries = PageSeries(old.manifest), newSeries = PageSeries(new.manifest)

        // A page of a list and the handle of the person it names, from the list's first page
        // (`…/by/dad/page-2.html` is Dad's page 2, not a person named page-2).
        let positions = changes.map { change in
            change.new.map { newSeries.position(of: $0) } ?? oldSeries.position(of: change.old!)
        }
        let handles = positions.map { handle(in: $0.list) }
        // People named alike in one viewer's part (two Maria Silvas: maria-silva, maria-silva-2)
        // have pages of one name: those are told apart by the handle in their address.
        var handlesByName: [String: Set<String>] = [:]
        for index in changes.indices where PageKind.namesAPerson(changes[index].kind) {
            handlesByName[Self.nameKey(changes[index], heading: readings[index].heading, handle: handles[index]), default: []]
                .insert(handles[index])
        }
        var pages: [PageReport] = []
        pages.reserveCapacity(changes.count)
        for (index, (change, reading)) in zip(changes, readings).enumerated() {
            let (position, handle) = (positions[index], handles[index])
            let namedAlike = PageKind.namesAPerson(change.kind)
                && (handlesByName[Self.nameKey(change, heading: reading.heading, handle: handle)]?.count ?? 0) > 1
            pages.append(PageReport(
                path: change.path, status: change.status, kind: change.kind, viewer: change.viewer,
                label: label(
                    change, heading: reading.heading, handle: handle, pageNumber: position.number, namedAlike: namedAlike,
                    wholeHeading: reading.isWholeHeading),
                pageNumber: position.number, list: position.list,
                old: change.old, new: change.new, content: reading.content))
        }
        return DiffReport(
            oldName: old.name, newName: new.name, comparedContent: readable, statOnly: options.statOnly,
            groups: group(pages, names: names, old: old.manifest, new: new.manifest), pagesCompared: compared)
    }

    /// Whether a site has pages of `viewer`: by its manifest, or for a folder without one, by
    /// the `<body>` hooks of the shallowest pages in the folder named like the viewer.
    static func hasViewer(_ viewer: String, in site: BuiltSite) -> Bool {
        guard site.manifest.isWalked else { return site.manifest.pages.contains { $0.viewer == viewer } }
        return probeHooks(under: viewer, in: site, want: { $0.viewer == viewer }) != nil
    }

    /// The pages of `viewer` a manifest lists; a walked folder's are the files in the folder
    /// named like the viewer.
    static func pageCount(of viewer: String, in manifest: Manifest) -> Int {
        guard manifest.isWalked else { return manifest.pages.lazy.filter { $0.viewer == viewer }.count }
        return manifest.pages(under: viewer + "/").count
    }

    /// "quotes said by Dad", "all ideas (page 2)", or the path when the kind is unknown. The
    /// person of a page read for its heading is named by it; without the page (a diff of
    /// manifests alone), by the handle in its list's address (`…/quotes/by/mae.html`: mae),
    /// `handle` when given. A page whose person could not be told from its heading
    /// (`wholeHeading`: the name shown in the heading is on no link of the page) is named by
    /// its heading as it is, "Quotes said by Sam (trainer)", in the page's own language.
    static func label(
        _ change: PageChange, heading: String?, handle given: String? = nil, pageNumber: Int?, namedAlike: Bool = false,
        wholeHeading: Bool = false
    ) -> String {
        var label: String
        if let name = PageKind.reportName(change.kind) {
            label = name
            if PageKind.namesAPerson(change.kind) {
                let handle = given ?? handle(in: change.path)
                if let heading, wholeHeading { label = heading } else { label += " " + (heading ?? handle) }
                if namedAlike, heading != nil { label += " (\(handle))" }
            }
        } else {
            label = change.path
        }
        if let pageNumber { label += " (page \(pageNumber))" }
        return label
    }

    /// A person's page by its viewer and the name it is shown by.
    private static func nameKey(_ change: PageChange, heading: String?, handle: String) -> String {
        (change.viewer ?? "") + "\u{0}" + (heading ?? handle)
    }

    /// The handle a page's address names it by: its file's name, or its folder's for an
    /// `index.html`.
    static func handle(in path: String) -> String {
        var parts = path.split(separator: "/")
        if parts.last.map(String.init) == PageName.folderIndex, parts.count > 1 { parts.removeLast() }
        guard let last = parts.last else { return path }
        return PageName.isPage(last) ? String(last.dropLast(PageName.suffix.count)) : String(last)
    }

    /// Site-wide pages first, then each viewer by slug; pages by kind, list and number. Display
    /// names shared by two viewers get the slug added, so a headline never means two people.
    static func group(_ pages: [PageReport], names: [String: String], old: Manifest, new: Manifest) -> [ViewerGroup] {
        var byViewer: [String?: [PageReport]] = [:]
        for page in pages { byViewer[page.viewer, default: []].append(page) }
        let slugs = byViewer.keys.compactMap { $0 }.sorted { PathOrder.precedes($0, $1) }
        var nameCounts: [String: Int] = [:]
        for slug in slugs { nameCounts[names[slug] ?? slug, default: 0] += 1 }

        // Presence is only knowable when both sides list every page with its viewer.
        var oldViewers = Set<String>(), newViewers = Set<String>()
        let presenceKnown: Bool
        if case .file = old.origin, case .file = new.origin {
            presenceKnown = true
            oldViewers = old.viewers
            newViewers = new.viewers
        } else {
            presenceKnown = false
        }

        // By kind, then list, then page number: "heard by" before "heard by (page 2)".
        func ordered(_ pages: [PageReport]) -> [PageReport] {
            pages.sorted { lhs, rhs in
                let (a, b) = (PageKind.rank(lhs.kind), PageKind.rank(rhs.kind))
                if a != b { return a < b }
                if lhs.list != rhs.list { return PathOrder.precedes(lhs.list, rhs.list) }
                if lhs.pageNumber != rhs.pageNumber { return (lhs.pageNumber ?? 1) < (rhs.pageNumber ?? 1) }
                return PathOrder.precedes(lhs.path, rhs.path)
            }
        }
        var groups: [ViewerGroup] = []
        if let siteWide = byViewer[nil] {
            groups.append(ViewerGroup(slug: nil, name: "Site-wide", presence: .both, pages: ordered(siteWide)))
        }
        for slug in slugs {
            var name = names[slug] ?? slug
            if nameCounts[name, default: 0] > 1, name != slug { name += " (\(slug))" }
            var presence = ViewerGroup.Presence.both
            if presenceKnown, !oldViewers.contains(slug) { presence = .added }
            if presenceKnown, !newViewers.contains(slug) { presence = .removed }
            groups.append(ViewerGroup(slug: slug, name: name, presence: presence, pages: ordered(byViewer[slug]!)))
        }
        return groups
    }
}
