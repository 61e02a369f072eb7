import Foundation

/// Fills a catalog string's specifiers and substitutions with the helper's arguments, choosing
/// plural variations by CLDR category (with Apple's rule that a `zero` case, when present,
/// is used for 0 in every language). The text goes straight into the page's buffer (escaped for
/// templates), without building an intermediate string.
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

    /// The first argument holding a number: what a string's own plural variations follow.
    var firstNumericArgument: Double? {
        for argument in arguments {
            if let number = TranslationBuilder.number(in: argument.value) { return number }
        }
        return nil
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
            return choose(cases[category] ?? cases[.other] ?? cases.first, number: number)
        case .device(let cases):
            return choose(cases["other"] ?? cases.min(by: { $0.key < $1.key })?.value, number: number)
        }
    }

    /// Writes `format`; `substituted` is what `%arg` stands for inside a substitution.
    mutating func expand(
        _ format: FormatString, into output: inout OutputBuffer, substituted: Value? = nil,
        substitutedSpecifier: FormatSpecifier = FormatSpecifier()
    ) {
        for piece in format.pieces {
            switch piece.kind {
            case .literal:
                let pool = escape ? format.escaped : format.plain
                let range = escape ? piece.escapedRange : piece.plainRange
                pool.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[range])) }
            case .argument:
                let index = piece.index != 0 ? piece.index : nextPosition
                if piece.index == 0 { nextPosition += 1 }
                append(argument(at: index), piece.specifier, argumentNumber: index, into: &output)
            case .substitutedArgument:
                guard let substituted else {
                    problems.append("\(describeString) uses %arg outside a substitution")
                    continue
                }
                append(substituted, substitutedSpecifier, argumentNumber: nil, into: &output)
            case .substitution:
                expandSubstitution(named: format.substitutionNames[piece.index], into: &output)
            }
        }
    }

    private mutating func expandSubstitution(named name: String, into output: inout OutputBuffer) {
        guard let substitution = localization?.substitutions[name] else {
            problems.append("\(describeString) refers to substitution '\(name)', which it does not define")
            nextPosition += 1
            return
        }
        var value: Value? = nil
        var named = false
        for argument in arguments where argument.name == name {
            value = argument.value
            named = true
            break
        }
        if !named { value = argument(at: substitution.argumentNumber ?? nextPosition) }
        nextPosition += 1
        guard let value else { return }  // `argument(at:)` has reported it
        let number = TranslationBuilder.number(in: value)
        if number == nil, substitution.specifier.isNumeric {
            problems.append("\(describeString): '\(name)' needs a number, got \(value.kindDescription)")
        }
        if let format = choose(substitution.variant, number: number) {
            expand(format, into: &output, substituted: value, substitutedSpecifier: substitution.specifier)
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

    @inline(__always)
    private func write(_ text: String, into output: inout OutputBuffer) {
        if escape { output.appendEscaped(text) } else { output.append(text) }
    }

    private mutating func append(
        _ value: Value?, _ specifier: FormatSpecifier, argumentNumber: Int?, into output: inout OutputBuffer
    ) {
        guard let value else { return }
        if specifier.isNumeric {
            guard let number = TranslationBuilder.number(in: value) else {
                let what = argumentNumber.map { "argument \($0)" } ?? "the substitution's argument"
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
            let items = elements.map { element -> String in
                if case .number(let number) = element { return localizer.format(number: number) }
                if case .string(let string) = element { return string }
                return ""
            }
            write(localizer.format(list: items), into: &output)
        }
    }

    private func formatted(_ number: Double, _ specifier: FormatSpecifier) -> String {
        switch specifier.conversion {
        case UInt8(ascii: "x"): return String(Int(number), radix: 16)
        case UInt8(ascii: "X"): return String(Int(number), radix: 16, uppercase: true)
        case UInt8(ascii: "o"), UInt8(ascii: "O"): return String(Int(number), radix: 8)
        case UInt8(ascii: "c"), UInt8(ascii: "C"):
            return Unicode.Scalar(UInt32(max(0, number))).map { String(Character($0)) } ?? ""
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return localizer.formatters.format(number: number, fractionDigits: specifier.precision ?? 6)
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"),
            UInt8(ascii: "A"):
            let precision = specifier.precision.map { ".\($0)" } ?? ""
            return String(format: "%" + precision + String(UnicodeScalar(specifier.conversion)), number)
        default:
            return localizer.format(number: number.rounded(.towardZero))
        }
    }
}
