import VantageCore

/// Where a record or one of its fields is: the file as the user named it, the line for JSON
/// Lines, and the record path (`quotes[17].heardBy[0].phone`; for JSON Lines the path inside
/// the line's record, `heardBy[0].phone`).
struct RecordLocation: Sendable {
    /// The file, as named in messages (`content/quotes/export.json`).
    let file: String
    /// The 1-based line of a JSON Lines record.
    let line: Int?
    /// The record path; empty for the root of a JSON Lines record.
    let path: String
    /// The path without array indices (`quotes[].heardBy[].phone`), for warning once per field.
    let fieldPattern: String

    init(file: String, line: Int? = nil, path: String = "", fieldPattern: String = "") {
        self.file = file
        self.line = line
        self.path = path
        self.fieldPattern = fieldPattern
    }

    /// The element `index` of the array at this path.
    func element(_ index: Int) -> RecordLocation {
        RecordLocation(file: file, line: line, path: path + "[\(index)]", fieldPattern: fieldPattern + "[]")
    }

    /// The member `key` of the object at this path.
    func member(_ key: String) -> RecordLocation {
        RecordLocation(
            file: file, line: line, path: path.isEmpty ? key : path + "." + key,
            fieldPattern: fieldPattern.isEmpty ? key : fieldPattern + "." + key)
    }

    /// The location for a diagnostic.
    var source: SourceLocation {
        SourceLocation(file: file, line: line, recordPath: path.isEmpty ? nil : path)
    }

    /// The record in words for another record's message: `content/quotes/export.json
    /// users[3]`, or `content/quotes/users.jsonl line 4`.
    var reference: String {
        if let line { return path.isEmpty ? "\(file) line \(line)" : "\(file) line \(line), \(path)" }
        return path.isEmpty ? file : "\(file) \(path)"
    }

    /// An error at this location.
    func error(_ message: String) -> Diagnostic { .error(message, at: source) }
}
