import Foundation
import Import
import Store
import VantageCLI
import VantageCore

/// A content directory and a store path in a fresh temporary folder, built from small files.
final class Fixture {
    let root: String

    /// The content directory as given to the importer (and so as named in messages).
    var content: String { root + "/content" }
    /// The store file (in a folder that does not exist until the first import).
    var store: String { root + "/state/store.sqlite" }
    var rejects: String { root + "/state/rejects.jsonl" }

    init(_ files: [String: String] = Fixture.sample) throws {
        root = FileManager.default.temporaryDirectory.path + "/vantage-import-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The path of a content file as messages name it.
    func name(_ path: String) -> String { content + "/" + path }

    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        let full = content + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: content + "/" + path) }

    /// Replaces the first occurrence of `old` in a content file.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: content + "/" + path, encoding: .utf8)
        guard let range = text.range(of: old) else { throw FixtureError("\(old) is not in \(path)") }
        try write(path, text.replacingCharacters(in: range, with: new))
    }

    func runImport(keepGoing: Bool = false) -> Result<ImportReport, ImportFailure> {
        Result { () throws(ImportFailure) in
            try Importer.run(ImportOptions(contentDirectory: content, storePath: store, keepGoing: keepGoing,
                                           rejectsPath: keepGoing ? rejects : nil, handles: SiteHandleRule()))
        }
    }

    /// Imports and expects success.
    @discardableResult
    func importOrFail(keepGoing: Bool = false) throws -> ImportReport {
        switch runImport(keepGoing: keepGoing) {
        case .success(let report): return report
        case .failure(let failure): throw FixtureError("import failed:\n\(failure)")
        }
    }

    /// `vantage <arguments>` through the real command line, captured.
    func vantage(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console.capturing()
        let code = VantageCLI.run(arguments, console: console)
        return (code, console.standardOutput, console.standardError)
    }

    /// The store's dump, or nil when there is no store file.
    func dump() throws -> String? {
        guard FileManager.default.fileExists(atPath: store) else { return nil }
        return try Store(path: store, readOnly: true).read { try $0.dump() }
    }

    /// The store file's bytes.
    func storeBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: store)) }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try Store(path: store, readOnly: true).read(body)
    }

    /// The store's data with people named by phone or email instead of internal ids, so that
    /// two stores built by different import histories can be compared.
    func logicalDump() throws -> String {
        try read { db in
            let who = "coalesce(p.phone, p.email)"
            let queries = [
                "SELECT 'site', title, default_locale, locales, time_zone, default_region, page_size, build_date FROM site",
                "SELECT 'person', phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at FROM person p ORDER BY 2, 3",
                "SELECT 'idea', i.id, i.text, text_length, submitted_at, \(who), author_name, show_name, for_whom FROM idea i JOIN person p ON p.id = author_id ORDER BY 2",
                "SELECT 'quote', q.id, q.text, \(who), said_by_name, said_at, (SELECT coalesce(phone, email) FROM person WHERE id = submitted_by) FROM quote q JOIN person p ON p.id = said_by ORDER BY 2",
                "SELECT 'hearer', quote_id, position, \(who), h.name, said_at FROM hearer h JOIN person p ON p.id = person_id ORDER BY 2, 3",
                "SELECT 'contact', (SELECT phone FROM person WHERE id = owner_id) AS o, \(who) AS c, contact.name FROM contact JOIN person p ON p.id = person_id ORDER BY 2, 3",
                "SELECT 'review', reviewer, item, action, until, list, decided_at, exported_at FROM review ORDER BY 2, 3",
            ]
            return try queries.flatMap { try db.rows($0) }.map { row in
                row.map { value -> String in
                    switch value {
                    case .null: return "NULL"
                    case .integer(let v): return String(v)
                    case .real(let v): return String(v)
                    case .text(let v): return v
                    }
                }.joined(separator: "|")
            }.joined(separator: "\n")
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Fixture {
    /// A small export in which every rule of DATA.md shows up once: people in both apps (joined
    /// by email and by phone), a Quotes-only and a Change Jar-only user, contact-only people,
    /// an idea author who uses neither app, text to normalise, review decisions.
    static let sample: [String: String] = [
        "site.json": #"""
            { "title": "Family", "defaultLocale": "en", "locales": ["en", "fr"], "timeZone": "America/Los_Angeles",
              "defaultRegion": "US", "pageSize": 2 }
            """#,
        "quotes/export.json": #"""
            {
              "users": [
                { "phone": "(415) 555-0100", "firstName": "Ana", "lastName": "Lima", "locale": "en-US",
                  "timeZone": "America/Los_Angeles", "email": "Ana.Lima@Example.com" },
                { "phone": "+1 415 555 0199", "firstName": "Jose\u0301", "lastName": "Silva", "locale": "fr",
                  "timeZone": "Europe/Paris" },
                { "phone": "+33 6 12 34 56 78", "firstName": "Chloé", "lastName": "Martin", "locale": "fr-FR",
                  "timeZone": "Europe/Paris" }
              ],
              "quotes": [
                { "id": "q-1", "text": "I never said I was a morning person.",
                  "saidBy": { "phone": "+1 415 555 0199", "name": "Dad" },
                  "heardBy": [ { "phone": "415.555.0100", "name": "Ana" }, { "phone": "+44 20 7946 0018", "name": "Uncle Bob" } ],
                  "when": "2026-05-01T18:00:00-07:00", "submittedBy": "+14155550100" },
                { "id": "q-2", "text": "Tea first, then the world.",
                  "saidBy": { "phone": "+44 (0)20 7946 0018", "name": "Bob" },
                  "heardBy": [ { "phone": "0033 6 12 34 56 78", "name": "Chloé" } ],
                  "when": "2026-05-02T08:00:00+02:00", "submittedBy": "+33612345678" },
                { "id": "q-3", "text": "Who moved my keys?",
                  "saidBy": { "phone": "415-555-0100", "name": "Ana" },
                  "heardBy": [ { "phone": "1 (415) 555-0199", "name": "José" } ],
                  "when": "2026-04-01T10:00:00Z", "submittedBy": "+1 415 555 0199" }
              ],
              "contacts": [
                { "owner": "+14155550100", "phone": "+14155550199", "name": "Papa" },
                { "owner": "+33612345678", "phone": "+442079460018", "name": "Bob from London" }
              ]
            }
            """#,
        "changejar/users.json": #"""
            { "users": [
                { "email": "ana.lima@example.com", "name": "Ana L.", "lastVisitAt": "2026-04-15T00:00:00Z",
                  "locale": "pt-BR", "timeZone": "America/Sao_Paulo" },
                { "email": "chloe@example.com", "name": "Chloé M.", "phone": "+33612345678" },
                { "email": "Zed@Example.com", "name": "Zed" }
            ] }
            """#,
        "changejar/ideas.json": #"""
            { "ideas": [
                { "id": "idea-1", "text": "Walk to work on Fridays", "submittedAt": "2026-04-10T09:30:00Z",
                  "author": { "email": "Ana.Lima@example.com", "name": "Ana Lima" }, "showName": false, "for": "self" },
                { "id": "idea-2", "text": "Cook with the kids", "submittedAt": "2026-04-20T19:00:00+02:00",
                  "author": { "email": "zed@example.com", "name": "Zed" }, "showName": true, "for": "someone" },
                { "id": "idea-3", "text": "Plant a tree", "submittedAt": "2026-04-25T12:00:00Z",
                  "author": { "email": "outsider@example.com", "name": "Out Sider" }, "showName": true, "for": "self" }
            ] }
            """#,
        "reviews/board.json": #"""
            { "reviewer": "Board review, May", "exportedAt": "2026-05-02T10:00:00Z",
              "decisions": [
                { "item": "idea-1", "action": "later", "until": "2026-06-01", "at": "2026-05-02T09:58:00Z" },
                { "item": "q-1", "action": "list", "list": "Newsletter", "at": "2026-05-02T09:59:00Z" },
                { "item": "idea-1", "action": "archive", "at": "2026-05-02T09:59:30Z" }
              ] }
            """#,
    ]
}
