import Foundation

/// What `{{#t}}key …{{/t}}` produced: the text, and anything that went wrong on the way.
struct Translation {
    var text = ""
    /// The key is not in the catalog (or there is no catalog).
    var missingKey = false
    /// Problems with the arguments (strict mode makes the first one an error).
    var problems: [String] = []
}

/// The outcome of looking a key up through the fallback chain.
enum Resolution: Sendable {
    case localization(Localization, language: String)
    /// Untranslated keys stand for themselves (Xcode's rule for entries without a source value,
    /// and for `"shouldTranslate": false`).
    case keyItself(FormatString)
    case missing
}

extension Localizer {
    /// A string from the catalog in this locale, with its format specifiers filled by
    /// `arguments` (in order; a substitution named like an argument takes that argument).
    /// Throws `LocalizationError` for a missing key or unusable arguments.
    public func string(_ key: String, arguments: [(name: String?, value: Value)] = []) throws -> String {
        let translation = translate(key, arguments: arguments)
        if translation.missingKey { throw LocalizationError(message: missingKeyMessage(key)) }
        if let problem = translation.problems.first { throw LocalizationError(message: problem) }
        return translation.text
    }

    func missingKeyMessage(_ key: String) -> String {
        if let catalog { return "no string \(quoted(key)) in \(catalog.file)" }
        return "no string \(quoted(key)): no string catalog was given"
    }

    /// The marker shown in place of a missing string in spec mode.
    static func missingMarker(_ key: String) -> String { "⟦" + key + "⟧" }

    func translate(_ key: String, arguments: [(name: String?, value: Value)]) -> Translation {
        switch resolve(key) {
        case .missing:
            return Translation(text: Localizer.missingMarker(key), missingKey: true)
        case .keyItself(let format):
            var builder = TranslationBuilder(localizer: self, key: key, localization: nil, arguments: arguments)
            builder.expand(format)
            return builder.result
        case .localization(let localization, _):
            var builder = TranslationBuilder(
                localizer: self, key: key, localization: localization, arguments: arguments)
            if let format = builder.choose(localization.variant, number: builder.firstNumericArgument) {
                builder.expand(format)
            }
            return builder.result
        }
    }

    /// Looks a key up along the fallback chain, once per key.
    func resolve(_ key: String) -> Resolution {
        if let known = memo.withLock({ $0.resolutions[key] }) { return known }
        let resolution = computeResolution(key)
        memo.withLock { $0.resolutions[key] = resolution }
        return resolution
    }

    private func computeResolution(_ key: String) -> Resolution {
        guard let catalog, let entry = catalog.entries[key] else { return .missing }
        let keyItself = (try? FormatString(key)) ?? FormatString(literal: key)
        guard entry.shouldTranslate else { return .keyItself(keyItself) }
        for language in lookupChain {
            guard let localization = entry.localizations[language], let variant = localization.variant else { continue }
            if Localizer.isUsable(variant, isSource: language == catalog.sourceLanguage) {
                return .localization(localization, language: language)
            }
        }
        return .keyItself(keyItself)
    }

    /// Empty values never count; a `new` (untranslated) unit counts only in the source language.
    static func isUsable(_ variant: Variant, isSource: Bool) -> Bool {
        switch variant {
        case .unit(let unit): return !unit.value.isEmpty && (isSource || unit.state != "new")
        case .plural(let cases): return cases.values.contains { isUsable($0, isSource: isSource) }
        case .device(let cases): return cases.values.contains { isUsable($0, isSource: isSource) }
        }
    }
}

/// A problem with a localised string (a missing key in strict mode, unusable arguments).
public struct LocalizationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
