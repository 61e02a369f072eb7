#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte offsets of a page into 1-based lines and columns (columns count Unicode scalars,
/// like every other `SourceLocation` in the project).
struct LineIndex {
    /// Byte offset at which each line starts; line 1 starts at 0.
    private var lineStarts: [Int] = [0]
    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var offset = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        while offset < count {
            // memchr is much faster than a Swift loop over 27 KB pages.
            guard let hit = memchr(base + offset, 0x0A, count - offset) else { break }
            let newline = base.distance(to: UnsafeRawPointer(hit))
            lineStarts.append(newline + 1)
            offset = newline + 1
        }
    }

    /// The line and column of the byte at `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        // Counted on from the previous place asked when it is earlier on the same line: many
        // places on one long line cost its length once (a page of one line with a hundred
        // thousand broken links took 66 s).
        let memo = self.memo
        if memo.lineStart != lineStarts[low] || memo.counted > clamped { (memo.lineStart, memo.counted, memo.column) = (lineStarts[low], lineStarts[low], 1) }
        while memo.counted < clamped {
            // UTF-8 continuation bytes do not start a scalar.
            if bytes[memo.counted] & 0xC0 != 0x80 { memo.column += 1 }
            memo.counted += 1
        }
        return (low + 1, memo.column)
    }

    /// The last place a column was counted to.
    private final class ColumnMemo {
        var lineStart = -1
        var counted = 0
        var column = 1
    }
    private let memo = ColumnMemo()
}

/// `LineIndex.position(of:)` for offsets asked in ascending order, as the scan asks for its
/// links' places: each call counts only the line breaks since the previous one (`memchr`), and
/// keeps no table of line starts (building one per page cost more than all its look-ups). An
/// offset before the previous one starts again from the top of the page.
struct LineCursor {
    private let bytes: UnsafeRawBufferPointer
    /// Every line break before `scanned` is counted in `line`; `lineStart` follows the last.
    private var scanned = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The line and column of the byte at `offset`, as `LineIndex.position(of:)` gives them.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        if clamped < scanned { (scanned, line, lineStart) = (0, 1, 0) }
        if let base = bytes.baseAddress {
            while scanned < clamped, let hit = memchr(base + scanned, 0x0A, clamped - scanned) {
                line += 1
                lineStart = base.distance(to: UnsafeRawPointer(hit)) + 1
                scanned = lineStart
            }
        }
        scanned = clamped
        // (Counted from the line's start each time. Keeping the last column here, as `LineIndex`
        // does, changes `PageScan`'s layout, and the debug build of Swift 6.3.1 then miscompiles
        // a copy of it: see `PageScan.links`. The scan asks for few places per line.)
        var column = 1
        var index = lineStart
        while index < clamped {
            // UTF-8 continuation bytes do not start a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }
}
