import Template

extension ViewerPages {
    /// Renders the pages of one idea list. Each entry is a fragment target
    /// whose previous/next links reach the neighbouring ideas of the same list, on this page
    /// or the next one.
    func renderIdeaList(_ kind: IdeaListKind, order: [Int], isNew: [Bool], for viewer: Viewer) throws {
        let location = ListLocation.ideas(viewer.slug, kind)
        let pagination = Pagination(itemCount: order.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: order.count)
        for page in 1...pagination.pageCount {
            func link(to position: Int) -> String {
                let target = pagination.page(of: position)
                let fragment = "#" + site.ideaFragments[order[position]]
                return target == page ? fragment : location.fileName(page: target) + fragment
            }
            let range = pagination.range(page: page)
            var items: [Value] = []
            items.reserveCapacity(range.count)
            for position in range {
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
            let pager = Pager(
                page: page, pageCount: pagination.pageCount,
                previous: page > 1 ? location.fileName(page: page - 1) : nil,
                next: page < pagination.pageCount ? location.fileName(page: page + 1) : nil)
            let fields: [String: Value] = [
                "list": listValue, "hasItems": .bool(!range.isEmpty), "items": .list(items), "pager": pager.value,
            ]
            try emit(
                "pages/ideas", kind: kind.pageKind, path: location.path(page: page), toViewer: "../../",
                fields: fields, for: viewer)
        }
    }
}
