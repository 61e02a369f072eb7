import Store
import VantageCore

/// The `person` table during an import. People are claimed as the export names them (users
/// first, then the contacts and idea authors met in quotes and ideas); a claimed person keeps
/// the row that already has their phone (or else email), which is written only when it
/// differs. Rows nobody claimed are removed at the end, so the table equals the export.
///
/// Memory grows with the number of people, never with the number of quotes or ideas.
final class PersonDirectory {
    /// The stored form of a person (everything but the id).
    struct Person: Equatable {
        var phone: String?
        var email: String?
        var name: String?
        var locale: String?
        var timeZone: String?
        var quotesUser = false
        var changeJarUser = false
        var lastVisitAt: Int64?
    }

    private let database: Database
    private var rows: [Int64: Person] = [:]
    private var byPhone: [String: Int64] = [:]
    private var byEmail: [String: Int64] = [:]
    private var claimed: Set<Int64> = []
    private var claimedPhones: [String: Int64] = [:]
    private var claimedEmails: [String: Int64] = [:]
    private var claimedQuotesUsers: Set<Int64> = []
    private(set) var changes = RowChanges()

    private let insert: Statement
    private let update: Statement
    private let delete: Statement

    init(database: Database) throws {
        self.database = database
        insert = try database.statement("""
            INSERT INTO person (phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        update = try database.statement("""
            UPDATE person SET phone = ?1, email = ?2, name = ?3, locale = ?4, time_zone = ?5, quotes_user = ?6,
                changejar_user = ?7, last_visit_at = ?8 WHERE id = ?9
            """)
        delete = try database.statement("DELETE FROM person WHERE id = ?1")
        let all = try database.statement(
            "SELECT id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at FROM person")
        defer { all.reset() }
        while try all.step() {
            let id = all.integer(0)!
            let person = Person(phone: all.text(1), email: all.text(2), name: all.text(3), locale: all.text(4),
                                timeZone: all.text(5), quotesUser: all.integer(6) == 1,
                                changeJarUser: all.integer(7) == 1, lastVisitAt: all.integer(8))
            rows[id] = person
            if let phone = person.phone { byPhone[phone] = id }
            if let email = person.email { byEmail[email] = id }
        }
    }

    /// Makes room for `count` more people at once, so that the tables are not grown (each
    /// growth holds the old table and the new one at the same time) while the users are claimed.
    func reserve(_ count: Int) {
        rows.reserveCapacity(rows.count + count)
        claimed.reserveCapacity(claimed.count + count)
        claimedPhones.reserveCapacity(claimedPhones.count + count)
        claimedEmails.reserveCapacity(claimedEmails.count + count)
        claimedQuotesUsers.reserveCapacity(claimedQuotesUsers.count + count)
    }

    /// The users claimed so far, by phone and email: taken once the users are merged, so the
    /// reading thread can resolve most people without touching the directory.
    func users() -> UserIndex {
        UserIndex(byPhone: claimedPhones, byEmail: claimedEmails, quotesUsers: claimedQuotesUsers)
    }

    /// The claimed person with this phone.
    func claimed(phone: String) -> Int64? { claimedPhones[phone] }

    /// The claimed person with this email.
    func claimed(email: String) -> Int64? { claimedEmails[email] }

    /// True when `id` is a registered Quotes user of this export.
    func isQuotesUser(_ id: Int64) -> Bool { claimedQuotesUsers.contains(id) }

    /// The person with this phone: a user of this export, or else a contact-only person.
    func contact(phone: String) throws -> Int64 {
        if let id = claimedPhones[phone] { return id }
        return try claim(Person(phone: phone))
    }

    /// The person with this email: a user of this export, or else an author-only person.
    func author(email: String) throws -> Int64 {
        if let id = claimedEmails[email] { return id }
        return try claim(Person(email: email))
    }

    /// Claims `target` for this export and returns its row id, reusing the row that has its
    /// phone (else its email) and writing only what changed. Another unclaimed row holding one
    /// of its keys is removed (foreign keys are deferred until commit, by when every reference
    /// to it has been rewritten or removed).
    @discardableResult
    func claim(_ target: Person) throws -> Int64 {
        let candidate = target.phone.flatMap { byPhone[$0] } ?? target.email.flatMap { byEmail[$0] }
        if let phone = target.phone, let holder = byPhone[phone], holder != candidate { try release(holder) }
        if let email = target.email, let holder = byEmail[email], holder != candidate { try release(holder) }
        let id: Int64
        if let candidate {
            guard !claimed.contains(candidate) else { throw MergeInvariantError(detail: "one person was claimed twice") }
            let current = rows[candidate]!
            if current != target {
                try write(update, target, id: candidate)
                forget(candidate, current)
                changes.updated += 1
            } else {
                changes.unchanged += 1
            }
            id = candidate
        } else {
            try write(insert, target, id: nil)
            id = database.lastInsertRowID
            changes.added += 1
        }
        rows[id] = target
        if let phone = target.phone { byPhone[phone] = id; claimedPhones[phone] = id }
        if let email = target.email { byEmail[email] = id; claimedEmails[email] = id }
        claimed.insert(id)
        if target.quotesUser { claimedQuotesUsers.insert(id) }
        return id
    }

    /// Removes every row this export did not claim; with `keepingReferenced` (a file was
    /// rejected whole and its stored rows kept), only those no stored row refers to.
    func removeUnclaimed(keepingReferenced: Bool = false) throws {
        var referenced: Set<Int64> = []
        if keepingReferenced {
            for row in try database.rows("""
                SELECT said_by FROM quote UNION SELECT submitted_by FROM quote UNION SELECT person_id FROM hearer
                UNION SELECT owner_id FROM contact UNION SELECT person_id FROM contact UNION SELECT author_id FROM idea
                """) {
                if case .integer(let id) = row[0] { referenced.insert(id) }
            }
        }
        for id in rows.keys.sorted() where !claimed.contains(id) && !referenced.contains(id) { try release(id) }
    }

    private func release(_ id: Int64) throws {
        guard !claimed.contains(id) else { throw MergeInvariantError(detail: "two people claimed one phone or email") }
        delete.reset()
        try delete.bindInteger(id, at: 1)
        try delete.runBound()
        if let person = rows.removeValue(forKey: id) { forget(id, person) }
        changes.removed += 1
    }

    private func forget(_ id: Int64, _ person: Person) {
        if let phone = person.phone, byPhone[phone] == id { byPhone[phone] = nil }
        if let email = person.email, byEmail[email] == id { byEmail[email] = nil }
    }

    private func write(_ statement: Statement, _ person: Person, id: Int64?) throws {
        statement.reset()
        try statement.bind(person.phone, at: 1)
        try statement.bind(person.email, at: 2)
        try statement.bind(person.name, at: 3)
        try statement.bind(person.locale, at: 4)
        try statement.bind(person.timeZone, at: 5)
        try statement.bindInteger(person.quotesUser ? 1 : 0, at: 6)
        try statement.bindInteger(person.changeJarUser ? 1 : 0, at: 7)
        try statement.bind(person.lastVisitAt, at: 8)
        if let id { try statement.bindInteger(id, at: 9) }
        try statement.runBound()
    }

    /// The people of this export so far, in id order, as the site's handle rule sees them (the
    /// rows of an earlier import that nobody claimed are on their way out and left out).
    func claimedPeople() -> [HandlePerson] {
        claimed.sorted().compactMap { id in
            rows[id].map { HandlePerson(id: id, name: $0.name, isQuotesUser: $0.quotesUser, isChangeJarUser: $0.changeJarUser) }
        }
    }

    /// The phones and emails of the people of this export so far (for the site's mask).
    func claimedContactDetails() -> (phones: [String], emails: [String]) {
        let people = claimed.sorted().compactMap { rows[$0] }
        return (people.compactMap(\.phone), people.compactMap(\.email))
    }

    /// Rows of this export that are people.
    var count: Int { claimed.count }
}

/// A merge that the checks before it should have made impossible: reported (exit 2, nothing
/// stored) rather than crashing.
struct MergeInvariantError: Error, CustomStringConvertible {
    let detail: String
    var description: String { "internal error while merging people: \(detail); nothing was imported" }
}

/// The users of an export by phone and email (a snapshot: never changes after it is taken).
struct UserIndex: Sendable {
    let byPhone: [String: Int64]
    let byEmail: [String: Int64]
    let quotesUsers: Set<Int64>

    /// The Quotes user with this phone, if any.
    func quotesUser(phone: String) -> Int64? {
        guard let id = byPhone[phone], quotesUsers.contains(id) else { return nil }
        return id
    }
}

/// How many rows of one table an import added, rewrote, left alone and removed.
public struct RowChanges: Sendable, Equatable {
    /// Rows inserted.
    public var added = 0
    /// Rows rewritten because the export changed them.
    public var updated = 0
    /// Rows the export still has, untouched.
    public var unchanged = 0
    /// Rows deleted because the export no longer has them.
    public var removed = 0

    /// Creates a count.
    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.removed = removed
    }
}
