import Store
import VantageCore

/// A Change Jar idea (`changejar/ideas.json` `ideas[]`, or a line of `changejar/ideas.jsonl`).
struct IdeaRecord {
    static let fields = ["id", "text", "submittedAt", "author", "showName", "for"]
    static let authorFields = ["email", "name"]
    /// DATA.md: 1 to 160 characters (grapheme clusters).
    static let maximumLength = SiteSettings.ideaLimit

    let location: RecordLocation
    let id: String
    let text: String
    let textLength: Int
    let submittedAt: DataInstant
    let authorEmail: String
    let authorName: String
    let showName: Bool
    let forWhom: String

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (an idea)")
        self.location = location
        id = try fields.recordID("id", expected: "the idea's id")
        (text, textLength) = try Self.text(fields, at: location)
        submittedAt = try fields.instant("submittedAt")
        let authorLocation = location.member("author")
        let author = try Fields(
            try fields.required("author", expected: "an object (the author: email and name)"), at: authorLocation,
            known: Self.authorFields, context: context, expected: "an object (the author: email and name)")
        authorEmail = try author.email("email")
        authorName = try author.string("name", expected: "the author's name")
        showName = try fields.bool("showName")
        forWhom = try Self.audience(fields)
    }

    /// An idea's `text`, in an export as in a submissions file, with its length: DATA.md's 1 to
    /// `maximumLength` characters (grapheme clusters), showing something.
    static func text(_ fields: Fields, at location: RecordLocation) throws(Diagnostic) -> (text: String, length: Int) {
        let expected = "the idea (1 to \(maximumLength) characters)"
        let text = try fields.string("text", expected: expected)
        let length = TextNormalization.characterCount(text)
        guard (1...maximumLength).contains(length) else {
            throw location.member("text").error("expected 1 to \(maximumLength) characters, found \(length)")
        }
        try checkVisible(text, expected: expected, at: location.member("text"))
        return (text, length)
    }

    /// An idea's `for`: one of the audiences the store keeps (`IdeaAudience`).
    static func audience(_ fields: Fields) throws(Diagnostic) -> String {
        try fields.choice("for", IdeaAudience.allCases.map(\.rawValue))
    }
}
