import Store
import VantageCore

/// THE handle rule: how each person a viewer has reason to see is named in that viewer's part
/// of the site, in URLs (`quotes/by/<handle>.html`), in the compose screens (`data-person`) and in
/// the submissions file the screens download. The importer resolves a submission's handles
/// with this same code (`SubmissionHandles`), so the site and the import can never disagree.
///
/// - A registered Quotes user with a home: the home's slug (their chosen name is the same for
///   everyone, so the slug reveals nothing this viewer does not already see).
/// - Anyone else: a slug folded from the name *this viewer* knows them by (DATA.md's naming
///   rule), kept apart from every home slug and from each other. Never a phone, an email, or
///   anything derived from one.
/// - The viewer themselves, when not among the speakers: their own home's slug.
///
/// Speakers are claimed first, in the order the export names people (so the `quotes/by/` pages
/// do not move when someone new joins the viewer's address book), then everyone else in that
/// order: never by row id, which follows the store's history.
struct ViewerHandles {
    /// One person offered to the viewer.
    struct Entry: Equatable {
        let id: Int64
        let handle: String
        /// The name the viewer knows them by, XML-safe.
        let name: String
        let isViewer: Bool
    }

    /// Everyone the viewer has reason to see (their address book, the people in the quotes
    /// they see, themselves), in handle order.
    let entries: [Entry]
    /// Handles by person id.
    let byID: [Int64: String]
    /// The heading name of each person in the quotes (the name recorded with the most recent
    /// visible quote that mentions them, through the naming rule).
    let names: [Int64: String]
    /// Which handle names whom where it could pass to someone else, as one word: 16 hex digits
    /// of a SHA-256 of every handle of the people *named alike* in the part (whose names fold
    /// to the same slug, `Slug.fold`: `kim`, `kim-2`), with each one's place in the export (never
    /// a phone, an email or a row id). The Add Quote screen writes it with each quote (`part`),
    /// so that the import resolves the quote's handles in the very part it was composed in,
    /// even when records imported since (another submissions file's quotes) have moved a handle
    /// to someone else, and refuses a handle named alike when that part is gone
    /// (docs/IMPORT.md, When). A handle no one else is named alike with is resolved as it is
    /// whatever the signature, so people added to the part with names of their own (a new
    /// contact, a new quote's hearers) leave it as it was: a file downloaded before still
    /// imports.
    let signature: String

    /// The handles in `viewer`'s part, from their address book (cleaned names by person id)
    /// and the quotes they see (newest first).
    init(site: SiteModel, viewer: SiteModel.Home, naming: Naming, quotes: [Quote]) {
        let latestRecordedName = Naming.latestRecordedNames(in: quotes)
        var speakers: Set<Int64> = []
        var others: Set<Int64> = []
        for quote in quotes {
            speakers.insert(quote.speakerID)
            for hearer in quote.hearers { others.insert(hearer.personID) }
        }
        others.formUnion(naming.contacts.keys)
        others.insert(viewer.person.id)
        others.subtract(speakers)

        var allocator = SlugAllocator(taken: site.homeSlugSet)
        var byID: [Int64: String] = [:]
        var names: [Int64: String] = [:]
        var entries: [Entry] = []
        var folds: [Int64: String] = [:]
        func add(_ id: Int64) {
            let name = id == viewer.person.id && site.chosenNames[id] == nil && !speakers.contains(id)
                ? naming.ownName(of: viewer, latestRecorded: latestRecordedName) : naming.name(of: id, recorded: latestRecordedName[id] ?? "")
            let handle: String
            let fold: String
            if site.chosenNames[id] != nil, let home = site.homeSlugs[id] {
                handle = home
                fold = site.homeFolds[id].flatMap { $0.name == name ? $0.fold : nil } ?? Slug.fold(name)
            } else if id == viewer.person.id, !speakers.contains(id) {
                handle = viewer.slug
                fold = site.homeFolds[id].flatMap { $0.name == name ? $0.fold : nil } ?? Slug.fold(name)
            } else {
                fold = Slug.fold(name)
                handle = allocator.claim(base: fold.isEmpty ? allocator.fallback : fold)
            }
            byID[id] = handle
            names[id] = name
            folds[id] = fold
            entries.append(Entry(id: id, handle: handle, name: name, isViewer: id == viewer.person.id))
        }
        // In the order the export names them (the store's row ids follow its history).
        func ordered(_ ids: Set<Int64>) -> [Int64] {
            ids.map { (site.personOrder[$0] ?? $0, $0) }.sorted { $0 < $1 }.map(\.1)
        }
        for id in ordered(speakers) { add(id) }
        for id in ordered(others) { add(id) }
        entries.sort { $0.handle < $1.handle }
        self.entries = entries
        self.byID = byID
        self.names = names
        var namedAlike: [String: Int] = [:]
        for entry in entries { namedAlike[folds[entry.id]!, default: 0] += 1 }
        signature = Self.signature(entries.filter { namedAlike[folds[$0.id]!]! > 1 }.map {
            ($0.handle, site.personOrder[$0.id] ?? $0.id)
        })
    }

    /// The signature of a part whose handles name the people at these places in the export,
    /// given in handle order.
    static func signature(_ handles: [(handle: String, order: Int64)]) -> String {
        var digest = SHA256Stream()
        for (handle, order) in handles {
            var bytes = Array(handle.utf8)
            bytes.append(0)
            bytes.withUnsafeBytes { digest.update($0) }
            digest.update(Int(order))
        }
        return String(digest.finishHex().prefix(16))
    }
}
