import VantageCore

/// The people, words and numbers of a synthetic export. Every record is a pure function of
/// the seed, its kind and its index, so files can be written in any order, streamed.
struct Cast {
    static let contactsPerUser = 3

    /// A country people in the export live in: how its numbers look and what people there are
    /// called.
    struct Country: Sendable {
        let callingCode: String
        let trunk: String
        let locale: String
        let timeZones: [String]
        let firstNames: [String]
        let lastNames: [String]
        /// The national significant number of person `p` (unique per country).
        let number: @Sendable (Int) -> String
        /// How national numbers are grouped when written.
        let groups: [Int]
    }

    static let countries: [Country] = [
        Country(callingCode: "1", trunk: "1", locale: "en-US", timeZones: ["America/New_York", "America/Chicago", "America/Los_Angeles"],
                firstNames: ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay", "Gus", "Hana", "Ian", "Jo"],
                lastNames: ["Lima", "Smith", "Brown", "Clark", "Davis", "Evans", "Ford", "Green"],
                number: { p in
                    let rest = p / 700
                    return String(201 + p % 700) + String(200 + rest % 800) + digits(rest / 800, 4)
                }, groups: [3, 3, 4]),
        Country(callingCode: "44", trunk: "0", locale: "en-GB", timeZones: ["Europe/London"],
                firstNames: ["Olivia", "Harry", "Amelia", "George", "Isla"], lastNames: ["Jones", "Taylor", "Wilson", "Hughes"],
                number: { "7" + digits($0, 9) }, groups: [4, 6]),
        Country(callingCode: "33", trunk: "0", locale: "fr-FR", timeZones: ["Europe/Paris"],
                firstNames: ["Chloé", "Léa", "Hugo", "Théo", "Zoé", "Gaël"], lastNames: ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau"],
                number: { "6" + digits($0, 8) }, groups: [1, 2, 2, 2, 2]),
        Country(callingCode: "55", trunk: "0", locale: "pt-BR", timeZones: ["America/Sao_Paulo"],
                firstNames: ["João", "Maria", "Luís", "Beatriz", "Tomás"], lastNames: ["Silva", "Souza", "Conceição", "Araújo"],
                number: { "119" + digits($0, 8) }, groups: [2, 5, 4]),
        Country(callingCode: "81", trunk: "0", locale: "ja-JP", timeZones: ["Asia/Tokyo"],
                firstNames: ["太郎", "花子", "健", "由美"], lastNames: ["佐藤", "鈴木", "高橋", "田中"],
                number: { "90" + digits($0, 8) }, groups: [2, 4, 4]),
        Country(callingCode: "7", trunk: "8", locale: "ru-RU", timeZones: ["Europe/Moscow"],
                firstNames: ["Иван", "Ольга", "Пётр", "Наталья", "Сергей"], lastNames: ["Иванов", "Смирнова", "Кузнецов", "Попова"],
                number: { "9" + digits($0, 9) }, groups: [3, 3, 2, 2]),
        Country(callingCode: "966", trunk: "0", locale: "ar-SA", timeZones: ["Asia/Riyadh"],
                firstNames: ["محمد", "فاطمة", "علي", "ليلى"], lastNames: ["الحسن", "العلي", "السيد"],
                number: { "5" + digits($0, 8) }, groups: [2, 3, 4]),
    ]
    /// Out of 20: US 10, then 2 each elsewhere.
    static let countryWeights = [10, 2, 2, 2, 2, 1, 1]

    static let words = """
        the a my your our we never always only just really maybe coffee tea rain keys door dog cat car train
        morning evening weekend monday friday garden kitchen window music book song dinner lunch breakfast bread
        soup walk run sleep dream laugh forget remember lost found said told knew thought wanted needed
        late early again tomorrow yesterday today here there everything nothing someone everyone home work school
        """.split(whereSeparator: \.isWhitespace).map(String.init)
    static let nicknames = ["Mom", "Dad", "Grandma", "Grandpa", "Auntie", "Uncle", "Sis", "Bro", "Boss", "Coach"]

    let people: Int
    let seed: UInt64
    /// Person indices of the Quotes users (70%) and of the Change Jar users (80%): half of
    /// everyone uses both.
    let quotesUsers: [Int]
    let changeJarUsers: [Int]
    /// Address-book entries: a few per Quotes user.
    var contactCount: Int { quotesUsers.count * Self.contactsPerUser }
    /// Users, then as many contact-only numbers.
    var everyone: Int { people * 2 }

    init(people: Int, seed: UInt64) {
        self.people = people
        self.seed = seed
        quotesUsers = (0..<people).filter { $0 % 10 < 7 }
        changeJarUsers = (0..<people).filter { $0 % 10 >= 2 }
    }

    // MARK: Records

    func quotesUser(_ index: Int) -> JSONValue {
        let p = quotesUsers[index]
        var members: [(String, JSONValue)] = [
            ("phone", .string(written(p, salt: 1))), ("firstName", .string(firstName(p))), ("lastName", .string(lastName(p))),
            ("locale", .string(country(p).locale)), ("timeZone", .string(timeZone(p))),
        ]
        // Half of those in both apps are joined by email, the other half by phone.
        if p % 10 >= 2, p % 2 == 0 { members.append(("email", .string(email(p, upper: false)))) }
        return object(members)
    }

    func changeJarUser(_ index: Int) -> JSONValue {
        let p = changeJarUsers[index]
        var members: [(String, JSONValue)] = [("email", .string(email(p, upper: p % 3 == 0))), ("name", .string(fullName(p)))]
        if p % 5 != 0 { members.append(("lastVisitAt", .string(timestamp(1_735_689_600 + Int64(random(p, 7) % 10_000_000), p)))) }
        members.append(("locale", .string(country(p).locale)))
        members.append(("timeZone", .string(timeZone(p))))
        if p % 10 < 7, p % 2 == 1 || p % 10 >= 7 { members.append(("phone", .string(written(p, salt: 2)))) }
        return object(members)
    }

    func quote(_ index: Int) -> JSONValue {
        let speaker = anyone(index, salt: 11)
        var hearers: [Int] = []
        let count = 1 + Int(random(index, 12) % 5)
        var attempt = 0
        while hearers.count < count, attempt < 20 {
            let candidate = anyone(index, salt: 13 + UInt64(attempt))
            if candidate != speaker, !hearers.contains(candidate) { hearers.append(candidate) }
            attempt += 1
        }
        let submitter = quotesUsers[Int(random(index, 14) % UInt64(quotesUsers.count))]
        let heardBy: [JSONValue] = hearers.enumerated().map { position, p in
            object([("phone", .string(written(p, salt: UInt64(20 + position)))), ("name", .string(calledName(p, by: index)))])
        }
        return object([
            ("id", .string("q-" + digits(index, 7))),
            ("text", .string(sentence(index, salt: 15, words: 4...14))),
            ("saidBy", object([("phone", .string(written(speaker, salt: 16))), ("name", .string(calledName(speaker, by: index)))])),
            ("heardBy", .array(heardBy)),
            ("when", .string(timestamp(1_577_836_800 + Int64(index) * 300 + Int64(random(index, 17) % 300), index))),
            ("submittedBy", .string(written(submitter, salt: 18))),
        ])
    }

    func contact(_ index: Int) -> JSONValue {
        let owner = quotesUsers[index / Self.contactsPerUser]
        let step = max(1, everyone / Self.contactsPerUser)
        let other = (owner + 1 + (index % Self.contactsPerUser) * step) % everyone
        return object([
            ("owner", .string(written(owner, salt: 30))), ("phone", .string(written(other, salt: 31))),
            ("name", .string(calledName(other, by: index))),
        ])
    }

    func idea(_ index: Int) -> JSONValue {
        let outsider = random(index, 40) % 10 == 0
        let author = changeJarUsers[Int(random(index, 41) % UInt64(changeJarUsers.count))]
        let email = outsider ? "guest\(random(index, 42) % 500)@example.org" : self.email(author, upper: index % 7 == 0)
        let name = outsider ? "Guest \(random(index, 42) % 500)" : fullName(author)
        return object([
            ("id", .string("idea-" + digits(index, 6))),
            ("text", .string(sentence(index, salt: 43, words: 3...12))),
            ("submittedAt", .string(timestamp(1_577_836_800 + Int64(index) * 3_000, index))),
            ("author", object([("email", .string(email)), ("name", .string(name))])),
            ("showName", .bool(index % 3 != 0)),
            ("for", .string(index % 4 == 0 ? "someone" : "self")),
        ])
    }

    func decision(_ index: Int, ideas: Int, quotes: Int) -> JSONValue {
        let item = index % 2 == 0 && ideas > 0 ? "idea-" + digits((index * 7) % ideas, 6) : "q-" + digits((index * 13) % max(quotes, 1), 7)
        var members: [(String, JSONValue)] = [("item", .string(item))]
        switch index % 4 {
        case 0: members.append(("action", .string("archive")))
        case 1: members.append(("action", .string("later"))); members.append(("until", .string("2026-06-01")))
        case 2: members.append(("action", .string("list"))); members.append(("list", .string("Newsletter")))
        default: members.append(("action", .string("delete")))
        }
        members.append(("at", .string(timestamp(1_777_700_000 + Int64(index), index))))
        return object(members)
    }

    // MARK: People

    func country(_ p: Int) -> Country {
        var pick = Int(random(p, 1) % 20)
        for (index, weight) in Self.countryWeights.enumerated() {
            if pick < weight { return Self.countries[index] }
            pick -= weight
        }
        return Self.countries[0]
    }

    func firstName(_ p: Int) -> String { let c = country(p); return c.firstNames[Int(random(p, 2) % UInt64(c.firstNames.count))] }
    func lastName(_ p: Int) -> String { let c = country(p); return c.lastNames[Int(random(p, 3) % UInt64(c.lastNames.count))] }
    func fullName(_ p: Int) -> String { firstName(p) + " " + lastName(p) }
    func timeZone(_ p: Int) -> String { let c = country(p); return c.timeZones[p % c.timeZones.count] }

    func email(_ p: Int, upper: Bool) -> String {
        let local = "user\(p)." + (country(p).locale.hasPrefix("en") ? firstName(p).lowercased() : "x")
        return upper ? local.capitalized + "@Example.COM" : local + "@example.com"
    }

    /// A user or a contact-only person, for quote `index`: users seven times in ten.
    func anyone(_ index: Int, salt: UInt64) -> Int {
        let r = random(index, salt)
        return r % 10 < 7 ? Int((r / 10) % UInt64(people)) : people + Int((r / 10) % UInt64(people))
    }

    func calledName(_ p: Int, by index: Int) -> String {
        random(p &+ index, 50) % 4 == 0 ? Self.nicknames[Int(random(p, 51) % UInt64(Self.nicknames.count))] : firstName(p)
    }

    /// Person `p`'s number, written one of the ways people write numbers (read in region US).
    func written(_ p: Int, salt: UInt64) -> String {
        let c = country(p)
        let national = c.number(p)
        var groups: [String] = []
        var rest = Substring(national)
        for size in c.groups {
            groups.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        if !rest.isEmpty { groups.append(String(rest)) }
        let style = random(p &+ Int(salt) &* 7919, 60) % 6
        if c.callingCode == "1" {
            switch style {
            case 0: return "(\(groups[0])) \(groups[1])-\(groups[2])"
            case 1: return groups.joined(separator: ".")
            case 2: return groups.joined(separator: "-")
            case 3: return "1 " + groups.joined(separator: " ")
            case 4: return "+1 " + groups.joined(separator: " ")
            default: return "+1" + national
            }
        }
        switch style {
        case 0, 1: return "+\(c.callingCode) " + groups.joined(separator: " ")
        case 2: return "00\(c.callingCode) " + groups.joined(separator: "-")
        case 3: return "+\(c.callingCode) (\(c.trunk))" + groups.joined(separator: " ")
        case 4: return "+\(c.callingCode)." + groups.joined(separator: ".")
        default: return "+\(c.callingCode)" + national
        }
    }

    // MARK: Words and times

    func sentence(_ index: Int, salt: UInt64, words range: ClosedRange<Int>) -> String {
        let count = range.lowerBound + Int(random(index, salt) % UInt64(range.count))
        var words: [String] = []
        for k in 0..<count { words.append(Self.words[Int(random(index, salt &+ UInt64(k) &+ 100) % UInt64(Self.words.count))]) }
        let text = words.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// `seconds` written in one of several UTC offsets.
    func timestamp(_ seconds: Int64, _ index: Int) -> String {
        let offsets = [0, -7 * 3600, 2 * 3600, 9 * 3600, -3 * 3600, 5 * 3600 + 1800]
        let offset = offsets[Int(random(index, 70) % UInt64(offsets.count))]
        return isoTimestamp(seconds, offset: offset)
    }

    /// A well-mixed number from the seed, an index and a salt (`mixed`).
    func random(_ index: Int, _ salt: UInt64) -> UInt64 { mixed(seed, index, salt) }

    private func object(_ members: [(String, JSONValue)]) -> JSONValue { jsonObject(members) }
}
