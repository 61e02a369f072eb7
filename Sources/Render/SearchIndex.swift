import VantageCore

/// A viewer's search index (`<viewer>/search-index.json`): the ideas and the quotes that viewer
/// sees and nothing else. No phone, no email, no name of an anonymous author; names follow the
/// same rule as the pages. URLs are relative to the viewer's folder.
///
/// ```json
/// {"version": 1,
///  "ideas": [{"id": "idea-0001", "text": "…", "by": "Ana Lima", "new": true, "url": "ideas/all/index.html#idea-idea-0001"}],
///  "quotes": [{"id": "q-0001", "text": "…", "by": "Dad", "heard": ["Ana"], "when": 1746147600, "url": "quotes/index.html#quote-q-0001"}]}
/// ```
/// `by` is absent for anonymous ideas.
enum SearchIndex {
    static func document(site: SiteModel, ideas: IdeaLists, quotes: QuoteLists, naming: Naming) -> JSONValue {
        let pageSize = site.settings.pageSize
        var ideaItems: [JSONValue] = []
        ideaItems.reserveCapacity(site.ideas.count)
        for (index, idea) in site.ideas.enumerated() {
            let page = Pagination(itemCount: site.ideas.count, pageSize: pageSize).page(of: index)
            var object = JSONObject()
            object.keys = ["id", "text"]
            object.values = [.string(idea.id), .string(idea.text)]
            if idea.showName {
                object.keys.append("by")
                object.values.append(.string(naming.name(of: idea.authorID, recorded: idea.authorName)))
            }
            object.keys += ["new", "url"]
            object.values += [
                .bool(ideas.isNew[index]),
                .string("ideas/all/" + ListLocation.folder("").fileName(page: page) + "#" + site.ideaFragments[index]),
            ]
            ideaItems.append(.object(object))
        }
        var quoteItems: [JSONValue] = []
        quoteItems.reserveCapacity(quotes.feed.count)
        for (index, quote) in quotes.feed.enumerated() {
            let page = Pagination(itemCount: quotes.feed.count, pageSize: pageSize).page(of: index)
            let hearers = quote.hearers.map { JSONValue.string(naming.name(of: $0.personID, recorded: $0.recordedName)) }
            quoteItems.append(.object(JSONObject(
                keys: ["id", "text", "by", "heard", "when", "url"],
                values: [
                    .string(quote.id), .string(quote.text),
                    .string(naming.name(of: quote.speakerID, recorded: quote.speakerRecordedName)),
                    .array(hearers), .number(Double(quote.saidAt)),
                    .string("quotes/" + ListLocation.folder("").fileName(page: page) + "#" + Fragment.quote(quote.id)),
                ])))
        }
        return .object(JSONObject(
            keys: ["version", "ideas", "quotes"],
            values: [.number(1), .array(ideaItems), .array(quoteItems)]))
    }
}
