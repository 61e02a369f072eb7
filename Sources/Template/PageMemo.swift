import Foundation

/// What a renderer remembers of its Localizer's output between pages: escaped dates by instant
/// and style, escaped translations whose arguments are all numbers ("3 comments") by string
/// and number, and catalog entries by tag. Each renderer checks one out for the length of a
/// page and returns it after, so reading it takes no lock (a date it has not met is looked up
/// next in the `SharedFormatMemo` of all renderers, and so is every list). The pool is shared by
/// every Localizer with the same locale, time zone, "now" and catalog, so a build that makes one
/// Localizer per viewer still reuses what earlier pages formatted.
struct PageMemo: ~Copyable {
    var dates: ByteMemo
    var translations: ByteMemo
    /// Catalog entries by `{{#t}}` tag (its object's address), with the tag's key.
    var resolutions: ScalarMemo<(key: String, resolution: Resolution)>

    init(limitedTo limit: Int = Localizer.memoLimit) {
        dates = ByteMemo(limit: limit)
        translations = ByteMemo(limit: limit)
        resolutions = ScalarMemo(limit: max(limit, 64), initialCapacity: 64)
    }

    /// A memo that stands in for the one a renderer hands back after its page (`Renderer.finish`)
    /// and is never read: it shares one empty table of resolutions instead of making its own
    /// (a table of 64 slots cost about 11,000 instructions, once per page).
    static func placeholder() -> PageMemo { PageMemo(resolutions: idleResolutions) }

    private init(resolutions: ScalarMemo<(key: String, resolution: Resolution)>) {
        dates = ByteMemo(limit: 0)
        translations = ByteMemo(limit: 0)
        self.resolutions = resolutions
    }

    /// The placeholders' table (copied on write, like any array, should one ever be stored into).
    nonisolated(unsafe) private static let idleResolutions =
        ScalarMemo<(key: String, resolution: Resolution)>(limit: 64, initialCapacity: 16)
}

/// The memo pools, one per locale, time zone, "now" and catalog, each with the memo its
/// renderers share (`SharedFormatMemo`, held by the Localizers, not here: it goes with them).
enum PageMemoPools {
    private final class Pool: @unchecked Sendable {
        // @unchecked: `shared` is only touched under `pools`' lock.
        let memos = Locked<[PageMemoSlot]>([])
        weak var shared: SharedFormatMemo?
    }

    private static let pools = Locked<[String: Pool]>([:])

    static func pool(for key: String) -> (Locked<[PageMemoSlot]>, SharedFormatMemo) {
        pools.withLock { pools in
            let pool = pools[key] ?? Pool()
            pools[key] = pool
            if let shared = pool.shared { return (pool.memos, shared) }
            let shared = SharedFormatMemo()
            pool.shared = shared
            return (pool.memos, shared)
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
