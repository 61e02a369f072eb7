/// Splits a list into pages of `pageSize`: every page but the last holds exactly `pageSize`
/// items, and an empty list still has one (empty) page so that every menu link resolves.
public struct Pagination: Sendable, Hashable {
    /// Items in the whole list.
    public let itemCount: Int
    /// Items per page (at least 1).
    public let pageSize: Int

    public init(itemCount: Int, pageSize: Int) {
        precondition(pageSize > 0, "page size must be positive")
        self.itemCount = itemCount
        self.pageSize = pageSize
    }

    /// Number of pages, at least 1.
    public var pageCount: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

    /// The item indices on page `number` (1-based).
    public func range(page number: Int) -> Range<Int> {
        let start = (number - 1) * pageSize
        return start..<min(itemCount, start + pageSize)
    }

    /// The page (1-based) that holds item `index`.
    public func page(of index: Int) -> Int { index / pageSize + 1 }
}
