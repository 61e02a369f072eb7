import Store
import VantageCore

/// A viewer's search index (`<viewer>/search-index.js`): the ideas and the quotes that viewer
/// sees and nothing else. No phone, no email, no name of an anonymous author; names follow the
/// same rule as the pages. URLs are relative to the viewer's folder.
///
/// The JSON document is assigned to `window.VANTAGE_SEARCH` so that the search page loads it
/// with `<script src>`: a page opened from `file://` may not `fetch()` a JSON file.
///
/// ```json
/// window.VANTAGE_SEARCH={"version":1,
///  "ideas":[{"id":"idea-0001","text":"…","by":"Ana Lima","new":true,"url":"ideas/all/index.html#idea-idea-0001"}],
///  "quotes":[{"id":"q-0001","text":"…","by":"Dad","heard":["Ana"],"when":1746147600,"url":"quotes/index.html#quote-q-0001"}]}
/// ```
/// `by` is absent for anonymous ideas. `json(_:)` gives the JSON document of a script.
enum SearchIndex {
    /// The parts of each idea's record that are the same for every viewer, serialised once
    /// per build: `{"id":…,"text":…` and `,"url":…}` (the idea's place in the All list).
    struct IdeaRecords: Sendable {
        let heads: [[UInt8]]
        let tails: [[UInt8]]

        init(ideas: [Idea], fragments: [String], pageSize: Int) {
            let pagination = Pagination(itemCount: ideas.count, pageSize: pageSize)
            let all = ListLocation.ideas("", .all)
            var heads: [[UInt8]] = []
            var tails: [[UInt8]] = []
            for (index, idea) in ideas.enumerated() {
                var head = JSONBytes()
                head.raw("{\"id\":")
                head.string(idea.id)
                head.raw(",\"text\":")
                head.string(XMLText.lineEndsAsRead(idea.text))
                heads.append(head.bytes)
                var tail = JSONBytes()
                tail.raw(",\"url\":")
                tail.string(all.path(page: pagination.page(of: index)) + "#" + fragments[index])
                tail.raw("}")
                tails.append(tail.bytes)
            }
            self.heads = heads
            self.tails = tails
        }
    }

    static func document(site: SiteModel, ideas: IdeaLists, quotes: QuoteLists, naming: Naming) -> [UInt8] {
        let records = site.ideaRecords
        var json = JSONBytes(capacity: records.heads.reduce(0) { $0 + $1.count + 60 } + quotes.feed.count * 200)
        json.raw(scriptPrefix)
        json.raw("{\"version\":1,\"ideas\":[")
        for (index, idea) in site.ideas.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw(records.heads[index])
            if let author = naming.author(of: idea) {
                json.raw(",\"by\":")
                json.string(author)
            }
            json.raw(",\"new\":")
            json.bool(ideas.isNew[index])
            json.raw(records.tails[index])
        }
        json.raw("],\"quotes\":[")
        let pagination = Pagination(itemCount: quotes.feed.count, pageSize: site.settings.pageSize)
        let feed = ListLocation.feed("")
        for (index, quote) in quotes.feed.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"id\":")
            json.string(quote.id)
            json.raw(",\"text\":")
            json.string(XMLText.lineEndsAsRead(quote.text))
            json.raw(",\"by\":")
            json.string(naming.name(of: quote.speakerID, recorded: quote.speakerRecordedName))
            json.raw(",\"heard\":[")
            for (position, hearer) in quote.hearers.enumerated() {
                if position > 0 { json.raw(",") }
                json.string(naming.name(of: hearer.personID, recorded: hearer.recordedName))
            }
            json.raw("],\"when\":")
            json.number(quote.saidAt.seconds)
            json.raw(",\"url\":")
            json.string(feed.path(page: pagination.page(of: index)) + "#" + Fragment.quote(quote.id))
            json.raw("}")
        }
        json.raw("]}")
        json.raw(scriptSuffix)
        return json.bytes
    }

    /// What comes before and after the JSON document in the index script (`SearchIndexScript`,
    /// which `vantage diff` reads it by).
    static let scriptPrefix: StaticString = SearchIndexScript.prefix
    static let scriptSuffix: StaticString = SearchIndexScript.suffix

    /// The JSON document inside an index script (for tests and tools that read the index).
    static func json(_ script: [UInt8]) -> ArraySlice<UInt8> {
        SearchIndexScript.json(script) ?? script[...]
    }
}
