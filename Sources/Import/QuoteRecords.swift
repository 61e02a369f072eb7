import VantageCore

/// One contact in a quote: a phone number and the name the submitter had for it.
struct QuoteContact {
    static let fields = ["phone", "name"]

    let phone: String
    let name: String

    init(phone: String, name: String) {
        self.phone = phone
        self.name = name
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context,
                                expected: "an object (a contact: phone and name)")
        phone = try fields.phone("phone")
        name = try fields.string("name", expected: "the contact's name")
    }
}

/// A quote (`quotes/export.json` `quotes[]`, or a line of `quotes/quotes.jsonl`).
struct QuoteRecord {
    static let fields = ["id", "text", "saidBy", "heardBy", "when", "submittedBy"]

    let id: String
    let text: String
    let saidBy: QuoteContact
    let heardBy: [QuoteContact]
    let saidAt: DataInstant
    let submittedBy: String

    init(id: String, text: String, saidBy: QuoteContact, heardBy: [QuoteContact], saidAt: DataInstant, submittedBy: String) {
        self.id = id
        self.text = text
        self.saidBy = saidBy
        self.heardBy = heardBy
        self.saidAt = saidAt
        self.submittedBy = submittedBy
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a quote)")
        id = try fields.recordID("id", expected: "the quote's id")
        text = try fields.visibleString("text", expected: "the words said")
        let contact = "an object (a contact: phone and name)"
        saidBy = try QuoteContact(try fields.required("saidBy", expected: contact), at: location.member("saidBy"), context: context)
        let hearers = try fields.array("heardBy", expected: "an array of one or more contacts")
        if hearers.isEmpty {
            throw location.member("heardBy").error("expected an array of one or more contacts, found an empty array")
        }
        var heardBy: [QuoteContact] = []
        heardBy.reserveCapacity(hearers.count)
        let heardByLocation = location.member("heardBy")
        for (index, hearer) in hearers.enumerated() {
            heardBy.append(try QuoteContact(hearer, at: heardByLocation.element(index), context: context))
        }
        // Each phone's first place, by a dictionary (a look across the list before each was
        // quadratic in the hearers).
        var firstPlace: [String: Int] = [:]
        for index in heardBy.indices {
            if let first = firstPlace[heardBy[index].phone] {
                throw heardByLocation.element(index).member("phone").error(
                    "expected each hearer once, found \(heardBy[index].phone) again (also heardBy[\(first)])")
            }
            firstPlace[heardBy[index].phone] = index
        }
        self.heardBy = heardBy
        saidAt = try fields.instant("when")
        submittedBy = try fields.phone("submittedBy")
    }
}

extension QuoteRecord {
    /// DATA.md: a quote is 1 to `quoteLimit` characters (site.json, default 280), in the apps'
    /// exports as in the site's submissions; counted as a reader sees them (grapheme clusters).
    /// A text of no more bytes than the limit is within it without counting (a character is at
    /// least one byte), which is nearly every quote.
    static func checkLength(_ text: String, limit: Int, at location: RecordLocation) throws(Diagnostic) {
        if !text.isEmpty, text.utf8.count <= limit { return }
        let length = TextNormalization.characterCount(text)
        guard (1...limit).contains(length) else {
            throw location.error("expected 1 to \(limit) characters (site.json quoteLimit), found \(length)")
        }
    }
}

/// An address-book entry of a registered Quotes user (`quotes/export.json` `contacts[]`, or a
/// line of `quotes/contacts.jsonl`).
struct ContactRecord {
    static let fields = ["owner", "phone", "name"]

    let location: RecordLocation
    let owner: String
    let phone: String
    let name: String

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context,
                                expected: "an object (a contact: owner, phone and name)")
        self.location = location
        owner = try fields.phone("owner")
        phone = try fields.phone("phone")
        name = try fields.string("name", expected: "the contact's name")
    }
}
