import Foundation
import Template

/// What the build's idea entry reuse did (`SiteBuild.Report.ideaEntries`).
public struct IdeaEntryReuse: Sendable, Hashable {
    /// Fragments rendered and kept (one per idea, localizer and variant met), and their bytes.
    public var fragments = 0
    public var fragmentBytes = 0
    /// Entries written from a fragment, and entries rendered in full.
    public var spliced = 0
    public var rendered = 0
    /// True when a fragment failed its check and the reuse was turned off.
    public var refused = false

    public init() {}
}

/// The idea list entries of one build, each rendered once per localizer and variant instead of
/// once per person and list (`IdeaEntryFragment`): a full-shape site lists every idea about
/// three times for each of its people, and the entry is the same everywhere but for its holes.
/// Shared by every rendering thread; bounded by `byteBudget` (past it, entries are rendered
/// each time, as without the cache).
final class IdeaEntryCache: @unchecked Sendable {
    // @unchecked: every mutable member is touched only under `lock`.
    private let lock = NSLock()
    private var tables: [ObjectIdentifier: IdeaEntryTable] = [:]
    private var bytesHeld = 0
    private var anchors: [[UInt8]]?
    private var refused = false
    private var counts = IdeaEntryReuse()
    let byteBudget: Int

    init(byteBudget: Int = 96 << 20) { self.byteBudget = byteBudget }

    /// The entries rendered with `localizer` (its locale, time zone, "now" and catalog: every
    /// date and translation in an entry comes from it). Localizers are kept for the build by
    /// `PageRenderer`, so one identity is one locale and time zone.
    func table(for localizer: Localizer, ideaCount: Int) -> IdeaEntryTable {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(localizer)
        if let table = tables[key] { return table }
        let table = IdeaEntryTable(localizer: localizer, ideaCount: ideaCount, cache: self)
        tables[key] = table
        return table
    }

    /// `#` and each idea's fragment, escaped as an attribute value: the link to an idea on the
    /// same page, and the end of a link to it on another.
    func anchors(fragments: [String]) -> [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        if let anchors { return anchors }
        let made = fragments.map { Array(HTMLEscaping.escape("#" + $0).utf8) }
        anchors = made
        return made
    }

    /// True once a fragment failed its check against the full render: every entry is then
    /// rendered in full for the rest of the build.
    var isRefused: Bool {
        lock.lock()
        defer { lock.unlock() }
        return refused
    }

    func refuse() {
        lock.lock()
        refused = true
        lock.unlock()
    }

    /// What the cache did so far.
    var reuse: IdeaEntryReuse {
        lock.lock()
        defer { lock.unlock() }
        var reuse = counts
        reuse.fragmentBytes = bytesHeld
        reuse.refused = refused
        return reuse
    }

    /// Adds one viewer's counts of entries spliced and rendered in full.
    func count(spliced: Int, rendered: Int) {
        lock.lock()
        counts.spliced += spliced
        counts.rendered += rendered
        lock.unlock()
    }

    /// Takes `count` bytes of the budget; false when they do not fit.
    fileprivate func reserve(_ count: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard bytesHeld + count <= byteBudget else { return false }
        bytesHeld += count
        counts.fragments += 1
        return true
    }
}

/// The entries of one localizer: a fragment per idea and variant, and the position lines.
final class IdeaEntryTable: @unchecked Sendable {
    // @unchecked: the arrays are touched only under `lock`; the localizer is immutable.
    let localizer: Localizer
    private unowned let cache: IdeaEntryCache
    private let lock = NSLock()
    private var fragments: [IdeaEntryFragment?]
    private var positions: [PositionKey: [UInt8]] = [:]
    private struct PositionKey: Hashable {
        var index, count: Int
    }
    /// Position lines kept at most (they are short, but a list's count differs per person).
    static let positionLimit = 1 << 16

    fileprivate init(localizer: Localizer, ideaCount: Int, cache: IdeaEntryCache) {
        self.localizer = localizer
        self.cache = cache
        fragments = Array(repeating: nil, count: ideaCount * Variant.count)
    }

    /// What an idea's entry depends on besides the idea and the localizer. The idea itself
    /// (its index) fixes its id, fragment, text, submission time, audience and whether its
    /// author is named; the holes carry the rest (the name, the links, the position).
    struct Variant {
        /// The NEW tag, class and `data-new` attribute.
        var isNew: Bool
        /// Whether there is a previous idea: a link, or a gap in its place.
        var hasPrevious: Bool
        /// Whether there is a next idea: a link, or a gap.
        var hasNext: Bool

        static let count = 8
        var index: Int { (isNew ? 4 : 0) | (hasPrevious ? 2 : 0) | (hasNext ? 1 : 0) }
    }

    func fragment(idea: Int, _ variant: Variant) -> IdeaEntryFragment? {
        lock.lock()
        defer { lock.unlock() }
        return fragments[idea * Variant.count + variant.index]
    }

    /// Keeps `fragment` when the budget allows (the first one stored wins a race).
    func store(_ fragment: IdeaEntryFragment, idea: Int, _ variant: Variant) {
        guard cache.reserve(fragment.byteCount) else { return }
        lock.lock()
        defer { lock.unlock() }
        let slot = idea * Variant.count + variant.index
        if fragments[slot] == nil { fragments[slot] = fragment }
    }

    /// The position line of item `index` (1-based) of a list of `count`, when rendered
    /// before. The key is both numbers: the line says both ("3 of 40").
    func position(_ index: Int, of count: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return positions[PositionKey(index: index, count: count)]
    }

    /// Keeps a position line (starting over past `positionLimit`).
    func store(position line: [UInt8], _ index: Int, of count: Int) {
        lock.lock()
        defer { lock.unlock() }
        if positions.count >= Self.positionLimit { positions.removeAll(keepingCapacity: true) }
        positions[PositionKey(index: index, count: count)] = line
    }
}
