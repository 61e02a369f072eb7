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
    let audit = FieldAudit()
    /// Errors of bad records, in order.
    private(set) var errors: [Diagnostic] = []
    private(set) var omittedErrors = 0
    var recordsRead: [(name: String, count: Int)] = []
    var tables: [String: RowChanges] = [:]

    var context: ReadContext!
    var people: PersonDirectory!

    /// Thrown to stop reading once `errorLimit` errors are collected.
    struct TooManyErrors: Error {}

    init(database: Database, layout: ContentLayout, keepGoing: Bool, rejects: RejectsFile?) {
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
        let site = try readSite()
        context = ReadContext(phones: PhoneNumberReader(defaultRegion: PhoneRegion.named(site.defaultRegion)!), audit: audit)
        try storeSite(site)
        people = try PersonDirectory(database: database)
        let quotesExport = try layout.quotesExport.map { file throws in try QuotesExport(file, context: context) }
        do {
            try importUsers(quotesExport: quotesExport)
            try importQuotes(quotesExport: quotesExport)
            try importContacts(quotesExport: quotesExport)
            try importIdeas()
            try importReviews()
        } catch is TooManyErrors {
            return
        }
        try people.removeUnclaimed()
        tables["people"] = people.changes
    }

    /// Handles a bad record: counted, and with `--keep-going` written to the rejects file.
    func reject(_ diagnostic: Diagnostic, _ record: RecordSource.Record) throws {
        if errors.count >= Self.errorLimit {
            omittedErrors += 1
            if !keepGoing { throw TooManyErrors() }
            rejects?.write(diagnostic, record: record)
            return
        }
        errors.append(diagnostic)
        rejects?.write(diagnostic, record: record)
    }

    /// Calls `body` for each record of `source`; a `Diagnostic` it throws rejects the record.
    func each(_ source: RecordSource, count name: String, _ body: (JSONValue, RecordLocation) throws -> Void) throws {
        var count = 0
        try source.forEach { record in
            count += 1
            do {
                try body(try record.value.get(), record.location)
            } catch let diagnostic as Diagnostic {
                try reject(diagnostic, record)
            }
        }
        recordsRead.append((name, count))
    }

    /// Every error, with a last line counting those left out.
    var reportedErrors: [Diagnostic] {
        guard omittedErrors > 0 else { return errors }
        return errors + [.error("\(omittedErrors) more record\(omittedErrors == 1 ? "" : "s") rejected")]
    }

    /// Every warning, in the order met.
    var warnings: [Diagnostic] { audit.warnings }

    /// The summary rows, in a fixed order, with the stored totals.
    func reportTables() throws -> [ImportReport.Table] {
        let order: [(String, String)] = [
            ("site", "site"), ("people", "person"), ("ideas", "idea"), ("quotes", "quote"),
            ("hearers", "hearer"), ("contacts", "contact"), ("reviews", "review"),
        ]
        return try order.map { name, table in
            var stored = 0
            if case .integer(let count) = try database.scalar("SELECT count(*) FROM \(table)") { stored = Int(count) }
            return ImportReport.Table(name: name, stored: stored, changes: tables[name] ?? RowChanges())
        }
    }
}

/// `quotes/export.json`: users, quotes and (optionally) contacts in one document.
struct QuotesExport {
    let document: JSONDocument

    init(_ file: ContentLayout.File, context: ReadContext) throws {
        document = try JSONDocument(file)
        let root = try Fields(document.root, at: RecordLocation(file: file.name), known: ["users", "quotes", "contacts"],
                              context: context, expected: "an object with \"users\", \"quotes\" and \"contacts\" arrays")
        _ = try root.array("users", expected: "an array of users")
        _ = try root.array("quotes", expected: "an array of quotes")
        if root.optional("contacts") != nil { _ = try root.array("contacts", expected: "an array of contacts") }
    }

    func source(_ key: String) -> RecordSource { .array(document, key: key) }
}

/// The records of one type from a JSON file's array `key` or its JSON Lines twin; the JSON
/// file's root must be an object holding that array (unknown members are warned about).
func recordSource(_ file: ContentLayout.File, key: String, expected: String, context: ReadContext) throws -> RecordSource {
    if file.isJSONLines { return .lines(file) }
    let document = try JSONDocument(file)
    let root = try Fields(document.root, at: RecordLocation(file: file.name), known: [key], context: context,
                          expected: "an object with a \"\(key)\" array")
    _ = try root.array(key, expected: expected)
    return .array(document, key: key)
}
