import Foundation
import Store
import Testing
import VantageCore

@testable import Render

/// `MaskedQuotes`, the build's memo of quotes through the personal-data mask: every answer is
/// `ViewerPages.cleaned` of the quote it is given, whatever it met before under that id.
@Suite("Masking each quote once per build")
struct MaskedQuotesTests {
    let mask = PersonalDataMask(phones: ["+14155550177"], emails: ["ana.lima@example.com"])

    func quote(_ id: String, _ text: String, speaker: String = "Ana", hearers: [(Int64, String)] = []) -> Quote {
        Quote(
            id: id, text: text, speakerID: 1, speakerRecordedName: speaker, saidAt: DataInstant(seconds: 1_777_000_000),
            hearers: hearers.map { Hearer(personID: $0.0, recordedName: $0.1) })
    }

    @Test("Met again, a quote is masked as the first time; hearers keep their order")
    func hitsAreMaskedLikeTheFirstTime() {
        let memo = MaskedQuotes()
        let original = quote(
            "q-1", "call +1 415 555 0177 now", speaker: "ana.lima@example.com",
            hearers: [(3, "Zed"), (2, "Bob (415) 555-0177"), (4, "Cy")])
        let expected = ViewerPages.cleaned(original, mask: mask)
        #expect(expected.text == "call \(Character(PersonalDataMask.marker)) now")
        for _ in 0..<3 {
            let cleaned = memo.cleaned(original, mask: mask)
            #expect(cleaned == expected)
            #expect(cleaned.hearers.map(\.personID) == [3, 2, 4])
            #expect(!cleaned.text.contains("555") && !cleaned.speakerRecordedName.contains("@"))
            #expect(!cleaned.hearers.contains { $0.recordedName.contains("555") })
        }
        #expect(memo.count == 1)
    }

    @Test("A quote the mask leaves alone comes back as it is")
    func untouchedQuotes() {
        let memo = MaskedQuotes()
        let plain = quote("q-2", "See you at five", hearers: [(2, "Bob")])
        #expect(memo.cleaned(plain, mask: mask) == plain)
        #expect(memo.cleaned(plain, mask: mask) == plain)
    }

    @Test("Other texts under a known id are masked anew, and the same text under two ids twice")
    func keysAreKeptApart() {
        let memo = MaskedQuotes()
        let clean = quote("q-3", "nothing to hide", hearers: [(2, "Bob")])
        #expect(memo.cleaned(clean, mask: mask) == clean)
        // The store changed between two viewers' reads: the phone must not pass as "unchanged".
        let edited = quote("q-3", "nothing to hide: +1 415 555 0177", hearers: [(2, "Bob")])
        #expect(memo.cleaned(edited, mask: mask) == ViewerPages.cleaned(edited, mask: mask))
        #expect(!memo.cleaned(edited, mask: mask).text.contains("555"))
        let renamed = quote("q-3", "nothing to hide", hearers: [(2, "ana.lima@example.com")])
        #expect(memo.cleaned(renamed, mask: mask) == ViewerPages.cleaned(renamed, mask: mask))
        // Texts that run together alike once concatenated are not taken for each other.
        let split = quote("q-4", "ab", speaker: "c")
        let joined = quote("q-4", "a", speaker: "bc")
        #expect(MaskedQuotes.digest(split) != MaskedQuotes.digest(joined))
        let twin = quote("q-5", "call +1 415 555 0177 now")
        let other = quote("q-6", "call +1 415 555 0177 now")
        #expect(memo.cleaned(twin, mask: mask).id == "q-5")
        #expect(memo.cleaned(other, mask: mask) == ViewerPages.cleaned(other, mask: mask))
        // One more hearer is other content, not a hit with the wrong names.
        let more = quote("q-6", "call +1 415 555 0177 now", hearers: [(2, "Bob (415) 555-0177")])
        #expect(memo.cleaned(more, mask: mask) == ViewerPages.cleaned(more, mask: mask))
    }

    @Test("Threads sharing the memo get the same answers")
    func concurrentUse() {
        let memo = MaskedQuotes()
        let quotes = (0..<200).map { quote("q-\($0)", $0.isMultiple(of: 3) ? "ring +1 415 555 0177 (\($0))" : "line \($0)") }
        let expected = quotes.map { ViewerPages.cleaned($0, mask: mask) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for index in quotes.indices.shuffled() { #expect(memo.cleaned(quotes[index], mask: mask) == expected[index]) }
        }
        #expect(memo.count == quotes.count)
    }
}
