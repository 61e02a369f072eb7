import Import
import Store

/// The handle rule handed to the import (`ImportOptions.handles`): resolves a submissions
/// file's handles with `ViewerHandles`, the code that wrote them into the site, over the
/// people, address book and quotes the import has at that point, cleaned the way the build
/// cleans them.
public struct SiteHandleRule: SubmissionHandleRule {
    public init() {}

    public func site(people: [HandlePerson]) -> any SubmissionHandleSite {
        let people = people.map { person in
            Person(id: person.id, name: person.name, locale: nil, timeZone: nil, hasEmail: false,
                   isQuotesUser: person.isQuotesUser, isChangeJarUser: person.isChangeJarUser, lastVisitAt: nil)
        }
        return SiteHandles(model: SiteModel(settings: SiteSettings(), now: 0, people: people, ideas: []))
    }
}

/// The homes of one import, for resolving any viewer's handles.
struct SiteHandles: SubmissionHandleSite {
    let model: SiteModel

    func viewer(slug: String) -> Int64? {
        model.homes.first { $0.slug == slug }?.person.id
    }

    func handles(viewer: Int64, contacts: [Int64: String], quotes: [HandleQuote]) -> [String: (person: Int64, name: String)] {
        guard let home = model.homes.first(where: { $0.person.id == viewer }) else { return [:] }
        let naming = Naming(chosenNames: model.chosenNames, contacts: contacts.mapValues(XMLText.clean))
        let quotes = quotes.map { quote in
            ViewerPages.cleaned(Quote(
                id: quote.id, text: "", speakerID: quote.speaker, speakerRecordedName: quote.speakerName,
                saidAt: 0, hearers: quote.hearers.map { Hearer(personID: $0.person, recordedName: $0.name) }))
        }
        let handles = ViewerHandles(site: model, viewer: home, naming: naming, quotes: quotes)
        var table: [String: (person: Int64, name: String)] = [:]
        for entry in handles.entries { table[entry.handle] = (entry.id, entry.name) }
        return table
    }
}
