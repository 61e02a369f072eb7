/// Myers' O((N+M)D) difference algorithm in linear space ("An O(ND) Difference Algorithm
/// and Its Variations", 1986, section 4b): it finds a shortest edit script by splitting at a
/// middle snake and recursing, after trimming the common head and tail.
///
/// Lines are first interned to integers, so the inner loop compares numbers, not strings.
public struct LineDiff: Sendable {
    /// For each old line: true when it is deleted.
    public private(set) var deleted: [Bool]
    /// For each new line: true when it is inserted.
    public private(set) var inserted: [Bool]

    /// The shortest edit script turning `old` into `new`.
    public init(old: [String], new: [String]) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(old.count + new.count)
        func intern(_ line: String) -> Int32 {
            if let id = ids[line] { return id }
            let id = Int32(ids.count)
            ids[line] = id
            return id
        }
        let a = old.map(intern), b = new.map(intern)
        self.init(a: a, b: b)
    }

    /// The shortest edit script between two sequences of interned lines.
    init(a: [Int32], b: [Int32]) {
        deleted = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
        let size = a.count + b.count + 2
        var forward = [Int](repeating: 0, count: 2 * size + 1)
        var backward = [Int](repeating: 0, count: 2 * size + 1)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let search = Search(a: a, b: b, offset: size)
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        search.compare(0, a.count, 0, b.count, forward, backward, &deleted, &inserted)
                    }
                }
            }
        }
    }

    /// How many lines were deleted and inserted.
    public var counts: (deletions: Int, insertions: Int) {
        (deleted.reduce(0) { $0 + ($1 ? 1 : 0) }, inserted.reduce(0) { $0 + ($1 ? 1 : 0) })
    }

    /// The recursion over sub-rectangles of the edit graph. `forward[offset + k]` holds the
    /// furthest x reached on diagonal k (x - y, relative to the rectangle's corner);
    /// `backward` the same for the reversed sequences.
    private struct Search {
        let a: UnsafeBufferPointer<Int32>
        let b: UnsafeBufferPointer<Int32>
        let offset: Int

        func compare(
            _ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int,
            _ forward: UnsafeMutableBufferPointer<Int>, _ backward: UnsafeMutableBufferPointer<Int>,
            _ deleted: inout [Bool], _ inserted: inout [Bool]
        ) {
            var aLow = aLow, aHigh = aHigh, bLow = bLow, bHigh = bHigh
            while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] { aLow += 1; bLow += 1 }
            while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] { aHigh -= 1; bHigh -= 1 }
            if aLow == aHigh {
                for index in bLow..<bHigh { inserted[index] = true }
                return
            }
            if bLow == bHigh {
                for index in aLow..<aHigh { deleted[index] = true }
                return
            }
            // Both sides are non-empty and differ at both ends, so D >= 2 and the split point
            // lies strictly inside: each half is a smaller problem.
            let (x, y) = middle(aLow, aHigh, bLow, bHigh, forward, backward)
            compare(aLow, x, bLow, y, forward, backward, &deleted, &inserted)
            compare(x, aHigh, y, bHigh, forward, backward, &deleted, &inserted)
        }

        /// A point on a shortest path through the rectangle, reached from the start by the
        /// forward search where it first meets the backward search.
        private func middle(
            _ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int,
            _ forward: UnsafeMutableBufferPointer<Int>, _ backward: UnsafeMutableBufferPointer<Int>
        ) -> (Int, Int) {
            let n = aHigh - aLow, m = bHigh - bLow
            let delta = n - m
            let odd = delta & 1 != 0
            forward[offset + 1] = 0
            backward[offset + 1] = 0
            let limit = (n + m + 1) / 2
            for d in 0...limit {
                // Forward: furthest x on each diagonal k with d edits.
                for k in stride(from: -d, through: d, by: 2) {
                    var x: Int
                    if k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1]) {
                        x = forward[offset + k + 1]
                    } else {
                        x = forward[offset + k - 1] + 1
                    }
                    var y = x - k
                    while x < n, y < m, a[aLow + x] == b[bLow + y] { x += 1; y += 1 }
                    forward[offset + k] = x
                    // The backward search, d - 1 steps in, covers diagonals c = delta - k in
                    // [-(d - 1), d - 1]; it stores u = n - x.
                    let c = delta - k
                    if odd, c >= -(d - 1), c <= d - 1, x >= n - backward[offset + c] {
                        return (aLow + x, bLow + y)
                    }
                }
                // Backward: the same over the reversed sequences (u = n - x, v = m - y).
                for c in stride(from: -d, through: d, by: 2) {
                    var u: Int
                    if c == -d || (c != d && backward[offset + c - 1] < backward[offset + c + 1]) {
                        u = backward[offset + c + 1]
                    } else {
                        u = backward[offset + c - 1] + 1
                    }
                    var v = u - c
                    while u < n, v < m, a[aLow + n - 1 - u] == b[bLow + m - 1 - v] { u += 1; v += 1 }
                    backward[offset + c] = u
                    let k = delta - c
                    if !odd, k >= -d, k <= d, forward[offset + k] >= n - u {
                        let x = forward[offset + k]
                        return (aLow + x, bLow + x - k)
                    }
                }
            }
            // Unreachable for non-empty inputs: the searches always meet by D = n + m.
            return (aLow + n / 2, bLow + m / 2)
        }
    }
}
