import Testing

@testable import Template

/// CLDR cardinal plural categories, checked against a table written once from Python's babel
/// 2.19 (`Locale.parse(tag).plural_form(Decimal(n))`) for 0…30, 100, 101 and 1.5.
@Suite("CLDR plural rules")
struct PluralRulesTests {
    static let numbers: [Double] = (0...30).map(Double.init) + [100, 101, 1.5]

    /// One line per locale, categories in the order of `numbers`.
    static let expectations: [(locale: String, categories: String)] = [
        ("ru", "many one few few few many many many many many many many many many many many many many many many many one few few few many many many many many many many one other"),
        ("ar", "zero one two few few few few few few few few many many many many many many many many many many many many many many many many many many many many other other other"),
        ("pl", "many one few few few many many many many many many many many many many many many many many many many many few few few many many many many many many many many other"),
        ("ja", "other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other"),
        ("en", "other one other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other other"),
    ]

    @Test(arguments: expectations.map(\.locale))
    func categoriesMatchCLDR(_ locale: String) {
        let expected = PluralRulesTests.expectations.first { $0.locale == locale }!.categories.split(separator: " ")
        #expect(expected.count == PluralRulesTests.numbers.count)
        let rules = PluralRules(locale: locale)
        for (number, category) in zip(PluralRulesTests.numbers, expected) {
            #expect(rules.category(for: number).rawValue == category, "\(locale) \(number)")
        }
    }

    /// The smallest count of one or more in each category a count can take, in CLDR's order
    /// (the search page renders its result count once per sample): French and Portuguese reach
    /// `many` only at a million, Russian has no count in `other` (only fractions are), and no
    /// language's `zero` is a count of one or more.
    @Test(arguments: [
        ("en", "one 1, other 2"), ("fr", "one 1, many 1000000, other 2"), ("pt-BR", "one 1, many 1000000, other 2"),
        ("ru", "one 1, few 2, many 5"), ("ar", "one 1, two 2, few 3, many 11, other 100"), ("ja", "other 1"),
        ("pl", "one 1, few 2, many 5"),
    ])
    func countSamplesAreTheSmallestOfEachCategory(_ locale: String, _ expected: String) {
        let samples = PluralRules.countSamples(for: locale)
        #expect(samples.map { "\($0.category.rawValue) \($0.sample)" }.joined(separator: ", ") == expected)
        let rules = PluralRules(locale: locale)
        for sample in samples {
            #expect(rules.category(for: Double(sample.sample)) == sample.category)
            // Smallest: no count below it is in its category.
            #expect(!(1..<min(sample.sample, 1_000)).contains { rules.category(for: Double($0)) == sample.category })
        }
    }

    @Test func regionalTagsUseTheirLanguageRules() {
        #expect(PluralRules(locale: "pt-BR").category(for: 0) == .one)
        #expect(PluralRules(locale: "pt-PT").category(for: 0) == .other)
    }

    @Test func unknownLocalesFallBackToOther() {
        #expect(PluralRules(locale: "zz").category(for: 1) == .other)
    }

    @Test func theLocalizerAppliesAppleZeroRuleOnlyWhenAZeroCaseExists() throws {
        let localizer = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now,
            mode: .strict)
        #expect(localizer.pluralCategory(for: 0) == .other)
        #expect(try localizer.string("comments", arguments: [("count", 0)]) == "No comments")
        #expect(try localizer.string("unread", arguments: [("count", 0), (nil, "Ana")]) == "0 unread quotes for Ana")
    }
}
