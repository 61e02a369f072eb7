/// A review decision as the store keeps it: the latest per reviewer and item. The importer
/// writes these; the site build reads them through `SiteReader.reviews`.
public struct StoredReview: Sendable, Hashable {
    /// Who decided (the review file's `reviewer`).
    public var reviewer: String
    /// The idea or quote id.
    public var item: String
    /// `archive`, `delete`, `later` or `list`.
    public var action: String
    /// For `later`: the date given (`2026-06-01`).
    public var until: String?
    /// For `list`: the list's name.
    public var list: String?
    /// The decision's `at`, Unix seconds.
    public var decidedAt: Int64
    /// The review file's `exportedAt`, Unix seconds.
    public var exportedAt: Int64

    /// Creates a value.
    public init(reviewer: String, item: String, action: String, until: String?, list: String?, decidedAt: Int64, exportedAt: Int64) {
        self.reviewer = reviewer
        self.item = item
        self.action = action
        self.until = until
        self.list = list
        self.decidedAt = decidedAt
        self.exportedAt = exportedAt
    }
}

extension StoredReview {
    /// The row at `statement` (columns in `StoreSQL.reviewColumns` order).
    init(row statement: Statement) {
        self.init(
            reviewer: statement.text(0) ?? "", item: statement.text(1) ?? "", action: statement.text(2) ?? "",
            until: statement.text(3), list: statement.text(4), decidedAt: statement.integer(5) ?? 0,
            exportedAt: statement.integer(6) ?? 0)
    }
}

extension Database {
    /// Every stored decision, by reviewer then item (the importer's read).
    public func reviews() throws -> [StoredReview] {
        let statement = try self.statement(StoreSQL.reviewsByReviewer)
        var reviews: [StoredReview] = []
        while try statement.step() { reviews.append(StoredReview(row: statement)) }
        return reviews
    }
}

/// The four triage gestures' decisions (OUTPUT.md "Triage gestures"), named once for the
/// import (which reads them), the store (whose `review.action` CHECK lists them: `SchemaTests`
/// holds the two together, so a new one needs a migration) and the report (its counts and
/// flags per action).
public enum ReviewAction: String, CaseIterable, Sendable {
    case archive, delete, later, list

    /// Every action's name, in this order.
    public static let names = allCases.map(\.rawValue)

    /// The report's flag for the action (`isArchive`, …).
    public var flag: String { "is" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
