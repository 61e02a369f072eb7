import _FoundationICU

/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// CLDR's order: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.index < rhs.index }

    /// The position in CLDR's order.
    var index: Int {
        switch self {
        case .zero: return 0
        case .one: return 1
        case .two: return 2
        case .few: return 3
        case .many: return 4
        case .other: return 5
        }
    }
}

/// CLDR plural rules for one locale, from the ICU inside the toolchain's Foundation.
///
/// `_FoundationICU` is an unsupported, underscored module: this type, `NumberDisplay` and
/// `ICULocale` are the only places that touch it, so it can be replaced without changing
/// anything else.
public final class PluralRules: @unchecked Sendable {
    // ICU's plural rules are immutable once opened and `uplrules_select` is safe to call from
    // several threads, hence @unchecked Sendable.
    let rules: OpaquePointer
    /// Tells rules apart in memo keys.
    let serial: UInt64
    private static let serials = Locked<UInt64>(0)
    /// The locale the rules were opened for ("ru", "pt-BR").
    public let locale: String
    /// Categories of the whole numbers below `LocaleFormatters.smallIntegerLimit`, read without
    /// calling ICU.
    let smallIntegers: [PluralCategory]

    /// Opens the cardinal rules of `locale`; locales ICU does not know get the root rules
    /// (everything is "other").
    public init(locale: String) {
        var status = U_ZERO_ERROR
        let identifier = ICULocale.identifier(locale)
        if let opened = swift_uplrules_open(identifier, &status), status.rawValue <= U_ZERO_ERROR.rawValue {
            rules = opened
        } else {
            var rootStatus = U_ZERO_ERROR
            rules = swift_uplrules_open("", &rootStatus)!
        }
        self.locale = locale
        serial = PluralRules.serials.withLock { count in
            count += 1
            return count
        }
        smallIntegers = (0..<LocaleFormatters.smallIntegerLimit).map { [rules] in
            PluralRules.select(rules, Double($0))
        }
    }

    deinit { swift_uplrules_close(rules) }

    /// The category of a number with no visible fraction digits beyond its own: ru 21 → one,
    /// 22 → few, 5 → many; 1.5 → other. A number shown as "1.0" is "other" in English: use
    /// `NumberDisplay`, which chooses by the digits shown.
    public func category(for number: Double) -> PluralCategory {
        PluralRules.select(rules, number)
    }

    /// The category of a number ICU has formatted (its CLDR operands n, i, v, w, f, t, e come
    /// from the digits shown).
    func category(forFormatted number: OpaquePointer) -> PluralCategory {
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_selectFormatted(rules, number, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: buffer[0..<Int(length)], as: UTF16.self)) ?? .other
    }

    private static func select(_ rules: OpaquePointer, _ number: Double) -> PluralCategory {
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_select(rules, number, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return .other }
        let keyword = String(decoding: buffer[0..<Int(length)], as: UTF16.self)
        return PluralCategory(rawValue: keyword) ?? .other
    }

    private static let cache = Locked<[String: PluralRules]>([:])

    /// One shared instance per locale.
    static func shared(for locale: String) -> PluralRules {
        cache.withLock { cache in
            if let rules = cache[locale] { return rules }
            let rules = PluralRules(locale: locale)
            cache[locale] = rules
            return rules
        }
    }
}

extension PluralRules {
    private static let sampleCache = Locked<[String: [(category: PluralCategory, sample: Int)]]>([:])

    /// For each plural category a count of one or more takes in `locale`, the smallest such count
    /// (1 to 999 and the millions, where French and Portuguese have `many`), in CLDR order: a page
    /// renders a string once per sample, so that a script can show it for any count by choosing the
    /// same category (`Intl.PluralRules`) and putting its own number in place of the sample's
    /// (the search page's result count).
    public static func countSamples(for locale: String) -> [(category: PluralCategory, sample: Int)] {
        sampleCache.withLock { cache in
            if let known = cache[locale] { return known }
            let rules = shared(for: locale)
            var found: [PluralCategory: Int] = [:]
            for number in Array(1..<1_000) + [1_000, 10_000, 100_000, 1_000_000, 2_000_000] where found.count < 6 {
                let category = rules.category(for: Double(number))
                if found[category] == nil { found[category] = number }
            }
            let samples = found.map { (category: $0.key, sample: $0.value) }.sorted { $0.category < $1.category }
            cache[locale] = samples
            return samples
        }
    }
}
