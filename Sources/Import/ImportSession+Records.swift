import VantageCore

/// Quotes, Quotes contacts and Change Jar ideas: streamed record by record. The reading thread
/// parses and checks each record and resolves the users it names (from a snapshot of the
/// merged users); this thread resolves everyone else and stores it.
extension ImportSession {
    /// Stores the export's quotes; the sync stays open for the submitted quotes (its `finish`
    /// removes what neither has).
    func importQuotes(quotesExport: QuotesExport?) throws -> QuoteSync {
        let sync = try QuoteSync(database: database)
        var source: RecordSource?
        if let quotesExport {
            source = quotesExport.source("quotes")
        } else if let file = layout.quotes {
            source = try self.source(file, key: "quotes", expected: "an array of quotes", keeps: [.quotes], streamed: true)
        }
        if let source {
            sync.firstRecord = firstRecordLookup(source)
            let users = people.users()
            let rejectedUsers = rejectedQuotesUsers
            let unreadableUsers = unreadableFile[.quotesUsers]
            let memory = try RecordMemory(database: database, context: quoteContext(users: users), batchSize: Self.batchSize,
                                          trusted: !sync.insertCatchesRepeats)
            // The hearers of a first import go through a writer of their own (`HearerStaging`),
            // moved into the store before anything reads them, and never left behind by an error.
            if stagesHearers { try sync.startStaging() }
            defer { sync.abandonStaging() }
            let quoteLimit = site.quoteLimit
            let phones = context.phones
            let contactPhones = ContactPhones(phones: phones) { [self] in contactsAhead(quotesExport) }
            let prepare = { (quote: QuoteRecord, location: () -> RecordLocation) throws -> PreparedQuote in
                try QuoteRecord.checkLength(quote.text, limit: quoteLimit, at: location().member("text"))
                try Self.refusePhone(inID: quote.id, reader: phones, at: location) { phone in
                    phone == quote.submittedBy || phone == quote.saidBy.phone || users.byPhone[phone] != nil
                        || quote.heardBy.contains { $0.phone == phone }
                }
                guard let submitter = users.quotesUser(phone: quote.submittedBy) else {
                    throw location().member("submittedBy").error(Self.unregistered(quote.submittedBy, rejected: rejectedUsers, unreadable: unreadableUsers))
                }
                return PreparedQuote(quote: quote, submitter: submitter, saidBy: users.byPhone[quote.saidBy.phone],
                                     hearers: quote.heardBy.map { users.byPhone[$0.phone] })
            }
            try each(source, count: "quotes", memory: memory, decode: { value, location, context -> PreparedQuote in
                try prepare(try QuoteRecord(value, at: location, context: context), { location })
            }, fast: !readsQuoteBytes ? nil : { bytes, location, context -> PreparedQuote? in
                guard let quote = QuoteRecord(bytes: bytes, context: context) else { return nil }
                return try prepare(quote, location)
            }, remembering: { prepared, line in
                line.append(contentsOf: prepared.quote.id.utf8)
                line.append(0x20)
                line.append(contentsOf: prepared.quote.saidBy.phone.utf8)
                for hearer in prepared.quote.heardBy {
                    line.append(0x20)
                    line.append(contentsOf: hearer.phone.utf8)
                }
            }, store: { prepared, location in
                // The reading thread checked the id against the users and the record's own
                // people; here, in file order, also against everyone met before it.
                if !RecordID.phoneCandidates(prepared.quote.id).isEmpty {
                    let id = prepared.quote.id
                    try Self.refusePhone(inID: id, reader: phones, at: location, unknown: {
                        self.laterPhones.append((phone: $0, id: id, location: location()))
                    }) {
                        self.people.claimed(phone: $0) != nil || contactPhones.contains($0)
                    }
                }
                if prepared.everyoneKnown, sync.insertCatchesRepeats, let saidBy = prepared.saidBy {
                    try sync.claimAndWrite(prepared.quote, saidBy: saidBy, submittedBy: prepared.submitter,
                                           hearerIDs: prepared.hearers, at: location)
                    return
                }
                let location = location()
                let quote = prepared.quote
                // Everyone already a person: nothing is written before the id is known to be new.
                if sync.insertCatchesRepeats, let saidBy = prepared.saidBy ?? self.people.claimed(phone: quote.saidBy.phone) {
                    var hearers: [(person: Int64, name: String)] = []
                    hearers.reserveCapacity(quote.heardBy.count)
                    for (hearer, known) in zip(quote.heardBy, prepared.hearers) {
                        guard let person = known ?? self.people.claimed(phone: hearer.phone) else { break }
                        hearers.append((person, hearer.name))
                    }
                    if hearers.count == quote.heardBy.count {
                        try sync.claimAndWrite(QuoteSync.Resolved(
                            id: quote.id, text: quote.text, saidBy: saidBy, saidByName: quote.saidBy.name, saidAt: quote.saidAt,
                            submittedBy: prepared.submitter, hearers: hearers), at: location)
                        return
                    }
                }
                try sync.claim(id: quote.id, at: location)
                let saidBy = try prepared.saidBy ?? self.people.contact(phone: quote.saidBy.phone)
                var hearers: [(person: Int64, name: String)] = []
                hearers.reserveCapacity(quote.heardBy.count)
                for (hearer, known) in zip(quote.heardBy, prepared.hearers) {
                    hearers.append((try known ?? self.people.contact(phone: hearer.phone), hearer.name))
                }
                try sync.write(QuoteSync.Resolved(
                    id: quote.id, text: quote.text, saidBy: saidBy, saidByName: quote.saidBy.name, saidAt: quote.saidAt,
                    submittedBy: prepared.submitter, hearers: hearers))
            }, unchanged: { words, location in
                // What reading it again would do to the session: its id checked against the
                // people met before it (an earlier batch may have changed and brought a new one)
                // and its own, its id and people claimed, its rows counted (they stay as they are).
                let id = words[0]
                if !RecordID.phoneCandidates(id).isEmpty {
                    let own = words.dropFirst()
                    try Self.refusePhone(inID: id, reader: phones, at: { location }, unknown: {
                        self.laterPhones.append((phone: $0, id: id, location: location))
                    }) { phone in
                        own.contains(phone) || self.people.claimed(phone: phone) != nil || contactPhones.contains(phone)
                    }
                }
                try sync.claim(id: id, at: location)
                for phone in words.dropFirst() { _ = try self.people.contact(phone: phone) }
                sync.countUnchanged(hearers: words.count - 2)
            })
            stagedHearers += try sync.finishStaging()
        } else if keptAsStored.contains(.quotes) {
            try claimKeptPeople(referencedBy: "SELECT said_by FROM quote UNION SELECT person_id FROM hearer")
        }
        return sync
    }

    /// A file rejected whole keeps its stored records, and the people they name must keep their
    /// place in the order the import meets people (`appearance`: the suffixes of equal names,
    /// the signature of a person's handles), or every place after theirs would shift. So those
    /// of them no other file claimed, people known only by a phone or an email, are claimed
    /// here, where that file's records would have been read, in the order the last import met
    /// them (which was that file's order).
    func claimKeptPeople(referencedBy query: String) throws {
        let rows = try database.rows("""
            SELECT phone, email FROM person
            WHERE id IN (\(query)) AND NOT quotes_user AND NOT changejar_user AND name IS NULL
            ORDER BY appearance, id
            """)
        for row in rows {
            if case .text(let phone) = row[0] {
                _ = try people.contact(phone: phone)
            } else if case .text(let email) = row[1] {
                _ = try people.author(email: email)
            }
        }
    }

    /// The contacts' records, read ahead of their import (`ContactPhones`): nil when there are
    /// none, or when their file cannot be read (their own import says why, in its place).
    func contactsAhead(_ quotesExport: QuotesExport?) -> RecordSource? {
        if let quotesExport { return quotesExport.source("contacts") }
        guard let file = layout.contacts else { return nil }
        // Its own audit: what the file holds is warned about when the contacts are imported.
        let scratch = ReadContext(phones: context.phones, audit: FieldAudit())
        return try? recordSource(file, key: "contacts", expected: "an array of contacts", context: scratch, streamed: true)
    }

    func importContacts(quotesExport: QuotesExport?) throws {
        let sync = try ContactSync(database: database)
        var source: RecordSource?
        if let quotesExport {
            source = quotesExport.source("contacts")
        } else if let file = layout.contacts {
            source = try self.source(file, key: "contacts", expected: "an array of contacts", keeps: [.contacts], streamed: true)
        }
        if let source {
            let users = people.users()
            let rejectedUsers = rejectedQuotesUsers
            let unreadableUsers = unreadableFile[.quotesUsers]
            // A contact rejected here is remembered by its owner and name as far as they can be
            // read (`rejectedContacts`); the reading thread hands the error on with them.
            typealias Read = (record: Result<(ContactRecord, Int64), Diagnostic>, owner: String?, name: String?)
            try each(source, count: "contacts", decode: { value, location, context -> Read in
                do throws(Diagnostic) {
                    let contact = try ContactRecord(value, at: location, context: context)
                    guard let owner = users.quotesUser(phone: contact.owner) else {
                        throw location.member("owner").error(Self.unregistered(contact.owner, rejected: rejectedUsers, unreadable: unreadableUsers))
                    }
                    return (.success((contact, owner)), contact.owner, contact.name)
                } catch {
                    let fields = value.objectValue
                    let owner = fields?["owner"]?.stringValue.flatMap { try? context.phones.e164($0, remembering: false) }
                    return (.failure(error), owner, fields?["name"]?.stringValue.map(TextNormalization.nfc))
                }
            }) { read, location in
                let contact: ContactRecord, owner: Int64
                switch read.record {
                case .success(let record): (contact, owner) = record
                case .failure(let error):
                    if let owner = read.owner, let name = read.name, self.rejectedContacts.count < Self.errorLimit * 10 {
                        self.rejectedContacts.append((owner, name, location.reference))
                    }
                    throw error
                }
                let person = try self.people.contact(phone: contact.phone)
                try sync.claim(owner: owner, person: person, phone: contact.phone, at: location)
                try sync.write(owner: owner, person: person, name: contact.name)
            }
        } else if keptAsStored.contains(.contacts) {
            try claimKeptPeople(referencedBy: "SELECT person_id FROM contact")
        }
        try sync.finish(keepingUnseen: keptAsStored.contains(.contacts))
        tables["contacts"] = sync.changes
    }

    /// Stores the export's ideas; the sync stays open for the submitted ideas.
    func importIdeas() throws -> IdeaSync {
        let sync = try IdeaSync(database: database)
        // Streamed: the ideas are read from the file a batch at a time, not held whole.
        if let file = layout.ideas,
           let source = try self.source(file, key: "ideas", expected: "an array of ideas", keeps: [.ideas], streamed: true) {
            sync.firstRecord = firstRecordLookup(source)
            try each(source, count: "ideas", decode: { value, location, context in try IdeaRecord(value, at: location, context: context) }) {
                idea, location in
                try Self.refusePhone(inID: idea.id, reader: context.phones, at: { location }) { self.people.claimed(phone: $0) != nil }
                try sync.claim(id: idea.id, at: location)
                let author = try self.people.author(email: idea.authorEmail)
                try sync.write(id: idea.id, IdeaSync.Resolved(
                    text: idea.text, textLength: Int64(idea.textLength), submittedAt: idea.submittedAt, author: author,
                    authorName: idea.authorName, showName: idea.showName, forWhom: idea.forWhom))
            }
        } else if keptAsStored.contains(.ideas) {
            try claimKeptPeople(referencedBy: "SELECT author_id FROM idea")
        }
        return sync
    }

    /// Where `source` has a record with an id first, for the error of an id met twice: the file
    /// read again up to it, for the first `errorLimit` such errors only (each reading is up to
    /// a whole file; the error itself stands without it).
    func firstRecordLookup(_ source: RecordSource) -> (String) -> RecordLocation? {
        var lookups = 0
        return { id in
            guard lookups < Self.errorLimit else { return nil }
            lookups += 1
            return source.firstRecord(withID: id)
        }
    }

    /// Refuses an idea's or quote's id that holds a phone of the export (`isKnown`: the people
    /// the import has met so far, and the record's own): ids are published verbatim (OUTPUT.md's
    /// `data-id`), and no phone ever is. Each digit run of the id that could be a phone
    /// (`RecordID.phoneCandidates`) is read as the import reads phones, in the site's region and
    /// as an international number.
    /// `unknown` is handed each phone the id holds that `isKnown` does not know (yet).
    static func refusePhone(
        inID id: String, reader: PhoneNumberReader, at location: () -> RecordLocation, member: String = "id",
        unknown: (String) -> Void = { _ in }, isKnown: (String) -> Bool
    ) throws(Diagnostic) {
        for digits in RecordID.phoneCandidates(id) {
            for text in [digits, "+" + digits] {
                guard let phone = try? reader.e164(text, remembering: false) else { continue }
                guard isKnown(phone) else {
                    unknown(phone)
                    continue
                }
                throw phoneInID(id, at: location().member(member))
            }
        }
    }

    /// The error of an id that holds the phone of a person of the export.
    static func phoneInID(_ id: String, at location: RecordLocation) -> Diagnostic {
        location.error(
            "expected an id without a phone number in it (ids are published in the site's pages), found \(quoted(id)), which holds the phone of a person of the export")
    }

    /// Refuses the first quote whose id holds a phone the import met only after the quote (the
    /// speaker or a hearer of a later quote, or of a submission): such a phone was no person's
    /// when the quote was read (`laterPhones`), and is now.
    func refuseLaterPhonesInIDs() throws {
        for held in laterPhones where people.claimed(phone: held.phone) != nil {
            throw Self.phoneInID(held.id, at: held.location.member("id"))
        }
        laterPhones = []
    }

    /// Why a phone is not a registered Quotes user's: none has it, or the one that had it was
    /// rejected (DATA.md: a follow-on error names the record it follows from).
    /// When the Quotes users' file was rejected whole (`unreadable`), the user may have been in it.
    static func unregistered(_ phone: String, rejected: [String: String], unreadable: String?) -> String {
        if let record = rejected[phone] {
            return "expected the phone of a registered Quotes user, found \(phone), whose user record was rejected (\(record))"
        }
        if let unreadable {
            return "expected the phone of a registered Quotes user, found \(phone), which no Quotes user has: \(unreadable), "
                + "which holds the Quotes users, could not be read and was rejected whole"
        }
        return "expected the phone of a registered Quotes user, found \(phone), which no Quotes user has"
    }
}

/// A quote as a reading thread hands it to the storing thread: the record and the users it
/// names, resolved. A class, so that handing it on is one reference, not a copy of every
/// string of the record (copying and destroying those was about a tenth of the storing
/// thread, which is the import's bound).
private final class PreparedQuote {
    let quote: QuoteRecord
    let submitter: Int64
    let saidBy: Int64?
    let hearers: [Int64?]
    /// The speaker and every hearer are users (rows known on the reading thread).
    let everyoneKnown: Bool

    init(quote: QuoteRecord, submitter: Int64, saidBy: Int64?, hearers: [Int64?]) {
        self.quote = quote
        self.submitter = submitter
        self.saidBy = saidBy
        self.hearers = hearers
        everyoneKnown = saidBy != nil && !hearers.contains(nil)
    }
}

/// The phones of the export's address books, for the check that no quote id holds a phone of
/// the export (ids are published): the contacts are stored after the quotes, and a person who
/// is only in an address book is met only there. Read from the contacts' records the first time
/// a quote's id holds a digit run that could be a phone, which nearly no export has (an id
/// needs 7 digits in a row); kept as numbers, 8 bytes a phone. A record that cannot be read is
/// passed over: the contacts' own import rejects it.
final class ContactPhones {
    private let phones: PhoneNumberReader
    private var source: (() -> RecordSource?)?
    private var numbers: Set<UInt64> = []

    init(phones: PhoneNumberReader, source: @escaping () -> RecordSource?) {
        self.phones = phones
        self.source = source
    }

    /// True when an address book of the export holds the phone `e164`.
    func contains(_ e164: String) -> Bool {
        if let source {
            self.source = nil
            if let records = source(), let cutter = try? records.cutter(batchSize: 1024) {
                while let batch = try? cutter.next() {
                    _ = records.records(in: batch) { record in
                        guard case .success(let value) = record.value, let text = value.objectValue?["phone"]?.stringValue,
                              let phone = try? phones.e164(text, remembering: false), let number = Self.number(phone)
                        else { return }
                        numbers.insert(number)
                    }
                }
            }
        }
        return Self.number(e164).map(numbers.contains) ?? false
    }

    /// The digits of an E.164 phone as a number.
    private static func number(_ e164: String) -> UInt64? { UInt64(e164.dropFirst()) }
}
