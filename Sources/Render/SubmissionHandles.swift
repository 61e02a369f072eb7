import Store

/// The handle rule as the import needs it for `content/submissions/` (the command line adapts
/// it to `Import.SubmissionHandleRule`, so Render does not depend on Import): resolves a
/// submissions file's handles with `ViewerHandles`, the code that wrote them into the site,
/// over the people, address book and quotes the import has at that point, cleaned the way
/// the build cleans them.
public struct SiteHandles: Sendable {
    let model: SiteModel

    /// The homes of `people` (every person of the store, or of the import so far), their names
    /// masked as the build masks them (`mask` knows the same people's phones and emails).
    public init(people: [Person], mask: PersonalDataMask) {
        model = SiteModel(settings: SiteSettings(), now: 0, people: people, ideas: [], mask: mask)
    }

    /// `text` with its phones and emails masked, as the build shows it.
    public func published(_ text: String) -> String { model.mask.clean(text) }

    /// The person whose part of the site has the folder `slug`.
    public func viewer(slug: String) -> Int64? {
        model.homes.first { $0.slug == slug }?.person.id
    }

    /// Every handle in `viewer`'s part, with the person and the name the viewer knows them by,
    /// and the part's signature (`ViewerHandles.signature`): `contacts` is the viewer's address
    /// book, `quotes` the quotes they see, newest first.
    public func handles(viewer: Int64, contacts: [Int64: String], quotes: [Quote])
        -> (handles: [String: (person: Int64, name: String)], signature: String)
    {
        guard let home = model.homes.first(where: { $0.person.id == viewer }) else { return ([:], "") }
        let naming = Naming(site: model, contacts: contacts.mapValues(model.mask.clean))
        let handles = ViewerHandles(
            site: model, viewer: home, naming: naming, quotes: quotes.map { ViewerPages.cleaned($0, mask: model.mask) })
        var table: [String: (person: Int64, name: String)] = [:]
        for entry in handles.entries { table[entry.handle] = (entry.id, entry.name) }
        // A person of the part who has a home may also be named by the home's slug (DATA.md: "a
        // home's slug, or the handle of a contact shown there"), though the screens name a
        // Change Jar-only speaker as this viewer knows them (`danny-o` for Daniel Okafor's
        // `daniel-okafor`). No other handle of any part is a home's slug, so this names no one
        // else.
        for entry in handles.entries {
            if let home = model.homeSlugs[entry.id], table[home] == nil { table[home] = (entry.id, entry.name) }
        }
        return (table, handles.signature)
    }
}
