import VantageCore

/// The rows `SiteReader` hands to the site build: plain values, nothing else attached, and
/// privacy-shaped: no phone number or email address is among them (a person's only trace of
/// an email is `hasEmail`). `Person.id` is the store's internal key; it never reaches the output.

/// The site's settings (`site.json`, with defaults filled in by the importer).
public struct SiteSettings: Sendable, Hashable {
    /// The site's title, when one was given.
    public var title: String?
    /// The locale of site-wide pages and of people without one.
    public var defaultLocale: String
    /// The locales the site's strings are checked for.
    public var locales: [String]
    /// The time zone of site-wide pages and of people without one.
    public var timeZone: String
    /// Items per page of every list.
    public var pageSize: Int
    /// `site.json`'s `buildDate` in Unix seconds, when given.
    public var buildDate: Int64?
    /// `site.json`'s `quoteLimit`: the longest quote the Add Quote screen takes, in characters.
    public var quoteLimit: Int = Self.defaultQuoteLimit

    /// DATA.md's defaults, named once for the import (a `site.json` without the member, or no
    /// `site.json`), the store's reader (no `site` row) and the build.
    public static let defaultLocaleTag = "en"
    public static let defaultTimeZone = "UTC"
    public static let defaultPageSize = 50
    public static let defaultQuoteLimit = 280
    /// DATA.md: an idea holds 1 to 160 characters (grapheme clusters), in the export and on the
    /// Submit Idea screen alike.
    public static let ideaLimit = 160
    /// The values `site.json` may give: items per page, and characters per quote.
    public static let pageSizes = 1...10_000
    public static let quoteLimits = 1...100_000

    /// The settings; `locales` defaults to the default locale alone, as the import has it.
    public init(
        title: String? = nil, defaultLocale: String = Self.defaultLocaleTag, locales: [String]? = nil,
        timeZone: String = Self.defaultTimeZone, pageSize: Int = Self.defaultPageSize, buildDate: Int64? = nil
    ) {
        self.title = title
        self.defaultLocale = defaultLocale
        self.locales = locales ?? [defaultLocale]
        self.timeZone = timeZone
        self.pageSize = pageSize
        self.buildDate = buildDate
    }
}

/// One person, merged across the apps. Phone and email are never loaded: only whether an
/// email is on file (for the Settings page).
public struct Person: Sendable, Hashable {
    /// The store's key (internal; never in the output).
    public var id: Int64
    /// The name the person chose (a user of either app); nil for contacts and idea authors.
    public var name: String?
    /// The person's locale, when known.
    public var locale: String?
    /// The person's time zone, when known.
    public var timeZone: String?
    /// True when an email address is on file.
    public var hasEmail: Bool
    /// True when a phone is on file (every Quotes user; a Change Jar user who gave one; a
    /// contact): quotes are said and heard by phones.
    public var hasPhone: Bool
    /// A registered Quotes user.
    public var isQuotesUser: Bool
    /// A Change Jar user.
    public var isChangeJarUser: Bool
    /// When the person last used Change Jar; nil: never.
    public var lastVisitAt: DataInstant?
    /// Where the export names the person among everyone (the order the last import met them):
    /// equal names get their slugs' "-2", "-3" in this order.
    public var order: Int64

    /// People who use either app have a home of their own.
    public var hasHome: Bool { isQuotesUser || isChangeJarUser }

    /// A person value.
    public init(id: Int64, name: String?, locale: String?, timeZone: String?, hasEmail: Bool, isQuotesUser: Bool, isChangeJarUser: Bool, lastVisitAt: DataInstant?,
                hasPhone: Bool, order: Int64? = nil) {
        self.order = order ?? id
        self.id = id
        self.name = name
        self.locale = locale
        self.timeZone = timeZone
        self.hasEmail = hasEmail
        self.isQuotesUser = isQuotesUser
        self.isChangeJarUser = isChangeJarUser
        self.lastVisitAt = lastVisitAt
        self.hasPhone = hasPhone
    }
}

/// Whom an idea is for: the values of an idea record's `for` (`IdeaRecord.audience` reads them).
public enum IdeaAudience: String, Sendable, Hashable, CaseIterable {
    case `self`, someone
}

/// One Change Jar idea.
public struct Idea: Sendable, Hashable {
    /// The id from the export.
    public var id: String
    public var text: String
    public var submittedAt: DataInstant
    /// The author (a person; internal key).
    public var authorID: Int64
    /// The name recorded with the idea.
    public var authorName: String
    /// When false the author is "Anonymous" and their name appears nowhere for this idea.
    public var showName: Bool
    public var audience: IdeaAudience

    /// An idea value.
    public init(id: String, text: String, submittedAt: DataInstant, authorID: Int64, authorName: String, showName: Bool, audience: IdeaAudience) {
        self.id = id
        self.text = text
        self.submittedAt = submittedAt
        self.authorID = authorID
        self.authorName = authorName
        self.showName = showName
        self.audience = audience
    }
}

/// One hearer of a quote, in export order.
public struct Hearer: Sendable, Hashable {
    public var personID: Int64
    /// The name the submitter had for the hearer.
    public var recordedName: String

    /// A hearer value.
    public init(personID: Int64, recordedName: String) {
        self.personID = personID
        self.recordedName = recordedName
    }
}

/// One quote with its hearers.
public struct Quote: Sendable, Hashable {
    /// The id from the export.
    public var id: String
    public var text: String
    public var speakerID: Int64
    /// The name the submitter had for the speaker.
    public var speakerRecordedName: String
    /// The quote's `when`.
    public var saidAt: DataInstant
    public var hearers: [Hearer]

    /// A quote value.
    public init(id: String, text: String, speakerID: Int64, speakerRecordedName: String, saidAt: DataInstant, hearers: [Hearer]) {
        self.id = id
        self.text = text
        self.speakerID = speakerID
        self.speakerRecordedName = speakerRecordedName
        self.saidAt = saidAt
        self.hearers = hearers
    }
}
