import Template

extension ViewerPages {
    /// Renders the feed, the Said By and Heard By tabs and one page set per speaker.
    func renderQuoteLists(_ lists: QuoteLists, for viewer: Viewer) throws {
        let all = Array(lists.feed.indices)
        try renderQuoteList(.feed, indices: all, at: .feed(viewer.slug), toViewer: "../", lists, viewer)
        try renderQuoteList(.said, indices: lists.said, at: .said(viewer.slug), toViewer: "../", lists, viewer)
        try renderQuoteList(.heard, indices: lists.heard, at: .heard(viewer.slug), toViewer: "../", lists, viewer)
        for speaker in lists.speakers {
            try renderQuoteList(
                .by(speakerName: speaker.name), indices: speaker.quotes,
                at: .saidBy(viewer.slug, speaker: speaker.slug), toViewer: "../../../", lists, viewer)
        }
    }

    private func renderQuoteList(
        _ kind: QuoteListKind, indices: [Int], at location: ListLocation, toViewer: String,
        _ lists: QuoteLists, _ viewer: Viewer
    ) throws {
        let pagination = Pagination(itemCount: indices.count, pageSize: site.settings.pageSize)
        let listValue = kind.listValue(count: indices.count)
        for page in 1...pagination.pageCount {
            let range = pagination.range(page: page)
            var items: [Value] = []
            items.reserveCapacity(range.count)
            for position in range {
                let quote = lists.feed[indices[position]]
                items.append(entry(for: quote, lists: lists, viewer: viewer, toViewer: toViewer).value)
            }
            let pager = Pager(
                page: page, pageCount: pagination.pageCount,
                previous: page > 1 ? location.fileName(page: page - 1) : nil,
                next: page < pagination.pageCount ? location.fileName(page: page + 1) : nil)
            let fields: [String: Value] = [
                "list": listValue, "hasItems": .bool(!range.isEmpty), "items": .list(items), "pager": pager.value,
            ]
            try emit(
                "pages/quotes", kind: kind.pageKind, path: location.path(page: page), toViewer: toViewer,
                fields: fields, for: viewer)
        }
    }

    func entry(for quote: Quote, lists: QuoteLists, viewer: Viewer, toViewer: String) -> QuoteEntry {
        let speakerSlug = lists.speakerSlugs[quote.speakerID] ?? ""
        return QuoteEntry(
            id: quote.id, fragment: Fragment.quote(quote.id), text: quote.text,
            speakerName: viewer.naming.name(of: quote.speakerID, recorded: quote.speakerRecordedName),
            speakerLink: toViewer + "quotes/by/" + speakerSlug + "/index.html",
            hearerNames: quote.hearers.map { viewer.naming.name(of: $0.personID, recorded: $0.recordedName) },
            saidAt: quote.saidAt)
    }
}
