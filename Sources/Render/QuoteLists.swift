import Store
import Template

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
    /// Everyone the viewer has reason to see, with their handles.
    let handles: ViewerHandles
    /// The entries as list items, made once per quote and depth (`entryValue`).
    let entryValues = EntryValues()

    /// A quote's list item is the same on every page of the viewer's lists that lies as deep
    /// below the viewer's folder (its only link, to the speaker's page, climbs to the viewer's
    /// folder): the feed, the review pages and the Said By and Heard By tabs share one, the
    /// speakers' pages another. Each quote is listed three to five times per viewer.
    final class EntryValues {
        /// By depth, then by index into `feed`.
        private var values: [[Value?]] = []

        /// The item made for `index` at `depth`, if any (of `count` entries in all).
        func known(_ index: Int, depth: Int, count: Int) -> Value? {
            while values.count <= depth { values.append([]) }
            if values[depth].isEmpty { values[depth] = Array(repeating: nil, count: count) }
            return values[depth][index]
        }

        /// Keeps the item made for `index` at `depth` (after `known` said there was none).
        func keep(_ value: Value, _ index: Int, depth: Int) {
            values[depth][index] = value
        }
    }

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

        // Speakers' folders are named by the handle rule (ViewerHandles), the same handles the
        // compose screens offer and the importer resolves.
        let handles = ViewerHandles(site: site, viewer: viewer.home, naming: viewer.naming, quotes: quotes)
        self.handles = handles
        var speakers: [Speaker] = []
        var slugs: [Int64: String] = [:]
        for id in bySpeaker.keys.sorted() {
            let slug = handles.byID[id] ?? ""
            slugs[id] = slug
            speakers.append(Speaker(id: id, slug: slug, name: handles.names[id] ?? "", quotes: bySpeaker[id] ?? []))
        }
        speakers.sort { $0.slug < $1.slug }
        self.speakers = speakers
        self.speakerSlugs = slugs
    }
}
