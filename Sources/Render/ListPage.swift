import Template

/// One page of a paginated list: its number, the positions of its items, its path, and its
/// pager, whose links are computed from the paths. Every list (ideas, quotes, review) is a
/// loop over these: the loop supplies the items and the list's own fields.
struct ListPage {
    let number: Int
    /// The positions (in the whole list) of the items on this page.
    let range: Range<Int>
    let path: String
    let pager: Pager

    /// The page's template fields: `fields` plus the items, `hasItems` and the pager.
    func fields(_ fields: [String: Value], items: [Value]) -> [String: Value] {
        var all = fields
        all["hasItems"] = .bool(!range.isEmpty)
        all["items"] = .list(items)
        all["pager"] = pager.value
        return all
    }

    /// The fields of a page whose items are rendered already: `entries` is their markup,
    /// one after the other (an idea list's, `IdeaEntryWriter`).
    func fields(_ fields: [String: Value], entries: String) -> [String: Value] {
        var all = fields
        all["hasItems"] = .bool(!range.isEmpty)
        all["entries"] = .html(entries)
        all["pager"] = pager.value
        return all
    }
}

extension Pagination {
    /// Every page of the list at `location` (at least one, empty when the list is).
    func pages(at location: ListLocation) -> [ListPage] {
        (1...pageCount).map { number in
            let path = location.path(page: number)
            func link(_ other: Int) -> String { SitePath.relative(from: path, to: location.path(page: other)) }
            return ListPage(
                number: number, range: range(page: number), path: path,
                pager: Pager(
                    page: number, pageCount: pageCount, previous: number > 1 ? link(number - 1) : nil,
                    next: number < pageCount ? link(number + 1) : nil))
        }
    }
}
