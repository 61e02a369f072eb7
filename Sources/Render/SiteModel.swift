import Foundation
import Store
import VantageCore

/// Everything every viewer's pages share, loaded from the store once per build: the settings,
/// "now", the people with a home and their slugs, the chosen names, and the ideas (everyone
/// sees every idea; what differs per viewer is NEW, Mine, Browse order, names and language).
public struct SiteModel: Sendable {
    /// A person with a home and the slug of their folder.
    public struct Home: Sendable, Hashable {
        public var person: Person
        public var slug: String
        /// The person's chosen name, made XML-safe.
        public var name: String
    }

    public let settings: SiteSettings
    /// The build's "now", Unix seconds.
    public let now: Int64
    /// Homes in output order (by `slug + "/"`, which is also the order of their paths).
    public let homes: [Home]
    /// The names more than one home has (two Maria Silvas): their pages' titles add the folder.
    public let sharedNames: Set<String>
    /// Home slugs by person id.
    public let homeSlugs: [Int64: String]
    /// The names registered Quotes users chose, by person id (DATA.md naming rule 1). A
    /// Change Jar-only user's name is their home's name but not a rule-1 name: in quotes and
    /// idea bylines they are named by the viewer's contacts or the recorded name.
    public let chosenNames: [Int64: String]
    /// Ideas newest first (ties: id ascending), texts made XML-safe.
    public let ideas: [Idea]
    /// `StableHash.of(idea.id)` for each idea, for the Browse order.
    public let ideaHashes: [UInt64]
    /// Each idea's id (for tie-breaks without touching the ideas).
    public let ideaIDs: [String]
    /// `Fragment.idea(idea.id)` for each idea.
    public let ideaFragments: [String]
    /// Each idea's search-index record parts that are the same for everyone.
    let ideaRecords: SearchIndex.IdeaRecords
    /// Every home slug, for keeping other slugs apart from them.
    public let homeSlugSet: Set<String>
    /// Each home's name and what it folds to (`Slug.fold`, the handle rule's "named alike"),
    /// by person id: folded once per build, not once per viewer who sees them.
    let homeFolds: [Int64: (name: String, fold: String)]
    /// Number of people in the store (homes and contacts).
    public let personCount: Int
    /// Each person's place in the order the last import met them (`Person.order`): what the
    /// handle rule numbers equal names by, so a fresh store and an updated one agree.
    let personOrder: [Int64: Int64]
    /// What every text from the store goes through before it is shown (phones and emails).
    public let mask: PersonalDataMask
    /// The visible quotes through `mask`, cleaned once per build (each is seen by several viewers).
    let maskedQuotes = MaskedQuotes()

    /// Builds the model from the store's people and ideas; every text is cleaned by `mask`.
    public init(settings: SiteSettings, now: Int64, people: [Person], ideas: [Idea], mask: PersonalDataMask = .shapes) {
        var settings = settings
        settings.title = settings.title.map(mask.clean)
        self.settings = settings
        self.mask = mask
        self.now = now
        self.personCount = people.count
        self.personOrder = Dictionary(people.map { ($0.id, $0.order) }, uniquingKeysWith: { first, _ in first })
        // Only names that read as names (`Naming(site:contacts:)` relies on it).
        var chosen: [Int64: String] = [:]
        for person in people where person.isQuotesUser {
            if let name = person.name.map(mask.clean), PersonalDataMask.isName(name) { chosen[person.id] = name }
        }
        self.chosenNames = chosen
        // Slugs are claimed in the order the export names people (`Person.order`, the order the
        // last import met them), so equal names get "-2", "-3" the same way on every build of
        // the same export, whatever the store's history.
        var allocator = SlugAllocator()
        var homes: [Home] = []
        var named: [(person: Person, name: String)] = []
        for person in people.sorted(by: { ($0.order, $0.id) < ($1.order, $1.id) }) where person.hasHome {
            // A home named only by a phone or an email is the unknown person, slugged `person`.
            let cleaned = mask.clean(person.name ?? "")
            named.append((person, PersonalDataMask.isName(cleaned) ? cleaned : PersonalDataMask.unknownName))
        }
        let folded = Self.foldEach(Set(named.map(\.name)))
        var homeFolds: [Int64: (name: String, fold: String)] = [:]
        for (person, name) in named {
            let base = folded[name] ?? ""
            homes.append(Home(person: person, slug: allocator.claim(base: base.isEmpty ? allocator.fallback : base), name: name))
            // The slug base leaves a masked span's marker out; the handle rule's fold reads it.
            homeFolds[person.id] = (name, name.unicodeScalars.contains(PersonalDataMask.marker) ? Slug.fold(name) : base)
        }
        self.homeFolds = homeFolds
        // In the byte order of "slug/" (the order of the site's paths), each key made once.
        let keys = homes.map { Array(($0.slug + "/").utf8) }
        homes = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }.map { homes[$0] }
        self.homes = homes
        self.homeSlugs = Dictionary(uniqueKeysWithValues: homes.map { ($0.person.id, $0.slug) })
        var seenNames: Set<String> = []
        var shared: Set<String> = []
        for home in homes where home.name != PersonalDataMask.unknownName {
            if !seenNames.insert(home.name).inserted { shared.insert(home.name) }
        }
        self.sharedNames = shared
        self.ideas = ideas.map { idea in
            var clean = idea
            clean.text = mask.clean(idea.text)
            clean.authorName = mask.clean(idea.authorName)
            return clean
        }
        self.ideaHashes = ideas.map { StableHash.of($0.id) }
        self.ideaIDs = ideas.map(\.id)
        self.ideaFragments = ideas.map { Fragment.idea($0.id) }
        self.homeSlugSet = Set(homes.map(\.slug))
        self.ideaRecords = SearchIndex.IdeaRecords(
            ideas: self.ideas, fragments: self.ideaFragments, pageSize: settings.pageSize)
    }

    /// Every distinct name's slug base (`Slug.fold`), the names that need transliterating
    /// (not ASCII) shared out over the cores: ICU's Any-Latin costs tens of microseconds a name,
    /// and Foundation sets a transliterator up anew for each (6,000 of the peer workload's
    /// 10,000 homes have a name with a letter beyond ASCII).
    static func foldEach(_ names: Set<String>) -> [String: String] {
        var folded: [String: String] = [:]
        folded.reserveCapacity(names.count)
        var hard: [String] = []
        for name in names {
            if name.utf8.allSatisfy({ $0 < 0x80 }) {
                folded[name] = Slug.fold(PersonalDataMask.withoutMarkers(name))
            } else {
                hard.append(name)
            }
        }
        let pieces = min(hard.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let work = hard
        let results = ParallelMap.map(count: pieces) { piece in
            stride(from: piece, to: work.count, by: pieces).map { Slug.fold(PersonalDataMask.withoutMarkers(work[$0])) }
        }
        for (piece, slugs) in results.enumerated() {
            for (offset, slug) in slugs.enumerated() { folded[work[piece + offset * pieces]] = slug }
        }
        return folded
    }

    /// The locale a person's pages use: `forced` (`--locale`), else theirs, else the site's.
    public func locale(for person: Person?, forced: String?) -> String {
        forced ?? person?.locale ?? settings.defaultLocale
    }

    /// The time zone a person's pages use: theirs, else the site's.
    public func timeZone(for person: Person?) -> String {
        person?.timeZone ?? settings.timeZone
    }
}
