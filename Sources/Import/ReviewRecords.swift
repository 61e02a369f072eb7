import Store
import VantageCore

/// The header of a review file (`reviews/*.json`): who reviewed, and when they exported.
struct ReviewFileHeader {
    static let fields = ["reviewer", "exportedAt", "decisions"]

    let reviewer: String
    let exportedAt: Int64
    /// `exportedAt` to the microsecond, to tell the latest decision.
    let exportedInstant: DataInstant
    let decisions: [JSONValue]

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context,
                                expected: "an object (reviewer, exportedAt, decisions)")
        reviewer = try fields.visibleString("reviewer", expected: "the reviewer's name")
        exportedInstant = try fields.instant("exportedAt")
        exportedAt = exportedInstant.seconds
        decisions = try fields.array("decisions", expected: "an array of decisions")
    }
}

/// One triage decision in a review file.
struct ReviewDecision {
    static let fields = ["item", "action", "until", "list", "at"]
    static let actions = ReviewAction.names

    let location: RecordLocation
    let item: String
    let action: String
    let until: String?
    let list: String?
    let decidedAt: Int64
    /// `at` to the microsecond (the store keeps whole seconds): the latest decision is the one
    /// decided last, fractions included.
    let decidedInstant: DataInstant

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a decision)")
        self.location = location
        item = try fields.recordID("item", expected: "the id of an idea or quote")
        action = try fields.choice("action", Self.actions)
        let until = try fields.optionalString("until", expected: "a date such as \"2026-06-01\"")
        let list = try fields.optionalString("list", expected: "the name of a list")
        if action == "later" {
            guard let until else {
                throw fields.absent("until", expected: "a date such as \"2026-06-01\" (action \"later\" needs one)")
            }
            // A day of the calendar (or an instant: its day as written), shown as a date, so in
            // the years dates are shown for (9999 too: "forever" is often written 9999-12-31). A
            // day starts in the site's zone, up to 14 hours before it starts in UTC: the first day
            // every zone can show is 1583-01-02.
            if let day = Timestamp.calendarDate(until) {
                guard (day.year, day.month, day.day) >= (1583, 1, 2), day.year <= 9999 else {
                    throw location.member("until").error(
                        "expected a date such as \"2026-06-01\" from 1583-01-02 to 9999-12-31, found \(quoted(until))")
                }
            } else {
                do throws(TimestampProblem) {
                    _ = try Timestamp.instant(until)
                } catch {
                    throw location.member("until").error(
                        "expected a date such as \"2026-06-01\" or an instant with an offset, found \(quoted(until)): \(error.reason)")
                }
            }
        } else if until != nil {
            throw location.member("until").error("expected no \"until\" for action \"\(action)\" (only \"later\" has one)")
        }
        if action == "list" {
            guard let list else {
                throw fields.absent("list", expected: "the name of a list (action \"list\" needs one)")
            }
            guard !list.isEmpty else {
                throw location.member("list").error("expected the name of a list (action \"list\" needs one), found an empty string")
            }
            // A name of spaces or of invisible characters names no list the report can show (as
            // for a reviewer's name, and as the review bar refuses it).
            if VisibleText.showsNothing(list) {
                throw location.member("list").error(
                    "expected the name of a list (action \"list\" needs one), found \(quoted(list)), which shows nothing")
            }
        } else if list != nil {
            throw location.member("list").error("expected no \"list\" for action \"\(action)\" (only \"list\" has one)")
        }
        self.until = until
        self.list = list
        decidedInstant = try fields.instant("at")
        decidedAt = decidedInstant.seconds
    }
}
