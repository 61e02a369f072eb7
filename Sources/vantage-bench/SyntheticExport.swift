import Foundation
import VantageCore

/// A deterministic synthetic export in the layout of DATA.md, for benchmarks: `people` users
/// (Quotes, Change Jar or both, joined by phone or email), as many contact-only phone numbers
/// again, `quotes` quotes with one to five hearers each, `ideas` ideas, address books and a
/// review file. Phones come in the mixed ways people write them (national and international,
/// `+`, `00`, `(0)`, dots, dashes); names in several scripts. The same arguments always give the
/// same bytes.
struct SyntheticExport {
    /// JSON documents, or JSON Lines streamed record by record.
    enum Format: String, CaseIterable {
        case json, jsonl
    }

    /// What was written.
    struct Summary {
        var files: [String] = []
        var bytes = 0

        /// Writes the file `path` under `directory` with `body` and counts it.
        mutating func write(_ path: String, under directory: String, _ body: (inout JSONOutput) -> Void) throws {
            var output = try JSONOutput(path: directory + "/" + path)
            body(&output)
            try output.close()
            files.append(path)
            bytes += output.bytesWritten
        }
    }

    let people: Int
    let quotes: Int
    let ideas: Int
    let seed: UInt64

    init(people: Int, quotes: Int, ideas: Int, seed: UInt64 = 1) {
        self.people = people
        self.quotes = quotes
        self.ideas = ideas
        self.seed = seed
    }

    /// Writes the export under `directory` (site.json, changejar/, quotes/, reviews/).
    @discardableResult
    func write(to directory: String, format: Format) throws -> Summary {
        var summary = Summary()
        let cast = Cast(people: people, seed: seed)
        func file(_ path: String, _ body: (inout JSONOutput) -> Void) throws {
            try summary.write(path, under: directory, body)
        }
        try file("site.json") { out in
            out.line(#"{ "title": "Synthetic family", "defaultLocale": "en", "locales": ["en", "fr", "pt-BR", "ru", "ja", "ar"],"#)
            out.line(#"  "timeZone": "America/New_York", "defaultRegion": "US", "pageSize": 50 }"#)
        }
        switch format {
        case .json:
            try file("quotes/export.json") { out in
                out.line("{")
                out.array("users", count: cast.quotesUsers.count, last: false) { cast.quotesUser($0) }
                out.array("quotes", count: quotes, last: false) { cast.quote($0) }
                out.array("contacts", count: cast.contactCount, last: true) { cast.contact($0) }
                out.line("}")
            }
            try file("changejar/users.json") { $0.document("users", count: cast.changeJarUsers.count) { cast.changeJarUser($0) } }
            try file("changejar/ideas.json") { $0.document("ideas", count: ideas) { cast.idea($0) } }
        case .jsonl:
            try file("quotes/users.jsonl") { out in out.lines(count: cast.quotesUsers.count) { cast.quotesUser($0) } }
            try file("quotes/quotes.jsonl") { out in out.lines(count: quotes) { cast.quote($0) } }
            try file("quotes/contacts.jsonl") { out in out.lines(count: cast.contactCount) { cast.contact($0) } }
            try file("changejar/users.jsonl") { out in out.lines(count: cast.changeJarUsers.count) { cast.changeJarUser($0) } }
            try file("changejar/ideas.jsonl") { out in out.lines(count: ideas) { cast.idea($0) } }
        }
        try file("reviews/synthetic.json") { out in
            out.line(#"{ "reviewer": "Synthetic review", "exportedAt": "2026-05-02T10:00:00Z","#)
            out.array("decisions", count: max(1, ideas / 10), last: true) { cast.decision($0, ideas: ideas, quotes: quotes) }
            out.line("}")
        }
        return summary
    }
}

/// Buffered output of one JSON or JSON Lines file.
struct JSONOutput {
    private let handle: FileHandle
    private var buffer = ""
    private(set) var bytesWritten = 0

    init(path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
        self.handle = handle
        buffer.reserveCapacity(1 << 20)
    }

    mutating func line(_ text: String) {
        buffer += text
        buffer += "\n"
        if buffer.utf8.count >= 1 << 20 { flush() }
    }

    /// `"key": [` then `count` records, one a line, then `]`.
    mutating func array(_ key: String, count: Int, last: Bool, _ record: (Int) -> JSONValue) {
        line("  \"\(key)\": [")
        for index in 0..<count {
            line("    " + JSONWriter.string(record(index)) + (index + 1 < count ? "," : ""))
        }
        line(last ? "  ]" : "  ],")
    }

    /// A document that is one object holding one array: `{`, `array(key, …)`, `}`.
    mutating func document(_ key: String, count: Int, _ record: (Int) -> JSONValue) {
        line("{")
        array(key, count: count, last: true, record)
        line("}")
    }

    /// `count` records as JSON Lines.
    mutating func lines(count: Int, _ record: (Int) -> JSONValue) {
        for index in 0..<count { line(JSONWriter.string(record(index))) }
    }

    private mutating func flush() {
        let data = Data(buffer.utf8)
        handle.write(data)
        bytesWritten += data.count
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        flush()
        try handle.close()
    }
}
