import Foundation
import VantageCore

/// The formatters of one locale and time zone, made once per process and shared by every
/// Localizer and thread that needs them (creating formatters per page costs about a fifth of
/// the render time).
final class LocaleFormatters: Sendable {
    let locale: Locale
    let timeZone: TimeZone
    let calendar: Calendar
    private let short: Date.FormatStyle
    private let medium: Date.FormatStyle
    private let long: Date.FormatStyle
    private let day: Date.FormatStyle
    /// `day` for a date without a time: the calendar day as written (it was read as UTC).
    private let calendarDay: Date.FormatStyle
    private let decimal: FloatingPointFormatStyle<Double>
    /// The whole numbers below `smallIntegerLimit` already formatted: counts on a page are
    /// mostly small, and reading this table takes no lock.
    let smallIntegers: [String]
    static let smallIntegerLimit = 1024
    /// ICU formatters for the number specifiers of catalog strings, by skeleton.
    private let displays = Locked<[String: NumberDisplay]>([:])
    private let languageTag: String

    private init(languageTag: String, timeZone: TimeZone) {
        let locale = Locale(identifier: languageTag)
        // Gregorian, the apps' calendar, unless the tag asks for another (`ja-JP-u-ca-japanese`,
        // `th-TH-u-ca-buddhist`), as iOS shows the calendar chosen in its settings.
        var calendar = Calendar(identifier: LocaleFormatters.requestsCalendar(languageTag) ? locale.calendar.identifier : .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        // The styles' date fields as `Date.FormatStyle(date:time: .shortened)` has them, with the
        // hour as the locale's own short time writes it: Foundation's `.shortened` drops the
        // hour's leading zero where CLDR keeps it (fr, de, en-GB, ru, zh: "04:03", not "4:03").
        let base = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone)
        let hour: Date.FormatStyle.Symbol.Hour = Self.writesTwoDigitHours(languageTag: languageTag)
            ? .twoDigits(amPM: .abbreviated) : .defaultDigits(amPM: .abbreviated)
        short = base.year().month(.defaultDigits).day().hour(hour).minute(.twoDigits)
        medium = base.year().month(.abbreviated).day().hour(hour).minute(.twoDigits)
        long = base.year().month(.wide).day().weekday(.wide).hour(hour).minute(.twoDigits)
        day = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC")!
        calendarDay = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: utc, timeZone: utc.timeZone)
        decimal = FloatingPointFormatStyle<Double>(locale: locale)
        smallIntegers = (0..<LocaleFormatters.smallIntegerLimit).map { [decimal] in decimal.format(Double($0)) }
        listSeparators = Self.listSeparators(locale: locale)
        listPattern = listSeparators.map { JSONWriter.string(.array($0.map(JSONValue.string))) } ?? ""
        self.languageTag = languageTag
    }

    private static let cache = Locked<[String: LocaleFormatters]>([:])

    /// Whether the locale's short time pattern (CLDR's `timeFormats/short`: `HH:mm` in French,
    /// `h:mm a` in American English) writes the hour with two digits.
    static func writesTwoDigitHours(languageTag: String) -> Bool {
        // Pattern letters outside quoted literals ('h' in "HH 'h' mm" is text).
        var fields = ""
        var quoted = false
        for character in ICULocale.shortTimePattern(languageTag) ?? "" {
            if character == "'" { quoted.toggle() } else if !quoted { fields.append(character) }
        }
        return ["HH", "hh", "kk", "KK"].contains { fields.contains($0) }
    }

    /// True when a canonical tag's `-u-` extension names a calendar (`-ca-`).
    static func requestsCalendar(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-")
        guard let unicode = subtags.firstIndex(of: "u") else { return false }
        for subtag in subtags[(unicode + 1)...] {
            if subtag.count == 1 { return false }
            if subtag == "ca" { return true }
        }
        return false
    }

    /// The shared formatters for a normalised language tag and a time zone.
    static func shared(languageTag: String, timeZone: TimeZone) -> LocaleFormatters {
        let key = languageTag + "|" + timeZone.identifier
        return cache.withLock { cache in
            if let formatters = cache[key] { return formatters }
            let formatters = LocaleFormatters(languageTag: languageTag, timeZone: timeZone)
            cache[key] = formatters
            return formatters
        }
    }

    /// An instant in one of the date styles; `now` anchors the relative style.
    func format(_ date: Date, style: DateStyle, now: Date, calendarDay isCalendarDay: Bool = false) -> String {
        switch style {
        case .day: return isCalendarDay ? calendarDay.format(date) : day.format(date)
        case .short: return short.format(date)
        case .medium: return medium.format(date)
        case .long: return long.format(date)
        case .relative:
            let relative = Date.AnchoredRelativeFormatStyle(
                anchor: date, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
            return relative.format(now)
        case .iso:
            let seconds = date.timeIntervalSince1970
            return ISODate.format(seconds, offset: timeZone.secondsFromGMT(for: date))
        }
    }

    /// The instant a day of the calendar (given as its midnight in UTC) starts at in this time
    /// zone: its midnight there, or where a change of offset skips midnight, the first moment
    /// of the day the zone has.
    func startOfDay(calendarDay utcMidnight: Double) -> Double {
        var components = DateComponents()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let day = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: utcMidnight))
        (components.year, components.month, components.day) = (day.year, day.month, day.day)
        var local = Calendar(identifier: .gregorian)
        local.timeZone = timeZone
        guard let date = local.date(from: components) else { return utcMidnight }
        return local.startOfDay(for: date).timeIntervalSince1970
    }

    /// A number with the locale's digits, grouping and decimal separator.
    func format(number: Double) -> String {
        decimal.format(number)
    }

    /// The ICU formatter showing numbers for a printf specifier (see `NumberDisplay.skeleton`).
    func numberDisplay(for specifier: FormatSpecifier?) -> NumberDisplay {
        let skeleton = NumberDisplay.skeleton(for: specifier)
        return displays.withLock { displays in
            if let known = displays[skeleton] { return known }
            let display = NumberDisplay(locale: languageTag, skeleton: skeleton)
            displays[skeleton] = display
            return display
        }
    }

    /// Strings joined as the locale joins "Ana, Ben and Cy".
    func format(list: [String]) -> String {
        list.formatted(.list(type: .and, width: .standard).locale(locale))
    }

    /// What `format(list:)` writes between the names, for the page's scripts to join names as
    /// the pages do: between two names, and after the first, the middle and the next-to-last
    /// of more (`[" and ", ", ", ", ", ", and "]` in American English). A browser's
    /// `Intl.ListFormat` has plain CLDR's data, and the toolchain's ICU Apple's, which differ
    /// (`en-IN`: "Ana, Ben and Cy" against "Ana, Ben, and Cy"). Nil when the locale writes
    /// anything before the first name or after the last: the scripts then use their own.
    let listSeparators: [String]?
    /// `listSeparators` as a JSON array, for a page's `data-list-pattern` (`{{listPattern}}`);
    /// empty when there are none.
    let listPattern: String

    /// `listSeparators` worked out from lists of private-use stand-ins, which no locale's
    /// pattern holds. A name the formatter isolates (Arabic: U+2068 … U+2069 around each) is
    /// taken with its isolates, which the scripts write as an element of its own direction.
    static func listSeparators(locale: Locale) -> [String]? {
        let style = ListFormatStyle<StringStyle, [String]>.list(type: .and, width: .standard).locale(locale)
        func separators(_ count: Int) -> [String]? {
            let names = (0..<count).map { String(UnicodeScalar(0xE000 + UInt32($0))!) }
            var text = Substring(names.formatted(style))
            var found: [String] = []
            for (index, name) in names.enumerated() {
                guard let at = text.range(of: name) else { return nil }
                var before = text[..<at.lowerBound]
                if before.hasSuffix("\u{2068}") { before = before.dropLast() }
                if index == 0 {
                    guard before.isEmpty else { return nil }
                } else {
                    found.append(String(before))
                }
                text = text[at.upperBound...]
                if text.hasPrefix("\u{2069}") { text = text.dropFirst() }
            }
            return text.isEmpty ? found : nil
        }
        guard let two = separators(2), let four = separators(4) else { return nil }
        return two + four
    }
}
