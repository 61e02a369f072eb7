import Store
import VantageCore

/// Users of both apps, merged into people (DATA.md "People"): a Change Jar user and a Quotes
/// user are one person when they share a phone or an email; the Quotes record wins for name,
/// locale and time zone; Change Jar gives the email (its identity) and the last visit.
extension ImportSession {
    /// The users of one file, read, with what rejecting one later needs: its original text,
    /// read again from the file (`LineTexts`, `DocumentTexts`), and its place, a number in the
    /// user (its line or element; the file is the same for all). Not its parsed JSON, nor its
    /// bytes, nor a closure or a `RecordLocation` per user: the users phase is a JSON Lines
    /// import's highest point, and grows with the people.
    private struct Collected<User: LocatedRecord> {
        enum Origin {
            case lines(file: String)
            case document(file: String, key: String)
            case stored(file: String)
        }

        var origin: Origin
        var users: [User] = []
        var lineTexts: LineTexts?
        var documentTexts: DocumentTexts?

        init(_ origin: Origin) { self.origin = origin }

        /// Where `user`'s record is.
        func location(_ user: User) -> RecordLocation {
            switch origin {
            case .lines(let file): RecordLocation(file: file, line: user.record)
            case .document(let file, let key): RecordLocation(file: file).member(key).element(user.record)
            case .stored(let file): RecordLocation(file: file, path: "(stored)")
            }
        }

        /// User `index`, as the record it was read from.
        func record(_ index: Int) -> RecordSource.Record {
            let location = location(users[index])
            let (lines, document) = (lineTexts, documentTexts)
            return RecordSource.Record(location: location, value: .success(.null), text: {
                if let lines, let line = location.line { return lines.text(ofLine: line) }
                if let document, let element = location.elementIndex { return document.text(at: element) }
                return ""
            })
        }
    }

    func importUsers(quotesExport: QuotesExport?) throws {
        var quotesUsers = Collected<QuotesUser>(.stored(file: layout.quotesExport?.name ?? layout.quotesUsers?.name ?? ""))
        var quotesSource: RecordSource?
        if let quotesExport {
            quotesSource = quotesExport.source("users")
        } else if let file = layout.quotesUsers {
            quotesSource = try source(file, key: "users", expected: "an array of users", keeps: [.quotesUsers], streamed: true)
        }
        if let source = quotesSource {
            // The records as `collect` gathers them: a copy would double the peak of the users
            // phase, the highest of a JSON Lines import (it grows with the people).
            quotesUsers = try collect(source, name: "Quotes users", rejected: { record in
                // Remember the phone of a rejected user, when it has a readable one.
                guard case .success(let value) = record.value, let text = value.objectValue?["phone"]?.stringValue,
                    let phone = try? self.context.phones.e164(text), self.rejectedQuotesUsers[phone] == nil
                else { return }
                self.rejectedQuotesUsers[phone] = record.location.reference
            }) { value, location, context in try QuotesUser(value, at: location, context: context) }
        } else if keptAsStored.contains(.quotesUsers) {
            quotesUsers.users = try storedQuotesUsers()
        }
        // Quotes users are keyed by phone, and by email when they give one.
        // (Each reserved whole: a dictionary that grows holds its old and its new table while
        // it moves them, and the users' phase sets a JSON Lines import's highest point.)
        // (Indices as 32 bits: a sixth less room for each table.)
        var quotesByPhone: [String: Int32] = Dictionary(minimumCapacity: quotesUsers.users.count)
        var quotesByEmail: [String: Int32] = Dictionary(minimumCapacity: quotesUsers.users.count)
        // The users kept, as indices into `quotesUsers` (not copies: see above).
        var kept: [Int32] = []
        kept.reserveCapacity(quotesUsers.users.count)
        func keptQuotes(_ index: Int32) -> QuotesUser { quotesUsers.users[Int(kept[Int(index)])] }
        // Worked out before the Change Jar users are read (so that each of them can share its
        // Quotes partner's email: 2.5 MB at 40,000 people), reported after them, in the order
        // the checks have always run.
        var duplicates: [(Diagnostic, position: Int)] = []
        for (position, user) in quotesUsers.users.enumerated() {
            if let first = quotesByPhone[user.phone] {
                duplicates.append((quotesUsers.location(user).member("phone").error(
                    "expected each Quotes user once, found \(user.phone) again (also \(quotesUsers.location(keptQuotes(first)).place))"), position))
                continue
            }
            if let email = user.email, let first = quotesByEmail[email] {
                duplicates.append((quotesUsers.location(user).member("email").error(
                    "expected each email once, found \(quoted(email)) again (also \(quotesUsers.location(keptQuotes(first)).place))"), position))
                continue
            }
            quotesByPhone[user.phone] = Int32(kept.count)
            if let email = user.email { quotesByEmail[email] = Int32(kept.count) }
            kept.append(Int32(position))
        }

        var changeJarUsers = Collected<ChangeJarUser>(.stored(file: layout.changeJarUsers?.name ?? ""))
        if let file = layout.changeJarUsers {
            // Streamed: the users are held until people are merged, their document need not be.
            if let source = try source(file, key: "users", expected: "an array of users", keeps: [.changeJarUsers], streamed: true) {
                changeJarUsers = try collect(source, name: "Change Jar users", keep: { user in
                    // The same email as its Quotes partner's, byte for byte: one string for both.
                    if let match = quotesByEmail[user.email], let email = keptQuotes(match).email,
                       email.utf8.elementsEqual(user.email.utf8) {
                        user.email = email
                    }
                }) { value, location, context in
                    try ChangeJarUser(value, at: location, context: context)
                }
            } else {
                changeJarUsers.users = try storedChangeJarUsers()
            }
        }

        for (diagnostic, position) in duplicates { try reject(diagnostic, quotesUsers.record(position)) }
        duplicates = []

        // Each Change Jar user joins at most one Quotes user: `partner[kept index]` is the index
        // into `changeJarUsers`, or -1.
        var partner = [Int32](repeating: -1, count: kept.count)
        var alone: [Int] = []
        // Each email and phone seen, with the user's index (its place is worded only for a message).
        var changeJarEmails: [String: Int32] = Dictionary(minimumCapacity: changeJarUsers.users.count)
        var changeJarPhones: [String: Int32] = Dictionary(minimumCapacity: changeJarUsers.users.count)
        func partnerOf(_ index: Int32) -> ChangeJarUser? {
            partner[Int(index)] < 0 ? nil : changeJarUsers.users[Int(partner[Int(index)])]
        }
        for (position, user) in changeJarUsers.users.enumerated() {
            if let first = changeJarEmails[user.email] {
                try reject(changeJarUsers.location(user).member("email").error(
                    "expected each Change Jar user once, found \(quoted(user.email)) again (also \(changeJarUsers.location(changeJarUsers.users[Int(first)]).place))"), changeJarUsers.record(position))
                continue
            }
            if let phone = user.phone, let first = changeJarPhones[phone] {
                try reject(changeJarUsers.location(user).member("phone").error(
                    "expected each phone once, found \(phone) again (also \(changeJarUsers.location(changeJarUsers.users[Int(first)]).place))"), changeJarUsers.record(position))
                continue
            }
            let byPhone = user.phone.flatMap { quotesByPhone[$0] }
            let byEmail = quotesByEmail[user.email]
            if let byPhone, let byEmail, byPhone != byEmail {
                try reject(changeJarUsers.location(user).error(
                    "expected one person, found the phone of the Quotes user \(quotesUsers.location(keptQuotes(byPhone)).place) and the email of the Quotes user \(quotesUsers.location(keptQuotes(byEmail)).place)"),
                    changeJarUsers.record(position))
                continue
            }
            if let match = byPhone ?? byEmail, let other = partnerOf(match) {
                try reject(changeJarUsers.location(user).error(
                    "expected one Change Jar user per person, found a second one for the Quotes user \(quotesUsers.location(keptQuotes(match)).place) (also \(changeJarUsers.location(other).place))"),
                    changeJarUsers.record(position))
                continue
            }
            changeJarEmails[user.email] = Int32(position)
            if let phone = user.phone { changeJarPhones[phone] = Int32(position) }
            if let match = byPhone ?? byEmail {
                partner[Int(match)] = Int32(position)
            } else {
                alone.append(position)
            }
        }

        // The merge's look-ups are done with: freed before the directory takes its room, which
        // is the highest point of the phase (4 MB of the 34 MB at 20,000 people).
        quotesByPhone = [:]
        quotesByEmail = [:]
        changeJarEmails = [:]
        changeJarPhones = [:]
        // No user is rejected from here on: what rejecting one needed goes too.
        (quotesUsers.lineTexts, quotesUsers.documentTexts) = (nil, nil)
        (changeJarUsers.lineTexts, changeJarUsers.documentTexts) = (nil, nil)
        people.reserve(kept.count + alone.count)
        for index in kept.indices {
            let quotes = keptQuotes(Int32(index))
            // DATA.md: a Quotes user without locale or time zone takes the person's Change Jar
            // record's, else the site's.
            let changeJarPartner = partnerOf(Int32(index))
            var person = PersonDirectory.Person(
                phone: quotes.phone, email: quotes.email, name: quotes.name,
                locale: quotes.locale ?? changeJarPartner?.locale ?? site.defaultLocale,
                timeZone: quotes.timeZone ?? changeJarPartner?.timeZone ?? site.timeZone, quotesUser: true)
            if let changeJar = changeJarPartner {
                if let email = quotes.email, email != changeJar.email {
                    audit.note(.warning(
                        "the Quotes user \(quotesUsers.location(quotes).place) has the email \(quoted(email)), this Change Jar user \(quoted(changeJar.email)); keeping \(quoted(changeJar.email))",
                        at: changeJarUsers.location(changeJar).member("email").source))
                }
                if let phone = changeJar.phone, phone != quotes.phone {
                    audit.note(.warning(
                        "the Quotes user \(quotesUsers.location(quotes).place) has the phone \(quotes.phone), this Change Jar user \(phone); keeping \(quotes.phone)",
                        at: changeJarUsers.location(changeJar).member("phone").source))
                }
                person.email = changeJar.email
                person.changeJarUser = true
                person.lastVisitAt = changeJar.lastVisitAt
            }
            try people.claim(person)
        }
        for position in alone {
            let user = changeJarUsers.users[position]
            try people.claim(PersonDirectory.Person(
                phone: user.phone, email: user.email, name: user.name, locale: user.locale, timeZone: user.timeZone,
                changeJarUser: true, lastVisitAt: user.lastVisitAt))
        }
    }

    /// Reads every record of `source` with `decode` (on the reading threads), rejecting bad
    /// ones in file order; keeps the good ones with their records (for rejecting them later
    /// when merging finds a conflict).
    private func collect<User>(
        _ source: RecordSource, name: String, rejected: (RecordSource.Record) -> Void = { _ in },
        keep: (inout User) -> Void = { _ in }, _ decode: @escaping (JSONValue, RecordLocation, ReadContext) throws -> User
    ) throws -> Collected<User> {
        var collected = Collected<User>(.stored(file: source.file.name))
        // Room for every record at once: grown by doubling, the array would hold up to twice
        // the room it needs, and both the old and the new storage while it moves.
        collected.users.reserveCapacity(source.expectedCount)
        switch source {
        case .lines(let file):
            collected.origin = .lines(file: file.name)
            collected.lineTexts = LineTexts(file)
        case .array(let document, let key):
            collected.origin = .document(file: document.file.name, key: key)
            collected.documentTexts = DocumentTexts(document, key: key)
        }
        var count = 0
        try read(source, transform: { record, context in
            (record, Result { try decode(try record.value.get(), record.location, context) })
        }) { (record: RecordSource.Record, user: Result<User, Error>) in
            count += 1
            do {
                var user = try user.get()
                keep(&user)
                collected.users.append(user)
            } catch let diagnostic as Diagnostic {
                rejected(record)
                try reject(diagnostic, record)
            }
        }
        recordsRead.append((name, count))
        return collected
    }

    /// The stored Quotes users, read back as records: their file was rejected whole, and they
    /// stay as they were (with the people merged from them).
    private func storedQuotesUsers() throws -> [QuotesUser] {
        try database.rows("SELECT phone, name, locale, time_zone, email FROM person WHERE quotes_user = 1 AND phone IS NOT NULL ORDER BY id")
            .map { row in
                QuotesUser(stored: row[0].text!, name: row[1].text ?? "", locale: row[2].text, timeZone: row[3].text, email: row[4].text)
            }
    }

    /// The stored Change Jar users, read back as records (see `storedQuotesUsers`).
    private func storedChangeJarUsers() throws -> [ChangeJarUser] {
        try database.rows(
            "SELECT email, name, last_visit_at, locale, time_zone, phone FROM person WHERE changejar_user = 1 AND email IS NOT NULL ORDER BY id"
        ).map { row in
            ChangeJarUser(stored: row[0].text!, name: row[1].text ?? "", lastVisitAt: row[2].integer, locale: row[3].text,
                          timeZone: row[4].text, phone: row[5].text)
        }
    }
}

extension DatabaseValue {
    /// The text, when this is text.
    fileprivate var text: String? { if case .text(let value) = self { value } else { nil } }
    /// The integer, when this is one.
    fileprivate var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
}

/// A record that knows its own place (the users kept until people are merged): its line of
/// a JSON Lines file, or its element of the document's array (0 for a stored user).
protocol LocatedRecord {
    var record: Int { get }
}

extension QuotesUser: LocatedRecord {}
extension ChangeJarUser: LocatedRecord {}
