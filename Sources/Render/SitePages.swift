import Foundation
import Store
import Template
import VantageCore

/// The site-wide pages: the "view as" index, the review report, and the assets.
struct SitePages {
    let site: SiteModel
    let renderer: PageRenderer
    let output: PageOutput
    let forcedLocale: String?

    private var localizer: Localizer {
        renderer.localizer(locale: site.locale(for: nil, forced: forcedLocale), timeZone: site.settings.timeZone)
    }

    /// The frame of the site-wide page at `path`, its links computed from `path`.
    func frame(_ path: String) -> PageFrame {
        PageFrame(
            path: path, siteTitle: site.settings.title ?? "Vantage", viewer: nil, links: SiteLinks(page: path).value,
            now: site.now)
    }

    /// The index of every person with a home (the one page that lists everyone); of `homes`
    /// only when a build renders some people's parts (its links go to built homes only).
    func renderIndex(hasReviews: Bool, homes: [SiteModel.Home]? = nil) throws {
        // In the order of their folders' names, so that a second "Maria Silva" (`maria-silva-2`)
        // follows the first; the homes themselves are in the order of their paths, where
        // `maria-silva-2/` sorts before `maria-silva/`.
        let listed = (homes ?? site.homes).sorted { Array($0.slug.utf8).lexicographicallyPrecedes(Array($1.slug.utf8)) }
        let residents = listed.map { home in
            Resident(
                slug: home.slug, name: home.name,
                // The name's language as `lang` may hold it: the person's locale (else the
                // site's) when the name is written in its script; none when it is not, or when the
                // name is the catalog's "Unknown" (the page's language, not the person's).
                locale: home.name == PersonalDataMask.unknownName ? nil
                    : LanguageTag.forHTML(home.person.locale ?? site.settings.defaultLocale, naming: home.name)
                    ?? LanguageTag.forHTML(site.settings.defaultLocale, naming: home.name),
                usesChangeJar: home.person.isChangeJarUser, usesQuotes: home.person.isQuotesUser,
                isNamedAlike: site.sharedNames.contains(home.name))
        }
        let fields: [String: Value] = [
            "people": .list(residents.map(\.value)), "peopleCount": residents.count.value,
            "reviews": .bool(hasReviews), "reviewIdeas": .string(ListLocation.ideaReview.path(page: 1)),
        ]
        try output.page(try renderer.render(.index, fields: fields, frame: frame(SitePath.index), localizer: localizer))
    }

    /// The review report: every reviewed item with each reviewer's latest decision, and the
    /// counts per action and per list.
    func renderReviews(_ stored: [StoredReview], quoteTexts: [String: String]) throws {
        let decisions = stored.map { decision in
            var clean = decision
            clean.reviewer = site.mask.clean(decision.reviewer)
            clean.list = decision.list.map(site.mask.clean)
            // A date the import checked (no phone can be in it): its day, as written.
            clean.until = decision.until.map { String($0.prefix(10)) }
            return clean
        }
        let ideas = Dictionary(site.ideas.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        var items: [ReviewedItem] = []
        var itemDecisions: [StoredReview] = []
        // An idea and a quote may share an id (the apps number apart): the decision shows on
        // both, each an item of the report.
        func closeItem() {
            guard let id = itemDecisions.first?.item else { return }
            var found: [(ReviewedItem.Kind, String?)] = []
            if let idea = ideas[id] { found.append((.idea, idea)) }
            if let quote = quoteTexts[id] { found.append((.quote, site.mask.clean(quote))) }
            if found.isEmpty { found.append((.unknown, nil)) }
            for (kind, text) in found { items.append(ReviewedItem(id: id, kind: kind, text: text, decisions: itemDecisions)) }
            itemDecisions = []
        }
        for decision in decisions {  // sorted by item, then reviewer
            if itemDecisions.first.map({ $0.item != decision.item }) ?? false { closeItem() }
            itemDecisions.append(decision)
        }
        closeItem()
        var actionCounts: [String: Int] = [:]
        // The items on each list (two reviewers listing one item in one list: one item), counted
        // by the names as written: masking changes how a name shows, not which list it is (two
        // lists "Call 555-1111" and "Call 555-2222" both show as "Call [hidden]").
        var listItems: [String: Set<String>] = [:]
        for decision in stored {
            actionCounts[decision.action, default: 0] += 1
            if let list = decision.list { listItems[list, default: []].insert(decision.item) }
        }
        // In the alphabetical order of the page's language (code points put every capital
        // before every small letter, and "Äpfel" after "Zebra"); lists shown alike by the
        // names as written.
        let localizer = self.localizer
        let lists = listItems.map { (name: site.mask.clean($0.key), written: $0.key, count: $0.value.count) }
            .sorted { $0.name == $1.name ? localizer.sortsBefore($0.written, $1.written) : localizer.sortsBefore($0.name, $1.name) }
        let reviewers = Set(stored.map(\.reviewer)).count
        let fields: [String: Value] = [
            "itemCount": items.count.value, "reviewerCount": reviewers.value,
            "counts": .map(ReviewAction.names.reduce(into: [:]) { $0[$1] = (actionCounts[$1] ?? 0).value }),
            "hasLists": .bool(!lists.isEmpty),
            "lists": .list(lists.map { .map(["name": .string($0.name), "count": $0.count.value]) }),
            "items": .list(items.map(\.value)),
        ]
        try output.page(try renderer.render(.reviews, fields: fields, frame: frame(SitePath.reviews), localizer: localizer))
    }

    /// Copies every file under `templates/assets/` to `assets/`, in name order.
    func copyAssets(from templates: String) throws {
        let root = URL(fileURLWithPath: templates).appendingPathComponent("assets").path
        for relative in try Self.assetFiles(in: templates) {
            guard let data = FileManager.default.contents(atPath: root + "/" + relative) else {
                throw Diagnostic.error("cannot read the asset '\(root)/\(relative)'")
            }
            try output.file("assets/" + relative, bytes: Array(data))
        }
    }

    /// The files under `templates/assets/` (relative to it, sorted), dot-files left out. Throws
    /// for what is there and cannot be read (`FileTree`).
    static func assetFiles(in templates: String) throws -> [String] {
        let root = URL(fileURLWithPath: templates).appendingPathComponent("assets").path
        // Links followed, as the library reads the folder (`FileTree`).
        return try FileTree.files(under: root) { !$0.hasPrefix(".") }
    }
}

extension ReviewedItem {
    var value: Value {
        .map([
            "id": .string(id), "isIdea": .bool(kind == .idea), "isQuote": .bool(kind == .quote),
            "isUnknown": .bool(kind == .unknown), "text": text.map { .string($0) } ?? .bool(false),
            "decisions": .list(decisions.map(\.value)),
        ])
    }
}

extension StoredReview {
    var value: Value {
        var fields: [String: Value] = [
            // Masked (and so made safe for a page) by `renderReviews`: cleaned again here, the
            // mask's markers, which no page may hold, were dropped with the phone.
            "reviewer": .string(reviewer), "action": .string(action),
            "until": .string(until ?? ""), "list": .string(list ?? ""),
            "decidedAt": decidedAt.value,
        ]
        for each in ReviewAction.allCases { fields[each.flag] = .bool(action == each.rawValue) }
        return .map(fields)
    }
}
