import Store

/// One viewer's quote lists: the feed (every quote the viewer sees, newest first), the
/// profile's Said By and Heard By tabs, and one list per speaker, each speaker with the slug
/// of their page and the name the viewer knows them by.
struct QuoteLists {
    /// A person who said at least one quote the viewer sees.
    struct Speaker {
        let id: Int64
        let slug: String
        /// The heading name (`Naming`, with rule 3 for headings).
        let name: String
        /// Indices into `feed`, newest first.
        var quotes: [Int]
    }

    let feed: [Quote]
    let said: [Int]
    let heard: [Int]
    /// Speakers in slug order.
    let speakers: [Speaker]
    /// Speaker slugs by person id.
    let speakerSlugs: [Int64: String]

    init(quotes: [Quote], viewer: ViewerPages.Viewer, site: SiteModel) {
        feed = quotes
        let me = viewer.person.id
        var said: [Int] = []
        var heard: [Int] = []
        var bySpeaker: [Int64: [Int]] = [:]
        for (index, quote) in quotes.enumerated() {
            if quote.speakerID == me { said.append(index) }
            if quote.hearers.contains(where: { $0.personID == me }) { heard.append(index) }
            bySpeaker[quote.speakerID, default: []].append(index)
        }
        self.said = said
        self.heard = heard

        // People with a home keep their home's slug; the others get a slug folded from the
        // name this viewer knows them by (never a name the viewer has no reason to see), kept
        // apart from every home slug. Claimed in person-id order, so stable for the same data.
        let latestRecordedName = Naming.latestRecordedNames(in: quotes)
        var allocator = SlugAllocator(taken: site.homeSlugSet)
        var speakers: [Speaker] = []
        var slugs: [Int64: String] = [:]
        for id in bySpeaker.keys.sorted() {
            let name = viewer.naming.name(of: id, recorded: latestRecordedName[id] ?? "")
            // Only a Quotes user is named the same for everyone (rule 1); anyone else's home slug
            // would show a name this viewer may not know them by.
            let slug = site.chosenNames[id] != nil ? (site.homeSlugs[id] ?? allocator.claim(name: name)) : allocator.claim(name: name)
            slugs[id] = slug
            speakers.append(Speaker(id: id, slug: slug, name: name, quotes: bySpeaker[id] ?? []))
        }
        speakers.sort { $0.slug < $1.slug }
        self.speakers = speakers
        self.speakerSlugs = slugs
    }
}
