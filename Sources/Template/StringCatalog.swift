import Foundation
import VantageCore

/// An Apple String Catalog (`templates/Localizable.xcstrings`), read as Xcode writes it:
/// `sourceLanguage`, `strings` by key, each with `localizations` by language holding a
/// `stringUnit` (`state`, `value`), `variations` (`plural`, `device`) and `substitutions`
/// (`argNum`, `formatSpecifier`, `variations`). An entry with no localizations (`"Cancel": {}`)
/// stands for itself in the source language; `extractionState` `stale` entries still translate.
public struct StringCatalog: Sendable {
    /// The language the keys and source strings are written in ("en"): as declared, or the
    /// catalog's localization of the same meaning when the source text is under that tag.
    public let sourceLanguage: String
    /// The catalog file as named when loaded, for messages.
    public let file: String
    /// What reading the catalog found but did not refuse: each member name Xcode does not write
    /// where it stands (`"comments"`), once per name, at the first record path met. `vantage
    /// build` and `vantage render` print them.
    public let warnings: [Diagnostic]
    let entries: [String: CatalogEntry]
    /// Every key resolved for a fallback chain, computed once per chain and shared by every
    /// Localizer of that language, so looking a key up takes no lock.
    let resolutionTables = Locked<[[String]: [String: Resolution]]>([:])

    /// Every key, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// Keys Xcode marked `"extractionState": "stale"` (no longer used by the templates), sorted.
    public var staleKeys: [String] { entries.filter { $0.value.extractionState == "stale" }.keys.sorted() }

    /// The languages with at least one string that counts (`isUsable`: not empty, and not
    /// `new` outside the source language; of a key to be translated), sorted, and the source
    /// language. A language whose every unit is untranslated is not one the catalog has: a
    /// viewer of it falls back to the next language, and their pages are in that language
    /// (`lang`, `dir`, formats), not in one their text is not in.
    public let languages: [String]
    /// Fallback chains by viewer tag and device (see `LanguageTag.fallbackChain`), computed once.
    let fallbackChains = Locked<[String: [String]]>([:])
    /// `languages(for:)` by device, computed once.
    let deviceLanguages = Locked<[String: [String]]>([:])

    /// A number no other catalog loaded by this process has, for the keys of caches shared
    /// across Localizers. Not an object's address: a freed catalog's address is reused by the
    /// next one, whose pages would then be served another catalog's memoised strings.
    let identity: UInt64 = StringCatalog.nextIdentity.withLock { next in
        next += 1
        return next
    }
    private static let nextIdentity = Locked<UInt64>(0)

    /// The devices Xcode's String Catalogs vary by (a device variation may also have `other`).
    public static let devices = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision"]

    /// The `extractionState` values Xcode writes for an entry: `manual` (added by hand),
    /// `extracted_with_value` (found in code with a default value), `migrated` (from a
    /// `.strings` or `.stringsdict` file) and `stale` (no longer found); none, for an entry
    /// extracted from code.
    static let extractionStates = ["manual", "extracted_with_value", "migrated", "stale"]

    /// The states Xcode gives a string unit.
    static let states = ["new", "translated", "needs_review", "stale"]

    /// Reads a catalog file.
    public init(path: String) throws {
        // Why, in the words every input file's problem is said in (a folder, a dangling link).
        if let problem = FileCheck.problem(at: path) { throw Diagnostic.error(problem, at: SourceLocation(file: path)) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("cannot read the string catalog", at: SourceLocation(file: path))
        }
        // Xcode writes UTF-8; a catalog saved as UTF-16 would be only stray bytes to the parser.
        if UTF8Check.looksWide(data) { throw Diagnostic.error(UTF8Check.wideMessage, at: SourceLocation(file: path)) }
        try self.init(json: try JSONParser.parse(Array(data), file: path), file: path)
    }

    /// Builds a catalog from parsed JSON; `file` names it in messages.
    public init(json: JSONValue, file: String) throws {
        let reader = CatalogReader(file: file)
        do {
            try self.init(json: json, file: file, reader: reader)
        } catch let error as Diagnostic {
            // The warnings met before the error go with it: an unknown member is often its cause
            // (`"substitution"` for `"substitutions"`, then a name it does not define).
            // (Not a warning about the member the error is about.)
            let warnings = reader.audit.warnings(file: file).filter { $0.location?.recordPath != error.location?.recordPath }
            guard !warnings.isEmpty else { throw error }
            throw DiagnosticList(warnings + [error])
        }
    }

    private init(json: JSONValue, file: String, reader: CatalogReader) throws {
        let root = try reader.object(json, at: "")
        let unknown = reader.members(of: root, .catalog, at: "")
        guard let source = root["sourceLanguage"]?.stringValue, LanguageTagCase.canonical(source) != nil else {
            throw reader.fail("sourceLanguage", "expected the source language's tag, as in \"en\"")
        }
        self.file = file
        var entries: [String: CatalogEntry] = [:]
        if let strings = root["strings"] {
            for (key, value) in try reader.object(strings, at: "strings").members {
                // JSON has "Café" in NFC and in NFD as two names; a template's key finds either
                // (keys compare as Swift text), so which would show is not for the file's order.
                if let earlier = entries.index(forKey: key).map({ entries.keys[$0] }) {
                    throw reader.fail(
                        "strings[\(quoted(key))]",
                        "the same key as \(quoted(earlier)) in other code points (\(CatalogReader.codePoints(key)) and "
                            + "\(CatalogReader.codePoints(earlier))), which a template cannot tell apart; keep one")
                }
                entries[key] = try reader.entry(value, key: key, at: "strings[\(quoted(key))]")
            }
        } else if let unknown {
            // `"string": {…}`: every key of every template would be missing.
            throw reader.fail(
                CatalogReader.member(unknown, of: ""),
                CatalogMemberAudit.unknown(unknown, .catalog) + " in a catalog without strings, which would have no key; "
                    + CatalogLevel.catalog.membersSentence)
        }
        self.entries = entries
        warnings = (reader.versionWarning(in: root).map { [$0] } ?? []) + reader.audit.warnings(file: file)
        let localized = Set(entries.values.flatMap { $0.localizations.keys }).sorted()
        // The source language's text may be under another tag of the same meaning (likely
        // subtags): `"sourceLanguage": "en-US"` with its text under `en`, as the fallback's
        // other steps match. That localization is the source's.
        let declared = LanguageTag.normalize(source)
        let meaning = LanguageTag.meaning(of: declared)
        let sourceLanguage = localized.contains(declared)
            ? declared : localized.first { LanguageTag.meaning(of: $0) == meaning } ?? declared
        self.sourceLanguage = sourceLanguage
        // The source language is one even when no entry has text under it (Xcode leaves the
        // source's entry out wherever the key is its text): its readers' chain must start there,
        // not at another region of it (`en-GB` for an `en` reader).
        // A key not to be translated shows its source text in every language: its other
        // localizations are never shown, so they give the catalog no language (an `ar` viewer
        // of a catalog whose only Arabic is a brand name kept as written read English in a
        // right-to-left page that said `lang="ar"`).
        languages = Self.languages(of: entries, localized: localized, sourceLanguage: sourceLanguage, devices: Self.devices + ["other"])
    }

    /// The languages of `localized` in which some key to be translated has a localization that
    /// counts for one of `devices`, and the source language, sorted.
    private static func languages(
        of entries: [String: CatalogEntry], localized: [String], sourceLanguage: String, devices: [String]
    ) -> [String] {
        Set(localized + [sourceLanguage]).sorted().filter { language in
            language == sourceLanguage || entries.values.contains { entry in
                guard entry.shouldTranslate, let localization = entry.localizations[language] else { return false }
                return devices.contains { counts(localization, isSource: false, device: $0) }
            }
        }
    }

    /// The languages a reader on `device` may read a string in: `languages`, less those whose
    /// every string counts on other devices only (a language with nothing but a `mac` case is
    /// not an iPhone reader's, whose pages would say `lang` of it around the source's text).
    func languages(for device: String) -> [String] {
        if let known = deviceLanguages.withLock({ $0[device] }) { return known }
        let found = Self.languages(of: entries, localized: languages, sourceLanguage: sourceLanguage, devices: [device])
        deviceLanguages.withLock { $0[device] = found }
        return found
    }

    /// Whether a localization counts on a device: its variant and every substitution usable.
    static func counts(_ localization: Localization, isSource: Bool, device: String) -> Bool {
        guard let variant = localization.variant else { return false }
        return isUsable(variant, isSource: isSource, device: device)
            && localization.substitutions.values.allSatisfy { isUsable($0.variant, isSource: isSource, device: device) }
    }

    /// The catalog languages a viewer's tag falls back to on a device, best first, ending with
    /// the source language.
    func fallbackChain(for tag: String, device: String) -> [String] {
        let cacheKey = tag + "|" + device
        if let known = fallbackChains.withLock({ $0[cacheKey] }) { return known }
        let chain = LanguageTag.fallbackChain(for: tag, available: languages(for: device), sourceLanguage: sourceLanguage)
        fallbackChains.withLock { $0[cacheKey] = chain }
        return chain
    }
}

/// One key of the catalog.
struct CatalogEntry: Sendable {
    var extractionState: String?
    /// `"shouldTranslate": false`: every language shows the source language's text (the key
    /// when there is none).
    var shouldTranslate = true
    /// By normalised language tag ("pt-BR").
    var localizations: [String: Localization] = [:]
}

/// A key's content in one language (a class: pages pass it around by reference).
final class Localization: Sendable {
    let variant: Variant?
    let substitutions: [String: Substitution]
    /// What the string's own plural variations follow: the argument of the first number
    /// specifier in its `other` case (then in the other cases), shown with that specifier. As
    /// in Xcode, a plural varies by the string's number argument, not by the first argument that
    /// happens to look like a number.
    let pluralArgument: (position: Int, specifier: FormatSpecifier)?
    /// Whether any of its text may hold inline Markdown.
    let mayHoldMarkdown: Bool

    init(variant: Variant?, substitutions: [String: Substitution]) {
        self.variant = variant
        self.substitutions = substitutions
        pluralArgument = variant.flatMap(Localization.numericUse(in:))
        var markdown = variant.map(Localization.mayHoldMarkdown(in:)) ?? false
        for substitution in substitutions.values { markdown = markdown || Localization.mayHoldMarkdown(in: substitution.variant) }
        mayHoldMarkdown = markdown
    }

    /// The first number specifier of a variant, looking at `other` first.
    static func numericUse(in variant: Variant) -> (position: Int, specifier: FormatSpecifier)? {
        switch variant {
        case .unit(let unit):
            guard unit.value.problem == nil else { return nil }
            for use in unit.value.argumentUses {
                if let specifier = use.specifier, specifier.isNumeric { return (use.position, specifier) }
            }
            return nil
        case .plural(let cases):
            // Each case once (`other` twice made loading exponential in the nesting).
            let ordered = [cases[.other]] + PluralCategory.allCases.filter { $0 != .other }.map { cases[$0] }
            return ordered.lazy.compactMap { $0 }.compactMap(numericUse(in:)).first
        case .device(let cases):
            let ordered = [cases["other"]] + cases.keys.sorted().filter { $0 != "other" }.map { cases[$0] }
            return ordered.lazy.compactMap { $0 }.compactMap(numericUse(in:)).first
        }
    }

    private static func mayHoldMarkdown(in variant: Variant) -> Bool {
        switch variant {
        case .unit(let unit): return unit.value.mayHoldMarkdown
        case .plural(let cases): return cases.values.contains(where: mayHoldMarkdown(in:))
        case .device(let cases): return cases.values.contains(where: mayHoldMarkdown(in:))
        }
    }
}

/// A string unit, or variations of it chosen by plural category or device.
indirect enum Variant: Sendable {
    case unit(StringUnit)
    case plural(PluralCases)
    case device([String: Variant])
}

/// The variations of a string by plural category, in an array indexed by category (choosing
/// one happens once per `{{#t}}`, so it must not hash).
struct PluralCases: Sendable {
    private var cases: [Variant?] = Array(repeating: nil, count: PluralCategory.allCases.count)

    subscript(category: PluralCategory) -> Variant? {
        get { cases[category.index] }
        set { cases[category.index] = newValue }
    }

    /// The first variation present, in CLDR order.
    var first: Variant? { cases.lazy.compactMap { $0 }.first }

    var values: [Variant] { cases.compactMap { $0 } }
}

/// `stringUnit`: a translation and its review state.
struct StringUnit: Sendable {
    var state: String?
    var value: FormatString
}

/// `%#@name@`: an argument shown through its own plural variations.
struct Substitution: Sendable {
    var argumentNumber: Int?
    /// `formatSpecifier`: how the argument is shown for `%arg`, and so which plural category
    /// it has (`.1f` shows 1 as "1.0", which is "other" in English).
    var specifier: FormatSpecifier
    var variant: Variant
}

