import Foundation
import Store
import Template
import VantageCore

/// Renders every page of one viewer's part of the site, from one pass over the store: the
/// viewer's address book and the quotes the viewer sees (the ideas are shared). Memory is what
/// this one viewer sees; pages go to the output as soon as they are rendered.
public struct ViewerPages {
    let site: SiteModel
    let renderer: PageRenderer
    let output: PageOutput
    /// `--locale`: one locale for every page.
    let forcedLocale: String?

    public init(site: SiteModel, renderer: PageRenderer, output: PageOutput, forcedLocale: String?) {
        self.site = site
        self.renderer = renderer
        self.output = output
        self.forcedLocale = forcedLocale
    }

    /// Everything one viewer needs while their pages are rendered.
    struct Viewer {
        let home: SiteModel.Home
        let localizer: Localizer
        let naming: Naming
        let badge: ViewerBadge
        /// The menu links of the viewer's pages, by depth.
        let links: ViewerLinkValues
        var slug: String { home.slug }
        var person: Person { home.person }
    }

    /// Renders `home`'s pages from their address book and visible quotes as the store gave
    /// them (read once by the build, which also fingerprints them).
    func render(_ home: SiteModel.Home, contacts storedContacts: [Int64: String], quotes storedQuotes: [Quote]) throws {
        let person = home.person
        let localizer = renderer.localizer(
            locale: site.locale(for: person, forced: forcedLocale), timeZone: site.timeZone(for: person))
        let contacts = storedContacts.mapValues(site.mask.clean)
        let quotes = storedQuotes.map { site.maskedQuotes.cleaned($0, mask: site.mask) }
        let naming = Naming(site: site, contacts: contacts)
        let name = home.name == PersonalDataMask.unknownName
            ? naming.ownName(of: home, latestRecorded: Naming.latestRecordedNames(in: quotes)) : home.name
        let viewer = Viewer(
            home: home, localizer: localizer, naming: naming,
            badge: ViewerBadge(slug: home.slug, name: name, isNamedAlike: site.sharedNames.contains(home.name)),
            links: ViewerLinkValues(viewer: home.slug))
        let ideas = IdeaLists(site: site, viewer: person)
        try renderIdeaLists(ideas, for: viewer)
        let quoteLists = QuoteLists(quotes: quotes, viewer: viewer, site: site)
        try renderQuoteLists(quoteLists, for: viewer)
        try renderQuoteReview(quoteLists, for: viewer)
        try renderHome(ideas: ideas, quotes: quoteLists, for: viewer)
        try renderSettings(for: viewer)
        try renderSearch(ideas: ideas, quotes: quoteLists, for: viewer)
        try renderCompose(quoteLists, for: viewer)
    }

    static func cleaned(_ quote: Quote, mask: PersonalDataMask) -> Quote {
        var clean = quote
        clean.text = mask.clean(quote.text)
        clean.speakerRecordedName = mask.clean(quote.speakerRecordedName)
        for index in clean.hearers.indices {
            clean.hearers[index].recordedName = mask.clean(clean.hearers[index].recordedName)
        }
        return clean
    }

    /// Renders the page of `kind` at `path` for the viewer (from `template`, by default the
    /// kind's) and hands it to the output. Its links are computed from `path`.
    func emit(
        _ kind: PageKind, template: String? = nil, path: String, fields: [String: Value], for viewer: Viewer
    ) throws {
        let frame = PageFrame(
            path: path, siteTitle: site.settings.title ?? "Vantage", viewer: viewer.badge,
            links: viewer.links.value(forPage: path), now: site.now)
        try output.page(try renderer.render(kind, template: template, fields: fields, frame: frame, localizer: viewer.localizer))
    }

    // MARK: - Home, settings, search

    private func renderHome(ideas: IdeaLists, quotes: QuoteLists, for viewer: Viewer) throws {
        let person = viewer.person
        var fields: [String: Value] = [
            "newCount": ideas.newCount.value, "hasNew": .bool(ideas.newCount > 0),
            "ideaCount": site.ideas.count.value, "mineCount": ideas.mine.count.value,
            "quoteCount": quotes.feed.count.value,
            "lastVisitAt": person.lastVisitAt.map { .number($0.unixSeconds) } ?? .null,
            "jar": .map(["slips": .list(JarDrawing.slips(site: site, isNew: ideas.isNew).map(\.value))]),
        ]
        if let latest = quotes.feed.first {
            fields["latestQuote"] = .map([
                "id": .string(latest.id),
                "text": .string(latest.text),
                "speaker": .string(viewer.naming.name(of: latest.speakerID, recorded: latest.speakerRecordedName)),
            ])
        } else {
            fields["latestQuote"] = .bool(false)
        }
        try emit(.home, path: SitePath.home(viewer.slug), fields: fields, for: viewer)
    }

    private func renderSettings(for viewer: Viewer) throws {
        let person = viewer.person
        let localeTag = person.locale ?? site.settings.defaultLocale
        // Named in the language the page is in (a he-IL viewer of an English catalog reads
        // "Hebrew (Israel)" on an English page).
        let localeName =
            Locale(identifier: viewer.localizer.languageTag).localizedString(forIdentifier: localeTag) ?? localeTag
        let fields: [String: Value] = [
            "localeName": .string(localeName), "localeTag": .string(localeTag),
            "timeZone": .string(site.timeZone(for: person)), "hasEmail": .bool(person.hasEmail),
            "changeJar": .bool(person.isChangeJarUser), "quotes": .bool(person.isQuotesUser),
        ]
        try emit(.settings, path: SitePath.settings(viewer.slug), fields: fields, for: viewer)
    }

    private func renderSearch(ideas: IdeaLists, quotes: QuoteLists, for viewer: Viewer) throws {
        // The result count's string once per plural category of the page's language, each with
        // its smallest count: search.js shows the one its count's category picks, with its number.
        // A category first reached at a million (French and Portuguese `many`) is left out: its
        // sample would put seven digits in a row on the page, which no page holds (a phone could
        // hide in them), and a search of a million results shows the `other` form instead.
        let countForms = PluralRules.countSamples(for: viewer.localizer.languageTag).filter { $0.sample < 1_000_000 }.map { form -> Value in
            .map(["category": .string(form.category.rawValue), "sample": .number(Double(form.sample))])
        }
        let fields: [String: Value] = [
            "ideaCount": site.ideas.count.value, "quoteCount": quotes.feed.count.value,
            "countForms": .list(countForms),
        ]
        try emit(.search, path: SitePath.search(viewer.slug), fields: fields, for: viewer)
        let index = SearchIndex.document(site: site, ideas: ideas, quotes: quotes, naming: viewer.naming)
        try output.file(SitePath.searchIndex(viewer.slug), bytes: try renderer.revealJSON(index, localizer: viewer.localizer))
    }
}
