import Store
import VantageCore

/// Makes the `idea` table equal the export's ideas, writing only rows that differ.
final class IdeaSync {
    /// An idea with its author resolved to a row.
    struct Resolved: Equatable {
        var text: String
        var textLength: Int64
        var submittedAt: DataInstant
        var author: Int64
        var authorName: String
        var showName: Bool
        var forWhom: String
    }

    private let database: Database
    private let seen: SeenKeys
    /// Where the export's file has a record with this id first, for the error of an id met
    /// twice (set by the session to read its source again; nil: not known).
    var firstRecord: (String) -> RecordLocation? = { _ in nil }
    private let insert, update, select: Statement
    private(set) var changes = RowChanges()

    init(database: Database) throws {
        self.database = database
        seen = try SeenKeys(database: database, table: "idea", keyColumns: ["id"], types: ["TEXT"])
        insert = try database.statement("""
            INSERT INTO idea (id, text, text_length, submitted_at, author_id, author_name, show_name, for_whom)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        update = try database.statement("""
            UPDATE idea SET text = ?2, text_length = ?3, submitted_at = ?4, author_id = ?5, author_name = ?6,
                show_name = ?7, for_whom = ?8 WHERE id = ?1
            """)
        select = try database.statement(
            "SELECT text, text_length, submitted_at, author_id, author_name, show_name, for_whom FROM idea WHERE id = ?1")
    }

    /// Checks that `id` was not met before in this export, and notes it.
    func claim(id: String, at location: RecordLocation) throws {
        guard try seen.markNew({ try $0.bindText(id, at: 1) }) else {
            throw RecordID.repeated(id, kind: "idea", at: location, first: firstRecord(id))
        }
    }

    /// Stores the idea `id` (already claimed), writing only what differs.
    func write(id: String, _ idea: Resolved) throws {
        if seen.tracksKeys, let stored = try stored(id) {
            guard stored != idea else {
                changes.unchanged += 1
                return
            }
            try bind(update, id, idea)
            try update.runBound()
            changes.updated += 1
            return
        }
        try bind(insert, id, idea)
        try insert.runBound()
        changes.added += 1
    }

    /// Removes the ideas the export no longer has (none when its file was rejected whole).
    func finish(keepingUnseen: Bool = false) throws {
        if !keepingUnseen, let unseen = seen.unseenCondition(keyColumns: ["id"]) {
            try database.execute("DELETE FROM idea WHERE \(unseen)")
            changes.removed += database.changes
        }
        try seen.finish()
    }

    private func stored(_ id: String) throws -> Resolved? {
        select.reset()
        defer { select.reset() }
        try select.bindText(id, at: 1)
        guard try select.step() else { return nil }
        return Resolved(text: select.text(0) ?? "", textLength: select.integer(1) ?? 0, submittedAt: DataInstant(microseconds: select.integer(2) ?? 0),
                        author: select.integer(3) ?? 0, authorName: select.text(4) ?? "", showName: select.integer(5) == 1,
                        forWhom: select.text(6) ?? "")
    }

    private func bind(_ statement: Statement, _ id: String, _ idea: Resolved) throws {
        try statement.bindText(id, at: 1)
        try statement.bindText(idea.text, at: 2)
        try statement.bindInteger(idea.textLength, at: 3)
        try statement.bindInteger(idea.submittedAt.microseconds, at: 4)
        try statement.bindInteger(idea.author, at: 5)
        try statement.bindText(idea.authorName, at: 6)
        try statement.bindInteger(idea.showName ? 1 : 0, at: 7)
        try statement.bindText(idea.forWhom, at: 8)
    }
}
