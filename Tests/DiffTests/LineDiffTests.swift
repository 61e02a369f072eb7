import Testing
@testable import Diff

struct LineDiffTests {
    /// The length of a longest common subsequence, by the textbook O(NM) table: the yardstick
    /// a shortest edit script must meet (edits = N + M - 2 * LCS).
    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// A deterministic pseudo-random generator, so failures reproduce.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func randomInputsGiveAValidShortestScript() {
        var random = SplitMix(state: 42)
        for round in 0..<400 {
            let alphabet = 1 + random.next(5)
            let a = (0..<random.next(25)).map { _ in String(random.next(alphabet)) }
            let b = (0..<random.next(25)).map { _ in String(random.next(alphabet)) }
            let diff = LineDiff(old: a, new: b)
            // The kept lines, in order, are the same on both sides...
            let keptA = a.indices.filter { !diff.deleted[$0] }.map { a[$0] }
            let keptB = b.indices.filter { !diff.inserted[$0] }.map { b[$0] }
            #expect(keptA == keptB, "round \(round): \(a) -> \(b)")
            // ...and there are as many as a longest common subsequence has.
            #expect(keptA.count == Self.lcsLength(a, b), "round \(round): \(a) -> \(b)")
        }
    }

    /// Lines found on one side only are set aside before the search: with alphabets large
    /// enough for many such lines, the script is still a shortest one.
    @Test func linesOnOneSideOnlyLeaveTheScriptShortest() {
        var random = SplitMix(state: 7)
        for round in 0..<400 {
            let alphabet = 1 + random.next(60)
            let a = (0..<random.next(40)).map { _ in String(random.next(alphabet)) }
            let b = (0..<random.next(40)).map { _ in "x" + String(random.next(alphabet)).dropFirst(random.next(2)) }
            let diff = LineDiff(old: a, new: b)
            let keptA = a.indices.filter { !diff.deleted[$0] }.map { a[$0] }
            let keptB = b.indices.filter { !diff.inserted[$0] }.map { b[$0] }
            #expect(keptA == keptB, "round \(round): \(a) -> \(b)")
            #expect(keptA.count == Self.lcsLength(a, b), "round \(round): \(a) -> \(b)")
        }
        // Every line changed: nothing kept, nothing searched (an 80,000-line page took 27 s).
        let old = (0..<80_000).map { "old \($0)" }, new = (0..<80_000).map { "new \($0)" }
        #expect(LineDiff(old: old, new: new).counts == (80_000, 80_000))
    }

    /// Past its cost limit (64 here, about the square root of the lines and at least 4,096 in
    /// use) the search settles for the furthest point reached: the script is still correct
    /// (the kept lines agree), on lines reversed or shuffled in blocks.
    @Test func expensiveInputsStillGiveAValidScript() {
        let lines = (0..<3_000).map { "line \($0)" }
        var random = SplitMix(state: 3)
        var shuffled: [String] = []
        var blocks = stride(from: 0, to: lines.count, by: 50).map { Array(lines[$0..<min($0 + 50, lines.count)]) }
        while !blocks.isEmpty { shuffled += blocks.remove(at: random.next(blocks.count)) }
        for new in [Array(lines.reversed()), shuffled] {
            let diff = LineDiff(old: lines, new: new, costLimit: 64)
            let keptA = lines.indices.filter { !diff.deleted[$0] }.map { lines[$0] }
            let keptB = new.indices.filter { !diff.inserted[$0] }.map { new[$0] }
            #expect(keptA == keptB)
            #expect(!keptA.isEmpty)
        }
    }

    @Test func hunksWithContextAndLineNumbers() {
        let old = (1...12).map { "line \($0)" }
        var new = old
        new[1] = "line 2 changed"
        new.insert("inserted", at: 10)
        let diff = LineDiff(old: old, new: new)
        let hunks = diff.hunks(old: old, new: new, context: 1)
        #expect(hunks.map(\.header) == ["@@ -1,3 +1,3 @@", "@@ -10,2 +10,3 @@"])
        #expect(hunks[0].lines.map(\.rendered) == [" line 1", "-line 2", "+line 2 changed", " line 3"])
        #expect(hunks[1].lines.map(\.rendered) == [" line 10", "+inserted", " line 11"])
        // With three lines of context the two changes (7 lines apart) stay separate; with
        // four they merge into one hunk.
        #expect(diff.hunks(old: old, new: new, context: 3).count == 2)
        #expect(diff.hunks(old: old, new: new, context: 4).map(\.header) == ["@@ -1,12 +1,13 @@"])
        #expect(diff.hunks(old: old, new: new, context: 0).map(\.header) == ["@@ -2,1 +2,1 @@", "@@ -10,0 +11,1 @@"])
        // Any larger context is the whole page (`--context 9223372036854775807` overflowed).
        for context in [13, 1_000_000, Int.max] {
            #expect(diff.hunks(old: old, new: new, context: context).map(\.header) == ["@@ -1,12 +1,13 @@"])
        }
    }

    @Test func emptySides() {
        let lines = ["a", "b"]
        #expect(LineDiff(old: [], new: lines).hunks(old: [], new: lines, context: 3).map(\.header) == ["@@ -0,0 +1,2 @@"])
        #expect(LineDiff(old: lines, new: []).hunks(old: lines, new: [], context: 3).map(\.header) == ["@@ -1,2 +0,0 @@"])
        #expect(LineDiff(old: lines, new: lines).hunks(old: lines, new: lines, context: 3).isEmpty)
    }

    @Test func deletionsComeBeforeInsertions() {
        let diff = LineDiff(old: ["a", "x", "y", "b"], new: ["a", "p", "q", "b"])
        let lines = diff.hunks(old: ["a", "x", "y", "b"], new: ["a", "p", "q", "b"], context: 0)[0].lines.map(\.rendered)
        #expect(lines == ["-x", "-y", "+p", "+q"])
        #expect(diff.counts == (2, 2))
    }

    /// A file's last line without its line feed differs from the same line with one, and the
    /// "\\ No newline at end of file" after it is no line: it is counted in no header and no
    /// tally, as in `diff -u` (it was a line of its own, so adding the line feed showed as
    /// "-\\ No newline at end of file", +0 -1, in a hunk that ran past the file's end).
    @Test func aMissingFinalLineFeedIsAMarkNotALine() {
        func hunks(_ a: String, _ b: String, context: Int = 3) -> (counts: (Int, Int), lines: [String]) {
            let old = PageText.lines(of: Array(a.utf8), path: "f.txt")!, new = PageText.lines(of: Array(b.utf8), path: "f.txt")!
            let diff = LineDiff(old: old, new: new)
            return (diff.counts, diff.hunks(old: old, new: new, context: context).flatMap { [$0.header] + $0.lines.map(\.rendered) })
        }
        let mark = "\\ No newline at end of file"
        let added = hunks("a\nb\nc\nd\ne", "a\nb\nc\nd\ne\n")
        #expect(added.counts == (1, 1))
        #expect(added.lines == ["@@ -2,4 +2,4 @@", " b", " c", " d", "-e", mark, "+e"])
        let created = hunks("", "x")
        #expect(created.counts == (0, 1))
        #expect(created.lines == ["@@ -0,0 +1,1 @@", "+x", mark])
        // Unchanged, it is context with its mark.
        #expect(hunks("a\nb", "A\nb", context: 1).lines == ["@@ -1,2 +1,2 @@", "-a", "+A", " b", mark])
        // A file may hold the mark's words as a line of its own: that is a line like any other.
        #expect(hunks("x\n", "x\n\\ No newline at end of file\n").lines == ["@@ -1,1 +1,2 @@", " x", "+" + mark])
    }
}
