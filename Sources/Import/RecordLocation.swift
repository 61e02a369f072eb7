import VantageCore

/// Where a record or one of its fields is: the file as the user named it, the line for JSON
/// Lines, and the record path (`quotes[17].heardBy[0].phone`; for JSON Lines the path inside
/// the line's record, `heardBy[0].phone`).
///
/// Every field read makes a location, and almost none is ever shown: the steps are kept as a
/// chain and the path is spelled out only when asked for (a message, a rejected record).
struct RecordLocation: Sendable {
    /// The file, as named in messages (`content/quotes/export.json`).
    let file: String
    /// The 1-based line of a JSON Lines record.
    let line: Int?
    /// A last step `[element]` after `trail`, kept here rather than as a step of its own (-1:
    /// none): a JSON document's records are each such a location (`users[17]`), and the users
    /// keep theirs until people are merged, which with a step object each was 57 bytes a user
    /// (2.3 MB at 40,000, massif).
    private let element: Int32
    /// The steps from the record's root, last step first; nil for the root.
    private let trail: Trail?

    init(file: String, line: Int? = nil, path: String = "", fieldPattern: String = "") {
        self.file = file
        self.line = line
        element = -1
        trail = path.isEmpty && fieldPattern.isEmpty ? nil : Trail(parent: nil, step: .root(path: path, pattern: fieldPattern))
    }

    private init(file: String, line: Int?, element: Int32 = -1, trail: Trail?) {
        self.file = file
        self.line = line
        self.element = element
        self.trail = trail
    }

    /// The steps, `element` included.
    private var steps: Trail? { element < 0 ? trail : Trail(parent: trail, step: .element(Int(element))) }

    /// The record path; empty for the root of a JSON Lines record.
    var path: String { steps?.spelled(pattern: false) ?? "" }

    /// The path without array indices (`quotes[].heardBy[].phone`), for warning once per field.
    var fieldPattern: String { steps?.spelled(pattern: true) ?? "" }

    /// The element `index` of the array at this path.
    func element(_ index: Int) -> RecordLocation {
        guard let small = Int32(exactly: index) else {
            return RecordLocation(file: file, line: line, trail: Trail(parent: steps, step: .element(index)))
        }
        return RecordLocation(file: file, line: line, element: small, trail: steps)
    }

    /// The member `key` of the object at this path.
    func member(_ key: String) -> RecordLocation {
        RecordLocation(file: file, line: line, trail: Trail(parent: steps, step: .member(key)))
    }

    /// The location for a diagnostic.
    var source: SourceLocation {
        let path = self.path
        return SourceLocation(file: file, line: line, recordPath: path.isEmpty ? nil : path)
    }

    /// The record in words for a message about another record: its path in a JSON document
    /// (`users[3]`, as the message's own location names the file), or for a JSON Lines record,
    /// which has no path, `reference` (`content/quotes/users.jsonl line 4`).
    var place: String { line == nil ? path : reference }

    /// The record in words for another record's message: `content/quotes/export.json
    /// users[3]`, or `content/quotes/users.jsonl line 4`.
    var reference: String {
        let path = self.path
        if let line { return path.isEmpty ? "\(file) line \(line)" : "\(file) line \(line), \(path)" }
        return path.isEmpty ? file : "\(file) \(path)"
    }

    /// An error at this location.
    func error(_ message: String) -> Diagnostic { .error(message, at: source) }

    /// The index, when this is an element of an array (a record of a JSON document).
    var elementIndex: Int? {
        if element >= 0 { return Int(element) }
        if case .element(let index)? = trail?.step { return index }
        return nil
    }
}

/// One step of a record path, linked to the steps before it (immutable, so shared freely).
private final class Trail: Sendable {
    enum Step {
        /// A path given whole, with its field pattern.
        case root(path: String, pattern: String)
        case member(String)
        case element(Int)
    }

    let parent: Trail?
    let step: Step

    init(parent: Trail?, step: Step) {
        self.parent = parent
        self.step = step
    }

    /// The path (`quotes[17].saidBy`), or with `pattern` its indices left out (`quotes[].saidBy`).
    func spelled(pattern: Bool) -> String {
        var steps: [Step] = []
        var node: Trail? = self
        while let current = node {
            steps.append(current.step)
            node = current.parent
        }
        var text = ""
        for step in steps.reversed() {
            switch step {
            case .root(let path, let fieldPattern): text = pattern ? fieldPattern : path
            case .member(let key): text = text.isEmpty ? key : text + "." + key
            case .element(let index): text += pattern ? "[]" : "[\(index)]"
            }
        }
        return text
    }
}
