import Store
import VantageCore

/// `site.json` with DATA.md's defaults applied.
struct SiteRecord: Equatable {
    static let fields = ["title", "defaultLocale", "locales", "timeZone", "defaultRegion", "pageSize", "buildDate", "quoteLimit"]

    var title: String? = nil
    var defaultLocale = SiteSettings.defaultLocaleTag
    var locales: [String] = [SiteSettings.defaultLocaleTag]
    var timeZone = SiteSettings.defaultTimeZone
    var defaultRegion = Self.defaultRegionCode
    var pageSize = SiteSettings.defaultPageSize
    var buildDate: Int64? = nil
    /// The longest quote the site's Add Quote screen (and a submissions file) may hold.
    var quoteLimit = SiteSettings.defaultQuoteLimit

    /// DATA.md: the region of phone numbers written without a country code, when site.json
    /// names none.
    static let defaultRegionCode = "US"

    /// The settings when there is no site.json.
    init() {}

    /// Reads the settings; `written` gives a member's value as written in the file, so a
    /// number is echoed as the file has it (`JSONDocument.written`).
    init(
        _ value: JSONValue, at location: RecordLocation, context: ReadContext, written: (String) -> String? = { _ in nil }
    ) throws(Diagnostic) {
        /// What a message says it found for a member's value: a number as written in the file
        /// (`9223372036854775808`, not `9.223372036854776e+18`), else the value's kind.
        func found(_ value: JSONValue, member: String) -> String {
            guard let number = value.numberValue else { return value.kindDescription }
            return JSONParser.shownNumber(written(member) ?? JSONWriter.formatNumber(number))
        }
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (the site settings)")
        // Every page's title ends in it ("Ana Lima · Vantage"): an empty one, or one that shows
        // nothing, would leave "Ana Lima · ". Absent, or null, is the default.
        title = try fields.optionalString("title", expected: "the site's title")
        if let title, title.isEmpty || VisibleText.showsNothing(title) {
            let shown = title.isEmpty ? "an empty string" : "\(quoted(title)), which shows nothing"
            throw location.member("title").error("expected the site's title, found \(shown); leave it out for the default, \"Vantage\"")
        }
        defaultLocale = try fields.optionalLanguageTag("defaultLocale") ?? SiteSettings.defaultLocaleTag
        if let value = fields.optional("locales") {
            guard case .array(let elements) = value else {
                throw location.member("locales").error("expected an array of BCP 47 language tags, found \(value.kindDescription)")
            }
            var locales: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element, let tag = TextNormalization.languageTag(text) else {
                    let found = element.stringValue.map { quoted($0) } ?? element.kindDescription
                    throw location.member("locales").element(index).error(
                        "expected \(Fields.languageTag), found \(found)")
                }
                // A locale written twice (`en`, `EN`) is one locale.
                if !locales.contains(tag) { locales.append(tag) }
            }
            self.locales = locales
        } else {
            locales = [defaultLocale]
        }
        timeZone = try fields.optionalTimeZone("timeZone") ?? SiteSettings.defaultTimeZone
        if let region = try fields.optionalString("defaultRegion", expected: "a region code such as \"US\"") {
            guard let known = PhoneRegion.named(region) else {
                throw location.member("defaultRegion").error(
                    "expected a region code libphonenumber knows (ISO 3166-1 alpha-2, such as \"US\" or \"AR\"; \(PhoneRegion.supportedCodes.count) regions), found \(quoted(region))")
            }
            defaultRegion = known.code
        }
        /// A member that must be a whole number in `range` (of `unit`, for the message), or nil
        /// when absent.
        func wholeNumber(_ member: String, in range: ClosedRange<Int>, of unit: String? = nil) throws(Diagnostic) -> Int? {
            guard let value = fields.optional(member) else { return nil }
            guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
                number <= Double(range.upperBound)
            else {
                let whole = unit.map { "a whole number of \($0)" } ?? "a whole number"
                throw location.member(member).error(
                    "expected \(whole) from \(range.lowerBound) to \(range.upperBound), found \(found(value, member: member))")
            }
            return Int(number)
        }
        if let size = try wholeNumber("pageSize", in: SiteSettings.pageSizes) { pageSize = size }
        // Outside the data's range is outside the build's too: one message, the build's range.
        let outOfRange = { (text: String) in
            location.member("buildDate").error("expected the build's now \(BuildInstant.rangeDescription), found \(quoted(text))")
        }
        buildDate = try fields.optionalInstant("buildDate", outOfRange: outOfRange)?.seconds
        if let buildDate, !BuildInstant.isUsable(buildDate) {
            throw outOfRange(fields.optional("buildDate")?.stringValue ?? "")
        }
        if let limit = try wholeNumber("quoteLimit", in: SiteSettings.quoteLimits, of: "characters") { quoteLimit = limit }
    }
}
