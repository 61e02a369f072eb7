import Store
import VantageCore

/// The `person` table during an import. People are claimed as the export names them (users
/// first, then the contacts and idea authors met in quotes and ideas); a claimed person keeps
/// the row that already has their phone (or else email), which is written only when it
/// differs. Rows nobody claimed are removed at the end, so the table equals the export.
///
/// Memory grows with the number of people, never with the number of quotes or ideas, and by
/// as little as a look-up needs: each row's phone and email (to find the row), and one bit
/// for whether it was claimed and whether it is a Quotes user. Everything else about a person
/// stays in the table and is read back only when a claim finds an existing row (a re-import).
/// (Holding every row's fields as well was 7.3 MB of 25 at 40,000 people, massif.)
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
        var lastVisitAt: DataInstant?
        /// Where this import met the person among everyone it met (set by `claim`).
        var appearance: Int64?
    }

    private let database: Database
    /// Every row's phone and email (claimed or not), to the row: each key once, as bytes.
    private var byPhone = KeyTable()
    private var byEmail = KeyTable()
    /// The rows this export claimed, and those of them that are Quotes users.
    private var claimed = RowIDSet()
    /// The next person's place in the order this import meets people.
    private var nextAppearance: Int64 = 1
    private var claimedQuotesUsers = RowIDSet()
    /// Rows not claimed (yet): while there are none, `byPhone` holds claimed people only.
    private var unclaimedRows = 0
    private(set) var changes = RowChanges()

    private let insert: Statement
    private let update: Statement
    private let delete: Statement
    private let select: Statement

    init(database: Database) throws {
        self.database = database
        insert = try database.statement("""
            INSERT INTO person (phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at, appearance)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        update = try database.statement("""
            UPDATE person SET phone = ?1, email = ?2, name = ?3, locale = ?4, time_zone = ?5, quotes_user = ?6,
                changejar_user = ?7, last_visit_at = ?8, appearance = ?9 WHERE id = ?10
            """)
        delete = try database.statement("DELETE FROM person WHERE id = ?1")
        select = try database.statement(
            "SELECT phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at, appearance FROM person WHERE id = ?1")
        var count = 0
        if case .integer(let rows) = try database.scalar("SELECT count(*) FROM person") { count = Int(rows) }
        byPhone.reserveCapacity(count)
        byEmail.reserveCapacity(count)
        let keys = try database.statement("SELECT id, phone, email FROM person")
        defer { keys.reset() }
        while try keys.step() {
            let id = keys.integer(0)!
            if let phone = keys.text(1) { byPhone[phone] = id }
            if let email = keys.text(2) { byEmail[email] = id }
            unclaimedRows += 1
        }
    }

    /// Makes room for `count` more people at once, so that the tables are not grown (each
    /// growth holds the old table and the new one at the same time) while the users are claimed.
    func reserve(_ count: Int) {
        byPhone.reserveCapacity(byPhone.count + count)
        byEmail.reserveCapacity(byEmail.count + count)
    }

    /// The users claimed so far, by phone: taken once the users are merged, so the reading
    /// thread can resolve most people without touching the directory. (The directory's own
    /// table when every row is claimed, as in a first import; else the claimed rows of it.)
    func users() -> UserIndex {
        if unclaimedRows == 0 { return UserIndex(byPhone: byPhone, quotesUsers: claimedQuotesUsers) }
        var users = KeyTable(minimumCapacity: claimed.count)
        byPhone.forEach { phone, id in if claimed.contains(id) { users[phone] = id } }
        return UserIndex(byPhone: users, quotesUsers: claimedQuotesUsers)
    }

    /// The claimed person with this phone.
    func claimed(phone: String) -> Int64? { byPhone[phone].flatMap { claimed.contains($0) ? $0 : nil } }

    /// The claimed person with this email.
    func claimed(email: String) -> Int64? { byEmail[email].flatMap { claimed.contains($0) ? $0 : nil } }

    /// True when `id` is a registered Quotes user of this export.
    func isQuotesUser(_ id: Int64) -> Bool { claimedQuotesUsers.contains(id) }

    /// The person with this phone: a user of this export, or else a contact-only person.
    func contact(phone: String) throws -> Int64 {
        if let id = claimed(phone: phone) { return id }
        return try claim(Person(phone: phone))
    }

    /// The person with this email: a user of this export, or else an author-only person.
    func author(email: String) throws -> Int64 {
        if let id = claimed(email: email) { return id }
        return try claim(Person(email: email))
    }

    /// Claims `target` for this export and returns its row id, reusing the row that has its
    /// phone (else its email) and writing only what changed. Another unclaimed row holding one
    /// of its keys is removed (foreign keys are deferred until commit, by when every reference
    /// to it has been rewritten or removed).
    @discardableResult
    func claim(_ target: Person) throws -> Int64 {
        var target = target
        target.appearance = nextAppearance
        nextAppearance += 1
        let candidate = target.phone.flatMap { byPhone[$0] } ?? target.email.flatMap { byEmail[$0] }
        if let phone = target.phone, let holder = byPhone[phone], holder != candidate { try release(holder) }
        if let email = target.email, let holder = byEmail[email], holder != candidate { try release(holder) }
        let id: Int64
        if let candidate {
            guard !claimed.contains(candidate) else { throw MergeInvariantError(detail: "one person was claimed twice") }
            guard let current = try stored(candidate) else { throw MergeInvariantError(detail: "a person's row went missing") }
            if current != target {
                try write(update, target, id: candidate)
                forget(candidate, current)
                changes.updated += 1
            } else {
                changes.unchanged += 1
            }
            id = candidate
            unclaimedRows -= 1
        } else {
            try write(insert, target, id: nil)
            id = database.lastInsertRowID
            changes.added += 1
        }
        if let phone = target.phone { byPhone[phone] = id }
        if let email = target.email { byEmail[email] = id }
        claimed.insert(id)
        if target.quotesUser { claimedQuotesUsers.insert(id) }
        return id
    }

    /// Makes `email` find the claimed person `id` too, without storing it: a Quotes user's email
    /// where their Change Jar record, whose email is kept, has another (DATA.md: people who share
    /// a phone or an email are one person, so an idea written under either is theirs). An
    /// unclaimed row that holds the email (an author-only person of an earlier import) is left
    /// for `removeUnclaimed`.
    func alias(email: String, to id: Int64) {
        if let holder = byEmail[email], claimed.contains(holder) { return }
        byEmail[email] = id
    }

    /// Removes every row this export did not claim; with `keepingReferenced` (a file was
    /// rejected whole and its stored rows kept), only those no stored row refers to.
    func removeUnclaimed(keepingReferenced: Bool = false) throws {
        guard unclaimedRows > 0 else { return }
        var referenced: Set<Int64> = []
        if keepingReferenced {
            for row in try database.rows("""
                SELECT said_by FROM quote UNION SELECT submitted_by FROM quote UNION SELECT person_id FROM hearer
                UNION SELECT owner_id FROM contact UNION SELECT person_id FROM contact UNION SELECT author_id FROM idea
                """) {
                if case .integer(let id) = row[0] { referenced.insert(id) }
            }
        }
        // Read whole before any is deleted (a scan of the table it deletes from).
        var unclaimed: [Int64] = []
        let ids = try database.statement("SELECT id FROM person ORDER BY id")
        while try ids.step() {
            let id = ids.integer(0)!
            if !claimed.contains(id), !referenced.contains(id) { unclaimed.append(id) }
        }
        ids.reset()
        for id in unclaimed { try release(id) }
    }

    private func release(_ id: Int64) throws {
        guard !claimed.contains(id) else { throw MergeInvariantError(detail: "two people claimed one phone or email") }
        let person = try stored(id)
        delete.reset()
        try delete.bindInteger(id, at: 1)
        try delete.runBound()
        if let person {
            forget(id, person)
            unclaimedRows -= 1
        }
        changes.removed += 1
    }

    private func forget(_ id: Int64, _ person: Person) {
        if let phone = person.phone, byPhone[phone] == id { byPhone[phone] = nil }
        if let email = person.email, byEmail[email] == id { byEmail[email] = nil }
    }

    /// The row `id` as stored, if there is one.
    private func stored(_ id: Int64) throws -> Person? {
        select.reset()
        defer { select.reset() }
        try select.bindInteger(id, at: 1)
        guard try select.step() else { return nil }
        return Person(phone: select.text(0), email: select.text(1), name: select.text(2), locale: select.text(3),
                      timeZone: select.text(4), quotesUser: select.integer(5) == 1, changeJarUser: select.integer(6) == 1,
                      lastVisitAt: select.integer(7).map(DataInstant.init(microseconds:)), appearance: select.integer(8))
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
        try statement.bind(person.lastVisitAt?.microseconds, at: 8)
        try statement.bind(person.appearance, at: 9)
        if let id { try statement.bindInteger(id, at: 10) }
        try statement.runBound()
    }

    /// The people of this export so far, in id order, as the site's handle rule sees them (the
    /// rows of an earlier import that nobody claimed are on their way out and left out).
    /// True when the person `id` has a phone: only they can say or hear a quote (DATA.md: phones
    /// are identities, and a quote is seen by the phones of its speaker and hearers).
    func hasPhone(_ id: Int64) throws -> Bool { try phone(of: id) != nil }

    /// The phone of the person `id`, if they have one.
    func phone(of id: Int64) throws -> String? { try stored(id)?.phone }

    func claimedPeople() throws -> [HandlePerson] {
        var people: [HandlePerson] = []
        try eachClaimedRow("SELECT id, name, quotes_user, changejar_user, appearance FROM person ORDER BY id") { id, row in
            people.append(HandlePerson(
                id: id, name: row.text(1), isQuotesUser: row.integer(2) == 1, isChangeJarUser: row.integer(3) == 1,
                order: row.integer(4) ?? id))
        }
        return people
    }

    /// The phones and emails of the people of this export so far (for the site's mask).
    func claimedContactDetails() throws -> (phones: [String], emails: [String]) {
        var phones: [String] = [], emails: [String] = []
        try eachClaimedRow("SELECT id, phone, email FROM person ORDER BY id") { _, row in
            if let phone = row.text(1) { phones.append(phone) }
            if let email = row.text(2) { emails.append(email) }
        }
        return (phones, emails)
    }

    /// Runs `body` for each claimed row of `sql` (whose first column is the id), in its order.
    private func eachClaimedRow(_ sql: String, _ body: (Int64, Statement) -> Void) throws {
        let rows = try database.statement(sql)
        defer { rows.reset() }
        while try rows.step() {
            let id = rows.integer(0)!
            if claimed.contains(id) { body(id, rows) }
        }
    }

    /// Rows of this export that are people.
    var count: Int { claimed.count }
}

/// A set of row ids: one bit each for the ids a table hands out (from 1 up, rarely far past
/// the number of rows), a `Set` for any id too large for that.
struct RowIDSet: Sendable {
    private var words: [UInt64] = []
    private var large: Set<Int64> = []
    private(set) var count = 0
    /// Ids from 0 up to this (2^26, 8 MB of bits) are kept as bits.
    private static let bitLimit: Int64 = 1 << 26

    func contains(_ id: Int64) -> Bool {
        guard id >= 0, id < Self.bitLimit else { return large.contains(id) }
        let word = Int(id >> 6)
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    mutating func insert(_ id: Int64) {
        guard id >= 0, id < Self.bitLimit else {
            if large.insert(id).inserted { count += 1 }
            return
        }
        let word = Int(id >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count))) }
        let bit: UInt64 = 1 << UInt64(id & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }
}

/// A merge that the checks before it should have made impossible: reported (exit 2, nothing
/// stored) rather than crashing.
struct MergeInvariantError: Error, CustomStringConvertible {
    let detail: String
    var description: String { "internal error while merging people: \(detail); nothing was imported" }
}

/// The users of an export by phone (a snapshot: never changes after it is taken).
struct UserIndex: Sendable {
    let byPhone: KeyTable
    let quotesUsers: RowIDSet

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
