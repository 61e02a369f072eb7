import VantageCore

/// A Change Jar user (`changejar/users.json` `users[]`, or a line of `changejar/users.jsonl`).
struct ChangeJarUser {
    static let fields = ["email", "name", "lastVisitAt", "locale", "timeZone", "phone"]

    /// Where the record is: its line, or its element of the document's array (see `PackableRecord`).
    let record: Int
    let email: String
    let name: String
    let lastVisitAt: DataInstant?
    let locale: String?
    let timeZone: String?
    let phone: String?

    /// A user as the store holds it (its file was rejected whole).
    init(stored email: String, name: String, lastVisitAt: DataInstant?, locale: String?, timeZone: String?, phone: String?) {
        self.init(record: 0, email: email, name: name, lastVisitAt: lastVisitAt, locale: locale, timeZone: timeZone, phone: phone)
    }

    init(record: Int, email: String, name: String, lastVisitAt: DataInstant?, locale: String?, timeZone: String?, phone: String?) {
        (self.record, self.email, self.name, self.lastVisitAt) = (record, email, name, lastVisitAt)
        (self.locale, self.timeZone, self.phone) = (locale, timeZone, phone)
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a user)")
        record = location.line ?? location.elementIndex ?? 0
        email = try fields.email("email")
        name = try fields.visibleString("name", expected: "the user's name")
        lastVisitAt = try fields.optionalInstant("lastVisitAt")
        locale = try fields.optionalLanguageTag("locale")
        timeZone = try fields.optionalTimeZone("timeZone")
        phone = try fields.optionalPhone("phone")
    }
}

/// A Quotes user (`quotes/export.json` `users[]`, or a line of `quotes/users.jsonl`).
struct QuotesUser {
    static let fields = ["phone", "firstName", "lastName", "locale", "timeZone", "email"]

    /// Where the record is: its line, or its element of the document's array (see `PackableRecord`).
    let record: Int
    let phone: String
    /// `firstName lastName`, the name the person chose.
    let name: String
    /// Absent in older exports (DATA.md): the Change Jar record's, else the site's, applies.
    let locale: String?
    let timeZone: String?
    let email: String?

    /// A user as the store holds it (its file was rejected whole).
    init(stored phone: String, name: String, locale: String?, timeZone: String?, email: String?) {
        self.init(record: 0, phone: phone, name: name, locale: locale, timeZone: timeZone, email: email)
    }

    init(record: Int, phone: String, name: String, locale: String?, timeZone: String?, email: String?) {
        (self.record, self.phone, self.name, self.locale, self.timeZone, self.email) = (record, phone, name, locale, timeZone, email)
    }

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a user)")
        record = location.line ?? location.elementIndex ?? 0
        phone = try fields.phone("phone")
        let first = try fields.string("firstName", expected: "the user's first name")
        let last = try fields.string("lastName", expected: "the user's last name (may be empty)")
        // A part that shows nothing is no part (" " and "Solo" is "Solo", not "  Solo"). Each
        // part's direction controls are closed in it: an override opened in the first name would
        // otherwise turn the last name round ("Ann htimS").
        let parts = [first, last].filter { !$0.isEmpty && !VisibleText.showsNothing($0) }
        if parts.isEmpty {
            // Named at the first name, with what each part held.
            let firstFound = first.isEmpty ? "an empty string" : "\(quoted(first)), which shows nothing"
            let lastFound = last.isEmpty ? "" : ", and the last name \(quoted(last)) shows nothing"
            throw location.member("firstName").error("expected the user's first name, found \(firstFound)\(lastFound)")
        }
        self.name = parts.map(DirectionControls.balanced).joined(separator: " ")
        locale = try fields.optionalLanguageTag("locale")
        timeZone = try fields.optionalTimeZone("timeZone")
        email = try fields.optionalEmail("email")
    }
}

/// Packed while the users are merged (`PackedRecords`): the text fields in `Field`'s order.
extension ChangeJarUser: PackableRecord {
    enum Field: Int { case email, name, locale, timeZone, phone }

    func pack(into fields: inout PackedFields.Writer) {
        fields.text(email)
        fields.text(name)
        fields.text(locale)
        fields.text(timeZone)
        fields.text(phone)
        fields.integer(lastVisitAt?.microseconds)
    }

    init(record: Int, unpacking fields: inout PackedFields.Reader) {
        let (email, name, locale, timeZone, phone) = (fields.text()!, fields.text()!, fields.text(), fields.text(), fields.text())
        self.init(record: record, email: email, name: name, lastVisitAt: fields.integer().map(DataInstant.init(microseconds:)), locale: locale, timeZone: timeZone, phone: phone)
    }
}

extension QuotesUser: PackableRecord {
    enum Field: Int { case phone, name, locale, timeZone, email }

    func pack(into fields: inout PackedFields.Writer) {
        fields.text(phone)
        fields.text(name)
        fields.text(locale)
        fields.text(timeZone)
        fields.text(email)
    }

    init(record: Int, unpacking fields: inout PackedFields.Reader) {
        let (phone, name, locale, timeZone, email) = (fields.text()!, fields.text()!, fields.text(), fields.text(), fields.text())
        self.init(record: record, phone: phone, name: name, locale: locale, timeZone: timeZone, email: email)
    }
}
