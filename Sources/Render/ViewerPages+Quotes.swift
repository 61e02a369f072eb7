import Store
import Template

extension ViewerPages {
    /// Renders the feed, the Said By and Heard By tabs and one page set per speaker.
    func renderQuoteLists(_ lists: QuoteLists, for viewer: Viewer) throws {
        try renderQuoteList(.feed, indices: Array(lists.feed.indices), at: .feed(viewer.slug), lists, viewer)
        try renderQuoteList(.said, indices: lists.said, at: .said(viewer.slug), lists, viewer)
        try renderQuoteList(.heard, indices: lists.heard, at: .heard(viewer.slug), lists, viewer)
        for speaker in lists.speakers {
            try renderQuoteList(
                .by(speakerName: speaker.name), indices: speaker.quotes, at: .saidBy(viewer.slug, speaker: speaker.slug),
                lists, viewer)
        }
    }

    private func renderQuoteList(
        _ kind: QuoteListKind, indices: [Int], at location: ListLocation, _ lists: QuoteLists, _ viewer: Viewer
    ) throws {
        let pagination = Pagination(itemCount: indices.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: indices.count)
        for page in pagination.pages(at: location) {
            let depth = viewer.links.depth(of: page.path)
            let items = page.range.map { entryValue(indices[$0], on: page.path, depth: depth, lists: lists, viewer: viewer) }
            try emit(kind.pageKind, path: page.path, fields: page.fields(["list": listValue], items: items), for: viewer)
        }
    }

    /// `entry(for: lists.feed[index], on: path, …).value`, made once per `depth` of `path`
    /// below the viewer's folder (`ViewerLinkValues.depth(of:)`).
    func entryValue(_ index: Int, on path: String, depth: Int?, lists: QuoteLists, viewer: Viewer) -> Value {
        // The closure is passed as it is written (non-escaping): stored in a `let` first, it was
        // an escaping closure whose context (copies of `self`, `lists` and `viewer`, some thirty
        // references) was allocated, retained and freed for every item of every page.
        guard let depth else { return entry(for: lists.feed[index], on: path, lists: lists, viewer: viewer).value }
        return lists.entryValues.value(index, depth: depth, count: lists.feed.count) {
            entry(for: lists.feed[index], on: path, lists: lists, viewer: viewer).value
        }
    }

    /// A quote as listed on the page at `path`: named for the viewer, linked to its speaker's
    /// quotes.
    func entry(for quote: Quote, on path: String, lists: QuoteLists, viewer: Viewer) -> QuoteEntry {
        let speakerSlug = lists.speakerSlugs[quote.speakerID] ?? ""
        return QuoteEntry(
            id: quote.id, fragment: Fragment.quote(quote.id), text: quote.text,
            speakerName: viewer.naming.name(of: quote.speakerID, recorded: quote.speakerRecordedName),
            speakerLink: SitePath.relative(
                from: path, to: ListLocation.saidBy(viewer.slug, speaker: speakerSlug).path(page: 1), via: viewer.slug),
            hearerNames: quote.hearers.map { viewer.naming.name(of: $0.personID, recorded: $0.recordedName) },
            saidAt: quote.saidAt)
    }
}
