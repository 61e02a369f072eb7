import Foundation

/// What a renderer remembers of its Localizer's output between pages: escaped dates by instant
/// and style, and escaped translations whose arguments are all numbers ("3 comments") by string
/// and number. Each renderer checks one out of its Localizer for the length of a page and
/// returns it after, so reading it takes no lock; the Localizer keeps one per renderer that
/// ran at the same time.
struct PageMemo {
    var dates: ScalarMemo<[UInt8]>
    var translations: ScalarMemo<[UInt8]>

    init(limitedTo limit: Int = Localizer.memoLimit) {
        dates = ScalarMemo(limit: limit, initialCapacity: limit == 0 ? 16 : 256)
        translations = ScalarMemo(limit: limit, initialCapacity: limit == 0 ? 16 : 256)
    }
}

extension Localizer {
    /// A memo for one page's renderer (from the pool, or a new one).
    func checkOutMemo() -> PageMemo {
        pageMemos.withLock { $0.popLast() } ?? PageMemo()
    }

    /// Gives a renderer's memo back for the next page.
    func checkIn(_ memo: PageMemo) {
        pageMemos.withLock { pool in
            if pool.count < Localizer.memoPoolLimit { pool.append(memo) }
        }
    }

    /// The escaped bytes of an instant in a style (not memoised here: the renderer's memo is).
    func escapedDate(_ seconds: Double, style: DateStyle) -> [UInt8] {
        var escaped = OutputBuffer(capacity: 48)
        escaped.appendEscaped(formatters.format(Date(timeIntervalSince1970: seconds), style: style, now: now))
        return escaped.bytes
    }
}
