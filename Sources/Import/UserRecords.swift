import VantageCore

/// A Change Jar user (`changejar/users.json` `users[]`, or a line of `changejar/users.jsonl`).
struct ChangeJarUser {
    static let fields = ["email", "name", "lastVisitAt", "locale", "timeZone", "phone"]

    let location: RecordLocation
    let email: String
    let name: String
    let lastVisitAt: Int64?
    let locale: String?
    let timeZone: String?
    let phone: String?

    /// A user as the store holds it (its file was rejected whole).
    init(stored location: RecordLocation, email: String, name: String, lastVisitAt: Int64?, locale: String?, timeZone: String?,
         phone: String?) {
        (self.location, self.email, self.name, self.lastVisitAt) = (location, email, name, lastVisitAt)
        (self.locale, self.timeZone, self.phone) = (locale, timeZone, phone)
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a user)")
        self.location = location
        email = try fields.email("email")
        name = try fields.nonEmptyString("name", expected: "the user's name")
        lastVisitAt = try fields.optionalInstant("lastVisitAt")
        locale = try fields.optionalLanguageTag("locale")
        timeZone = try fields.optionalTimeZone("timeZone")
        phone = try fields.optionalPhone("phone")
    }
}

/// A Quotes user (`quotes/export.json` `users[]`, or a line of `quotes/users.jsonl`).
struct QuotesUser {
    static let fields = ["phone", "firstName", "lastName", "locale", "timeZone", "email"]

    let location: RecordLocation
    let phone: String
    /// `firstName lastName`, the name the person chose.
    let name: String
    /// Absent in older exports (DATA.md): the Change Jar record's, else the site's, applies.
    let locale: String?
    let timeZone: String?
    let email: String?

    /// A user as the store holds it (its file was rejected whole).
    init(stored location: RecordLocation, phone: String, name: String, locale: String?, timeZone: String?, email: String?) {
        (self.location, self.phone, self.name, self.locale, self.timeZone, self.email) = (location, phone, name, locale, timeZone, email)
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a user)")
        self.location = location
        phone = try fields.phone("phone")
        let first = try fields.string("firstName", expected: "the user's first name")
        let last = try fields.string("lastName", expected: "the user's last name (may be empty)")
        let name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
        if name.isEmpty { throw location.member("firstName").error("expected the user's first name, found an empty string") }
        self.name = name
        locale = try fields.optionalLanguageTag("locale")
        timeZone = try fields.optionalTimeZone("timeZone")
        email = try fields.optionalEmail("email")
    }
}
