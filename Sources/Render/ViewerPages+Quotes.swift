import Store
import Template

extension ViewerPages {
    /// Renders the feed, the Said By and Heard By tabs and one page set per speaker.
    func renderQuoteLists(_ lists: QuoteLists, for viewer: Viewer) throws {
        try renderQuoteList(.feed, indices: Array(lists.feed.indices), at: .feed(viewer.slug), lists, viewer)
        try renderQuoteList(.said, indices: lists.said, at: .said(viewer.slug), lists, viewer)
        try renderQuoteList(.heard, indices: lists.heard, at: .heard(viewer.slug), lists, viewer)
        // Speakers named alike in this part are told apart by their handles on their pages.
        var named: [String: Int] = [:]
        for speaker in lists.speakers { named[speaker.name, default: 0] += 1 }
        for speaker in lists.speakers {
            let handle = (named[speaker.name] ?? 0) > 1 ? speaker.slug : nil
            try renderQuoteList(
                .by(speakerName: speaker.name, handle: handle), indices: speaker.quotes,
                at: .saidBy(viewer.slug, speaker: speaker.slug), lists, viewer)
        }
    }

    private func renderQuoteList(
        _ kind: QuoteListKind, indices: [Int], at location: ListLocation, _ lists: QuoteLists, _ viewer: Viewer
    ) throws {
        let pagination = Pagination(itemCount: indices.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: indices.count)
        for page in pagination.pages(at: location) {
            let depth = viewer.links.depth(of: page.path)
            let items = page.range.map { Self.entryValue(indices[$0], on: page.path, depth: depth, lists: lists, viewer: viewer) }
            try emit(kind.pageKind, path: page.path, fields: page.fields(["list": listValue], items: items), for: viewer)
        }
    }

    /// `entry(for: lists.feed[index], on: path, …).value`, made once per `depth` of `path`
    /// below the viewer's folder (`ViewerLinkValues.depth(of:)`). Static, and without a closure
    /// for the entry: a method of `self` called per item (or a closure calling one) copied the
    /// whole `ViewerPages` and `QuoteLists` (some thirty references retained and released) for
    /// every item of every page.
    static func entryValue(_ index: Int, on path: String, depth: Int?, lists: QuoteLists, viewer: Viewer) -> Value {
        guard let depth else { return entry(for: lists.feed[index], on: path, lists: lists, viewer: viewer).value }
        if let known = lists.entryValues.known(index, depth: depth, count: lists.feed.count) { return known }
        let value = entry(for: lists.feed[index], on: path, lists: lists, viewer: viewer).value
        lists.entryValues.keep(value, index, depth: depth)
        return value
    }

    /// A quote as listed on the page at `path`: named for the viewer, linked to its speaker's
    /// quotes.
    static func entry(for quote: Quote, on path: String, lists: QuoteLists, viewer: Viewer) -> QuoteEntry {
        let speakerSlug = lists.speakerSlugs[quote.speakerID] ?? ""
        return QuoteEntry(
            id: quote.id, fragment: Fragment.quote(quote.id), text: quote.text,
            speakerName: viewer.naming.name(of: quote.speakerID, recorded: quote.speakerRecordedName),
            speakerLink: SitePath.relative(
                from: path, to: ListLocation.saidBy(viewer.slug, speaker: speakerSlug).path(page: 1), via: viewer.slug),
            hearerNames: quote.hearers.map { viewer.naming.name(of: $0.personID, recorded: $0.recordedName) },
            saidAt: quote.saidAt.unixSeconds)
    }
}
