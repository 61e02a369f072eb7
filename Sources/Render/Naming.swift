import Store

/// DATA.md's naming rule: how person P is named on a page viewer V sees.
/// 1. P is a registered Quotes user: the name P chose (a Change Jar-only user's name does
///    not count: the content's README makes this explicit).
/// 2. else V's own address book has an entry for P: that name.
/// 3. else the name recorded with the quote (or idea) being shown; for a heading tied to no
///    single quote, the name recorded with the most recent quote V sees that mentions P
///    (`latestRecordedNames`).
///
/// The whole rule is here; the store only hands over the recorded names.
public struct Naming: Sendable {
    /// Names registered Quotes users chose, by person id.
    let chosenNames: [Int64: String]
    /// The viewer's address book, by person id.
    let contacts: [Int64: String]
    /// True when every chosen name is known to read as a name (`SiteModel.chosenNames` are
    /// checked once per build): then rule 1 takes a chosen name without asking again.
    private let chosenNamesChecked: Bool
    /// The address book's names that read as names (asked once per viewer, not once per use).
    private let contactNames: [Int64: String]

    public init(chosenNames: [Int64: String], contacts: [Int64: String]) {
        self.init(chosenNames: chosenNames, checked: false, contacts: contacts)
    }

    /// `checked`: every one of `chosenNames` passed `PersonalDataMask.isName` already.
    init(chosenNames: [Int64: String], checked: Bool, contacts: [Int64: String]) {
        self.chosenNames = chosenNames
        self.contacts = contacts
        chosenNamesChecked = checked
        contactNames = contacts.filter { PersonalDataMask.isName($0.value) }
    }

    /// The naming of the site's people as `viewer`'s address book has them.
    init(site: SiteModel, contacts: [Int64: String]) {
        self.init(chosenNames: site.chosenNames, checked: true, contacts: contacts)
    }

    /// The name of `person` as the viewer sees it, falling back to `recorded`. A name that is
    /// a phone or an email (`PersonalDataMask.isName`) counts as no name: the next rule
    /// applies, and when none is left, the unknown person's marker (shown as the catalog's
    /// `person.unknown`, slugged as `person`).
    public func name(of person: Int64, recorded: String) -> String {
        if let chosen = chosenNames[person], chosenNamesChecked || PersonalDataMask.isName(chosen) { return chosen }
        if let contact = contactNames[person] { return contact }
        return PersonalDataMask.isName(recorded) ? recorded : PersonalDataMask.unknownName
    }

    /// The name `idea` shows as its author's, or nil when the author asked not to be named
    /// (`showName` false): then their name appears nowhere for it, on a page or in an index.
    func author(of idea: Idea) -> String? {
        idea.showName ? name(of: idea.authorID, recorded: idea.authorName) : nil
    }

    /// The name a viewer's own part gives them: their home's name, or when that is no name (a
    /// chosen name that is only a phone or an email) the next rules, as for anyone else: their
    /// own address book's name for themselves, then the name recorded with the most recent quote
    /// they see that mentions them (`latestRecorded`), else the unknown person.
    func ownName(of home: SiteModel.Home, latestRecorded: [Int64: String]) -> String {
        guard home.name == PersonalDataMask.unknownName else { return home.name }
        return name(of: home.person.id, recorded: latestRecorded[home.person.id] ?? "")
    }

    /// Rule 3 for headings: per person, the name recorded with the most recent of `quotes`
    /// (newest first, as the store reads them) that mentions them, as speaker or hearer.
    static func latestRecordedNames(in quotes: [Quote]) -> [Int64: String] {
        var names: [Int64: String] = [:]
        // Newest first, so the first mention of a person is the most recent.
        for quote in quotes {
            if names[quote.speakerID] == nil { names[quote.speakerID] = quote.speakerRecordedName }
            for hearer in quote.hearers where names[hearer.personID] == nil { names[hearer.personID] = hearer.recordedName }
        }
        return names
    }
}
