import Store
import VantageCore

/// `content/submissions/*.json`: what people composed on the site's Submit Idea and Add Quote
/// screens (DATA.md, Submissions from the site), stored as ideas and quotes like the apps'.
///
/// Files are read in name order, each after the apps' exports and the files before it: a
/// file's handles are resolved in the submitter's part of the site as those records make it
/// (their address book, the quotes they see, themselves), through the site's own handle rule.
/// Rows of an earlier import that this one has not met again play no part.
extension ImportSession {
    func importSubmissions(quotes: QuoteSync, ideas: IdeaSync, quoteLimit: Int) throws {
        guard !layout.submissions.isEmpty else { return }
        var count = 0
        var handleSite: (any SubmissionHandleSite)?
        var chosenNames: [Int64: String] = [:]
        var ids = SubmissionID.Assigner()
        var deferred: [PendingQuote] = []
        var quotesWritten = 0
        var partMemo: [Int64: (written: Int, book: [Int64: String], readings: [SubmissionPart])] = [:]
        for file in layout.submissions {
            // With --keep-going a file that cannot be read is rejected whole, and the records it
            // may have held before stay as they were (as for every other export file).
            // A record holding a value that is no text (a lone surrogate escape) is rejected, not
            // the file (`recordErrors`).
            guard let document = try readable(file, keeps: [.quotes, .ideas], { try JSONDocument(file, recordValueErrors: keepGoing) })
            else { continue }
            let fileLocation = RecordLocation(file: file.name)
            let whole = RecordSource.Record(location: fileLocation, value: .success(document.root),
                                            text: { String(decoding: document.bytes, as: UTF8.self) })
            let header: SubmissionFileHeader
            do {
                header = try SubmissionFileHeader(document.root, at: fileLocation, context: context)
            } catch {
                try reject(error, whole)
                continue
            }
            guard let rule = handles else {
                throw Diagnostic.error(
                    "submissions need the site's handle rule; import them with `vantage import` or `vantage build`",
                    at: fileLocation.source)
            }
            // Every person of this import is claimed by now (users, quotes, contacts, authors).
            if handleSite == nil {
                let claimed = try people.claimedPeople()
                let details = try people.claimedContactDetails()
                handleSite = rule.site(people: claimed, phones: details.phones, emails: details.emails)
                for person in claimed { if let name = person.name { chosenNames[person.id] = name } }
            }
            guard let site = handleSite, let viewer = site.viewer(slug: header.submittedBy) else {
                let whose = rejectedUser(handle: header.submittedBy, rule: rule).map { "the slug of a user whose record was rejected (\($0))" }
                try reject(fileLocation.member("submittedBy").error(
                    "expected the slug of a person's part of the site, found \(quoted(header.submittedBy)), \(whose ?? "which is no one's")"),
                    whole)
                continue
            }
            // The part as the site showed it: with what the files before this one added (they may
            // have been published first), and without them (files downloaded from one published
            // site and imported together). A quote composed on the site names its part
            // (`part`); one that does not is resolved in both, and a handle that names another
            // person in each is refused rather than guessed.
            // Worked out for a file with quotes only (ideas name no one), and once for a
            // submitter while no quote has been stored since (every file read the whole part
            // again: 4,000 files of one submitter took 30 s).
            var book: [Int64: String] = [:]
            var readings: [SubmissionPart] = []
            if !header.quotes.isEmpty {
                if let known = partMemo[viewer], known.written == quotesWritten {
                    (book, readings) = (known.book, known.readings)
                } else {
                    book = try contacts(of: viewer)
                    let seen = try visibleQuotes(viewer, sync: quotes)
                    let earlier = seen.filter { !ids.assigned.contains($0.id) }
                    readings = [site.part(viewer: viewer, contacts: book, quotes: seen)]
                    if earlier.count != seen.count { readings.append(site.part(viewer: viewer, contacts: book, quotes: earlier)) }
                    partMemo[viewer] = (quotesWritten, book, readings)
                }
            }
            let ownPhone = try people.phone(of: viewer)
            let part = Part(slug: header.submittedBy, readings: readings, isHome: { site.viewer(slug: $0) != nil },
                            rejectedUser: { self.rejectedUser(handle: $0, rule: rule) },
                            rejectedContact: { self.rejectedContact(handle: $0, owner: ownPhone, rule: rule) },
                            alike: { rule.slug(of: $0) })
            // A record met again is the same when its people are (`papa` and `c/papa` are one
            // contact; hearers in another order are the same hearers).
            func person(_ handle: String) -> String {
                handle.hasPrefix("c/") && site.viewer(slug: String(handle.dropFirst(2))) == nil ? String(handle.dropFirst(2)) : handle
            }

            for (index, value) in header.quotes.enumerated() {
                count += 1
                let location = fileLocation.member("quotes").element(index)
                do {
                    try document.checkRecord("quotes", at: index)
                    let quote = try SubmittedQuote(value, at: location, quoteLimit: quoteLimit, context: context)
                    guard let id = try ids.id(
                        submittedBy: header.submittedBy, kind: "quote", localID: quote.localID, text: quote.text,
                        publishedText: site.published(quote.text), instant: quote.saidAt,
                        details: [person(quote.saidBy), quote.part ?? ""] + quote.heardBy.map(person).sorted(), at: location)
                    else { continue }  // downloaded twice: stored once
                    try claim(id, at: location) { try quotes.claim(id: id, at: location) }
                    let pending = PendingQuote(quote: quote, id: id, viewer: viewer, part: part, book: book, location: location,
                                               text: { document.text(of: "quotes", at: index) })
                    // Composed in a part none of these readings is: perhaps the site as published,
                    // with what files read after this one added (a file named later may have been
                    // built first). Read again once every file has been read.
                    if let signature = quote.part, !part.readings.contains(where: { $0.signature == signature }) {
                        deferred.append(pending)
                        continue
                    }
                    try write(pending, quotes: quotes)
                    quotesWritten += 1
                } catch let diagnostic as Diagnostic {
                    try reject(diagnostic, at: location, text: { document.text(of: "quotes", at: index) })
                }
            }
            // The name recorded with a submitted idea: the one its author chose (they have a home).
            let author = chosenNames[viewer] ?? header.submittedBy
            for (index, value) in header.ideas.enumerated() {
                count += 1
                let location = fileLocation.member("ideas").element(index)
                do {
                    try document.checkRecord("ideas", at: index)
                    let idea = try SubmittedIdea(value, at: location, context: context)
                    guard let id = try ids.id(
                        submittedBy: header.submittedBy, kind: "idea", localID: idea.localID, text: idea.text,
                        publishedText: site.published(idea.text), instant: idea.submittedAt, details: ["\(idea.showName)", idea.forWhom], at: location)
                    else { continue }  // downloaded twice: stored once
                    try claim(id, at: location) { try ideas.claim(id: id, at: location) }
                    try ideas.write(id: id, IdeaSync.Resolved(
                        text: idea.text, textLength: Int64(idea.textLength), submittedAt: idea.submittedAt, author: viewer,
                        authorName: author, showName: idea.showName, forWhom: idea.forWhom))
                } catch let diagnostic as Diagnostic {
                    try reject(diagnostic, at: location, text: { document.text(of: "ideas", at: index) })
                }
            }
        }
        // The quotes whose part was none of their file's readings, in the part as every file
        // leaves it (the site as published, when every file had been built), else as before.
        for pending in deferred {
            do {
                let everything = handleSite!.part(
                    viewer: pending.viewer, contacts: pending.book, quotes: try visibleQuotes(pending.viewer, sync: quotes))
                var part = pending.part
                if everything.signature == pending.quote.part { part.readings.insert(everything, at: 0) }
                try write(PendingQuote(quote: pending.quote, id: pending.id, viewer: pending.viewer, part: part, book: pending.book,
                                       location: pending.location, text: pending.text), quotes: quotes)
            } catch let diagnostic as Diagnostic {
                try reject(diagnostic, at: pending.location, text: pending.text)
            }
        }
        recordsRead.append(("submitted records", count))
    }

    /// A submitted quote read, its id claimed, waiting for its people.
    private struct PendingQuote {
        let quote: SubmittedQuote
        let id: String
        let viewer: Int64
        let part: Part
        let book: [Int64: String]
        let location: RecordLocation
        let text: () -> String
    }

    /// Resolves a submitted quote's speaker and hearers in its part and stores it.
    private func write(_ pending: PendingQuote, quotes: QuoteSync) throws {
        let (quote, part, location) = (pending.quote, pending.part, pending.location)
        let saidBy = try part.person(quote.saidBy, in: quote.part, at: location.member("saidBy"))
        try requirePhone(saidBy.person, quote.saidBy, at: location.member("saidBy"))
        var hearers: [(person: Int64, name: String)] = []
        for (position, handle) in quote.heardBy.enumerated() {
            let place = location.member("heardBy").element(position)
            let hearer = try part.person(handle, in: quote.part, at: place)
            // Two handles of one person (`papa` and `c/papa`) are one hearer twice.
            if let first = hearers.firstIndex(where: { $0.person == hearer.person }) {
                throw place.error(
                    "expected each hearer once, found \(quoted(handle)), the person \(quoted(quote.heardBy[first])) names, again (also heardBy[\(first)])")
            }
            try requirePhone(hearer.person, handle, at: place)
            hearers.append(hearer)
        }
        try quotes.write(QuoteSync.Resolved(
            id: pending.id, text: quote.text, saidBy: saidBy.person, saidByName: saidBy.name, saidAt: quote.saidAt,
            submittedBy: pending.viewer, hearers: hearers))
    }

    /// Where the record is of a rejected user whose slug `handle` is (with or without the `-2`
    /// that tells equal names apart), if any.
    private func rejectedUser(handle: String, rule: any SubmissionHandleRule) -> String? {
        rejectedUserNames.first { Self.handle(handle, isSlugOf: $0.name, rule: rule) }?.record
    }

    /// Where the record is of a rejected entry of the address book of the person whose phone is
    /// `owner`, whose name gives the handle `handle`, if any: the contact is not in the part
    /// because that record was rejected (with its owner's user record, or for its own reason).
    private func rejectedContact(handle: String, owner: String?, rule: any SubmissionHandleRule) -> String? {
        guard let owner else { return nil }
        return rejectedContacts.first { $0.owner == owner && Self.handle(handle, isSlugOf: $0.name, rule: rule) }?.record
    }

    /// True when `handle` is the slug the rule folds `name` to, with or without the `-2` that
    /// tells equal names apart.
    private static func handle(_ handle: String, isSlugOf name: String, rule: any SubmissionHandleRule) -> Bool {
        var base = Substring(handle)
        if let hyphen = base.lastIndex(of: "-"), base[base.index(after: hyphen)...].allSatisfy(\.isNumber),
           base.index(after: hyphen) < base.endIndex {
            base = base[..<hyphen]
        }
        let slug = rule.slug(of: name)
        return slug == handle || slug == base
    }

    /// Refuses a quote's speaker or hearer who has no phone (a Change Jar user who never joined
    /// Quotes): quotes are between phones, and a quote of theirs could be seen by no one.
    private func requirePhone(_ person: Int64, _ handle: String, at location: RecordLocation) throws {
        guard try people.hasPhone(person) else {
            throw location.error("expected a person with a phone (quotes are said and heard by phones), found \(quoted(handle)), who has none")
        }
    }

    /// Claims a derived id, naming `localId` (the field the file has) when it was met before.
    private func claim(_ id: String, at location: RecordLocation, _ claim: () throws -> Void) throws {
        do {
            try claim()
        } catch let diagnostic as Diagnostic {
            // The id of an export's record: a submitted record cannot take it.
            guard diagnostic.message.contains("a second time") else { throw diagnostic }
            throw location.member("localId").error(
                "expected a record of its own, found one whose id \(quoted(id)) an export's record has")
        }
    }

    /// One submitter's part of the site: its handles, resolved.
    private struct Part {
        let slug: String
        /// The part as this import's earlier submissions files leave it, then (when they added
        /// quotes to it) without those quotes; for a quote composed in neither, first the part
        /// as every file leaves it.
        var readings: [SubmissionPart]
        let isHome: (String) -> Bool
        /// Where the record of the rejected user a handle would name is, if any.
        let rejectedUser: (String) -> String?
        /// Where the rejected record is of the submitter's contact a handle would name, if any.
        let rejectedContact: (String) -> String?
        /// What names fold to for handles (`SubmissionHandleRule.slug`): names alike fold alike.
        let alike: (String) -> String

        /// The person `handle` names, in the readings whose signature is `signature` when any
        /// is, else in every reading (refused when they name different people). DATA.md's
        /// example also writes a contact's handle with a `c/` prefix (`c/papa`); that spelling is
        /// accepted for a contact without a home.
        func person(_ handle: String, in signature: String?, at location: RecordLocation) throws(Diagnostic)
            -> (person: Int64, name: String)
        {
            // Readings that differ only in handles no one else is named alike with sign alike.
            let matched = readings.filter { $0.signature == signature }
            let named = matched.isEmpty ? readings : matched
            var found: [(person: Int64, name: String)] = []
            for reading in named {
                guard let person = Self.person(handle, in: reading.handles, isHome: isHome) else { continue }
                if let first = found.first, first.person != person.person {
                    throw location.error(
                        "expected a handle that names one person, found \(quoted(handle)), which names one person in \(slug)'s part as the earlier submissions files leave it and another without their quotes; download the file again from the site as it is now")
                }
                found.append(person)
            }
            guard let person = found.first else {
                let bare = handle.hasPrefix("c/") ? String(handle.dropFirst(2)) : handle
                if let record = rejectedUser(bare) {
                    throw location.error(
                        "no person with the handle \(quoted(handle)) in \(slug)'s part: it is the handle of a user whose record was rejected (\(record))")
                }
                if let record = rejectedContact(bare) {
                    throw location.error(
                        "no person with the handle \(quoted(handle)) in \(slug)'s part: it is the handle of a contact in \(slug)'s address book whose record was rejected (\(record))")
                }
                throw location.error("no person with the handle \(quoted(handle)) in \(slug)'s part")
            }
            // The quote was composed in a part the site no longer has: its people changed since
            // the download. Where others in the part are named alike (`danny`, `danny-2`), the
            // handle may have passed to one of them (a new contact Danny who claims `danny` first),
            // and following it would publish the quote to someone it was never meant for.
            if signature != nil, matched.isEmpty {
                let base = alike(person.name)
                let others = Set(readings.flatMap { reading in
                    reading.handles.filter { $0.value.person != person.person && alike($0.value.name) == base }.map(\.key)
                }).sorted()
                if !others.isEmpty {
                    throw location.error(
                        "\(quoted(handle)) names one of several people named alike in \(slug)'s part (\(([handle] + others).joined(separator: ", "))), "
                            + "and the part this quote was composed in is not the site's any more (its people changed since the file was "
                            + "downloaded): which one was meant cannot be told. Compose the quote again on the site as it is now, or give "
                            + "the handle the site gives that person now and remove \"part\"")
                }
            }
            return person
        }

        private static func person(_ handle: String, in table: [String: (person: Int64, name: String)],
                                   isHome: (String) -> Bool) -> (person: Int64, name: String)? {
            if handle.hasPrefix("c/"), case let bare = String(handle.dropFirst(2)), !isHome(bare), let person = table[bare] {
                return person
            }
            return table[handle]
        }
    }

    /// The viewer's address book: person id → the name they have for them.
    private func contacts(of viewer: Int64) throws -> [Int64: String] {
        let statement = try database.statement(StoreSQL.contacts)
        try statement.bindInteger(viewer, at: 1)
        var names: [Int64: String] = [:]
        while try statement.step() {
            if let person = statement.integer(0) { names[person] = statement.text(1) ?? "" }
        }
        return names
    }

    /// The quotes the viewer sees among those this import has stored so far, newest first (ties:
    /// id), with their hearers in order: the order the render reads them in.
    private func visibleQuotes(_ viewer: Int64, sync: QuoteSync) throws -> [HandleQuote] {
        // Rows this import has not met are on their way out, unless an unreadable file keeps them.
        let current = keptAsStored.contains(.quotes) ? "" : sync.storedThisImport(alias: "q").map { " AND " + $0 } ?? ""
        let statement = try database.statement("""
            SELECT q.id, q.said_by, q.said_by_name, h.person_id, h.name
            FROM visible_quote v
            JOIN quote q ON q.id = v.quote_id
            LEFT JOIN hearer h ON h.quote_id = q.id
            WHERE v.viewer_id = ?1\(current)
            ORDER BY v.said_at DESC, v.quote_id, h.position
            """)
        try statement.bindInteger(viewer, at: 1)
        var quotes: [(id: String, speaker: Int64, name: String, hearers: [(person: Int64, name: String)])] = []
        while try statement.step() {
            let id = statement.text(0) ?? ""
            if quotes.last?.id != id {
                quotes.append((id, statement.integer(1) ?? 0, statement.text(2) ?? "", []))
            }
            if let hearer = statement.integer(3) {
                quotes[quotes.count - 1].hearers.append((hearer, statement.text(4) ?? ""))
            }
        }
        return quotes.map { HandleQuote(id: $0.id, speaker: $0.speaker, speakerName: $0.name, hearers: $0.hearers) }
    }
}
