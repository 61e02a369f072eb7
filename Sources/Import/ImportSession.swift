import Foundation
import Store
import VantageCore

/// One import, inside one write transaction: reads the content in a fixed order (site, users
/// of both apps, quotes, contacts, ideas, reviews), stores each valid record and handles each
/// bad one (rejected with `--keep-going`, otherwise collected so the transaction is rolled
/// back), then removes what the export no longer has.
final class ImportSession {
    /// Without `--keep-going`, the import stops collecting errors after this many.
    static let errorLimit = 100

    let database: Database
    let layout: ContentLayout
    let keepGoing: Bool
    let rejects: RejectsFile?
    /// Threads parsing and checking records while this one stores them.
    let readingThreads: Int
    /// The site's handle rule, for `content/submissions/` (nil: submissions cannot be read).
    let handles: (any SubmissionHandleRule)?
    let audit = FieldAudit()
    /// Offer quote records to the byte reader first (`ImportOptions.readsQuoteBytes`).
    var readsQuoteBytes = true
    /// Write a first import's hearers on a thread of their own (`ImportOptions.stagesHearers`).
    var stagesHearers = true
    /// Hearer rows moved into the store from that thread's side database.
    var stagedHearers = 0
    /// Phones held in quote ids that were nobody's when the quote was read, with the quote:
    /// checked again once everyone is met (`refuseLaterPhonesInIDs`). Nearly always empty.
    var laterPhones: [(phone: String, id: String, location: RecordLocation)] = []
    /// Errors of bad records, in order.
    private(set) var errors: [Diagnostic] = []
    private(set) var omittedErrors = 0
    var recordsRead: [(name: String, count: Int)] = []
    var tables: [String: RowChanges] = [:]

    var context: ReadContext!
    var people: PersonDirectory!
    /// The settings in force (site.json, or its defaults): the last fallback of a person's
    /// locale and time zone.
    var site = SiteRecord()
    /// Files rejected whole (`--keep-going`): they could not be read at all.
    private(set) var unreadableFiles = 0
    /// The first file rejected whole for each record type it holds: a record that refers to
    /// one that file may have held names it (DATA.md: a follow-on error names its cause).
    private(set) var unreadableFile: [StoredKind: String] = [:]
    /// Record types whose file was rejected whole: their stored rows stay as they were instead
    /// of being taken for removed.
    var keptAsStored: Set<StoredKind> { Set(unreadableFile.keys) }
    /// Quotes users whose record was rejected, by phone, with where the record was: a quote or
    /// contact naming one is rejected for that reason, not for "no Quotes user has it".
    var rejectedQuotesUsers: [String: String] = [:]
    /// The ids of the ideas and quotes rejected, with where each record was (`noteRejectedItem`).
    var rejectedItems: [String: String] = [:]
    /// The names of the users rejected (both apps), with where each record was: a submissions
    /// file written with such a person's slug or handle follows from that rejection.
    var rejectedUserNames: [(name: String, record: String)] = []
    /// The address-book entries rejected (their owner's phone and the name they had for the
    /// contact, as far as the record could be read), with where each record was: a submitted
    /// quote naming such a contact by the handle its name gave it follows from that rejection.
    var rejectedContacts: [(owner: String, name: String, record: String)] = []

    /// Thrown to stop reading once `errorLimit` errors are collected.
    struct TooManyErrors: Error {}

    init(database: Database, layout: ContentLayout, keepGoing: Bool, rejects: RejectsFile?,
         handles: (any SubmissionHandleRule)? = nil, readingThreads: Int = 1) {
        self.handles = handles
        self.readingThreads = max(1, readingThreads)
        self.database = database
        self.layout = layout
        self.keepGoing = keepGoing
        self.rejects = rejects
    }

    /// Runs every step; throws a `Diagnostic` for a file that cannot be read at all.
    func run() throws {
        for file in layout.ignored {
            audit.note(.warning("not an export file; ignored", at: SourceLocation(file: file.name)))
        }
        site = try readSite()
        context = ReadContext(phones: PhoneNumberReader(defaultRegion: PhoneRegion.named(site.defaultRegion)!), audit: audit)
        // The settings row marks a store an import has completed into (`Store.hasCompletedImport`):
        // an unreadable site.json keeps the stored one, and writes the defaults when there is none.
        if try !keptAsStored.contains(.site) || database.scalar("SELECT 1 FROM site WHERE id = 1") == nil {
            try storeSite(site)
        } else {
            tables["site"] = RowChanges(unchanged: 1)
        }
        people = try PersonDirectory(database: database)
        var quotesExport: QuotesExport?
        if let file = layout.quotesExport {
            quotesExport = try readable(file, keeps: [.quotesUsers, .quotes, .contacts]) {
                try QuotesExport(file, context: context, validate: keepGoing)
            }
        }
        // On a first import the feed indexes are built once at the end rather than row by row.
        // Only then: dropping and creating an index changes the schema, which is a write, and a
        // re-import of an unchanged export (with no ideas, say) must write nothing.
        var empty = try ["quote", "hearer", "idea"].filter { try database.scalar("SELECT 1 FROM \($0) LIMIT 1") == nil }
        if empty.count < 3 { empty = [] }
        do {
            try database.withIndexesDeferred(on: empty) {
                try importUsers(quotesExport: quotesExport)
                MemoryArenas.trim()
                let quotes = try importQuotes(quotesExport: quotesExport)
                try importContacts(quotesExport: quotesExport)
                let ideas = try importIdeas()
                // After everything of the apps' exports: a submission names people by the handles
                // the site gave them, which depend on the address books and the quotes.
                try importSubmissions(quotes: quotes, ideas: ideas, quoteLimit: site.quoteLimit)
                try refuseLaterPhonesInIDs()
                try quotes.finish(keepingUnseen: keptAsStored.contains(.quotes))
                tables["quotes"] = quotes.quotes
                tables["hearers"] = quotes.hearers
                try ideas.finish(keepingUnseen: keptAsStored.contains(.ideas))
                tables["ideas"] = ideas.changes
            }
            try importReviews()
        } catch is TooManyErrors {
            return
        }
        noteEverythingRemoved()
        // Rows a kept file's records still point to stay, though nobody claimed them.
        try people.removeUnclaimed(keepingReferenced: !keptAsStored.isEmpty)
        tables["people"] = people.changes
    }

    /// Runs `open` (reading a whole file, or checking a JSON Lines file can be read); with
    /// `--keep-going`, a file that cannot be read at all is rejected whole instead (DATA.md
    /// "Bad input"): counted, named in the rejects file with its reason, and its record types
    /// `kinds` keep their stored rows. Returns nil then.
    func readable<T>(_ file: ContentLayout.File, keeps kinds: Set<StoredKind>, _ open: () throws -> T) throws -> T? {
        do {
            return try open()
        } catch let diagnostic as Diagnostic where keepGoing {
            if errors.count >= Self.errorLimit { omittedErrors += 1 } else { errors.append(diagnostic) }
            rejects?.writeUnreadable(diagnostic, file: file.name)
            unreadableFiles += 1
            for kind in kinds where unreadableFile[kind] == nil { unreadableFile[kind] = file.name }
            return nil
        }
    }

    /// The records of one type from `file` (see `recordSource`), or nil when it was rejected whole.
    /// `streamed`: a JSON document's elements are read back from the file (`JSONDocument`).
    func source(_ file: ContentLayout.File, key: String, expected: String, keeps kinds: Set<StoredKind>, streamed: Bool = false)
        throws -> RecordSource?
    {
        try readable(file, keeps: kinds) {
            try recordSource(file, key: key, expected: expected, context: context, validate: keepGoing, streamed: streamed)
        }
    }

    /// Handles a bad record: counted, and with `--keep-going` written to the rejects file.
    func reject(_ diagnostic: Diagnostic, at location: RecordLocation, text: () -> String) throws {
        noteRejectedItem(at: location, text: text)
        if errors.count >= Self.errorLimit {
            omittedErrors += 1
            if !keepGoing { throw TooManyErrors() }
        } else {
            errors.append(diagnostic)
        }
        rejects?.write(diagnostic, at: location, text: text())
    }

    /// Remembers the id of a rejected idea or quote (read from its record's text, when it has a
    /// readable one), so that a review of it names the rejection rather than an unknown id
    /// (DATA.md: an error that follows from another names the record it follows from).
    private func noteRejectedItem(at location: RecordLocation, text: () -> String) {
        guard rejectedItems.count < Self.errorLimit * 10 else { return }
        let record = text()
        guard record.utf8.count <= 65_536, record.hasPrefix("{") else { return }
        let parsed = try? JSONParser.parse(Array(record.utf8), file: location.file)
        // A line that is not JSON at all still names its id, as a reader sees it: the first
        // `"id": "…"` of the line (without escapes).
        guard let id = parsed.map({ $0.objectValue?["id"]?.stringValue }) ?? Self.writtenID(in: record),
            rejectedItems[id] == nil
        else { return }
        rejectedItems[id] = location.reference
    }

    /// The value of the first `"id"` member written plainly in `record`, a line that did not
    /// parse: 1 to `RecordID.maximumLength` characters, no quote or backslash.
    static func writtenID(in record: String) -> String? {
        let pattern = #""id"\s*:\s*"([^"\\]{1,\#(RecordID.maximumLength)})""#
        guard let written = try? Regex(pattern, as: (Substring, Substring).self),
            let match = record.firstMatch(of: written)
        else { return nil }
        return String(match.1)
    }

    /// Handles a bad record read whole.
    func reject(_ diagnostic: Diagnostic, _ record: RecordSource.Record) throws {
        try reject(diagnostic, at: record.location, text: record.text)
    }

    /// Reads each record of `source` with `decode` (on the reading threads: parsing and
    /// checking, no store access) and stores it with `store` (on this thread, in file order). A
    /// `Diagnostic` from either rejects the record.
    func each<Decoded>(
        _ source: RecordSource, count name: String,
        decode: @escaping (JSONValue, RecordLocation, ReadContext) throws -> Decoded,
        store: (Decoded, RecordLocation) throws -> Void
    ) throws {
        var count = 0
        // Only the location, the original text and the checked record cross over: the parsed
        // JSON is released on the reading thread.
        typealias Item = (location: RecordLocation, text: () -> String, decoded: Result<Decoded, Error>)
        try read(source, transform: { record, context -> Item in
            (record.location, record.text, Result { try decode(try record.value.get(), record.location, context) })
        }) { (item: Item) in
            count += 1
            do {
                try store(try item.decoded.get(), item.location)
            } catch let diagnostic as Diagnostic {
                try reject(diagnostic, at: item.location, text: item.text)
            }
        }
        recordsRead.append((name, count))
    }

    /// Runs `transform` on every record of `source` on `readingThreads` threads, and `consume`
    /// on each result on this thread, in file order (`Pipeline`). Each batch of records is read
    /// with its own field audit, added to the session's before the batch is consumed, so the
    /// warnings come out in file order too.
    func read<Item>(
        _ source: RecordSource, transform: @escaping (RecordSource.Record, ReadContext) -> Item, consume: (Item) throws -> Void
    ) throws {
        let cutter = try source.cutter(batchSize: Self.batchSize)
        let phones = context.phones
        try Pipeline.run(
            readers: readingThreads, depth: readingThreads * 4,
            cut: { try cutter.next() },
            decode: { batch -> Pipeline.Decoded<(items: [Item], audit: FieldAudit)> in
                let context = ReadContext(phones: phones, audit: FieldAudit())
                var items: [Item] = []
                let failure = source.records(in: batch) { record in items.append(transform(record, context)) }
                return Pipeline.Decoded(output: (items, context.audit), failure: failure)
            },
            consume: { batch in
                audit.absorb(batch.audit)
                for item in batch.items { try consume(item) }
            })
    }

    /// Records per batch handed between threads.
    static let batchSize = 256

    /// A warning when an import, reading no record of the type, leaves none of the quotes,
    /// contacts or ideas stored before: an empty JSON Lines file, or none at all, is read as an
    /// export without records, which is also what a failed export job leaves behind. The import
    /// goes ahead (the export is the whole truth), and the summary's line is not the only sign.
    private func noteEverythingRemoved() {
        // A failed import removes nothing; with --keep-going, records read and all rejected
        // are named one by one in the rejects.
        guard keepGoing || errors.isEmpty else { return }
        let kinds = [
            ("quotes", "quote", layout.quotesExport ?? layout.quotes, layout.quotesFolder),
            ("contacts", "contact", layout.quotesExport ?? layout.contacts, layout.quotesFolder),
            ("ideas", "idea", layout.ideas, layout.changeJarFolder),
        ]
        for (table, noun, file, folder) in kinds {
            guard let changes = tables[table], changes.removed > 0,
                changes.added + changes.updated + changes.unchanged == 0,
                !recordsRead.contains(where: { $0.name == table && $0.count > 0 })
            else { continue }
            let count = changes.removed == 1 ? "the one \(noun)" : "all \(changes.removed) \(table)"
            let reason = file == nil ? "no file here gives \(table)" : "it holds no \(table)"
            audit.note(.warning("\(count) stored before \(changes.removed == 1 ? "is" : "are") removed: \(reason)",
                                at: SourceLocation(file: file?.name ?? folder)))
        }
    }

    /// Every error, with a last line counting those left out.
    var reportedErrors: [Diagnostic] {
        guard omittedErrors > 0 else { return errors }
        return errors + [.error("\(omittedErrors) more record\(omittedErrors == 1 ? "" : "s") rejected")]
    }

    /// Every warning, in the order met.
    var warnings: [Diagnostic] { audit.warnings }

    /// The summary rows, in a fixed order. After a successful import every stored row is one
    /// the export has (added, updated or unchanged), so the totals need no count(*) scans.
    func reportTables() throws -> [ImportReport.Table] {
        let sqlTables = ["site": "site", "people": "person", "ideas": "idea", "quotes": "quote", "hearers": "hearer",
                         "contacts": "contact", "reviews": "review"]
        return try ["site", "people", "ideas", "quotes", "hearers", "contacts", "reviews"].map { name in
            let changes = tables[name] ?? RowChanges()
            var stored = changes.added + changes.updated + changes.unchanged
            // Rows kept for a file rejected whole are not in the export: count what is there.
            if !keptAsStored.isEmpty, case .integer(let count) = try database.scalar("SELECT count(*) FROM \(sqlTables[name]!)") {
                stored = Int(count)
            }
            return ImportReport.Table(name: name, stored: stored, changes: changes)
        }
    }
}

/// `quotes/export.json`: users, quotes and (optionally) contacts in one document.
struct QuotesExport {
    let document: JSONDocument

    init(_ file: ContentLayout.File, context: ReadContext, validate: Bool) throws {
        // Streamed: scanned from the file and read back a batch at a time, never held whole.
        document = try JSONDocument(file, shallow: true, validate: validate, streamed: true)
        try document.checkingRoot { [document] in
            let root = try Fields(document.root, at: RecordLocation(file: file.name), known: ["users", "quotes", "contacts"],
                                  context: context, expected: "an object with \"users\", \"quotes\" and \"contacts\" arrays")
            _ = try root.array("users", expected: "an array of users")
            _ = try root.array("quotes", expected: "an array of quotes")
            if root.optional("contacts") != nil { _ = try root.array("contacts", expected: "an array of contacts") }
        }
    }

    func source(_ key: String) -> RecordSource { .array(document, key: key) }
}

/// The record types whose stored rows an unreadable file leaves as they were.
enum StoredKind: Hashable {
    case site, quotesUsers, changeJarUsers, quotes, contacts, ideas, reviews
}

/// The records of one type from a JSON file's array `key` or its JSON Lines twin; the JSON
/// file's root must be an object holding that array (unknown members are warned about).
/// `validate` checks a JSON file's whole syntax first, so that a file found unreadable halfway
/// has stored none of its records yet (`--keep-going` then keeps what was stored).
func recordSource(_ file: ContentLayout.File, key: String, expected: String, context: ReadContext, validate: Bool = false,
                  streamed: Bool = false) throws -> RecordSource
{
    if file.isJSONLines {
        try RecordSource.checkReadable(file)
        // With --keep-going a file that is not UTF-8, or that has a line longer than any record
        // (which the reader refuses the file at), is rejected whole, before any of it is stored;
        // the first of the two in the file is named.
        if validate {
            let invalid = JSONLinesReader.firstInvalidUTF8(path: file.path)
            if let line = JSONLinesReader.firstOverlongLine(path: file.path), invalid.map({ $0.line >= line }) ?? true {
                throw JSONLinesReader.overlongLine(line, displayName: file.name)
            }
            if let place = invalid {
                throw Diagnostic.error("the text is not valid UTF-8", at: SourceLocation(file: file.name, line: place.line, column: place.column))
            }
        }
        return .lines(file)
    }
    let document = try JSONDocument(file, shallow: true, validate: validate, streamed: streamed)
    try document.checkingRoot {
        let root = try Fields(document.root, at: RecordLocation(file: file.name), known: [key], context: context,
                              expected: "an object with a \"\(key)\" array")
        _ = try root.array(key, expected: expected)
    }
    return .array(document, key: key)
}
