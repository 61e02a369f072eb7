import Import
import Render
import Store
import VantageCore

/// The site's handle rule (`Render.SiteHandles`, over `ViewerHandles`) handed to the import,
/// which reads `content/submissions/` with it: the one place that both depend on.
public struct SiteHandleRule: SubmissionHandleRule {
    public init() {}

    public func slug(of name: String) -> String { Slug.fold(name) }

    public func readsAsName(_ name: String) -> Bool { PersonalDataMask.isName(Self.mask.clean(name)) }

    /// Phones and emails by their shapes alone: a name that is one reads as none.
    private static let mask = PersonalDataMask(phones: [], emails: [])

    public func site(people: [HandlePerson], phones: [String], emails: [String]) -> any SubmissionHandleSite {
        Adapter(handles: SiteHandles(people: people.map { person in
            Person(id: person.id, name: person.name, locale: nil, timeZone: nil, hasEmail: false,
                   isQuotesUser: person.isQuotesUser, isChangeJarUser: person.isChangeJarUser, lastVisitAt: nil,
                   hasPhone: person.isQuotesUser,  // unread by the handle rule; the import checks phones itself
                   order: person.order)
        }, mask: PersonalDataMask(phones: phones, emails: emails)))
    }

    private struct Adapter: SubmissionHandleSite {
        let handles: SiteHandles

        func viewer(slug: String) -> Int64? { handles.viewer(slug: slug) }

        func published(_ text: String) -> String { handles.published(text) }

        func part(viewer: Int64, contacts: [Int64: String], quotes: [HandleQuote]) -> SubmissionPart {
            let part = handles.handles(viewer: viewer, contacts: contacts, quotes: quotes.map { quote in
                Quote(id: quote.id, text: "", speakerID: quote.speaker, speakerRecordedName: quote.speakerName, saidAt: DataInstant(microseconds: 0),
                      hearers: quote.hearers.map { Hearer(personID: $0.person, recordedName: $0.name) })
            })
            return SubmissionPart(handles: part.handles, signature: part.signature)
        }
    }
}
