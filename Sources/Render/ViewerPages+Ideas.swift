import Template

extension ViewerPages {
    /// Renders the pages of one idea list. Each entry is a fragment target whose
    /// previous/next links reach the neighbouring ideas of the same list, on this page or
    /// another one.
    func renderIdeaList(_ kind: IdeaListKind, order: [Int], isNew: [Bool], for viewer: Viewer) throws {
        let location = ListLocation.ideas(viewer.slug, kind)
        let pagination = Pagination(itemCount: order.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: order.count)
        for page in pagination.pages(at: location) {
            func link(to position: Int) -> String {
                let target = pagination.page(of: position)
                let fragment = "#" + site.ideaFragments[order[position]]
                return target == page.number
                    ? fragment : SitePath.relative(from: page.path, to: location.path(page: target)) + fragment
            }
            var items: [Value] = []
            items.reserveCapacity(page.range.count)
            for position in page.range {
                let index = order[position]
                let idea = site.ideas[index]
                let entry = IdeaEntry(
                    id: idea.id, fragment: site.ideaFragments[index], text: idea.text, isNew: isNew[index],
                    authorName: idea.showName ? viewer.naming.name(of: idea.authorID, recorded: idea.authorName) : nil,
                    submittedAt: idea.submittedAt, forSelf: idea.audience == .self, position: position + 1,
                    previous: position > 0 ? link(to: position - 1) : nil,
                    next: position + 1 < order.count ? link(to: position + 1) : nil)
                items.append(entry.value)
            }
            try emit(kind.pageKind, path: page.path, fields: page.fields(["list": listValue], items: items), for: viewer)
        }
    }
}
