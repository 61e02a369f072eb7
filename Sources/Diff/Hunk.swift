/// One line of a unified diff.
public struct DiffLine: Sendable, Equatable {
    /// Whether the line is context, deleted or inserted; or `noNewline`, which is no line: the
    /// mark `diff -u` puts after a file's last line when it has no line feed.
    public enum Kind: Character, Sendable {
        case context = " ", deleted = "-", inserted = "+", noNewline = "\\"
    }

    /// Context, deleted or inserted.
    public var kind: Kind
    /// The line's text.
    public var text: String

    /// The line as a unified diff writes it: its mark, then its text.
    public var rendered: String { String(kind.rawValue) + text }

    /// Ends the last line of a text file that has no final line feed (`PageText`), so that the
    /// line differs from the same line with one; a NUL, which a file's line shows as its
    /// escape, so that no line of a file ends in it.
    public static let withoutLineFeed = "\u{0}"

    /// What follows such a line in a hunk, as in `diff -u`: "\\ No newline at end of file".
    static let noNewlineMark = DiffLine(kind: .noNewline, text: " No newline at end of file")

    /// The line as a hunk shows it: a line that ends in `withoutLineFeed` without it, then the
    /// mark.
    static func shown(_ kind: Kind, _ text: String) -> [DiffLine] {
        guard text.hasSuffix(withoutLineFeed) else { return [DiffLine(kind: kind, text: text)] }
        return [DiffLine(kind: kind, text: String(text.dropLast(withoutLineFeed.count))), noNewlineMark]
    }
}

/// A run of changes with its context, headed `@@ -oldStart,oldCount +newStart,newCount @@`.
public struct Hunk: Sendable, Equatable {
    /// The first old line shown (1-based; the line before the hunk when `oldCount` is 0).
    public var oldStart: Int
    /// Old lines shown (context and deleted).
    public var oldCount: Int
    /// The first new line shown (1-based; the line before when `newCount` is 0).
    public var newStart: Int
    /// New lines shown (context and inserted).
    public var newCount: Int
    /// The lines, deletions before insertions within each change (and `DiffLine.noNewlineMark`
    /// after a last line without its line feed, counted in neither count).
    public var lines: [DiffLine]

    /// `@@ -a,b +c,d @@`.
    public var header: String { "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" }
}

extension LineDiff {
    /// The changes as unified-diff hunks with `context` unchanged lines around each change;
    /// changes closer than twice the context share a hunk.
    public func hunks(old: [String], new: [String], context requested: Int) -> [Hunk] {
        // More context than either page has lines is the whole page (and no sum below overflows).
        let context = min(max(0, requested), old.count + new.count + 1)
        // The script as a flat sequence of operations: (kind, old index, new index).
        var operations: [(kind: DiffLine.Kind, old: Int, new: Int)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, deleted[i] {
                operations.append((.deleted, i, j)); i += 1
            } else if j < new.count, inserted[j] {
                operations.append((.inserted, i, j)); j += 1
            } else {
                operations.append((.context, i, j)); i += 1; j += 1
            }
        }
        var hunks: [Hunk] = []
        var index = 0
        while index < operations.count {
            guard operations[index].kind != .context else { index += 1; continue }
            let start = max(0, index - context)
            // Extend while the next change is within 2 * context unchanged lines.
            var end = index
            var scan = index
            while scan < operations.count {
                if operations[scan].kind != .context {
                    end = scan
                    scan += 1
                    continue
                }
                var gap = scan
                while gap < operations.count, operations[gap].kind == .context { gap += 1 }
                if gap < operations.count, gap - scan <= 2 * context { scan = gap; continue }
                break
            }
            let stop = min(operations.count, end + context + 1)
            var lines: [DiffLine] = []
            var oldCount = 0, newCount = 0
            for operation in operations[start..<stop] {
                switch operation.kind {
                case .context:
                    lines += DiffLine.shown(.context, old[operation.old]); oldCount += 1; newCount += 1
                case .deleted:
                    lines += DiffLine.shown(.deleted, old[operation.old]); oldCount += 1
                case .inserted:
                    lines += DiffLine.shown(.inserted, new[operation.new]); newCount += 1
                case .noNewline:
                    break  // a mark within a hunk's lines, never an operation
                }
            }
            let first = operations[start]
            hunks.append(Hunk(
                oldStart: oldCount == 0 ? first.old : first.old + 1, oldCount: oldCount,
                newStart: newCount == 0 ? first.new : first.new + 1, newCount: newCount, lines: lines))
            index = stop
        }
        return hunks
    }
}
