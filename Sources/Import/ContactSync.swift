import Store
import VantageCore

/// Makes the `contact` table equal the export's address-book entries, writing only rows that
/// differ.
final class ContactSync {
    private let database: Database
    private let seen: SeenKeys
    private let insert, update, select: Statement
    private(set) var changes = RowChanges()

    init(database: Database) throws {
        self.database = database
        seen = try SeenKeys(database: database, table: "contact", keyColumns: ["owner_id", "person_id"],
                            types: ["INTEGER", "INTEGER"])
        insert = try database.statement("INSERT INTO contact (owner_id, person_id, name) VALUES (?1, ?2, ?3)")
        update = try database.statement("UPDATE contact SET name = ?3 WHERE owner_id = ?1 AND person_id = ?2")
        select = try database.statement("SELECT name FROM contact WHERE owner_id = ?1 AND person_id = ?2")
    }

    /// Checks that the owner has no other entry for this person in this export, and notes it.
    func claim(owner: Int64, person: Int64, phone: String, at location: RecordLocation) throws {
        let isNew = try seen.markNew { statement in
            try statement.bindInteger(owner, at: 1)
            try statement.bindInteger(person, at: 2)
        }
        guard isNew else {
            throw location.member("phone").error("expected one entry per owner and phone, found \(phone) a second time for this owner")
        }
    }

    /// Stores the entry (already claimed), writing only what differs.
    func write(owner: Int64, person: Int64, name: String) throws {
        if seen.tracksKeys {
            select.reset()
            try select.bindInteger(owner, at: 1)
            try select.bindInteger(person, at: 2)
            let stored = try select.step() ? select.text(0) : nil
            select.reset()
            if let stored {
                guard stored != name else {
                    changes.unchanged += 1
                    return
                }
                try bind(update, owner, person, name)
                try update.runBound()
                changes.updated += 1
                return
            }
        }
        try bind(insert, owner, person, name)
        try insert.runBound()
        changes.added += 1
    }

    /// Removes the entries the export no longer has.
    func finish(keepingUnseen: Bool = false) throws {
        if !keepingUnseen, let unseen = seen.unseenCondition(keyColumns: ["owner_id", "person_id"]) {
            try database.execute("DELETE FROM contact WHERE \(unseen)")
            changes.removed += database.changes
        }
        try seen.finish()
    }

    private func bind(_ statement: Statement, _ owner: Int64, _ person: Int64, _ name: String) throws {
        try statement.bindInteger(owner, at: 1)
        try statement.bindInteger(person, at: 2)
        try statement.bindText(name, at: 3)
    }
}
