import Foundation
import VantageCore

/// The peer workload's shape (`../shared/bench/gen.py` then `to_vantage.py`, which
/// `compare.sh` times Vantage on beside sqlite3 and Hugo), generated here so that the
/// benchmarks measure what the comparison measures: `people` registered in both apps (E.164
/// phones, an email each, en-US, UTC), `quotes` quotes of 40–200 characters (accents, CJK
/// and emoji in about 35%, HTML-special characters in about 25%) each heard by one to five
/// others, `ideas` ideas (70% signed), no address books, a fixed build date. The records are
/// the peer's in kind and proportion, not byte for byte (the random numbers differ).
struct PeerExport {
    let people: Int
    let quotes: Int
    let ideas: Int
    let seed: UInt64

    static let first = ["Ada", "Alan", "Grace", "Linus", "Ken", "Barbara", "Edsger", "Donald", "Margaret", "John", "Mary",
                        "James", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "José", "Zoë", "Łukasz", "François",
                        "Søren", "Mårten", "Ayşe", "Nguyễn", "Björk", "Renée", "Chloé", "Dvořák", "Siobhán", "太郎", "Анна",
                        "Δημήτρης"]
    static let last = ["Lovelace", "Turing", "Hopper", "Torvalds", "Thompson", "Liskov", "Dijkstra", "Knuth", "Hamilton",
                       "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Müller", "O'Brien", "García-Márquez",
                       "Kowalski", "Østergaard", "Çelik", "Nowak", "Dubois", "山田", "Иванова", "Παπαδόπουλος", "Van der Berg"]
    static let words = """
        the a of to and in is it you that he was for on are with as I his they be at one have this from or had by word but
        what some we can out other were all there when up use your how said an each she which do their time if will way
        about many then them write would like so these her long make thing see him two has look more day could go come did
        number sound no most people my over know water than call first who may down side been now find any new work part
        """.split(whereSeparator: \.isWhitespace).map(String.init)
    static let unicode = ["café", "naïve", "über", "façade", "résumé", "jalapeño", "smörgåsbord", "Zürich", "日本語",
                          "こんにちは", "你好", "Привет", "Ελλάδα", "🎉", "🚀", "😀", "—", "…", "“quoted”", "€5", "½", "→", "✓",
                          "Straße"]
    static let special = ["<b>", "</b>", "&", "\"", "'", "<i>bold?</i>", "a&b", "1 < 2", "x > y", "&amp;", "\"hi\""]

    /// Writes the export under `directory` (site.json, changejar/, quotes/); JSON Lines puts the
    /// Quotes users and quotes in `.jsonl` files, as `to_vantage.py --jsonl` does.
    @discardableResult
    func write(to directory: String, format: SyntheticExport.Format) throws -> SyntheticExport.Summary {
        var summary = SyntheticExport.Summary()
        func file(_ path: String, _ body: (inout JSONOutput) -> Void) throws {
            try summary.write(path, under: directory, body)
        }
        try file("site.json") { $0.line(#"{"title": "Peer workload", "buildDate": "2026-01-01T00:00:00Z"}"#) }
        switch format {
        case .json:
            try file("quotes/export.json") { out in
                out.line("{")
                out.array("users", count: people, last: false, user)
                out.array("quotes", count: quotes, last: true, quote)
                out.line("}")
            }
        case .jsonl:
            try file("quotes/users.jsonl") { $0.lines(count: people, user) }
            try file("quotes/quotes.jsonl") { $0.lines(count: quotes, quote) }
        }
        try file("changejar/ideas.json") { $0.document("ideas", count: ideas, idea) }
        try file("changejar/users.json") { $0.document("users", count: people, changeJarUser) }
        return summary
    }

    /// Normalised rows the import stores, counted as `compare.sh` counts them: Quotes users,
    /// quotes, hearer links, ideas and Change Jar users.
    var comparedRows: Int {
        people + quotes + (0..<quotes).reduce(0) { $0 + hearers(of: $1).count } + ideas + people
    }

    func phone(_ p: Int) -> String {
        // Distinct seven-digit numbers in a scrambled order (an affine map modulo 10^7).
        let n = (p &* 7_654_321 &+ Int(seed % 1_000_003)) % 10_000_000
        return "+1555" + digits(n, 7)
    }

    func name(_ p: Int) -> String {
        Self.first[Int(random(p, 1) % UInt64(Self.first.count))] + " " + Self.last[Int(random(p, 2) % UInt64(Self.last.count))]
    }

    func user(_ p: Int) -> JSONValue {
        let name = Self.first[Int(random(p, 1) % UInt64(Self.first.count))]
        let last = Self.last[Int(random(p, 2) % UInt64(Self.last.count))]
        return object([("phone", .string(phone(p))), ("firstName", .string(name)), ("lastName", .string(last)),
                       ("locale", .string("en-US")), ("timeZone", .string("UTC")), ("email", .string("user\(p)@example.com"))])
    }

    func changeJarUser(_ p: Int) -> JSONValue {
        let visit = Int64(1_704_067_200) + Int64(random(p, 3) % UInt64(37 * 60 * max(1, ideas)))
        return object([("email", .string("user\(p)@example.com")), ("name", .string(name(p))), ("phone", .string(phone(p))),
                       ("lastVisitAt", .string(isoTimestamp(visit)))])
    }

    func speaker(of q: Int) -> Int { Int(random(q, 10) % UInt64(people)) }

    func hearers(of q: Int) -> [Int] {
        let said = speaker(of: q)
        let count = min(people - 1, 1 + Int(random(q, 11) % 5))
        var heard: [Int] = []
        var k: UInt64 = 0
        while heard.count < count {
            let h = Int(random(q, 12 &+ k) % UInt64(people))
            k += 1
            if h != said, !heard.contains(h) { heard.append(h) }
        }
        return heard.sorted()
    }

    func quote(_ q: Int) -> JSONValue {
        let said = speaker(of: q)
        let heard = hearers(of: q)
        let when = Int64(1_577_836_800) + Int64(random(q, 13) % UInt64(5 * 365 * 86_400))
        return object([
            ("id", .string("q\(q + 1)")), ("text", .string(text(q))),
            ("saidBy", object([("phone", .string(phone(said))), ("name", .string(name(said)))])),
            ("heardBy", .array(heard.map { object([("phone", .string(phone($0))), ("name", .string(name($0)))]) })),
            ("when", .string(isoTimestamp(when))), ("submittedBy", .string(phone(heard[0]))),
        ])
    }

    func idea(_ i: Int) -> JSONValue {
        let author = Int(random(i, 20) % UInt64(people))
        let verbs = ["walk", "cook", "read", "call", "plant", "share", "sleep", "write"]
        let count = 3 + Int(random(i, 21) % 13)
        let text = "Idea \(i): " + (0..<count).map { verbs[Int(random(i, 22 &+ UInt64($0)) % 8)] }.joined(separator: " ")
        return object([
            ("id", .string("idea-" + digits(i, 5))), ("text", .string(text)),
            ("submittedAt", .string(isoTimestamp(1_704_067_200 + Int64(37 * 60 * i)))),
            ("author", object([("email", .string("user\(author)@example.com")), ("name", .string(name(author)))])),
            ("showName", .bool(random(i, 23) % 10 < 7)), ("for", .string(random(i, 24) % 2 == 0 ? "self" : "someone")),
        ])
    }

    /// 40 to 200 characters of words, with unicode or HTML-special ones mixed into some.
    func text(_ q: Int) -> String {
        let target = 39 + Int(random(q, 30) % 161)
        let unicode = random(q, 31) % 100 < 35
        let special = random(q, 32) % 100 < 25
        var text = ""
        var k: UInt64 = 0
        while text.count < target {
            let roll = random(q, 40 &+ k) % 100
            k += 1
            let pick = random(q, 1000 &+ k)
            let word: String
            if unicode, roll < 12 {
                word = Self.unicode[Int(pick % UInt64(Self.unicode.count))]
            } else if special, roll >= 12, roll < 22 {
                word = Self.special[Int(pick % UInt64(Self.special.count))]
            } else {
                word = Self.words[Int(pick % UInt64(Self.words.count))]
            }
            text += text.isEmpty ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
        }
        return String(text.prefix(target)).trimmingCharacters(in: .whitespaces) + "."
    }

    /// A well-mixed number from the seed, an index and a salt (`mixed`).
    func random(_ index: Int, _ salt: UInt64) -> UInt64 { mixed(seed, index, salt) }

    private func object(_ members: [(String, JSONValue)]) -> JSONValue { jsonObject(members) }
}
