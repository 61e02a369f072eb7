import Foundation
import Testing

@testable import Template

/// Plural categories of numbers as catalog strings show them, for every locale ICU has:
/// whole numbers 0…200 and decimals shown with one and two fraction digits (`%.1f`, `%.2f`),
/// whose visible fraction digits are CLDR's operands v, f and t ("1.0" is "other" in English).
///
/// Two oracles: ICU's own PluralRules given the decimal text itself (so the operands come from
/// the digits written, not from a double), and Python's babel, an independent CLDR
/// implementation (`Locale.plural_form(Decimal("1.0"))`).
@Suite("Plural categories of displayed numbers in every ICU locale")
struct PluralOperandsTests {
    static let wholeNumbers = Array(0...200)
    /// Tenths 0.0…20.0 and 100.0…121.0, hundredths 0.00…3.00 and 20.95…21.05.
    static let oneDigit: [String] = (0...200).map { tenths($0) } + (1000...1210).map { tenths($0) }
    static let twoDigits: [String] = (0...300).map { hundredths($0) } + (2095...2105).map { hundredths($0) }

    static func tenths(_ count: Int) -> String { "\(count / 10).\(count % 10)" }
    static func hundredths(_ count: Int) -> String { "\(count / 100)." + String(format: "%02d", count % 100) }

    static let locales = ICULocale.availableLocales

    @Test func icuHasItsLocales() {
        #expect(PluralOperandsTests.locales.count > 500)
        #expect(PluralOperandsTests.locales.contains("ru") && PluralOperandsTests.locales.contains("ar-EG"))
    }

    /// The product's categories for every ICU locale, computed once for both oracles.
    static let product: [String: [PluralCategory]] = Dictionary(
        uniqueKeysWithValues: locales.map { ($0, computeProductCategories($0)) })

    private static func productCategories(_ locale: String) -> [PluralCategory] {
        product[locale] ?? computeProductCategories(locale)
    }

    /// What the product shows and chooses: `NumberDisplay` (ICU formatting a double for a
    /// specifier, in the locale itself) and the small-integer table.
    private static func computeProductCategories(_ locale: String) -> [PluralCategory] {
        let rules = PluralRules(locale: locale)
        var categories = wholeNumbers.map { rules.smallIntegers[$0] }
        let tenths = NumberDisplay(locale: locale, skeleton: NumberDisplay.skeleton(for: try! FormatSpecifier.parse(".1f")))
        let hundredths = NumberDisplay(
            locale: locale, skeleton: NumberDisplay.skeleton(for: try! FormatSpecifier.parse(".2f")))
        categories += oneDigit.map { tenths.format(Double($0)!, rules: rules).category }
        categories += twoDigits.map { hundredths.format(Double($0)!, rules: rules).category }
        return categories
    }

    @Test func everyLocaleMatchesICUsRulesWithTheFormattedOperands() {
        var mismatches: [String] = []
        for locale in PluralOperandsTests.locales {
            let rules = PluralRules(locale: locale)
            let numbers = PluralOperandsTests.wholeNumbers.map(String.init) + PluralOperandsTests.oneDigit
                + PluralOperandsTests.twoDigits
            let expected = numbers.map { rules.category(forDecimal: $0) }
            for (index, category) in PluralOperandsTests.productCategories(locale).enumerated()
            where category != expected[index] {
                mismatches.append("\(locale) \(numbers[index]): \(category) ≠ \(expected[index].map(\.rawValue) ?? "nil")")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func englishAndRussianCountVisibleFractionDigits() {
        let en = PluralRules(locale: "en")
        #expect(en.category(forDecimal: "1") == .one)
        #expect(en.category(forDecimal: "1.0") == .other)
        let ru = PluralRules(locale: "ru")
        #expect(ru.category(forDecimal: "21") == .one)
        #expect(ru.category(forDecimal: "21.0") == .other)
        #expect(ru.category(forDecimal: "1.5") == .other)
        let fr = PluralRules(locale: "fr")
        #expect(fr.category(forDecimal: "1.5") == .one)
        #expect(en.category(forDecimal: "1e3") == nil)
    }

    /// babel over every ICU locale it knows: categories for the same numbers.
    @Test func everyLocaleMatchesBabel() throws {
        let numbers = PluralOperandsTests.wholeNumbers.map(String.init) + PluralOperandsTests.oneDigit
            + PluralOperandsTests.twoDigits
        let script = """
            import json, sys
            from decimal import Decimal
            from babel import Locale, UnknownLocaleError
            request = json.load(sys.stdin)
            answer = {}
            for tag in request["locales"]:
                try:
                    locale = Locale.parse(tag, sep="-")
                except (UnknownLocaleError, ValueError):
                    continue
                answer[tag] = [locale.plural_form(Decimal(n)) for n in request["numbers"]]
            json.dump(answer, sys.stdout)
            """
        let request = try JSONSerialization.data(withJSONObject: ["locales": PluralOperandsTests.locales, "numbers": numbers])
        let output = try Python.run(script, input: request)
        let answer = try #require(try JSONSerialization.jsonObject(with: output) as? [String: [String]])
        #expect(answer.count > 400, "babel knew only \(answer.count) of ICU's locales")
        // One known difference: ICU (and so iOS) chooses plural rules by language, with pt-PT
        // the only regional exception, while babel follows CLDR's parent locales, so Portuguese
        // in Angola, Mozambique, … gets pt-PT's rules there. The product follows ICU, as the
        // apps do; for those locales babel must agree with the product's pt-PT.
        let portugueseAsInPortugal = PluralOperandsTests.productCategories("pt-PT").map(\.rawValue)
        var mismatches: [String] = []
        var differing: Set<String> = []
        for (locale, categories) in answer.sorted(by: { $0.key < $1.key }) {
            for (index, category) in PluralOperandsTests.productCategories(locale).enumerated()
            where category.rawValue != categories[index] {
                differing.insert(locale)
                if categories != portugueseAsInPortugal {
                    mismatches.append("\(locale) \(numbers[index]): \(category) ≠ babel \(categories[index])")
                }
            }
        }
        #expect(
            differing.sorted() == ["pt-AO", "pt-CH", "pt-CV", "pt-GQ", "pt-GW", "pt-LU", "pt-MO", "pt-MZ", "pt-ST", "pt-TL"])
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}

/// Runs python3 (with the packages of scripts/requirements-test.txt) as a test oracle.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 failed (is babel installed? pip install -r scripts/requirements-test.txt): "
                    + String(decoding: errors, as: UTF8.self))
        }
        return output
    }
}
