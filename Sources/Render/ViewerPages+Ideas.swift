import Template

extension ViewerPages {
    /// Renders the viewer's four idea lists.
    func renderIdeaLists(_ ideas: IdeaLists, for viewer: Viewer) throws {
        var entries = IdeaEntryWriter(
            site: site, renderer: renderer, viewer: viewer,
            table: renderer.ideaEntries?.table(for: viewer.localizer, ideaCount: site.ideas.count))
        for kind in IdeaListKind.allCases {
            try renderIdeaList(kind, order: ideas.order(kind), isNew: ideas.isNew, entries: &entries, for: viewer)
        }
        renderer.ideaEntries?.count(spliced: entries.spliced, rendered: entries.rendered)
    }

    /// Renders the pages of one idea list. Each entry is a fragment target whose
    /// previous/next links reach the neighbouring ideas of the same list, on this page or
    /// another one.
    private func renderIdeaList(
        _ kind: IdeaListKind, order: [Int], isNew: [Bool], entries: inout IdeaEntryWriter, for viewer: Viewer
    ) throws {
        let location = ListLocation.ideas(viewer.slug, kind)
        let pagination = Pagination(itemCount: order.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: order.count)
        for page in pagination.pages(at: location) {
            func neighbour(_ position: Int) -> IdeaEntryWriter.Neighbour {
                let target = pagination.page(of: position)
                return target == page.number
                    ? .here(idea: order[position])
                    : .elsewhere(idea: order[position], page: SitePath.relative(from: page.path, to: location.path(page: target)))
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(page.range.count * 1_600)
            for position in page.range {
                try entries.append(
                    idea: order[position], isNew: isNew[order[position]], position: position + 1, count: order.count,
                    previous: position > 0 ? neighbour(position - 1) : nil,
                    next: position + 1 < order.count ? neighbour(position + 1) : nil,
                    page: page.path, into: &bytes)
            }
            try emit(
                kind.pageKind, path: page.path,
                fields: page.fields(["list": listValue], entries: String(decoding: bytes, as: UTF8.self)), for: viewer)
        }
    }
}
