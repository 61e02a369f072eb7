import Foundation

/// What a renderer remembers of its Localizer's output between pages: escaped dates by instant
/// and style, and escaped translations whose arguments are all numbers ("3 comments") by string
/// and number. Each renderer checks one out of its Localizer for the length of a page and
/// returns it after, so reading it takes no lock; the Localizer keeps one per renderer that
/// ran at the same time.
struct PageMemo: ~Copyable {
    var dates: ByteMemo
    var translations: ByteMemo

    init(limitedTo limit: Int = Localizer.memoLimit) {
        dates = ByteMemo(limit: limit)
        translations = ByteMemo(limit: limit)
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
    func appendEscapedDate(_ seconds: Double, style: DateStyle, into output: inout OutputBuffer) {
        output.appendEscaped(formatters.format(Date(timeIntervalSince1970: seconds), style: style, now: now))
    }
}
