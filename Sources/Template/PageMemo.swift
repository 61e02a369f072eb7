import Foundation

/// What a renderer remembers of its Localizer's output between pages: escaped dates by instant
/// and style, escaped translations whose arguments are all numbers ("3 comments") by string
/// and number, catalog entries by tag, and formatted lists. Each renderer checks one out for the length of a page and returns it after, so
/// reading it takes no lock. The pool is shared by every Localizer with the same locale, time
/// zone, "now" and catalog, so a build that makes one Localizer per viewer still reuses what
/// earlier pages formatted.
struct PageMemo: ~Copyable {
    var dates: ByteMemo
    var translations: ByteMemo
    /// Catalog entries by `{{#t}}` tag (its object's address), with the tag's key.
    var resolutions: ScalarMemo<(key: String, resolution: Resolution)>
    /// `andList` results by their items: ICU's list formatter costs tens of thousands of
    /// instructions a call, and the same hearers are listed on many pages (the feed, the
    /// speaker's page, the profile tabs, and every viewer who sees the quote).
    private var lists: [ListKey: String] = [:]
    private let limit: Int

    init(limitedTo limit: Int = Localizer.memoLimit) {
        self.limit = limit
        dates = ByteMemo(limit: limit)
        translations = ByteMemo(limit: limit)
        resolutions = ScalarMemo(limit: max(limit, 64), initialCapacity: 64)
    }

    /// A memo that stands in for the one a renderer hands back after its page (`Renderer.finish`)
    /// and is never read: it shares one empty table of resolutions instead of making its own
    /// (a table of 64 slots cost about 11,000 instructions, once per page).
    static func placeholder() -> PageMemo { PageMemo(resolutions: idleResolutions) }

    private init(resolutions: ScalarMemo<(key: String, resolution: Resolution)>) {
        limit = 0
        dates = ByteMemo(limit: 0)
        translations = ByteMemo(limit: 0)
        self.resolutions = resolutions
    }

    /// The placeholders' table (copied on write, like any array, should one ever be stored into).
    nonisolated(unsafe) private static let idleResolutions =
        ScalarMemo<(key: String, resolution: Resolution)>(limit: 64, initialCapacity: 16)

    /// The items joined as the locale joins them, formatted by `format` the first time.
    mutating func list(_ items: [String], format: ([String]) -> String) -> String {
        let key = ListKey(items)
        if let known = lists[key] { return known }
        let text = format(items)
        guard limit > 0 else { return text }
        if lists.count >= limit { lists.removeAll(keepingCapacity: true) }
        lists[key] = text
        return text
    }
}

/// The items of an `andList`, as a memo key: hashed once, over their bytes, when made (an
/// `[String]` key hashed every string through `Hasher` at every look-up, about 2,600
/// instructions for a list of three names), and equal only when the items are.
struct ListKey: Hashable {
    let items: [String]
    /// FNV-1a over each item's UTF-8 and length (what `Hasher` is given).
    let digest: UInt64

    init(_ items: [String]) {
        self.items = items
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        for item in items {
            var item = item
            item.withUTF8 { bytes in
                for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
            digest = (digest ^ UInt64(item.utf8.count) ^ 0xFF00) &* 0x0000_0100_0000_01B3
        }
        self.digest = digest
    }

    static func == (left: ListKey, right: ListKey) -> Bool { left.digest == right.digest && left.items == right.items }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// The memo pools, one per locale, time zone, "now" and catalog.
enum PageMemoPools {
    private static let pools = Locked<[String: Locked<[PageMemoSlot]>]>([:])

    static func pool(for key: String) -> Locked<[PageMemoSlot]> {
        pools.withLock { pools in
            if let pool = pools[key] { return pool }
            let pool = Locked<[PageMemoSlot]>([])
            pools[key] = pool
            return pool
        }
    }
}

/// Holds a memo in the Localizer's pool between pages.
final class PageMemoSlot: @unchecked Sendable {
    // @unchecked: only touched under the pool's lock.
    var memo: PageMemo?
    init(_ memo: consuming PageMemo) { self.memo = .some(memo) }
}

extension Localizer {
    /// A memo for one page's renderer (from the pool, or a new one).
    func checkOutMemo() -> PageMemo {
        if let slot = pageMemos.withLock({ $0.popLast() }), let memo = slot.memo.take() { return memo }
        return PageMemo()
    }

    /// Gives a renderer's memo back for the next page.
    func checkIn(_ memo: consuming PageMemo) {
        let slot = PageMemoSlot(memo)
        pageMemos.withLock { pool in
            if pool.count < Localizer.memoPoolLimit { pool.append(slot) }
        }
    }

    /// Writes an instant in a style, escaped (not memoised here: the renderer's memo is).
    func appendEscapedDate(_ seconds: Double, style: DateStyle, calendarDay: Bool = false, into output: inout OutputBuffer) {
        output.appendEscaped(formatters.format(Date(timeIntervalSince1970: seconds), style: style, now: now, calendarDay: calendarDay))
    }
}
