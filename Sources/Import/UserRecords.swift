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
    let locale: String
    let timeZone: String
    let email: String?

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a user)")
        self.location = location
        phone = try fields.phone("phone")
        let first = try fields.string("firstName", expected: "the user's first name")
        let last = try fields.string("lastName", expected: "the user's last name (may be empty)")
        let name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
        if name.isEmpty { throw location.member("firstName").error("expected the user's first name, found an empty string") }
        self.name = name
        locale = try fields.languageTag("locale")
        timeZone = try fields.timeZone("timeZone")
        email = try fields.optionalEmail("email")
    }
}
