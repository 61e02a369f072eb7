import Store
import VantageCore

/// Users of both apps, merged into people (DATA.md "People"): a Change Jar user and a Quotes
/// user are one person when they share a phone or an email; the Quotes record wins for name,
/// locale and time zone; Change Jar gives the email (its identity) and the last visit.
extension ImportSession {
    /// The users of one file, read, with what rejecting one later needs: its original text,
    /// read again from the file (`LineTexts`, `DocumentTexts`), and its place, a number in the
    /// user (its line or element; the file is the same for all). Not its parsed JSON, nor its
    /// bytes, nor a closure or a `RecordLocation` per user, and the users themselves packed
    /// (`PackedRecords`): the users phase is a JSON Lines import's highest point, and grows
    /// with the people.
    private struct Collected<User: PackableRecord> {
        enum Origin {
            case lines(file: String)
            case document(file: String, key: String)
            case stored(file: String)
        }

        var origin: Origin
        var users = PackedRecords<User>()
        var lineTexts: LineTexts?
        var documentTexts: DocumentTexts?

        init(_ origin: Origin) { self.origin = origin }

        /// Where user `index`'s record is.
        func location(_ index: Int) -> RecordLocation {
            switch origin {
            case .lines(let file): RecordLocation(file: file, line: users.record(index))
            case .document(let file, let key): RecordLocation(file: file).member(key).element(users.record(index))
            case .stored(let file): RecordLocation(file: file, path: "(stored)")
            }
        }

        /// User `index`, as the record it was read from.
        func record(_ index: Int) -> RecordSource.Record {
            let location = location(index)
            let (lines, document) = (lineTexts, documentTexts)
            return RecordSource.Record(location: location, value: .success(.null), text: {
                if let lines, let line = location.line { return lines.text(ofLine: line) }
                if let document, let element = location.elementIndex { return document.text(at: element) }
                return ""
            })
        }

        /// The user whose text field `field` is `key`, among those `table` holds (by the
        /// numbers `index` maps to users).
        func find(_ key: String, _ field: User.Field, in table: KeyIndex, index: (Int32) -> Int = { Int($0) }) -> Int32? {
            KeyIndex.withBytes(key) { key in
                table.find(hash: KeyIndex.hash(key)) { users.text(index($0), field, is: key) }
            }
        }

        /// Puts `value` (the number `index` maps to user `user`) into `table` under the user's
        /// text field `field`, when the user has one.
        func add(_ value: Int32, user: Int, _ field: User.Field, to table: inout KeyIndex, index: (Int32) -> Int = { Int($0) }) {
            guard let hash = users.hash(user, field) else { return }
            table.insert(value, hash: hash) { users.hash(index($0), field)! }
        }
    }

    /// The string value of the first `"phone"` member in the text of a record that is not JSON,
    /// read as far as it can be: nil when there is none.
    static func phoneMember(inUnreadable text: String) -> String? {
        let bytes = Array(text.utf8)
        let key = Array("\"phone\"".utf8)
        guard bytes.count > key.count else { return nil }
        var start = 0
        while start + key.count <= bytes.count {
            guard bytes[start..<(start + key.count)].elementsEqual(key) else { start += 1; continue }
            var index = start + key.count
            func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { start += 1; continue }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { return nil }  // escapes: not worth guessing
                value.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { return nil }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
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
            quotesUsers = try collect(source, name: "Quotes users", rejected: { record in
                // Remember the phone of a rejected user, when it has a readable one: from the
                // record, or from the text of a line that is not JSON (a trailing comma, a name
                // given twice), so the quotes that name it say why they follow.
                let written: String?
                switch record.value {
                case .success(let value): written = value.objectValue?["phone"]?.stringValue
                case .failure: written = Self.phoneMember(inUnreadable: record.text())
                }
                if case .success(let value) = record.value, let user = value.objectValue {
                    let name = [user["firstName"]?.stringValue, user["lastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
                    self.noteRejectedUser(named: name, at: record.location)
                }
                guard let text = written, let phone = try? self.context.phones.e164(text), self.rejectedQuotesUsers[phone] == nil
                else { return }
                self.rejectedQuotesUsers[phone] = record.location.reference
            }) { value, location, context in try QuotesUser(value, at: location, context: context) }
        } else if keptAsStored.contains(.quotesUsers) {
            for user in try storedQuotesUsers() { quotesUsers.users.append(user) }
        }
        // Quotes users are keyed by phone, and by email when they give one: tables of the
        // users kept, as indices into `kept`, which holds indices into `quotesUsers`.
        var quotesByPhone = KeyIndex(minimumCapacity: quotesUsers.users.count)
        var quotesByEmail = KeyIndex(minimumCapacity: quotesUsers.users.count)
        var kept: [Int32] = []
        kept.reserveCapacity(quotesUsers.users.count)
        func quotes(_ keptIndex: Int32) -> Int { Int(kept[Int(keptIndex)]) }
        func keptQuotes(_ key: String, _ field: QuotesUser.Field, in table: KeyIndex) -> Int32? {
            quotesUsers.find(key, field, in: table, index: quotes)
        }
        // Worked out before the Change Jar users are read, reported after them, in the order
        // the checks have always run.
        var duplicates: [(Diagnostic, position: Int)] = []
        for position in 0..<quotesUsers.users.count {
            let phone = quotesUsers.users.text(position, .phone)!
            if let first = keptQuotes(phone, .phone, in: quotesByPhone) {
                duplicates.append((quotesUsers.location(position).member("phone").error(
                    "expected each Quotes user once, found \(phone) again (also \(quotesUsers.location(quotes(first)).place))"), position))
                continue
            }
            if let email = quotesUsers.users.text(position, .email),
               let first = keptQuotes(email, .email, in: quotesByEmail) {
                duplicates.append((quotesUsers.location(position).member("email").error(
                    "expected each email once, found \(quoted(email)) again (also \(quotesUsers.location(quotes(first)).place))"), position))
                // No user has this phone now: the quotes that name it follow from this record.
                if rejectedQuotesUsers[phone] == nil { rejectedQuotesUsers[phone] = quotesUsers.location(position).reference }
                continue
            }
            kept.append(Int32(position))
            let keptIndex = Int32(kept.count - 1)
            quotesUsers.add(keptIndex, user: position, .phone, to: &quotesByPhone, index: quotes)
            quotesUsers.add(keptIndex, user: position, .email, to: &quotesByEmail, index: quotes)
        }

        var changeJarUsers = Collected<ChangeJarUser>(.stored(file: layout.changeJarUsers?.name ?? ""))
        if let file = layout.changeJarUsers {
            // Streamed: the users are held until people are merged, their document need not be.
            if let source = try source(file, key: "users", expected: "an array of users", keeps: [.changeJarUsers], streamed: true) {
                changeJarUsers = try collect(source, name: "Change Jar users", rejected: { record in
                    if case .success(let value) = record.value, let name = value.objectValue?["name"]?.stringValue {
                        self.noteRejectedUser(named: name, at: record.location)
                    }
                }) { value, location, context in
                    try ChangeJarUser(value, at: location, context: context)
                }
            } else {
                for user in try storedChangeJarUsers() { changeJarUsers.users.append(user) }
            }
        }

        for (diagnostic, position) in duplicates { try reject(diagnostic, quotesUsers.record(position)) }
        duplicates = []

        // Each Change Jar user joins at most one Quotes user: `partner[kept index]` is the index
        // into `changeJarUsers`, or -1.
        var partner = [Int32](repeating: -1, count: kept.count)
        var alone: [Int] = []
        // Each email and phone seen, as the user's index (its place is worded only for a message).
        var changeJarEmails = KeyIndex(minimumCapacity: changeJarUsers.users.count)
        var changeJarPhones = KeyIndex(minimumCapacity: changeJarUsers.users.count)
        func partnerOf(_ keptIndex: Int32) -> Int? { partner[Int(keptIndex)] < 0 ? nil : Int(partner[Int(keptIndex)]) }
        for position in 0..<changeJarUsers.users.count {
            let email = changeJarUsers.users.text(position, .email)!
            let phone = changeJarUsers.users.text(position, .phone)
            if let first = changeJarUsers.find(email, .email, in: changeJarEmails) {
                try reject(changeJarUsers.location(position).member("email").error(
                    "expected each Change Jar user once, found \(quoted(email)) again (also \(changeJarUsers.location(Int(first)).place))"), changeJarUsers.record(position))
                continue
            }
            if let phone, let first = changeJarUsers.find(phone, .phone, in: changeJarPhones) {
                try reject(changeJarUsers.location(position).member("phone").error(
                    "expected each phone once, found \(phone) again (also \(changeJarUsers.location(Int(first)).place))"), changeJarUsers.record(position))
                continue
            }
            let byPhone = phone.flatMap { keptQuotes($0, .phone, in: quotesByPhone) }
            let byEmail = keptQuotes(email, .email, in: quotesByEmail)
            if let byPhone, let byEmail, byPhone != byEmail {
                try reject(changeJarUsers.location(position).error(
                    "expected one person, found the phone of the Quotes user \(quotesUsers.location(quotes(byPhone)).reference) and the email of the Quotes user \(quotesUsers.location(quotes(byEmail)).reference)"),
                    changeJarUsers.record(position))
                continue
            }
            if let match = byPhone ?? byEmail, let other = partnerOf(match) {
                try reject(changeJarUsers.location(position).error(
                    "expected one Change Jar user per person, found a second one for the Quotes user \(quotesUsers.location(quotes(match)).reference) (the first: \(changeJarUsers.location(other).reference))"),
                    changeJarUsers.record(position))
                continue
            }
            changeJarUsers.add(Int32(position), user: position, .email, to: &changeJarEmails)
            changeJarUsers.add(Int32(position), user: position, .phone, to: &changeJarPhones)
            if let match = byPhone ?? byEmail {
                partner[Int(match)] = Int32(position)
            } else {
                alone.append(position)
            }
        }

        // The merge's look-ups are done with: freed before the directory takes its room.
        (quotesByPhone, quotesByEmail) = (KeyIndex(minimumCapacity: 0), KeyIndex(minimumCapacity: 0))
        (changeJarEmails, changeJarPhones) = (KeyIndex(minimumCapacity: 0), KeyIndex(minimumCapacity: 0))
        // No user is rejected from here on: what rejecting one needed goes too.
        (quotesUsers.lineTexts, quotesUsers.documentTexts) = (nil, nil)
        (changeJarUsers.lineTexts, changeJarUsers.documentTexts) = (nil, nil)
        people.reserve(kept.count + alone.count)
        // Each user's room is let go once claimed (the directory's keys take it up), but a
        // Change Jar user's only after the last partner: partners come in any order.
        for keptIndex in kept.indices {
            let position = quotes(Int32(keptIndex))
            quotesUsers.users.release(before: position)
            let quotes = quotesUsers.users[position]
            // DATA.md: a Quotes user without locale or time zone takes the person's Change Jar
            // record's, else the site's.
            let changeJarPosition = partnerOf(Int32(keptIndex))
            let changeJarPartner = changeJarPosition.map { changeJarUsers.users[$0] }
            // The Quotes name wins where it is one: a chosen "name" that is only a phone or an
            // email is shown as none, and the Change Jar record's is the person's then.
            let name = changeJarPartner.map { partner in
                handles.map { !$0.readsAsName(quotes.name) && $0.readsAsName(partner.name) } == true ? partner.name : quotes.name
            } ?? quotes.name
            var person = PersonDirectory.Person(
                phone: quotes.phone, email: quotes.email, name: name,
                locale: quotes.locale ?? changeJarPartner?.locale ?? site.defaultLocale,
                timeZone: quotes.timeZone ?? changeJarPartner?.timeZone ?? site.timeZone, quotesUser: true)
            if let changeJarPosition, let changeJar = changeJarPartner {
                if let email = quotes.email, email != changeJar.email {
                    audit.note(.warning(
                        "the Quotes user \(quotesUsers.location(position).reference) has the email \(quoted(email)), this Change Jar user \(quoted(changeJar.email)); keeping \(quoted(changeJar.email)) (an idea written under either is theirs)",
                        at: changeJarUsers.location(changeJarPosition).member("email").source))
                }
                if let phone = changeJar.phone, phone != quotes.phone {
                    audit.note(.warning(
                        "the Quotes user \(quotesUsers.location(position).reference) has the phone \(quotes.phone), this Change Jar user \(phone); keeping \(quotes.phone)",
                        at: changeJarUsers.location(changeJarPosition).member("phone").source))
                }
                person.email = changeJar.email
                person.changeJarUser = true
                person.lastVisitAt = changeJar.lastVisitAt
            }
            let id = try people.claim(person)
            if let email = quotes.email, email != person.email { people.alias(email: email, to: id) }
        }
        quotesUsers.users = PackedRecords()
        for position in alone {
            changeJarUsers.users.release(before: position)
            let user = changeJarUsers.users[position]
            try people.claim(PersonDirectory.Person(
                phone: user.phone, email: user.email, name: user.name, locale: user.locale, timeZone: user.timeZone,
                changeJarUser: true, lastVisitAt: user.lastVisitAt))
        }
    }

    /// Reads every record of `source` with `decode` (on the reading threads), rejecting bad
    /// ones in file order; keeps the good ones with their records (for rejecting them later
    /// when merging finds a conflict).
    /// Remembers a rejected user's name (`rejectedUserNames`), for the submissions that name them.
    func noteRejectedUser(named name: String, at location: RecordLocation) {
        guard !name.isEmpty, rejectedUserNames.count < Self.errorLimit * 10 else { return }
        rejectedUserNames.append((name, location.reference))
    }

    private func collect<User>(
        _ source: RecordSource, name: String, rejected: (RecordSource.Record) -> Void = { _ in },
        _ decode: @escaping (JSONValue, RecordLocation, ReadContext) throws -> User
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
                collected.users.append(try user.get())
            } catch let diagnostic as Diagnostic {
                rejected(record)
                try reject(diagnostic, record)
            }
        }
        recordsRead.append((name, count))
        return collected
    }

    /// The stored Quotes users, read back as records: their file was rejected whole, and they
    /// stay as they were (with the people merged from them). An email stored by an earlier
    /// vantage in another spelling is read as today's import spells it (`EmailAddress`).
    private func storedQuotesUsers() throws -> [QuotesUser] {
        try database.rows("SELECT phone, name, locale, time_zone, email FROM person WHERE quotes_user = 1 AND phone IS NOT NULL ORDER BY id")
            .map { row in
                QuotesUser(stored: row[0].text!, name: row[1].text ?? "", locale: row[2].text, timeZone: row[3].text,
                           email: row[4].text.map { TextNormalization.email($0) ?? $0 })
            }
    }

    /// The stored Change Jar users, read back as records (see `storedQuotesUsers`).
    private func storedChangeJarUsers() throws -> [ChangeJarUser] {
        try database.rows(
            "SELECT email, name, last_visit_at, locale, time_zone, phone FROM person WHERE changejar_user = 1 AND email IS NOT NULL ORDER BY id"
        ).map { row in
            ChangeJarUser(stored: TextNormalization.email(row[0].text!) ?? row[0].text!, name: row[1].text ?? "", lastVisitAt: row[2].integer.map(DataInstant.init(microseconds:)), locale: row[3].text,
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
