import Foundation
import Testing
import VantageCore

@testable import Render
@testable import VantageCLI

/// OUTPUT.md: no phone number or email ever reaches `public/`, in any form. Hostile exports
/// (seeded) put the export's own phones and emails, in many formats, into names, quote and idea
/// texts, authors, reviewers and list names; every file of every built site is then scanned
/// with a broad detector and with the exact phones and emails in each format.
@Suite("No phone or email in public/, over hostile exports")
struct PrivacyPropertyTests {
    /// The export's people: Ana (+1 415 555 0100, ana@example.com), Léa (+33 6 12 34 56 78),
    /// Dad (+1 415 555 0199), and the Change Jar emails bo@example.com and guest@example.org.
    static let phones: [(code: String, national: String)] = [("1", "4155550100"), ("33", "612345678"), ("1", "4155550199")]
    static let emails = ["ana@example.com", "bo@example.com", "guest@example.org"]

    /// `phone` written in one of many ways.
    static func format(_ phone: (code: String, national: String), style: Int) -> String {
        let n = Array(phone.national)
        func grouped(_ sizes: [Int], _ separator: String) -> String {
            var parts: [String] = []
            var index = 0
            for size in sizes where index < n.count {
                parts.append(String(n[index..<min(n.count, index + size)]))
                index += size
            }
            if index < n.count { parts.append(String(n[index...])) }
            return parts.joined(separator: separator)
        }
        let sizes = phone.code == "1" ? [3, 3, 4] : [1, 2, 2, 2, 2]
        let fullwidth = { (text: String) in
            String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
                scalar.value >= 0x21 && scalar.value <= 0x7E ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
            }))
        }
        let arabic = { (text: String) in
            String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
                scalar.value >= 0x30 && scalar.value <= 0x39 ? Unicode.Scalar(scalar.value - 0x30 + 0x0660)! : scalar
            }))
        }
        switch style % 12 {
        case 0: return "+" + phone.code + phone.national
        case 1: return "+" + phone.code + " " + grouped(sizes, " ")
        case 2:
            let rest = String(n[3...])
            return phone.code == "1" ? "(" + String(n[0..<3]) + ") " + rest.prefix(3) + "-" + rest.dropFirst(3) : "0" + grouped(sizes, " ")
        case 3: return grouped(sizes, ".")
        case 4: return "00" + phone.code + phone.national
        case 5: return phone.code + "-" + grouped(sizes, "-")
        case 6: return fullwidth("+" + phone.code + " " + grouped(sizes, " "))
        case 7: return arabic("+" + phone.code + phone.national)
        case 8: return n.map(String.init).joined(separator: " ")
        case 9: return "+" + phone.code + (phone.code == "1" ? " (" + String(n[0..<3]) + ") " + String(n[3...]) : " (0)" + grouped(sizes, " "))
        case 10: return (phone.code == "1" ? "" : "0") + grouped(sizes, "-")
        default: return "tel:+" + phone.code + "-" + grouped(sizes, "-")
        }
    }

    /// `email` written in one of many ways.
    static func format(_ email: String, style: Int) -> String {
        let parts = email.split(separator: "@").map(String.init)
        let (local, domain) = (parts[0], parts[1])
        switch style % 8 {
        case 0: return email
        case 1: return email.uppercased()
        case 2: return local + "＠" + domain.replacingOccurrences(of: ".", with: "．")
        case 3: return local + " (at) " + domain.replacingOccurrences(of: ".", with: " (dot) ")
        case 4: return local + " [at] " + domain
        case 5: return local + " at " + domain.replacingOccurrences(of: ".", with: " dot ")
        case 6: return String(String.UnicodeScalarView(email.unicodeScalars.map { Unicode.Scalar($0.value + 0xFEE0)! }))
        default: return "<" + email + ">"
        }
    }

    /// A hostile tiny export: the export's phones and emails in every place a text can be.
    static func hostileContent(seed: Int, into folder: String) throws {
        var generator = SeededRandom(seed: UInt64(seed) &+ 11)
        var random = Picker { generator.next() }
        func phone() -> String { format(phones[random.next(phones.count)], style: random.next(12)) }
        func email() -> String { format(emails[random.next(emails.count)], style: random.next(8)) }
        func text() -> String {
            ["Call me on \(phone()) or write to \(email()).", "\(email())", "\(phone())", "ping \(phone()) / \(phone())",
             "Il a dit : « \(email()) »", "電話は\(phone())です"][random.next(6)]
        }
        func json(_ value: String) -> String {
            var out = ""
            JSONWriter.writeString(value, into: &out, htmlSafe: false)
            return out
        }
        let quotes = """
            {"users": [
              {"phone": "415.555.0100", "firstName": \(json(email())), "lastName": "", "locale": "en-US", "timeZone": "America/Los_Angeles", "email": "ana@example.com"},
              {"phone": "+33 6 12 34 56 78", "firstName": "Léa", "lastName": \(json(phone())), "locale": "fr-FR", "timeZone": "Europe/Paris"}],
             "quotes": [
              {"id": "q-1", "text": \(json(text())), "saidBy": {"phone": "+1 415 555 0199", "name": \(json(phone()))},
               "heardBy": [{"phone": "(415) 555-0100", "name": \(json(email()))}], "when": "2026-05-01T18:00:00-07:00", "submittedBy": "+14155550100"},
              {"id": "q-2", "text": \(json(text())), "saidBy": {"phone": "0033612345678", "name": \(json(text()))},
               "heardBy": [{"phone": "+14155550100", "name": "Ana"}, {"phone": "+14155550199", "name": \(json(phone()))}],
               "when": "2026-05-02T10:00:00+02:00", "submittedBy": "+33612345678"},
              {"id": "q-3", "text": \(json(text())), "saidBy": {"phone": "+14155550199", "name": \(json(email()))},
               "heardBy": [{"phone": "+33612345678", "name": "Léa"}], "when": "2026-05-03T10:00:00Z", "submittedBy": "+33612345678"}],
             "contacts": [{"owner": "+33612345678", "phone": "+14155550199", "name": \(json(phone()))}]}
            """
        let ideas = """
            {"ideas": [
              {"id": "idea-1", "text": \(json(text())), "submittedAt": "2026-04-01T09:30:00Z", "author": {"email": "ana@example.com", "name": \(json(email()))}, "showName": true, "for": "self"},
              {"id": "idea-2", "text": \(json(text())), "submittedAt": "2026-05-02T09:30:00Z", "author": {"email": "bo@example.com", "name": \(json(phone()))}, "showName": true, "for": "someone"},
              {"id": "idea-3", "text": \(json(text())), "submittedAt": "2026-05-03T09:30:00+02:00", "author": {"email": "guest@example.org", "name": "A Guest"}, "showName": true, "for": "self"}]}
            """
        let users = """
            {"users": [
              {"email": "ana@example.com", "name": \(json(email())), "lastVisitAt": "2026-05-01T00:00:00Z", "locale": "en-US", "timeZone": "America/Los_Angeles", "phone": "(415) 555-0100"},
              {"email": "bo@example.com", "name": \(json(email())), "locale": "fr-FR", "timeZone": "Europe/Paris"}]}
            """
        let review = """
            {"reviewer": \(json(email())), "exportedAt": "2026-05-08T09:45:00Z", "decisions": [
              {"item": "idea-1", "action": "list", "list": \(json(phone())), "at": "2026-05-07T14:02:11Z"},
              {"item": "q-2", "action": "later", "until": "2026-06-01", "at": "2026-05-07T14:03:40Z"}]}
            """
        let site = #"{"title": \#(json("Team " + email())), "locales": ["en", "fr"], "pageSize": 2, "buildDate": "2026-05-10T12:00:00Z"}"#
        for (path, text) in [("quotes/export.json", quotes), ("changejar/ideas.json", ideas), ("changejar/users.json", users),
                             ("reviews/r.json", review), ("site.json", site)] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// A file's text as the detectors read it: compatibility forms folded (fullwidth → ASCII),
    /// digits of every script as ASCII digits, lower case.
    static func normalised(_ text: String) -> String {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        return String(String.UnicodeScalarView(folded.unicodeScalars.map { scalar in
            if scalar.value >= 0x80, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                return Unicode.Scalar(UInt8(0x30 + Int(value)))
            }
            return scalar
        }))
    }

    /// Every leak in one file: an email shape, an at-sign between words, or a phone's digits.
    /// `shapes: false` skips the any-7-digits rule (for stylesheets, whose `rgb(74 52 30 / 0.06)`
    /// holds no data).
    static func leaks(in raw: String, shapes: Bool = true) -> [String] {
        var text = normalised(raw)
        // Digests, instants, dates and drawings are the site's own numbers, not phones.
        for pattern in [
            #""sha256": ?"[0-9a-f]+""#, #"[0-9a-f]{40,}"#, #"\\?"when\\?": ?[0-9]+"#, #"vantage-diff-[0-9a-f]+"#, #"[0-9]{4}-[0-9]{2}-[0-9]{2}(t[0-9:.]+(z|[+-][0-9:]+)?)?"#,
            #" (d|viewbox|points|transform)="[^"]*""#,
        ] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        var found: [String] = []
        if let range = text.range(of: #"[a-z0-9._%+-]+\s*@\s*[a-z0-9-]+"#, options: .regularExpression) {
            found.append(String(text[range]))
        }
        for email in emails {
            let local = String(email.split(separator: "@")[0])
            for spelled in [local + " (at)", local + " [at]", local + " at ", local + "@"] where text.contains(spelled) {
                found.append(spelled)
            }
        }
        // Digit runs with their separators removed: any 7 digits in a row, and each phone.
        let runs = text.replacingOccurrences(of: #"(?<=[0-9])[ .()\-/]{1,3}(?=[0-9])"#, with: "", options: .regularExpression)
        if shapes, let range = runs.range(of: #"[0-9]{7,}"#, options: .regularExpression) { found.append(String(runs[range])) }
        for phone in phones where runs.contains(phone.national) || runs.contains(String(phone.national.dropFirst())) {
            found.append(phone.national)
        }
        return found
    }

    @Test("Every file of a site built from a hostile export is free of phones and emails", arguments: 0..<6)
    func noLeaks(seed: Int) throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content)
        try Self.hostileContent(seed: seed, into: project.content)
        let result = project.build()
        try #require(result.status == 0, "\(result.err)")
        var files = 0
        var shown = 0
        for (path, data) in ScratchProject.snapshot(project.output) where !path.hasSuffix("/") {
            files += 1
            #expect(!path.contains("555") && !path.contains("example") && !path.contains("612345"), "\(path)")
            let text = String(decoding: data, as: UTF8.self)
            let leaks = Self.leaks(in: text, shapes: !path.hasSuffix(".css"))
            #expect(leaks.isEmpty, "\(path): \(leaks)")
            if text.contains("[hidden]") || text.contains("[masqué]") { shown += 1 }
        }
        #expect(files > 40)
        #expect(shown > 5, "the masks' visible form is missing")
    }

    @Test("vantage diff between two hostile sites shows no phone or email, in every format it writes")
    func diffsAreMasked() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        var outputs: [String] = []
        for seed in [3, 4] {
            try FileManager.default.removeItem(atPath: project.content)
            try Self.hostileContent(seed: seed, into: project.content)
            let out = project.folder.appendingPathComponent("site-\(seed)").path
            try #require(project.build(out: out).status == 0)
            outputs.append(out)
        }
        for format in ["text", "json", "github"] {
            let console = Console.capturing()
            let status = VantageCLI.run(["diff", outputs[0], outputs[1], "--format", format], console: console)
            #expect(status == 1)
            #expect(console.standardOutput.count > 500)
            // The scratch folder's name is random; it is not data.
            let shown = console.standardOutput.replacingOccurrences(of: project.folder.path, with: "PROJECT")
            let leaks = Self.leaks(in: shown)
            #expect(leaks.isEmpty, "\(format): \(leaks) in \(console.standardOutput.prefix(3000))")
        }
    }

    @Test("The detector of these tests finds every format it is given (so a clean scan means something)")
    func detectorFindsEveryFormat() {
        for phone in Self.phones {
            for style in 0..<12 {
                let text = Self.format(phone, style: style)
                #expect(!Self.leaks(in: "<p>\(text)</p>").isEmpty, "\(text)")
            }
        }
        for email in Self.emails {
            for style in 0..<8 {
                let text = Self.format(email, style: style)
                #expect(!Self.leaks(in: "<p>\(text)</p>").isEmpty, "\(text)")
            }
        }
        #expect(Self.leaks(in: #"<time datetime="2026-05-02T08:30:00+09:00">May 2</time> "sha256":"0123456789abcdef""#).isEmpty)
    }

    @Test("A speaker recorded under their own number gets the next name, else a localised Unknown; no folder is slugged from it")
    func phoneAsName() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let quotes = project.content + "/quotes/export.json"
        var text = try String(contentsOfFile: quotes, encoding: .utf8)
        text = text.replacingOccurrences(of: #""name": "Dad""#, with: #""name": "+1 415 555 0199""#)
        text = text.replacingOccurrences(of: #""name": "Jean""#, with: #""name": "(415) 555-0199""#)
        text = text.replacingOccurrences(of: #""name": "Papa""#, with: #""name": "dad@example.com""#)
        try text.write(toFile: quotes, atomically: true, encoding: .utf8)
        let result = project.build()
        try #require(result.status == 0, "\(result.err)")
        let files = ScratchProject.snapshot(project.output).keys
        // Léa has him as a contact (rule 2): Jean-Pierre. Ana has only numbers and an email: Unknown.
        #expect(files.contains("lea-martin/quotes/by/jean-pierre.html"))
        #expect(files.contains("ana-lima/quotes/by/person.html"), "\(files.filter { $0.contains("/by/") }.sorted())")
        #expect(!files.contains { $0.contains("415") || $0.contains("555") })
        let ana = String(decoding: FileManager.default.contents(atPath: project.output + "/ana-lima/quotes/index.html") ?? Data(), as: UTF8.self)
        #expect(ana.contains(">Unknown<"))
        let manifest = String(decoding: FileManager.default.contents(atPath: project.output + "/manifest.json") ?? Data(), as: UTF8.self)
        #expect(Self.leaks(in: manifest).isEmpty)
    }
}


/// Picks indices from a seeded generator.
struct Picker {
    let source: () -> UInt64
    init(_ source: @escaping () -> UInt64) { self.source = source }
    mutating func next(_ count: Int) -> Int { Int(source() % UInt64(count)) }
}
