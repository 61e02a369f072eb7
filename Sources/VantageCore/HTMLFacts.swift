/// Facts of HTML that more than one part of Vantage reads: the templates (what a translated
/// string may write where its tag stands) and the page checks (what a page may hold). Kept
/// here once, so the two never disagree.
public enum HTMLFacts {
    /// Elements that allow no interactive content inside them, at any depth: a Markdown link
    /// in a string shown there is written as its text, and a link there is a page's error.
    public static let linkFreeElements = ["a", "button", "label", "summary"]

    /// The attributes of an `<input>` that hold its text, which HTML allows one line only for
    /// the input types of one line (`singleLineInputTypes`).
    public static let singleLineInputAttributes = ["value", "placeholder"]

    /// Input types of one line: HTML allows no line break in their `value` or `placeholder`.
    public static let singleLineInputTypes: Set<String> = ["text", "search", "url", "tel", "email", "password"]

    /// Every input type HTML knows; any other `type` (`"hidden "`, with its space) is the text
    /// state, one line like `text`.
    public static let inputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
        "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]

    /// Whether an `<input>` whose `type` is written `type` (nil: none) holds one line of text.
    public static func isSingleLineInput(type: String?) -> Bool {
        guard let type = type?.lowercased(), inputTypes.contains(type) else { return true }
        return singleLineInputTypes.contains(type)
    }
}
