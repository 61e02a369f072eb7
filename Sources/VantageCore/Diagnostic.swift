/// Where a problem is: a file plus a line and column (text and JSON syntax) or a record path
/// (`quotes[17].heardBy[0].phone`) for a bad record.
public struct SourceLocation: Sendable, Hashable, Codable {
    /// The file as the user named it (relative paths stay relative, so messages are reproducible).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column in Unicode scalars, when known.
    public var column: Int?
    /// The record path inside the file, when the problem is a record rather than a syntax error.
    public var recordPath: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, recordPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.recordPath = recordPath
    }

    /// `file:line:column`, `file:line`, `file: path` or `file`.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let recordPath { text += ": \(Self.shownPath(recordPath))" }
        return text
    }

    /// A record path as a message shows it: each step (`quotes[17]`, a member's name) cut as
    /// `quoted` cuts data, so that a member named with a million characters (an unknown field,
    /// warned about) is not a line of a megabyte; the path itself (`recordPath`, a rejects file's
    /// `"path"`) stays whole.
    static func shownPath(_ path: String) -> String {
        guard path.utf8.count > 80 else { return path }
        return path.split(separator: ".", omittingEmptySubsequences: false).map { step -> String in
            // An element's index stays after a name that is cut (`kkkk…[3]`).
            var name = Substring(step)
            var indices = ""
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
                  name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy({ $0.isASCII && $0.isNumber }) {
                indices = String(name[open...]) + indices
                name = name[..<open]
            }
            return cutForMessage(String(name)) + indices
        }.joined(separator: ".")
    }
}

/// One finding reported to the user: an error (which fails the command) or a warning.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning, note
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// The offending line of the source, quoted under the message when known (of a long line,
    /// the part around the place, cut with `…`).
    public var sourceLine: String?
    /// Where the caret goes under `sourceLine` (0-based, in characters) when that is not at the
    /// location's column: under an excerpt of a long line.
    public var sourceCaret: Int?

    public init(
        _ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil,
        sourceLine: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    /// Shorthand for an error.
    public static func error(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil)
        -> Diagnostic
    {
        Diagnostic(.error, message, at: location, sourceLine: sourceLine)
    }

    /// Shorthand for a warning.
    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `file:line:column: error: message`, then the quoted line and a caret when known.
    public var description: String {
        var text = ""
        if let location { text += Self.visible(location.description, keepingLineBreaks: false) + ": " }
        text += "\(severity.rawValue): \(Self.visible(message, keepingLineBreaks: true))"
        if var sourceLine {
            var caret = sourceCaret ?? location?.column.map({ $0 - 1 })
            // A long line (a minified template) is quoted around the place, not whole.
            if sourceCaret == nil, let column = location?.column {
                let excerpt = JSONParser.excerpt(sourceLine, around: column)
                sourceLine = excerpt.text
                if let cut = excerpt.caret { caret = cut }
            }
            text += "\n    " + Self.visible(sourceLine, keepingLineBreaks: false)
            if let caret, caret >= 0 {
                text += "\n    " + Self.caretPadding(under: sourceLine, width: caret) + "^"
            }
        }
        return text
    }

    /// `text` with every control character a terminal acts on (C0 but the tab, DEL, C1) shown as
    /// a picture of it, one scalar for one, so that the caret keeps its place: a field name or a
    /// line of an export holding ESC or a line break cannot clear the terminal, or forge a line of
    /// diagnostics in a CI log. A message keeps its own line breaks.
    ///
    /// Bidirectional formatting controls (U+202E turns the rest of a line around in a terminal
    /// or a log viewer that reads direction) and the Unicode line and paragraph separators are
    /// shown as U+FFFD and ␤ likewise: a file or member name holding them cannot disguise a line.
    static func visible(_ text: String, keepingLineBreaks: Bool) -> String {
        func isControl(_ value: UInt32) -> Bool {
            (value < 0x20 && value != 0x09 && !(keepingLineBreaks && value == 0x0A)) || (0x7F...0x9F).contains(value)
                || value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
        }
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if !isControl(value) {
                shown.append(scalar)
            } else if value < 0x20 {
                shown.append(Unicode.Scalar(0x2400 + value)!)  // ␛ for ESC, ␊ for a line feed
            } else if value == 0x7F {
                shown.append("\u{2421}")  // ␡
            } else if value == 0x2028 || value == 0x2029 {
                shown.append("\u{2424}")  // ␤
            } else {
                shown.append("\u{FFFD}")
            }
        }
        return String(shown)
    }

    /// What goes before the caret under the quoted `line`: a tab under each tab of the line's
    /// first `width` characters and a space under anything else, so the caret stands under its
    /// character on any terminal, whatever its tab stops (both lines start at the same indent).
    static func caretPadding(under line: String, width: Int) -> String {
        var padding = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        for _ in 0..<width { padding.append(scalars.next() == "\t" ? "\t" : " ") }
        return String(padding)
    }
}

/// Several diagnostics thrown together, for example every rejected record of an import.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
