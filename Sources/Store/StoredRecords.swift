/// Rows of the store as plain values, the way the site build reads them. Ids of people are
/// internal (`person.id`) and must never reach the output.

/// A person, merged across the two apps.
public struct StoredPerson: Sendable, Hashable {
    /// Internal id (never shown).
    public var id: Int64
    /// E.164 phone, when known.
    public var phone: String?
    /// Lower-cased email, when known.
    public var email: String?
    /// The name the person chose as a user (Quotes wins over Change Jar); nil for contacts
    /// and idea authors who are not users.
    public var name: String?
    /// BCP 47 locale of a user, when given.
    public var locale: String?
    /// IANA time zone of a user, when given.
    public var timeZone: String?
    /// Registered in Quotes.
    public var isQuotesUser: Bool
    /// Registered in Change Jar.
    public var isChangeJarUser: Bool
    /// Change Jar `lastVisitAt` in Unix seconds; nil: never visited.
    public var lastVisitAt: Int64?

    /// A person has a home in the site when they use either app.
    public var hasHome: Bool { isQuotesUser || isChangeJarUser }

    /// Creates a person value.
    public init(
        id: Int64, phone: String?, email: String?, name: String?, locale: String?, timeZone: String?,
        isQuotesUser: Bool, isChangeJarUser: Bool, lastVisitAt: Int64?
    ) {
        self.id = id
        self.phone = phone
        self.email = email
        self.name = name
        self.locale = locale
        self.timeZone = timeZone
        self.isQuotesUser = isQuotesUser
        self.isChangeJarUser = isChangeJarUser
        self.lastVisitAt = lastVisitAt
    }
}

/// A quote.
public struct StoredQuote: Sendable, Hashable {
    /// The export's id (`q-0001`).
    public var id: String
    /// The words said (NFC).
    public var text: String
    /// The speaker (`person.id`).
    public var saidBy: Int64
    /// The name the submitter had for the speaker.
    public var saidByName: String
    /// When it was said, Unix seconds.
    public var saidAt: Int64
    /// The Quotes user who entered it (`person.id`).
    public var submittedBy: Int64

    /// Creates a value.
    public init(id: String, text: String, saidBy: Int64, saidByName: String, saidAt: Int64, submittedBy: Int64) {
        self.id = id
        self.text = text
        self.saidBy = saidBy
        self.saidByName = saidByName
        self.saidAt = saidAt
        self.submittedBy = submittedBy
    }
}

/// One hearer of a quote.
public struct StoredHearer: Sendable, Hashable {
    /// The quote.
    public var quoteID: String
    /// 0-based place in the export's `heardBy`.
    public var position: Int
    /// The hearer (`person.id`).
    public var personID: Int64
    /// The name the submitter had for the hearer.
    public var name: String

    /// Creates a value.
    public init(quoteID: String, position: Int, personID: Int64, name: String) {
        self.quoteID = quoteID
        self.position = position
        self.personID = personID
        self.name = name
    }
}

/// An idea from Change Jar.
public struct StoredIdea: Sendable, Hashable {
    /// The export's id (`idea-0001`).
    public var id: String
    /// The idea (NFC, 1 to 160 characters).
    public var text: String
    /// `text` in grapheme clusters.
    public var textLength: Int
    /// Unix seconds.
    public var submittedAt: Int64
    /// The author (`person.id`).
    public var authorID: Int64
    /// The name recorded with the idea; must not be shown when `showName` is false.
    public var authorName: String
    /// False: show "Anonymous" and grey the author block out.
    public var showName: Bool
    /// `self` or `someone`.
    public var forWhom: String

    /// Creates a value.
    public init(id: String, text: String, textLength: Int, submittedAt: Int64, authorID: Int64, authorName: String, showName: Bool, forWhom: String) {
        self.id = id
        self.text = text
        self.textLength = textLength
        self.submittedAt = submittedAt
        self.authorID = authorID
        self.authorName = authorName
        self.showName = showName
        self.forWhom = forWhom
    }
}

/// A review decision (the latest per reviewer and item).
public struct StoredReview: Sendable, Hashable {
    /// Who decided (the review file's `reviewer`).
    public var reviewer: String
    /// The idea or quote id.
    public var item: String
    /// `archive`, `delete`, `later` or `list`.
    public var action: String
    /// For `later`: the date given (`2026-06-01`).
    public var until: String?
    /// For `list`: the list's name.
    public var list: String?
    /// The decision's `at`, Unix seconds.
    public var decidedAt: Int64
    /// The review file's `exportedAt`, Unix seconds.
    public var exportedAt: Int64

    /// Creates a value.
    public init(reviewer: String, item: String, action: String, until: String?, list: String?, decidedAt: Int64, exportedAt: Int64) {
        self.reviewer = reviewer
        self.item = item
        self.action = action
        self.until = until
        self.list = list
        self.decidedAt = decidedAt
        self.exportedAt = exportedAt
    }
}

/// The site settings (`site.json` with its defaults applied).
public struct StoredSite: Sendable, Hashable {
    /// The site's title, when given.
    public var title: String?
    /// BCP 47 locale of pages without a viewer locale.
    public var defaultLocale: String
    /// Locales the site's strings are checked for.
    public var locales: [String]
    /// IANA time zone for pages without a viewer time zone.
    public var timeZone: String
    /// ISO 3166 region phone numbers without a country code were read in.
    public var defaultRegion: String
    /// Items per page.
    public var pageSize: Int
    /// `buildDate` from site.json in Unix seconds, when given (see `Database.buildDate`).
    public var buildDate: Int64?

    /// Creates a value.
    public init(title: String?, defaultLocale: String, locales: [String], timeZone: String, defaultRegion: String, pageSize: Int, buildDate: Int64?) {
        self.title = title
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.timeZone = timeZone
        self.defaultRegion = defaultRegion
        self.pageSize = pageSize
        self.buildDate = buildDate
    }
}
