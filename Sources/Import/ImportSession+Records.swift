import VantageCore

/// Quotes, Quotes contacts and Change Jar ideas: streamed record by record.
extension ImportSession {
    func importQuotes(quotesExport: QuotesExport?) throws {
        let sync = try QuoteSync(database: database)
        var source: RecordSource?
        if let quotesExport {
            source = quotesExport.source("quotes")
        } else if let file = layout.quotes {
            source = try recordSource(file, key: "quotes", expected: "an array of quotes", context: context)
        }
        if let source {
            try each(source, count: "quotes") { value, location in
                let quote = try QuoteRecord(value, at: location, context: self.context)
                guard let submitter = self.people.claimed(phone: quote.submittedBy), self.people.isQuotesUser(submitter) else {
                    throw location.member("submittedBy").error(
                        "expected the phone of a registered Quotes user, found \(quote.submittedBy), which no Quotes user has")
                }
                try sync.claim(id: quote.id, at: location)
                let saidBy = try self.people.contact(phone: quote.saidBy.phone)
                var hearers: [(person: Int64, name: String)] = []
                hearers.reserveCapacity(quote.heardBy.count)
                for hearer in quote.heardBy { hearers.append((try self.people.contact(phone: hearer.phone), hearer.name)) }
                try sync.write(QuoteSync.Resolved(
                    id: quote.id, text: quote.text, saidBy: saidBy, saidByName: quote.saidBy.name, saidAt: quote.saidAt,
                    submittedBy: submitter, hearers: hearers))
            }
        }
        try sync.finish()
        tables["quotes"] = sync.quotes
        tables["hearers"] = sync.hearers
    }

    func importContacts(quotesExport: QuotesExport?) throws {
        let sync = try ContactSync(database: database)
        var source: RecordSource?
        if let quotesExport {
            source = quotesExport.source("contacts")
        } else if let file = layout.contacts {
            source = try recordSource(file, key: "contacts", expected: "an array of contacts", context: context)
        }
        if let source {
            try each(source, count: "contacts") { value, location in
                let contact = try ContactRecord(value, at: location, context: self.context)
                guard let owner = self.people.claimed(phone: contact.owner), self.people.isQuotesUser(owner) else {
                    throw location.member("owner").error(
                        "expected the phone of a registered Quotes user, found \(contact.owner), which no Quotes user has")
                }
                let person = try self.people.contact(phone: contact.phone)
                try sync.claim(owner: owner, person: person, phone: contact.phone, at: location)
                try sync.write(owner: owner, person: person, name: contact.name)
            }
        }
        try sync.finish()
        tables["contacts"] = sync.changes
    }

    func importIdeas() throws {
        let sync = try IdeaSync(database: database)
        if let file = layout.ideas {
            let source = try recordSource(file, key: "ideas", expected: "an array of ideas", context: context)
            try each(source, count: "ideas") { value, location in
                let idea = try IdeaRecord(value, at: location, context: self.context)
                try sync.claim(id: idea.id, at: location)
                let author = try self.people.author(email: idea.authorEmail)
                try sync.write(id: idea.id, IdeaSync.Resolved(
                    text: idea.text, textLength: Int64(idea.textLength), submittedAt: idea.submittedAt, author: author,
                    authorName: idea.authorName, showName: idea.showName, forWhom: idea.forWhom))
            }
        }
        try sync.finish()
        tables["ideas"] = sync.changes
    }
}
