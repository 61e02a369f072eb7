import Foundation
import VantageCore

/// Fills a catalog string's specifiers and substitutions with the helper's arguments, as iOS
/// does:
/// - a tag without arguments shows the string as written (it is never formatted);
/// - positions are the tag's arguments in order; `%n$…` picks one, the others count on;
/// - a string's own plural follows its number argument (`Localization.pluralArgument`), a
///   substitution `%#@name@` its own (the tag's argument named `name`, else `argNum`, else the
///   position written, `%2$#@name@`, else the next one); inside a substitution's variation
///   `%arg` and unpositioned specifiers such as `%.1f` stand for that argument;
/// - the category is that of the number as shown (visible fraction digits count), under the
///   plural rules of the language of the text shown, with Apple's rule that a `zero` case,
///   when present, is used for 0 in every language.
/// The text goes straight into the page's buffer (escaped for templates), without building an
/// intermediate string, unless it may hold inline Markdown: then it is collected as runs and
/// parsed (`markdown`).
struct TranslationBuilder {
    let localizer: Localizer
    let key: String
    let localization: Localization?
    let arguments: [(name: String?, value: Value)]
    /// Escape for HTML (templates) or write plain text (`Localizer.string`).
    let escape: Bool
    /// The rules of the language the string is shown in (not necessarily the viewer's).
    let rules: PluralRules
    let language: String
    /// Whether `language` is the catalog's source language (where `new` units count).
    let isSource: Bool
    private(set) var problems: [String] = []
    /// The parsed Markdown, when the string may hold some (nothing was written then).
    private(set) var markdown: [InlineMarkdown.Node]? = nil
    private var runs: [InlineMarkdown.Run]? = nil
    private var nextPosition = 1

    init(
        localizer: Localizer, key: String, localization: Localization?, language: String,
        arguments: [(name: String?, value: Value)], escape: Bool
    ) {
        self.localizer = localizer
        self.key = key
        self.localization = localization
        self.language = language
        self.isSource = language == (localizer.catalog?.sourceLanguage ?? language)
        self.rules = PluralRules.shared(for: language)
        self.arguments = arguments
        self.escape = escape
    }

    static func number(in value: Value) -> Double? {
        switch value {
        case .number(let number): return number
        case .string(let text): return Localizer.decimal(text)
        default: return nil
        }
    }

    /// Writes a string that stands for itself (a key without a usable localization).
    mutating func write(_ format: FormatString, into output: inout OutputBuffer) {
        begin(markdown: format.mayHoldMarkdown)
        if arguments.isEmpty { writeAsWritten(format, into: &output) } else { expand(format, into: &output) }
        end()
    }

    /// Writes the localization's string.
    mutating func writeLocalization(into output: inout OutputBuffer) {
        guard let localization, let variant = localization.variant else { return }
        begin(markdown: localization.mayHoldMarkdown)
        defer { end() }
        guard !arguments.isEmpty else {
            if case .plural = variant {
                problems.append("\(describeString) varies by plural, but the tag gives no number")
            }
            if let format = choose(variant, category: nil, shownZero: false) { writeAsWritten(format, into: &output) }
            return
        }
        var category: PluralCategory? = nil
        var zero = false
        if case .unit = variant {} else {
            let use = localization.pluralArgument ?? (position: 1, specifier: nil)
            if use.position <= arguments.count, let number = TranslationBuilder.number(in: arguments[use.position - 1].value) {
                category = self.category(of: arguments[use.position - 1].value, number, use.specifier)
                zero = showsZero(number, use.specifier)
            }
        }
        if let format = choose(variant, category: category, shownZero: zero) { expand(format, into: &output) }
    }

    /// The category of an argument shown with a specifier: a number by the digits the
    /// specifier shows; text such as "1.0" given to `%@` by the digits written.
    private func category(of value: Value, _ number: Double, _ specifier: FormatSpecifier?) -> PluralCategory {
        if case .string(let text) = value, !(specifier?.isNumeric ?? false), let written = rules.category(forDecimal: text) {
            return written
        }
        return localizer.show(number, specifier: specifier, rules: rules).category
    }

    /// Whether a number shows as zero for a specifier, by the number shown: `%lld` shows 0.5
    /// as 0, `%.1f` shows 0.04 as 0.0 (the `zero` case follows what the reader sees).
    private func showsZero(_ number: Double, _ specifier: FormatSpecifier?) -> Bool {
        if number == 0 { return true }
        guard let specifier else { return false }
        if specifier.isInteger { return number.rounded(.towardZero) == 0 }
        guard specifier.isFloatingPoint, abs(number) < 1 else { return false }
        let shown = localizer.show(number, specifier: specifier, rules: rules).text
        return shown.unicodeScalars.allSatisfy { $0.properties.numericType != .decimal || $0.properties.numericValue == 0 }
    }

    /// The variation for a category (nil: "other"), the device's case for device variations.
    private func choose(_ variant: Variant?, category: PluralCategory?, shownZero: Bool) -> FormatString? {
        guard let variant else { return nil }
        switch variant {
        case .unit(let unit):
            return unit.value
        case .plural(let cases):
            let device = localizer.device
            let zeroCounts = cases[.zero].map { StringCatalog.isUsable($0, isSource: isSource, device: device) } ?? false
            let wanted = shownZero && zeroCounts ? .zero : (category ?? .other)
            return choose(
                StringCatalog.pluralCase(cases, wanted, isSource: isSource, device: device), category: category,
                shownZero: shownZero)
        case .device(let cases):
            return choose(
                StringCatalog.deviceCase(cases, device: localizer.device, isSource: isSource), category: category,
                shownZero: shownZero)
        }
    }

    /// A string a tag without arguments shows: `100% accurate`, a lone `%`, `%%` all as
    /// written; one that plainly expects arguments is reported (and, when a `%` in it starts no
    /// specifier, that too, so the one message names everything to fix).
    private mutating func writeAsWritten(_ format: FormatString, into output: inout OutputBuffer) {
        if format.expectsArguments {
            var message = "\(describeString) has format specifiers, but the tag gives no arguments"
            if let problem = format.problem {
                message += "; given some, it would not be a valid format string either: \(problem) in \(Localizer.excerpt(format.text))"
                    + " (write a percent sign as %%)"
            }
            problems.append(message)
        }
        writeText(format, into: &output)
    }

    /// Writes a string as written, unformatted.
    private mutating func writeText(_ format: FormatString, into output: inout OutputBuffer) {
        if runs != nil {
            runs!.append(InlineMarkdown.Run(text: format.text, markdown: true))
        } else if escape {
            format.escapedText.withUnsafeBufferPointer { output.append($0) }
        } else {
            output.append(format.text)
        }
    }

    /// The substitution being expanded: its argument and how `%arg` shows it.
    private struct Substituted {
        var value: Value
        var specifier: FormatSpecifier
    }

    /// Writes `format` with the tag's arguments; `substituted` is set inside a substitution.
    private mutating func expand(_ format: FormatString, into output: inout OutputBuffer, substituted: Substituted? = nil) {
        if let problem = format.problem {
            problems.append("\(describeString) is not a valid format string: \(problem) in \(Localizer.excerpt(format.text))")
            writeText(format, into: &output)
            return
        }
        for piece in format.pieces {
            switch piece.kind {
            case .literal:
                if runs != nil {
                    let bytes = format.plain[piece.plainRange]
                    runs!.append(InlineMarkdown.Run(text: String(decoding: bytes, as: UTF8.self), markdown: true))
                    continue
                }
                let pool = escape ? format.escaped : format.plain
                let range = escape ? piece.escapedRange : piece.plainRange
                pool.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[range])) }
            case .argument:
                if piece.position == 0, let substituted {
                    // Xcode writes `%.1f pixels` in a `%.1f` plural as often as `%arg pixels`.
                    append(substituted.value, piece.specifier, argumentNumber: nil, into: &output)
                    continue
                }
                let index = piece.position != 0 ? piece.position : nextPosition
                if piece.position == 0 { nextPosition += 1 }
                append(argument(at: index), piece.specifier, argumentNumber: index, into: &output)
            case .substitutedArgument:
                guard let substituted else {
                    problems.append("\(describeString) uses %arg outside a substitution")
                    continue
                }
                append(substituted.value, substituted.specifier, argumentNumber: nil, into: &output)
            case .substitution:
                expandSubstitution(
                    named: format.substitutionNames[piece.index], position: piece.position, into: &output)
            }
        }
    }

    private mutating func expandSubstitution(named name: String, position: Int, into output: inout OutputBuffer) {
        let sequential = nextPosition
        if position == 0 { nextPosition += 1 }
        // A catalog that loaded defines every name it shows (`CatalogReader.checkReferences`).
        guard let substitution = localization?.substitutions[name] else {
            problems.append("\(describeString) refers to substitution '\(name)', which it does not define")
            return
        }
        let value: Value?
        if let named = arguments.first(where: { $0.name == name }) {
            value = named.value
        } else {
            value = argument(at: substitution.argumentNumber ?? (position != 0 ? position : sequential))
        }
        guard let value else { return }  // `argument(at:)` has reported it
        var category: PluralCategory? = nil
        var zero = false
        if let number = TranslationBuilder.number(in: value) {
            category = self.category(of: value, number, substitution.specifier)
            zero = showsZero(number, substitution.specifier)
        } else if substitution.specifier.isNumeric {
            problems.append("\(describeString): '\(name)' needs a number, got \(value.kindDescription)")
        }
        if let format = choose(substitution.variant, category: category, shownZero: zero) {
            expand(format, into: &output, substituted: Substituted(value: value, specifier: substitution.specifier))
        }
    }

    private mutating func argument(at index: Int) -> Value? {
        guard index >= 1, index <= arguments.count else {
            problems.append("\(describeString) uses argument \(index) but the tag gives \(arguments.count)")
            return nil
        }
        return arguments[index - 1].value
    }

    private var describeString: String { Localizer.describe(key, language: language) }

    private mutating func begin(markdown: Bool) {
        if markdown { runs = [] }
    }

    /// Parses the collected runs, if any.
    private mutating func end() {
        guard let runs else { return }
        markdown = InlineMarkdown.parse(runs)
        self.runs = nil
    }

    /// An argument's text (never Markdown).
    private mutating func write(_ text: String, into output: inout OutputBuffer) {
        if runs != nil {
            runs!.append(InlineMarkdown.Run(text: text, markdown: false))
        } else if escape {
            output.appendEscaped(text)
        } else {
            output.append(text)
        }
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
        case .null, .map, .fields, .lambda: break
        case .bool(let flag): write(flag ? "true" : "false", into: &output)
        case .number(let number): write(localizer.format(number: number), into: &output)
        case .string(let written), .html(let written):
            // Text against the page's direction is isolated (FSI … PDI), as the lists' items
            // are: "Review the quotes ⁨أحمد حسن⁩ sees", not a sentence whose words it reorders;
            // a direction control it opens is closed within it, one it closes opened, so that it
            // can neither reorder the words after it nor end the isolate early.
            write(localizer.inSentence(written), into: &output)
        case .list(let elements):
            let items = elements.map { element -> String in
                if case .number(let number) = element { return localizer.format(number: number) }
                if case .string(let string) = element { return DirectionControls.balanced(string) }
                return ""
            }
            write(localizer.format(list: items), into: &output)
        }
    }

    private func formatted(_ number: Double, _ specifier: FormatSpecifier) -> String {
        guard number.isFinite else { return String(number) }
        // The conversions that need a machine integer (ICU formats the others at any size).
        let integer = abs(number) < 9.0e18 ? Int(number) : nil
        switch specifier.conversion {
        case UInt8(ascii: "x"): return integer.map { String($0, radix: 16) } ?? String(number)
        case UInt8(ascii: "X"): return integer.map { String($0, radix: 16, uppercase: true) } ?? String(number)
        case UInt8(ascii: "o"), UInt8(ascii: "O"): return integer.map { String($0, radix: 8) } ?? String(number)
        case UInt8(ascii: "c"), UInt8(ascii: "C"):
            // A character no page may hold (NUL, a control, past U+10FFFF) is left out, as in the data.
            guard let code = integer, code >= 0, code <= 0x10FFFF else { return "" }
            return Unicode.Scalar(UInt32(code)).flatMap { XMLText.isAllowed($0.value) ? String(Character($0)) : nil } ?? ""
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"),
            UInt8(ascii: "A"):
            let precision = specifier.precision.map { ".\($0)" } ?? ""
            return String(format: "%" + precision + String(UnicodeScalar(specifier.conversion)), number)
        default:
            // d, i, u, f: ICU, the same digits the plural category was chosen for; then the
            // flags (zeros, a sign) in the locale's digits.
            let shown = localizer.show(number, specifier: specifier, rules: rules).text
            let value = specifier.isInteger ? number.rounded(.towardZero) : number
            return specifier.applyingFlags(to: shown, isNegative: value < 0, zero: localizer.format(number: 0).first ?? "0")
        }
    }
}
