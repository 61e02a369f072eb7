import Foundation
import VantageCore

/// A viewer's locale, time zone and the build's "now", with the String Catalog: what the
/// localisation helpers (`t`, `date`, `number`, `andList`, `lang`, `dir`) need. Formatters are
/// shared per locale and time zone, and formatted dates, numbers and plural categories are
/// memoised, so one Localizer can serve every page of a locale from several threads.
public final class Localizer: Sendable {
    /// The BCP 47 tag dates, numbers and plurals are formatted for ("pt-BR"): the viewer's,
    /// or, when the catalog lacks the viewer's language, the language shown with the viewer's
    /// region and extensions (`LanguageTag.shown`).
    public let languageTag: String
    /// The language of the text shown, as `lang` holds it (`LanguageTag.forHTML`: "pt-BR",
    /// "de-DE" for `de-DE-u-nu-arab`; "und" when no language can be told).
    public let htmlLanguage: String
    /// "rtl" when the script of the text shown runs right to left (ar, he, fa, ur; not ar-Latn,
    /// ur-Latn or sd-Deva), from ICU's character orientation; otherwise "ltr".
    public let direction: String
    /// The device whose `variations.device` case strings use ("iphone"; then `other`).
    public let device: String
    /// The IANA time zone dates are shown in ("Asia/Tokyo").
    public let timeZoneIdentifier: String
    /// The instant relative dates are measured from (the build date, never the wall clock).
    public let now: Date
    /// Strict: a missing catalog key is an error; spec: a visible marker and a warning.
    public let mode: TemplateMode
    /// The catalog strings come from, if any.
    public let catalog: StringCatalog?

    let formatters: LocaleFormatters
    let plurals: PluralRules
    /// Catalog languages to try, best first (pt-BR, pt, then the source language; see
    /// `LanguageTag.fallbackChain`).
    public let lookupChain: [String]
    /// The catalog's keys resolved along `lookupChain`.
    let resolutions: [String: Resolution]
    let memo = Locked(Memo())
    /// Renderers' memos between pages (see `PageMemo`).
    let pageMemos: Locked<[PageMemoSlot]>
    /// Dates and lists formatted for any page of this locale, zone, "now" and catalog.
    let sharedMemo: SharedFormatMemo
    private let log = Locked(WarningLog())

    /// Numbers and plural categories outside the small-integer tables, shared by all threads.
    struct Memo {
        var numbers = ScalarMemo<String>(limit: Localizer.memoLimit)
        var categories = ScalarMemo<PluralCategory>(limit: Localizer.memoLimit)
        /// Numbers as catalog strings show them, with their category, by value, specifier and
        /// plural rules.
        var shown = ScalarMemo<(text: String, category: PluralCategory)>(limit: Localizer.memoLimit)
    }

    private struct WarningLog {
        var seen: Set<String> = []
        var warnings: [Diagnostic] = []
    }

    /// Bounds each memo: a site shows a limited set of instants and numbers, but a long-running
    /// caller should not grow without end.
    static let memoLimit = 20_000
    /// Memos kept for renderers running at the same time.
    static let memoPoolLimit = 64

    /// The device strings are shown for unless one is given: the apps are iPhone apps.
    public static let defaultDevice = "iphone"

    /// Creates a Localizer. `locale` is a BCP 47 tag (`pt-BR`, `pt_BR` is accepted; it is
    /// canonicalised, `de-DE-u-NU-Arab` → `de-DE-u-nu-arab`); an unknown `timeZone` falls back
    /// to UTC with a warning that names `timeZoneOrigin` (the option or record it came from).
    /// `device` chooses device variations (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`,
    /// `applevision`, `ipod`), falling back to their `other` case.
    public init(
        catalog: StringCatalog?, locale: String, timeZone: String, now: Date, mode: TemplateMode,
        device: String = Localizer.defaultDevice, timeZoneOrigin: SourceLocation? = nil
    ) {
        let tag = LanguageTag.normalize(locale.isEmpty ? (catalog?.sourceLanguage ?? "en") : locale)
        let device = device.lowercased()
        let chain = catalog?.fallbackChain(for: tag, device: device) ?? [tag]
        // The text is in the chain's first language: when that is not the viewer's, the page is
        // in it, and so are its `lang`, its direction and its formats.
        let shown = catalog == nil ? tag : LanguageTag.shown(viewer: tag, chain: chain)
        languageTag = shown
        htmlLanguage = LanguageTag.forHTML(shown) ?? LanguageTag.forHTML(chain.last ?? "") ?? "und"
        self.device = device
        let zone = TimeZone(identifier: timeZone)
        timeZoneIdentifier = zone?.identifier ?? "UTC"
        self.now = now
        self.mode = mode
        self.catalog = catalog
        formatters = LocaleFormatters.shared(
            languageTag: ICULocale.withDecimalDigits(shown), timeZone: zone ?? TimeZone(identifier: "UTC")!)
        plurals = PluralRules.shared(for: shown)
        lookupChain = chain
        resolutions = catalog?.resolutions(for: lookupChain, device: self.device) ?? [:]
        direction = ICULocale.isRightToLeft(shown) ? "rtl" : "ltr"
        let catalogIdentity = catalog.map { "\($0.identity)" } ?? "none"
        (pageMemos, sharedMemo) = PageMemoPools.pool(
            for: "\(tag)|\(timeZoneIdentifier)|\(now.timeIntervalSince1970.bitPattern)|\(catalogIdentity)|\(self.device)")
        if zone == nil {
            warn(
                Diagnostic.warning(
                    "unknown time zone '\(timeZone)': showing times in UTC", at: timeZoneOrigin))
        }
    }

    /// Warnings collected while rendering in spec mode (missing keys, unusable arguments),
    /// each once, in a stable order.
    public var warnings: [Diagnostic] {
        log.withLock { $0.warnings }.sorted { lhs, rhs in
            let left = (lhs.location?.file ?? "", lhs.location?.line ?? 0, lhs.location?.column ?? 0)
            let right = (rhs.location?.file ?? "", rhs.location?.line ?? 0, rhs.location?.column ?? 0)
            return left != right ? left < right : lhs.message < rhs.message
        }
    }

    /// Records a warning (a repeat of the same warning at the same place is kept once).
    public func warn(_ diagnostic: Diagnostic) {
        log.withLock { log in
            if log.seen.insert(diagnostic.description).inserted { log.warnings.append(diagnostic) }
        }
    }

    /// The CLDR plural category of a number in this locale.
    public func pluralCategory(for number: Double) -> PluralCategory {
        if let small = Localizer.smallInteger(number) { return plurals.smallIntegers[small] }
        if let known = memo.withLock({ $0.categories.value(for: number.bitPattern) }) { return known }
        let category = plurals.category(for: number)
        memo.withLock { $0.categories.set(category, for: number.bitPattern) }
        return category
    }

    /// A number as a catalog string shows it for `specifier`, in this locale, with its plural
    /// category under `rules` (the rules of the language the text is in).
    func show(_ number: Double, specifier: FormatSpecifier?, rules: PluralRules) -> (text: String, category: PluralCategory) {
        let integer = specifier?.isInteger ?? false
        let value = integer ? number.rounded(.towardZero) : number
        if !(specifier?.isFloatingPoint ?? false), let small = Localizer.smallInteger(value) {
            return (formatters.smallIntegers[small], rules.smallIntegers[small])
        }
        let specifierKey = specifier.map { UInt64($0.conversion) | UInt64(($0.precision ?? 255) & 0xFF) << 8 } ?? 0
        let second = rules.serial << 16 | specifierKey
        if let known = memo.withLock({ $0.shown.value(for: value.bitPattern, second) }) { return known }
        let shown = formatters.numberDisplay(for: specifier).format(value, rules: rules)
        memo.withLock { $0.shown.set(shown, for: value.bitPattern, second) }
        return shown
    }

    /// A number as this locale writes it ("1 234,5" in fr).
    public func format(number: Double) -> String {
        if let small = Localizer.smallInteger(number) { return formatters.smallIntegers[small] }
        if let known = memo.withLock({ $0.numbers.value(for: number.bitPattern) }) { return known }
        let text = formatters.format(number: number)
        memo.withLock { $0.numbers.set(text, for: number.bitPattern) }
        return text
    }

    /// Reads an instant the way `{{#date}}` and `vantage render --now` do: Unix seconds written
    /// in decimal ("1777710600", "-86400", "1777710600.5"), or ISO 8601 ("2026-05-02T08:30:00Z",
    /// "2026-05-02T17:30:00+09:00", "2026-05-02"). Nothing else a number parser would take
    /// (`nan`, `1e9`, `0x10`, spaces) is an instant.
    public static func instant(from text: String) -> Date? {
        seconds(from: text).map(Date.init(timeIntervalSince1970:))
    }

    /// `instant(from:)` as Unix seconds.
    static func seconds(from text: String) -> Double? {
        decimal(text) ?? ISODate.parse(text)
    }

    /// A number written as text the way a data file writes one for people: an optional sign,
    /// digits, and a fraction after a point ("3", "-86400", "2.5"). Nothing else a number parser
    /// would take (`nan`, `inf`, `1e999`, `0x10`, spaces) is a number, for dates, `number` and
    /// the arguments of `t` alike.
    static func decimal(_ text: String) -> Double? {
        guard isDecimal(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func isDecimal(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        let whole = digits.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !whole.isEmpty else { return false }
        var rest = digits.dropFirst(whole.count)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        return rest.isEmpty
    }

    /// The index into the small-integer tables, for whole numbers in range.
    @inline(__always)
    static func smallInteger(_ number: Double) -> Int? {
        guard number >= 0, number < Double(LocaleFormatters.smallIntegerLimit) else { return nil }
        let whole = Int(number)
        return Double(whole) == number ? whole : nil
    }

    /// Strings joined as this locale joins "Ana, Ben and Cy".
    public func format(list: [String]) -> String {
        formatters.format(list: list)
    }

    /// Whether `a` sorts before `b` in this locale's alphabetical order (ICU's collation, as
    /// the toolchain's Foundation has it: "apple", "Äpfel", "Zebra" in English, with "Ä" after
    /// "z" in Swedish). Texts the collation holds equal are ordered by their UTF-8 bytes, so that
    /// an order never depends on the order they came in.
    public func sortsBefore(_ a: String, _ b: String) -> Bool {
        switch a.compare(b, options: [], range: nil, locale: formatters.locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
    }

    /// What `format(list:)` writes between names, as a JSON array for the page's scripts
    /// (`{{listPattern}}`; see `LocaleFormatters.listSeparators`); empty when it cannot be told.
    public var listPattern: String { formatters.listPattern }

    /// An instant in a style, in this locale and time zone (memoised per instant and style).
    public func format(date: Date, style: DateStyle) -> String {
        formatters.format(date, style: style, now: now)
    }
}
