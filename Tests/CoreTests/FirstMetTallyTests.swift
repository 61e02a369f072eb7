import Testing
import VantageCore

@Suite("Names tallied in the order first met")
struct FirstMetTallyTests {
    @Test("Each name is kept once, at its first place, with every place counted")
    func firstPlaceAndCount() {
        var tally = FirstMetTally<String, Int>(limit: 10)
        #expect(tally.note("b", at: 1) == 0)
        #expect(tally.note("a", at: 2) == 1)
        #expect(tally.note("b", at: 3) == nil)
        #expect(tally.note("b", count: 4, at: 4) == nil)
        #expect(tally.entries.map(\.key) == ["b", "a"])
        #expect(tally.entries.map(\.first) == [1, 2])
        #expect(tally.entries.map(\.count) == [6, 1])
        #expect(tally.unkept == 0)
    }

    @Test("Past the limit, new names are only counted; names kept before still count")
    func limit() {
        var tally = FirstMetTally<Int, Int>(limit: 3)
        for key in [1, 2, 3, 4, 5, 4, 1] { tally.note(key, at: key * 10) }
        #expect(tally.entries.map(\.key) == [1, 2, 3])
        #expect(tally.entries.map(\.count) == [2, 1, 1])
        #expect(tally.unkept == 3)
        let listed = tally.listed(2)
        #expect(listed.entries.map(\.key) == [1, 2])
        // The third name's place and the three uncounted ones.
        #expect(listed.unlistedPlaces == 4)
    }

    @Test("Absorbing the tally of what followed keeps the names one tally would, and loses no place", arguments: [2, 3, 5, 11, 100])
    func absorbKeepsTheSameNames(limit: Int) {
        // Eleven names, repeating across the two halves and within each, so that both halves
        // reach the limit at some of these sizes.
        let keys = (0..<60).map { ($0 * 7) % 11 }
        for cut in [0, 1, 13, 30, 59, 60] {
            var whole = FirstMetTally<Int, Int>(limit: limit)
            for (place, key) in keys.enumerated() { whole.note(key, at: place) }
            var first = FirstMetTally<Int, Int>(limit: limit)
            var second = FirstMetTally<Int, Int>(limit: limit)
            for (place, key) in keys.enumerated() {
                if place < cut { first.note(key, at: place) } else { second.note(key, at: place) }
            }
            var keptFromSecond: [(Int, Int)] = []
            first.absorb(second) { keptFromSecond.append(($0, $1)) }
            #expect(first.entries.map(\.key) == whole.entries.map(\.key), "cut \(cut)")
            #expect(first.entries.map(\.first) == whole.entries.map(\.first), "cut \(cut)")
            #expect(first.entries.reduce(first.unkept) { $0 + $1.count } == keys.count, "cut \(cut)")
            // Within the limit the counts are the same too. (Past it, a name the second part
            // met only after its own limit is counted among the unkept places.)
            if limit >= 11 {
                #expect(first.entries.map(\.count) == whole.entries.map(\.count), "cut \(cut)")
                #expect(first.unkept == 0)
            }
            // Each entry reported kept is the second tally's entry, at the index it now has.
            for (otherIndex, index) in keptFromSecond {
                #expect(second.entries[otherIndex].key == first.entries[index].key)
            }
        }
    }
}
