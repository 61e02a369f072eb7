import Foundation

/// Fills a catalog string's specifiers and substitutions with the helper's arguments, choosing
/// plural variations by CLDR category (with Apple's rule that a `zero` case, when present,
/// is used for 0 in every language).
/// The text goes straight into the page's buffer (escaped for templates), without building an
/// intermediate string.
struct TranslationBuilder {
    let localizer: Localizer
    let key: String
    let localization: Localization?
    let arguments: [(name: String?, value: Value)]
    /// Escape for HTML (templates) or write plain text (`Localizer.string`).
    let escape: Bool
    private(set) var problems: [String] = []
    private var nextPosition = 1

    init(
        localizer: Localizer, key: String, localization: Localization?, arguments: [(name: String?, value: Value)],
        escape: Bool
    ) {
        self.localizer = localizer
        self.key = key
        self.localization = localization
        self.arguments = arguments
        self.escape = escape
    }

    @inline(__always)
    private func write(_ text: String, into output: inout OutputBuffer) {
        if escape { output.appendEscaped(text) } else { output.append(text) }
    }

    /// The first argument holding a number: what a string's own plural variations follow.
    var firstNumericArgument: Double? {
        arguments.lazy.compactMap { TranslationBuilder.number(in: $0.value) }.first
    }

    static func number(in value: Value) -> Double? {
        switch value {
        case .number(let number): return number
        case .string(let text): return Double(text)
        default: return nil
        }
    }

    /// The variation for a number (or "other" without one).
    func choose(_ variant: Variant?, number: Double?) -> FormatString? {
        guard let variant else { return nil }
        switch variant {
        case .unit(let unit):
            return unit.value
        case .plural(let cases):
            var category = PluralCategory.other
            if let number {
                category = number == 0 && cases[.zero] != nil ? .zero : localizer.pluralCategory(for: number)
            }
            let chosen = cases[category] ?? cases[.other] ?? cases.min(by: { $0.key < $1.key })?.value
            return choose(chosen, number: number)
        case .device(let cases):
            return choose(cases["other"] ?? cases.min(by: { $0.key < $1.key })?.value, number: number)
        }
    }

    mutating func expand(
        _ format: FormatString, into output: inout OutputBuffer,
        substituted: (value: Value?, specifier: FormatSpecifier)? = nil
    ) {
        for (index, segment) in format.segments.enumerated() {
            switch segment {
            case .literal(let literal):
                if escape { output.append(format.escapedLiterals[index]) } else { output.append(literal) }
            case .argument(let position, let specifier):
                let index = position ?? nextPosition
                if position == nil { nextPosition += 1 }
                append(argument(at: index), specifier, describing: "argument \(index)", into: &output)
            case .substitutedArgument:
                guard let substituted else {
                    problems.append("\(describeString) uses %arg outside a substitution")
                    continue
                }
                append(substituted.value, substituted.specifier, describing: "the substitution's argument", into: &output)
            case .substitution(let name):
                expandSubstitution(named: name, into: &output)
            }
        }
    }

    private mutating func expandSubstitution(named name: String, into output: inout OutputBuffer) {
        guard let substitution = localization?.substitutions[name] else {
            problems.append("\(describeString) refers to substitution '\(name)', which it does not define")
            nextPosition += 1
            return
        }
        let value: Value?
        if let named = arguments.first(where: { $0.name == name }) {
            value = named.value
        } else {
            let index = substitution.argumentNumber ?? nextPosition
            value = argument(at: index)
        }
        nextPosition += 1
        guard let value else { return }  // `argument(at:)` has reported it

        let number = TranslationBuilder.number(in: value)
        if number == nil, substitution.specifier.isNumeric {
            problems.append("\(describeString): '\(name)' needs a number, got \(value.kindDescription)")
        }
        if let format = choose(substitution.variant, number: number) {
            expand(format, into: &output, substituted: (value, substitution.specifier))
        }
    }

    private mutating func argument(at index: Int) -> Value? {
        guard index >= 1, index <= arguments.count else {
            problems.append("\(describeString) uses argument \(index) but the tag gives \(arguments.count)")
            return nil
        }
        return arguments[index - 1].value
    }

    private var describeString: String {
        "the string \(quoted(key)) (\(localizer.languageTag))"
    }

    private mutating func append(
        _ value: Value?, _ specifier: FormatSpecifier, describing what: String, into output: inout OutputBuffer
    ) {
        guard let value else { return }
        if specifier.isNumeric {
            guard let number = TranslationBuilder.number(in: value) else {
                problems.append("\(describeString): \(what) needs a number, got \(value.kindDescription)")
                return
            }
            write(formatted(number, specifier), into: &output)
            return
        }
        switch value {
        case .null, .map, .lambda: break
        case .bool(let flag): write(flag ? "true" : "false", into: &output)
        case .number(let number): write(localizer.format(number: number), into: &output)
        case .string(let string), .html(let string): write(string, into: &output)
        case .list(let elements):
            write(localizer.format(list: elements.map { element in
                if case .number(let number) = element { return localizer.format(number: number) }
                if case .string(let string) = element { return string }
                return ""
            }), into: &output)
        }
    }

    private func formatted(_ number: Double, _ specifier: FormatSpecifier) -> String {
        switch specifier.conversion {
        case "x": return String(Int(number), radix: 16)
        case "X": return String(Int(number), radix: 16, uppercase: true)
        case "o", "O": return String(Int(number), radix: 8)
        case "c", "C": return Unicode.Scalar(UInt32(max(0, number))).map { String(Character($0)) } ?? ""
        case "f", "F":
            return localizer.formatters.format(number: number, fractionDigits: specifier.precision ?? 6)
        case "e", "E", "g", "G", "a", "A":
            return String(format: "%" + (specifier.precision.map { ".\($0)" } ?? "") + String(specifier.conversion), number)
        default:
            return localizer.format(number: number.rounded(.towardZero))
        }
    }
}
