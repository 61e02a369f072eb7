/// A Swift closure usable as a context value, following the Mustache `~lambdas` module.
///
/// - Interpolated (`{{name}}`), it is called with the empty string; what it returns is parsed
///   as a template with the default delimiters, rendered against the current context, then
///   escaped (or not, for `{{{name}}}`).
/// - As a section (`{{#name}}…{{/name}}`), it is called with the section's unprocessed text;
///   what it returns is parsed with the delimiters in force and rendered in place.
/// - As an inverted section it is truthy, so the section never shows.
///
/// It is called again at every use: results are never cached.
public struct Lambda: Sendable {
    let body: @Sendable (String) -> String

    /// Wraps a closure receiving the raw section text ("" when interpolated).
    public init(_ body: @escaping @Sendable (String) -> String) {
        self.body = body
    }

    /// Calls the closure.
    public func callAsFunction(_ text: String) -> String { body(text) }
}
