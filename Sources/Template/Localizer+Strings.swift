import Foundation
import VantageCore

/// What went wrong while writing `{{#t}}key …{{/t}}`.
struct TranslationOutcome {
    /// The key is not in the catalog (or there is no catalog); the marker was written instead.
    var missingKey = false
    /// Problems with the arguments (strict mode makes the first one an error).
    var problems: [String] = []
    /// The string parsed as inline Markdown, when it held some: nothing was written, the
    /// Renderer writes it through the `markdown/…` templates.
    var markdown: [InlineMarkdown.Node]? = nil
}

extension Localizer {
    /// A string from the catalog in this locale, as plain text: with its format specifiers
    /// filled by `arguments` (in order; a substitution named like an argument takes that
    /// argument), or exactly as written when there are none; inline Markdown's markers dropped.
    /// Throws `LocalizationError` for a missing key or unusable arguments.
    public func string(_ key: String, arguments: [(name: String?, value: Value)] = []) throws -> String {
        var output = OutputBuffer(capacity: 64)
        let outcome = translate(key, arguments: arguments, into: &output, escape: false)
        if outcome.missingKey { throw LocalizationError(message: missingKeyMessage(key)) }
        if let problem = outcome.problems.first { throw LocalizationError(message: problem) }
        return output.string
    }

    /// A string as messages name it: its key and the language it was found in.
    func describe(_ key: String, _ resolution: Resolution) -> String {
        switch resolution {
        case .localization(_, let language): return Localizer.describe(key, language: language)
        case .keyItself, .missing: return "the string \(quoted(key))"
        }
    }

    static func describe(_ key: String, language: String) -> String { "the string \(quoted(key)) (\(language))" }

    /// A catalog value as a message quotes it: whole up to 200 characters, else its first 160
    /// and how much more there is (a 100 KB value once filled the terminal).
    static func excerpt(_ text: String) -> String {
        guard text.count > 200 else { return quoted(text, cutAt: nil) }
        return quoted(String(text.prefix(160)), cutAt: nil) + "… (\(text.count - 160) more characters)"
    }

    func missingKeyMessage(_ key: String) -> String {
        if let catalog { return "no string \(quoted(key)) in \(catalog.file)" }
        return "no string \(quoted(key)): no string catalog was given"
    }

    /// The marker shown in place of a missing string in spec mode.
    static func missingMarker(_ key: String) -> String { "⟦" + key + "⟧" }

    /// Writes the string for `key` (escaped when `escape` is set), or the missing-key marker.
    func translate(
        _ key: String, arguments: [(name: String?, value: Value)], into output: inout OutputBuffer, escape: Bool
    ) -> TranslationOutcome {
        translate(resolve(key), key: key, arguments: arguments, into: &output, escape: escape)
    }

    /// Writes a string already looked up.
    func translate(
        _ resolution: Resolution, key: String, arguments: [(name: String?, value: Value)],
        into output: inout OutputBuffer, escape: Bool, markup: Bool = true
    ) -> TranslationOutcome {
        switch resolution {
        case .missing:
            let marker = Localizer.missingMarker(key)
            if escape { output.appendEscaped(marker) } else { output.append(marker) }
            return TranslationOutcome(missingKey: true)
        case .keyItself(let format):
            var builder = TranslationBuilder(
                localizer: self, key: key, localization: nil, language: catalog?.sourceLanguage ?? languageTag,
                arguments: arguments, escape: escape)
            builder.write(format, into: &output)
            return finish(builder, into: &output, escape: escape, markup: markup)
        case .localization(let localization, let language):
            var builder = TranslationBuilder(
                localizer: self, key: key, localization: localization, language: language, arguments: arguments,
                escape: escape)
            builder.writeLocalization(into: &output)
            return finish(builder, into: &output, escape: escape, markup: markup)
        }
    }

    /// Plain text drops Markdown's markers; escaped text with markup is left to the Renderer,
    /// and without any it is written here.
    private func finish(_ builder: TranslationBuilder, into output: inout OutputBuffer, escape: Bool, markup: Bool)
        -> TranslationOutcome
    {
        var outcome = TranslationOutcome(problems: builder.problems)
        guard let nodes = builder.markdown else { return outcome }
        let hasMarkup = nodes.contains { if case .element = $0 { return true } else { return false } }
        if escape && hasMarkup && markup {
            outcome.markdown = nodes
        } else {
            let text = InlineMarkdown.plainText(nodes)
            if escape { output.appendEscaped(text) } else { output.append(text) }
        }
        return outcome
    }

    /// Looks a key up along the fallback chain (resolved in advance for the chain).
    @inline(__always)
    func resolve(_ key: String) -> Resolution {
        resolutions[key] ?? .missing
    }
}

/// A problem with a localised string (a missing key in strict mode, unusable arguments).
public struct LocalizationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
