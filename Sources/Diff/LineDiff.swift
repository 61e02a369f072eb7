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

    /// The shortest edit script turning `old` into `new` (`costLimit`: `Search.tooExpensive`
    /// of the lines when nil; a test may set it lower).
    public init(old: [String], new: [String]) { self.init(old: old, new: new, costLimit: nil) }

    init(old: [String], new: [String], costLimit: Int?) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(old.count + new.count)
        func intern(_ line: String) -> Int32 {
            if let id = ids[line] { return id }
            let id = Int32(ids.count)
            ids[line] = id
            return id
        }
        let a = old.map(intern), b = new.map(intern)
        self.init(a: a, b: b, costLimit: costLimit)
    }

    /// The shortest edit script between two sequences of interned lines.
    ///
    /// A line found on one side only can match nothing: it is deleted (or inserted) before the
    /// search, which then runs over the lines both sides have (as GNU diff discards them). A
    /// page changed on every line (an 80,000-line page took 27 s, D being every line) is then
    /// no search at all, and the script is as short as before. Past a cost of about the square
    /// root of the lines (`Search.tooExpensive`), a search settles for the furthest point it
    /// has reached, as GNU diff does: a correct script, not always the shortest, in time that
    /// no longer grows with the square of the lines.
    init(a: [Int32], b: [Int32], costLimit: Int? = nil) {
        deleted = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
        let ids = Int(max(a.max() ?? 0, b.max() ?? 0)) + 1
        var inA = [Bool](repeating: false, count: ids), inB = inA
        for id in a { inA[Int(id)] = true }
        for id in b { inB[Int(id)] = true }
        // The lines both sides have, and where each stands in its side.
        var placesA: [Int] = [], placesB: [Int] = []
        var sharedA: [Int32] = [], sharedB: [Int32] = []
        for (index, id) in a.enumerated() {
            if inB[Int(id)] { placesA.append(index); sharedA.append(id) } else { deleted[index] = true }
        }
        for (index, id) in b.enumerated() {
            if inA[Int(id)] { placesB.append(index); sharedB.append(id) } else { inserted[index] = true }
        }
        var sharedDeleted = [Bool](repeating: false, count: sharedA.count)
        var sharedInserted = [Bool](repeating: false, count: sharedB.count)
        let size = sharedA.count + sharedB.count + 2
        var forward = [Int](repeating: 0, count: 2 * size + 1)
        var backward = [Int](repeating: 0, count: 2 * size + 1)
        sharedA.withUnsafeBufferPointer { a in
            sharedB.withUnsafeBufferPointer { b in
                let search = Search(a: a, b: b, offset: size, tooExpensive: costLimit ?? Search.tooExpensive(a.count + b.count))
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        search.compare(0, a.count, 0, b.count, forward, backward, &sharedDeleted, &sharedInserted)
                    }
                }
            }
        }
        for (index, gone) in sharedDeleted.enumerated() where gone { deleted[placesA[index]] = true }
        for (index, added) in sharedInserted.enumerated() where added { inserted[placesB[index]] = true }
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
        /// The edit cost past which a search settles for the furthest point reached.
        let tooExpensive: Int

        /// About the square root of `lines`, at least 4,096 (GNU diff's rule).
        static func tooExpensive(_ lines: Int) -> Int {
            var cost = 1
            var diagonals = lines + 3
            while diagonals != 0 {
                diagonals >>= 2
                cost <<= 1
            }
            return max(4_096, cost)
        }

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
                if d > tooExpensive {
                    return furthest(d - 1, n, m, aLow, bLow, forward, backward)
                }
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

        /// The point furthest along (largest x + y from its own corner) that either search
        /// reached with `d` edits, as a split inside the rectangle: the halves are both smaller
        /// than it, so the recursion ends, with a correct script that may not be the shortest.
        private func furthest(
            _ d: Int, _ n: Int, _ m: Int, _ aLow: Int, _ bLow: Int,
            _ forward: UnsafeMutableBufferPointer<Int>, _ backward: UnsafeMutableBufferPointer<Int>
        ) -> (Int, Int) {
            var best = (x: n / 2, y: m / 2, progress: -1)
            for k in stride(from: -d, through: d, by: 2) {
                let x = min(forward[offset + k], n), y = x - k
                if y >= 0, y <= m, x + y > best.progress { best = (x, y, x + y) }
            }
            for c in stride(from: -d, through: d, by: 2) {
                let u = min(backward[offset + c], n), v = u - c
                if v >= 0, v <= m, u + v > best.progress { best = (n - u, m - v, u + v) }
            }
            // Never a corner: a split there would leave the whole rectangle to one half.
            if (best.x == 0 && best.y == 0) || (best.x == n && best.y == m) { best = (n / 2, m / 2, 0) }
            if (best.x == 0 && best.y == 0) || (best.x == n && best.y == m) { best = (n, 0, 0) }
            return (aLow + best.x, bLow + best.y)
        }
    }
}
