import VantageCore

/// How a template library treats what is missing.
public enum TemplateMode: Sendable {
    /// The Mustache specification: a missing variable or partial renders as the empty string,
    /// a missing catalog key as a visible marker plus a warning.
    case spec
    /// The site build: a missing variable, partial, parent or catalog key is an error.
    case strict
}

/// A template problem: a syntax error found while compiling, or a failure while rendering
/// (strict mode). Names the template file, the line and column, and quotes the line.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template file as loaded ("templates/layout.mustache"), or its name when in memory.
    public var template: String
    /// 1-based line of the tag at fault (0 when the problem is the template as a whole, such
    /// as a name that is not in the library).
    public var line: Int
    /// 1-based column (in characters) of the tag at fault (0 with line 0).
    public var column: Int
    /// What is wrong and, where it helps, what was expected.
    public var message: String
    /// The text of the line, without its line break.
    public var sourceLine: String

    /// Creates an error at a position.
    public init(template: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// The same problem as a diagnostic, for the command line and the build's report.
    public var diagnostic: Diagnostic {
        guard line > 0 else { return Diagnostic.error(message, at: SourceLocation(file: template)) }
        return Diagnostic.error(
            message, at: SourceLocation(file: template, line: line, column: column), sourceLine: sourceLine)
    }

    /// `file:line:column: error: message`, the quoted line and a caret.
    public var description: String { diagnostic.description }
}
