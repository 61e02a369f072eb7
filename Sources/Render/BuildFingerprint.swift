import Store
import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// The inputs a viewer's pages depend on, reduced to one SHA-256 digest so that a rebuild can
/// tell which viewers' parts of the site would come out the same (docs/SITE.md, Incremental
/// builds). Two parts:
/// - the site digest, shared by every viewer (`SiteInputs`): the settings, the build's now,
///   `--locale`, the templates folder's bytes and the catalog's, the tool and its executable,
///   every home's slug and chosen name (slugs and rule-1 names reach other viewers' pages),
///   and every idea (everyone sees every idea);
/// - the viewer's own inputs: their person row, slug, address book, and the quotes they see,
///   each as a digest of everything of it the render reads (`appendDigest(of:to:)`), in a fixed order
///   (`ordered(_:)`), so a pass over every quote (`ViewerFingerprints`) gives the same value.
/// Fields are written length-prefixed, so different inputs never serialise alike. Phones and
/// emails are never read (only "has an email", which the Settings page shows).
struct BuildFingerprint {
    private var bytes: [UInt8] = []

    mutating func add(_ text: String?) {
        guard let text else { return add(Int64(-1)) }
        add(Int64(text.utf8.count))
        bytes += text.utf8
    }

    mutating func add(_ number: Int64?) {
        let value = number ?? Int64.min
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    mutating func add(raw: [UInt8]) {
        add(Int64(raw.count))
        bytes += raw
    }

    var hex: String { SHA256.hex(bytes) }

    /// A person row, with the person's place in the export for who they are: never the
    /// store's row id, which follows the store's history (a store that imported another export
    /// first gives the same people other ids, and the same pages).
    mutating func add(_ person: Person) {
        add(person.order)
        add(person.name)
        add(person.locale)
        add(person.timeZone)
        add(person.hasEmail)
        add(person.hasPhone)
        add(person.isQuotesUser)
        add(person.isChangeJarUser)
        add(person.lastVisitAt?.microseconds)
    }

    /// What every viewer's pages are built from, part by part, each reduced to its own digest
    /// (`SiteInputs`): the site digest is the digest of these, and a `--merge` names the part
    /// a shard was built with otherwise (`SiteBuild.checkInputs`). `executable` names the
    /// executable that renders: for a rebuild its size, time and inode (a rebuild trusts
    /// nothing an earlier executable rendered); for shards and merges the SHA-256 of its bytes
    /// (`ExecutableIdentity.digest`), the same on every machine that runs the same build of
    /// vantage. `mask` is the personal-data mask's digest: a phone added to the export changes
    /// how a text that holds it is masked.
    static func inputs(
        _ site: SiteModel, templates: String, forcedLocale: String?, tool: String, mask: String, executable: String?, validate: Bool
    ) -> SiteInputs {
        var parts: [(SiteInputs.Part, String)] = []
        func part(_ name: SiteInputs.Part, _ fill: (inout BuildFingerprint) -> Void) {
            var digest = BuildFingerprint()
            fill(&digest)
            parts.append((name, digest.hex))
        }
        part(.tool) { $0.add(tool) }
        part(.executable) { $0.add(executable) }
        part(.validated) { $0.add(validate) }
        part(.locale) { $0.add(forcedLocale) }
        let settings = site.settings
        part(.settings) { digest in
            digest.add(settings.title)
            digest.add(settings.defaultLocale)
            digest.add(Int64(settings.locales.count))
            for locale in settings.locales { digest.add(locale) }
            digest.add(settings.timeZone)
            digest.add(Int64(settings.pageSize))
            digest.add(settings.buildDate)
            digest.add(Int64(settings.quoteLimit))
        }
        part(.now) { $0.add(site.now) }
        let files = templateFiles(templates)
        part(.templates) { digest in
            for (path, data) in files where path != catalogFile {
                digest.add(path)
                digest.add(raw: data)
            }
        }
        part(.catalog) { digest in
            for (path, data) in files where path == catalogFile {
                digest.add(path)
                digest.add(raw: data)
            }
        }
        part(.data) { digest in
            digest.add(mask)
            digest.add(Int64(site.homes.count))
            // Other viewers' pages see a home's slug and, for a Quotes user, the chosen name; the
            // rest of the person row (visit, locale, …) reaches only their own pages and the index.
            for home in site.homes {
                digest.add(home.person.order)
                digest.add(home.slug)
                digest.add(home.person.name)
                digest.add(home.person.isQuotesUser)
            }
            digest.add(Int64(site.ideas.count))
            for idea in site.ideas {
                digest.add(idea.id)
                digest.add(idea.text)
                digest.add(idea.submittedAt.microseconds)
                digest.add(site.personOrder[idea.authorID] ?? idea.authorID)
                digest.add(idea.authorName)
                digest.add(idea.showName)
                digest.add(idea.audience.rawValue)
            }
        }
        return SiteInputs(parts: parts)
    }

    /// The catalog's name in the templates folder, a part of the inputs of its own.
    static let catalogFile = "Localizable.xcstrings"

    /// One viewer's fingerprint: the site digest, then what only this viewer's pages read (the
    /// quotes as `appendDigest(of:to:)` digests, in `ordered`'s order, whatever order they came in).
    /// `places` is each person's place in the export (`SiteModel.personOrder`): the viewer's
    /// handles are given in that order and their part's signature holds it (`ViewerHandles`).
    static func viewer(
        _ home: SiteModel.Home, siteDigest: String, contacts: [Int64: String], quotes: [Quote], places: [Int64: Int64]
    ) -> String {
        var digests: [UInt8] = []
        digests.reserveCapacity(quotes.count * quoteDigestSize)
        var scratch = BuildFingerprint()
        for quote in ordered(quotes) { scratch.appendDigest(of: quote, places: places, to: &digests) }
        return viewer(home, siteDigest: siteDigest, contacts: contacts, quoteDigests: digests, places: places)
    }

    /// One viewer's fingerprint from the digests of the quotes they see, one after another in
    /// the order of `ordered(_:)` (`ViewerFingerprints` gathers them from a pass over every
    /// quote): the same value as `viewer(_:siteDigest:contacts:quotes:)` for the same quotes.
    static func viewer<Digests: Collection<UInt8>>(
        _ home: SiteModel.Home, siteDigest: String, contacts: [Int64: String], quoteDigests: Digests, places: [Int64: Int64]
    ) -> String {
        var digest = BuildFingerprint()
        digest.add(siteDigest)
        digest.add(home.slug)
        digest.add(home.person)
        digest.add(places[home.person.id])
        digest.add(Int64(contacts.count))
        // In the order of the people's places in the export, not of their row ids.
        for person in contacts.keys.sorted(by: { (places[$0] ?? $0, $0) < (places[$1] ?? $1, $1) }) {
            digest.add(places[person] ?? person)
            digest.add(contacts[person])
        }
        digest.add(Int64(quoteDigests.count / quoteDigestSize))
        digest.bytes += quoteDigests
        return digest.hex
    }

    /// Bytes of a quote's digest (a SHA-256, raw: it is only hashed again, never shown).
    static let quoteDigestSize = 32

    /// Appends the digest of everything of `quote` that a page of a viewer who sees it can
    /// show (id, text, speaker, the speaker's recorded name, when, and every hearer with their
    /// recorded name, in order; each person with their place in the export, `places`) to
    /// `digests`, using this fingerprint's bytes as scratch space (the pass over every quote
    /// digests 200,000 quotes with one buffer).
    mutating func appendDigest(of quote: Quote, places: [Int64: Int64], to digests: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        add(quote.id)
        add(quote.text)
        add(places[quote.speakerID] ?? quote.speakerID)
        add(quote.speakerRecordedName)
        add(quote.saidAt.microseconds)
        add(Int64(quote.hearers.count))
        for hearer in quote.hearers {
            add(places[hearer.personID] ?? hearer.personID)
            add(hearer.recordedName)
        }
        let start = digests.count
        digests.append(contentsOf: repeatElement(0, count: Self.quoteDigestSize))
        bytes.withUnsafeBytes { input in
            digests.withUnsafeMutableBufferPointer { SHA256.digest(input, into: $0.baseAddress! + start) }
        }
    }

    /// The order a viewer's quotes are fingerprinted in: newest first, ties by id (its UTF-8
    /// bytes), the order the render lists them in. Keeping it here, rather than trusting the
    /// order a read returns, makes the value a function of the set of quotes alone.
    static func precedes(saidAt: DataInstant, id: some Collection<UInt8>, _ otherSaidAt: DataInstant, _ otherID: some Collection<UInt8>) -> Bool {
        saidAt != otherSaidAt ? saidAt > otherSaidAt : id.lexicographicallyPrecedes(otherID)
    }

    static func ordered(_ quotes: [Quote]) -> [Quote] {
        quotes.sorted { precedes(saidAt: $0.saidAt, id: $0.id.utf8, $1.saidAt, $1.id.utf8) }
    }

    /// Every file under the templates folder that is not a dot-file (templates, catalog,
    /// assets, anything else there), by relative path: any change to any of them re-renders
    /// everything. Dot-files (an editor's lock or swap file, `.DS_Store`) are not read by the
    /// build, so they are not part of what the pages are built from.
    static func templateFiles(_ templates: String) -> [(String, [UInt8])] {
        // Links followed, as the library reads the folder (`FileTree`). A file that cannot be
        // read is passed over here: what the build reads is refused, if it cannot be read, by
        // the step that compiles the templates, which every build runs before it writes
        // anything (one unreadable file had left the digest of no file at all).
        let paths = (try? FileTree.files(under: templates, include: { !$0.hasPrefix(".") }, reads: { _ in false })) ?? []
        return paths.map { ($0, FileManager.default.contents(atPath: templates + "/" + $0).map(Array.init) ?? []) }
    }
}

/// The parts of what every viewer's pages are built from, each as its own digest, in a fixed
/// order (`BuildFingerprint.inputs`). A shard records them (`shard.json`'s `inputs`), and the
/// merge names the first part a shard was built with otherwise.
struct SiteInputs: Equatable {
    enum Part: String, CaseIterable {
        case tool, executable, validated, locale, settings, now, templates, catalog, data
    }

    var parts: [(Part, String)]

    static func == (a: Self, b: Self) -> Bool { a.parts.elementsEqual(b.parts, by: { $0 == $1 }) }

    /// The digest every viewer's fingerprint starts from: the parts' digests, in order.
    var digest: String {
        var digest = BuildFingerprint()
        digest.add("vantage-incremental-3")
        for (part, value) in parts {
            digest.add(part.rawValue)
            digest.add(value)
        }
        return digest.hex
    }

    subscript(part: Part) -> String? { parts.first { $0.0 == part }?.1 }
}
