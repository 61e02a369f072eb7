import Foundation

/// A seeded random number generator (SplitMix64): the same seed gives the same edits.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Applies one random edit of a given kind to a workspace's copy of the sample content (the
/// exports as JSON, `site.json`, a template), as a person editing the site would.
struct ContentEditor {
    enum Kind: CaseIterable, Hashable {
        case quoteText, addHearer, removeHearer, renameUser, renameContact, addIdea, removeIdea, lastVisit, pageSize,
            template, submission, quoteTime, speaker, recordedName, hearerOrder, addQuote, removeQuote
    }

    /// What an edit did, for messages; `quoteID` names the quote a quote edit touched.
    struct Edit: CustomStringConvertible {
        var description: String
        var quoteID: String?
    }

    let workspace: IncrementalBuildTests.Workspace
    private var serial = 0

    init(workspace: IncrementalBuildTests.Workspace) { self.workspace = workspace }

    private var quotesFile: String { workspace.content + "/quotes/export.json" }
    private var usersFile: String { workspace.content + "/changejar/users.json" }
    private var ideasFile: String { workspace.content + "/changejar/ideas.json" }
    private var siteFile: String { workspace.content + "/site.json" }

    mutating func apply(_ kind: Kind, random: inout SeededRandom) throws -> Edit {
        serial += 1
        switch kind {
        case .quoteText:
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let index = Int.random(in: 0..<quotes.count, using: &random)
            quotes[index]["text"] = "Edited line \(serial): \((quotes[index]["text"] as? String) ?? "")"
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            let id = quotes[index]["id"] as? String
            return Edit(description: "quote \(id ?? "?") text changed", quoteID: id)
        case .addHearer:
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let users = root["users"] as! [[String: Any]]
            let index = Int.random(in: 0..<quotes.count, using: &random)
            var quote = quotes[index]
            var hearers = quote["heardBy"] as? [[String: Any]] ?? []
            var present = Set(hearers.compactMap { digits($0["phone"]) })
            if let speaker = (quote["saidBy"] as? [String: Any]).flatMap({ digits($0["phone"]) }) { present.insert(speaker) }
            let candidates = users.filter { user in digits(user["phone"]).map { !present.contains($0) } ?? false }
            guard let user = candidates.randomElement(using: &random) else { return Edit(description: "no hearer to add") }
            hearers.append(["phone": user["phone"]!, "name": "\((user["firstName"] as? String) ?? "Someone") \(serial)"])
            quote["heardBy"] = hearers
            quotes[index] = quote
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            return Edit(description: "hearer added to \(quote["id"] ?? "?")", quoteID: quote["id"] as? String)
        case .removeHearer:
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let withTwo = quotes.indices.filter { ((quotes[$0]["heardBy"] as? [Any])?.count ?? 0) >= 2 }
            let index = withTwo.randomElement(using: &random)!
            var hearers = quotes[index]["heardBy"] as! [[String: Any]]
            hearers.remove(at: Int.random(in: 0..<hearers.count, using: &random))
            quotes[index]["heardBy"] = hearers
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            return Edit(description: "hearer removed from \(quotes[index]["id"] ?? "?")", quoteID: quotes[index]["id"] as? String)
        case .renameUser:
            var root = try read(quotesFile)
            var users = root["users"] as! [[String: Any]]
            // Not the people `.submission` names by their slugs (a rename moves a slug).
            let named: Set<String> = ["Ana Lima", "Ben Carter", "Léa Martin"]
            let index = users.indices.filter { index in
                !named.contains("\(users[index]["firstName"] ?? "") \(users[index]["lastName"] ?? "")")
            }.randomElement(using: &random)!
            users[index]["firstName"] = "Renamed\(serial)"
            root["users"] = users
            try write(root, to: quotesFile)
            return Edit(description: "Quotes user \(users[index]["lastName"] ?? "?") renamed")
        case .renameContact:
            var root = try read(quotesFile)
            var contacts = root["contacts"] as! [[String: Any]]
            let index = Int.random(in: 0..<contacts.count, using: &random)
            contacts[index]["name"] = "Contact \(serial)"
            root["contacts"] = contacts
            try write(root, to: quotesFile)
            return Edit(description: "contact \(index) renamed")
        case .addIdea:
            var root = try read(ideasFile)
            var ideas = root["ideas"] as! [[String: Any]]
            var idea = ideas.randomElement(using: &random)!
            idea["id"] = "idea-edit-\(serial)"
            idea["text"] = "A new idea, number \(serial)"
            idea["submittedAt"] = "2026-04-\(10 + serial % 18)T09:00:00Z"
            ideas.append(idea)
            root["ideas"] = ideas
            try write(root, to: ideasFile)
            return Edit(description: "idea-edit-\(serial) added")
        case .removeIdea:
            var root = try read(ideasFile)
            var ideas = root["ideas"] as! [[String: Any]]
            let removed = ideas.remove(at: Int.random(in: 0..<ideas.count, using: &random))
            root["ideas"] = ideas
            try write(root, to: ideasFile)
            return Edit(description: "\(removed["id"] ?? "?") removed")
        case .lastVisit:
            var root = try read(usersFile)
            var users = root["users"] as! [[String: Any]]
            let index = Int.random(in: 0..<users.count, using: &random)
            users[index]["lastVisitAt"] = "2025-0\(1 + serial % 9)-15T10:00:00Z"
            root["users"] = users
            try write(root, to: usersFile)
            return Edit(description: "\(users[index]["name"] ?? "?") visited")
        case .pageSize:
            var root = try read(siteFile)
            let size = Int.random(in: 5...30, using: &random)
            root["pageSize"] = size
            try write(root, to: siteFile)
            return Edit(description: "pageSize \(size)")
        case .submission:
            // What Ana Lima composed on the site's Add Quote and Submit Idea screens.
            let file = workspace.content + "/submissions/edit-\(serial).json"
            try FileManager.default.createDirectory(
                atPath: workspace.content + "/submissions", withIntermediateDirectories: true)
            let anonymous = Bool.random(using: &random)
            try """
                { "submittedBy": "ana-lima", "exportedAt": "2026-05-09T10:00:00Z",
                  "quotes": [ { "localId": "q\(serial)", "text": "Submitted line \(serial)", "saidBy": "lea-martin",
                                "heardBy": ["ben-carter", "mae"], "when": "2026-05-0\(1 + serial % 9)T09:30:00-07:00" } ],
                  "ideas": [ { "localId": "i\(serial)", "text": "Submitted idea \(serial)", "showName": \(!anonymous),
                               "for": "self", "submittedAt": "2026-05-09T09:58:00Z" } ] }
                """.write(toFile: file, atomically: true, encoding: .utf8)
            // A submitted quote's id is a digest of the record, not known here.
            return Edit(description: "submissions/edit-\(serial).json added", quoteID: nil)
        case .quoteTime:
            // Moves a quote in every list that holds it (the lists are newest first).
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let index = Int.random(in: 0..<quotes.count, using: &random)
            quotes[index]["when"] = "2024-0\(1 + serial % 9)-1\(serial % 10)T08:00:00Z"
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            let id = quotes[index]["id"] as? String
            return Edit(description: "quote \(id ?? "?") moved in time", quoteID: id)
        case .speaker:
            // Another Quotes user said it: the old speaker loses it, the new one gains it.
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let users = root["users"] as! [[String: Any]]
            let index = Int.random(in: 0..<quotes.count, using: &random)
            let heard = Set((quotes[index]["heardBy"] as? [[String: Any]] ?? []).compactMap { digits($0["phone"]) })
            let said = (quotes[index]["saidBy"] as? [String: Any]).flatMap { digits($0["phone"]) }
            let candidates = users.filter { user in digits(user["phone"]).map { !heard.contains($0) && $0 != said } ?? false }
            guard let user = candidates.randomElement(using: &random) else { return Edit(description: "no speaker to change") }
            quotes[index]["saidBy"] = ["phone": user["phone"]!, "name": "Speaker \(serial)"]
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            let id = quotes[index]["id"] as? String
            return Edit(description: "quote \(id ?? "?") said by someone else", quoteID: id)
        case .recordedName:
            // The name the submitter recorded for the speaker, or for one hearer.
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let index = Int.random(in: 0..<quotes.count, using: &random)
            var hearers = quotes[index]["heardBy"] as? [[String: Any]] ?? []
            if hearers.isEmpty || Bool.random(using: &random) {
                var speaker = quotes[index]["saidBy"] as! [String: Any]
                speaker["name"] = "Recorded \(serial)"
                quotes[index]["saidBy"] = speaker
            } else {
                let hearer = Int.random(in: 0..<hearers.count, using: &random)
                hearers[hearer]["name"] = "Recorded \(serial)"
                quotes[index]["heardBy"] = hearers
            }
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            let id = quotes[index]["id"] as? String
            return Edit(description: "a recorded name of quote \(id ?? "?") changed", quoteID: id)
        case .hearerOrder:
            // The same hearers in another order (the quote's bylines list them in export order).
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let withTwo = quotes.indices.filter { ((quotes[$0]["heardBy"] as? [Any])?.count ?? 0) >= 2 }
            let index = withTwo.randomElement(using: &random)!
            quotes[index]["heardBy"] = Array((quotes[index]["heardBy"] as! [[String: Any]]).reversed())
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            let id = quotes[index]["id"] as? String
            return Edit(description: "hearers of \(id ?? "?") reordered", quoteID: id)
        case .addQuote:
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            var quote = quotes.randomElement(using: &random)!
            quote["id"] = "q-edit-\(serial)"
            quote["text"] = "A new line, number \(serial)"
            quotes.append(quote)
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            return Edit(description: "q-edit-\(serial) added", quoteID: "q-edit-\(serial)")
        case .removeQuote:
            var root = try read(quotesFile)
            var quotes = root["quotes"] as! [[String: Any]]
            let removed = quotes.remove(at: Int.random(in: 0..<quotes.count, using: &random))
            root["quotes"] = quotes
            try write(root, to: quotesFile)
            return Edit(description: "\(removed["id"] ?? "?") removed")
        case .template:
            let path = workspace.templates + "/pages/settings.mustache"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: "<dl class=\"settings\">", with: "<dl class=\"settings\">\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            return Edit(description: "settings template changed")
        }
    }

    /// The last ten digits of a phone number as written, for telling people apart.
    private func digits(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        return String(String(text.filter(\.isNumber)).suffix(10))
    }

    private func read(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    private func write(_ object: [String: Any], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
