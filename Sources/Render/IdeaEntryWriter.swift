import Template

/// Writes one viewer's idea list entries (`partials/idea`). With the build's `IdeaEntryTable`
/// each entry is the idea's fragment, rendered once per localizer and variant, with this
/// entry's holes spliced in; without it (`SiteBuild.Tuning.reusesIdeaEntries` off) every
/// entry is rendered in full. Both give the same bytes (`IdeaEntryReuseTests`), and the first
/// use of every fragment is checked against the full render: a template whose holes do not
/// splice (one that transforms a name or a link rather than showing it) turns the reuse off
/// for the rest of the build instead of writing a wrong page.
struct IdeaEntryWriter {
    /// A neighbouring idea: on the same page (a link to its fragment) or on another (`page`,
    /// the relative link to that page).
    enum Neighbour {
        case here(idea: Int)
        case elsewhere(idea: Int, page: String)
    }

    let site: SiteModel
    let renderer: PageRenderer
    let viewer: ViewerPages.Viewer
    let table: IdeaEntryTable?
    private let anchors: [[UInt8]]
    /// The viewer's name for each idea's author, escaped; filled on first use (an idea is in
    /// three or four of the viewer's lists).
    private var authorNames: [[UInt8]?]
    /// Entries written from a fragment and in full, for `IdeaEntryReuse`.
    private(set) var spliced = 0
    private(set) var rendered = 0

    init(site: SiteModel, renderer: PageRenderer, viewer: ViewerPages.Viewer, table: IdeaEntryTable?) {
        self.site = site
        self.renderer = renderer
        self.viewer = viewer
        self.table = table
        anchors = table == nil ? [] : renderer.ideaEntries?.anchors(fragments: site.ideaFragments) ?? []
        authorNames = table == nil ? [] : Array(repeating: nil, count: site.ideas.count)
    }

    /// Appends the entry of idea `idea` at `position` (1-based) of a list of `count`, on the
    /// page at `page`.
    mutating func append(
        idea index: Int, isNew: Bool, position: Int, count: Int, previous: Neighbour?, next: Neighbour?,
        page: String, into bytes: inout [UInt8]
    ) throws {
        guard let table, renderer.ideaEntries?.isRefused == false else {
            let entry = entry(index, isNew: isNew, position: position, previous: previous, next: next)
            rendered += 1
            return bytes.append(contentsOf: try render(entry, position: position, count: count, page: page))
        }
        let variant = IdeaEntryTable.Variant(isNew: isNew, hasPrevious: previous != nil, hasNext: next != nil)
        if let fragment = table.fragment(idea: index, variant) {
            spliced += 1
            return try splice(fragment, index, position: position, count: count, previous, next, page, &bytes)
        }
        // First use: render with markers, and check the splice against the full render.
        let entry = entry(index, isNew: isNew, position: position, previous: previous, next: next)
        let full = try render(entry, position: position, count: count, page: page)
        let marked = try renderer.fragment(
            TemplateName.idea, context: entry.value(position: .null, markers: true), localizer: viewer.localizer,
            page: page)
        var joined: [UInt8] = []
        if let fragment = IdeaEntryFragment(rendered: marked) {
            try splice(fragment, index, position: position, count: count, previous, next, page, &joined)
            if joined == full { table.store(fragment, idea: index, variant) }
        }
        if joined != full { renderer.ideaEntries?.refuse() }
        rendered += 1
        bytes.append(contentsOf: full)
    }

    private func entry(_ index: Int, isNew: Bool, position: Int, previous: Neighbour?, next: Neighbour?) -> IdeaEntry {
        let idea = site.ideas[index]
        return IdeaEntry(
            id: idea.id, fragment: site.ideaFragments[index], text: idea.text, isNew: isNew,
            authorName: viewer.naming.author(of: idea),
            submittedAt: idea.submittedAt.unixSeconds, forSelf: idea.audience == .self, position: position,
            previous: previous.map(link), next: next.map(link))
    }

    private func link(_ neighbour: Neighbour) -> String {
        switch neighbour {
        case .here(let idea): return "#" + site.ideaFragments[idea]
        case .elsewhere(let idea, let page): return page + "#" + site.ideaFragments[idea]
        }
    }

    /// The entry rendered in full.
    private func render(_ entry: IdeaEntry, position: Int, count: Int, page: String) throws -> [UInt8] {
        let line = try positionLine(position, of: count, page: page)
        return try renderer.fragment(
            TemplateName.idea, context: entry.value(position: .html(String(decoding: line, as: UTF8.self))),
            localizer: viewer.localizer, page: page)
    }

    /// `partials/idea-position` for item `position` of `count`.
    private func positionLine(_ position: Int, of count: Int, page: String) throws -> [UInt8] {
        if let known = table?.position(position, of: count) { return known }
        let line = try renderer.fragment(
            TemplateName.ideaPosition, context: .map(["index": position.value, "count": count.value]),
            localizer: viewer.localizer, page: page, trimmingLineBreak: true)
        table?.store(position: line, position, of: count)
        return line
    }

    private mutating func splice(
        _ fragment: IdeaEntryFragment, _ index: Int, position: Int, count: Int, _ previous: Neighbour?,
        _ next: Neighbour?, _ page: String, _ bytes: inout [UInt8]
    ) throws {
        if fragment.holes.contains(.author), authorNames[index] == nil {
            // The hole is there only when the entry names its author (`IdeaEntry.authorName`).
            authorNames[index] = Array(HTMLEscaping.escape(viewer.naming.author(of: site.ideas[index]) ?? "").utf8)
        }
        let line = fragment.holes.contains(.position) ? try positionLine(position, of: count, page: page) : []
        let anchors = anchors
        let author = authorNames[index] ?? []
        func append(_ neighbour: Neighbour?, _ output: inout [UInt8]) {
            switch neighbour {
            case .here(let idea)?: output.append(contentsOf: anchors[idea])
            case .elsewhere(let idea, let page)?:
                output.append(contentsOf: HTMLEscaping.escape(page).utf8)
                output.append(contentsOf: anchors[idea])
            case nil: break
            }
        }
        fragment.splice(into: &bytes) { hole, output in
            switch hole {
            case .author: output.append(contentsOf: author)
            case .previous: append(previous, &output)
            case .next: append(next, &output)
            case .position: output.append(contentsOf: line)
            }
        }
    }
}
