import Dispatch
import Foundation
import Testing

@testable import Template

@Suite("SharedFormatMemo")
struct SharedFormatMemoTests {
    /// A list key as the renderer makes it.
    private static func key(_ items: [String], kind: UInt8 = SharedFormatMemo.listKind) -> SharedFormatMemo.Key {
        var key = SharedFormatMemo.Key(capacity: 4)
        key.reset(kind)
        for item in items { key.append(item) }
        return key
    }

    private static func read(_ memo: SharedFormatMemo, _ items: [String], kind: UInt8 = SharedFormatMemo.listKind)
        -> String?
    {
        var output = OutputBuffer(capacity: 16)
        let key = key(items, kind: kind)
        guard memo.write(key, into: &output) else { return nil }
        return output.string
    }

    private static func store(_ memo: SharedFormatMemo, _ items: [String], _ value: String) {
        let key = key(items)
        var value = value
        value.withUTF8 { memo.store(key, $0) }
    }

    /// Lists of short items from a small alphabet, so that many run together alike.
    private static func lists(count: Int, seed: UInt64) -> [[String]] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let alphabet = ["a", "b", "é", "", "ab", "\u{1}", "李", " "]
        return (0..<count).map { _ in
            (0..<next(5)).map { _ in (0..<next(4)).map { _ in alphabet[next(alphabet.count)] }.joined() }
        }
    }

    @Test func keysAreComparedWhole() {
        let memo = SharedFormatMemo(budget: .init(limit: 64 << 20))
        var expected: [[String]: String] = [:]
        for (index, items) in Self.lists(count: 20_000, seed: 7).enumerated() where expected[items] == nil {
            let value = "v\(index)·" + items.joined(separator: "|")
            expected[items] = value
            Self.store(memo, items, value)
        }
        #expect(memo.storedCount == expected.count)
        for (items, value) in expected { #expect(Self.read(memo, items) == value) }
        // The same bytes under another kind, or split otherwise, are other keys.
        #expect(Self.read(memo, ["ab"], kind: SharedFormatMemo.dateKind) == nil)
        let joined = Set(expected.keys)
        for items in [["a", "b"], ["ab"], ["", "ab"], ["ab", ""], ["a", "", "b"]] where !joined.contains(items) {
            #expect(Self.read(memo, items) == nil)
        }
        // A key stored again keeps its first value.
        if let (items, value) = expected.first {
            Self.store(memo, items, "other")
            #expect(Self.read(memo, items) == value)
        }
    }

    @Test func aSpentBudgetKeepsNothingMoreAndServesWhatItKept() {
        let budget = SharedFormatMemo.Budget(limit: 3 << 20)
        do {
            let memo = SharedFormatMemo(budget: budget)
            let value = String(repeating: "x", count: 90)
            let keys = (0..<60_000).map { ["person \($0)"] }
            for (index, items) in keys.enumerated() { Self.store(memo, items, value + "\(index)") }
            let kept = memo.storedCount
            #expect(kept > 10_000 && kept < keys.count)
            #expect(budget.bytesHeld <= budget.limit)
            var served = 0
            for (index, items) in keys.enumerated() {
                guard let text = Self.read(memo, items) else { continue }
                #expect(text == value + "\(index)")
                served += 1
            }
            #expect(served == kept)
            // Another memo on the same budget keeps what is left of it, and no more.
            let second = SharedFormatMemo(budget: budget)
            for index in 0..<20_000 { Self.store(second, ["late \(index)"], value) }
            #expect(second.storedCount < 20_000)
            #expect(budget.bytesHeld <= budget.limit)
        }
        // Memos freed give their room back.
        #expect(budget.bytesHeld == 0)
        let third = SharedFormatMemo(budget: budget)
        Self.store(third, ["late"], "kept")
        #expect(Self.read(third, ["late"]) == "kept")
    }

    @Test func threadsShareOneMemo() {
        let memo = SharedFormatMemo(budget: .init(limit: 64 << 20))
        let lists = Self.lists(count: 4_000, seed: 11)
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<3 {
                for (index, items) in lists.enumerated() where (index + thread + round) % 2 == 0 {
                    let value = items.joined(separator: "+") + "#"
                    if let known = Self.read(memo, items) {
                        if known != value { wrong.withLock { $0 += 1 } }
                    } else {
                        Self.store(memo, items, value)
                    }
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(memo.storedCount == Set(lists).count)
    }

    @Test func datesAndListsAreFormattedOnceForEveryLocalizerWithTheSameSettings() throws {
        // A "now" of its own: memos are shared by Localizers with equal settings.
        let now = Date(timeIntervalSince1970: 1_000_000_003)
        func localizer(_ zone: String) -> Localizer {
            Localizer(catalog: nil, locale: "en", timeZone: zone, now: now, mode: .strict)
        }
        let library = try TemplateLibrary(
            templates: ["page": "{{#date}}a medium{{/date}} {{#date}}a iso{{/date}} {{#andList}}n{{/andList}}"],
            mode: .strict)
        let context: Value = ["a": 1_700_000_000, "n": ["Ana", "Ben"]]
        let first = localizer("UTC")
        let page = try library.render("page", context: context, localizer: first)
        #expect(page == "Nov 14, 2023 at 10:13\u{202F}PM 2023-11-14T22:13:20+00:00 Ana and Ben")
        // The medium date and the list; the ISO date is written without ICU, and not kept.
        #expect(first.sharedMemo.storedCount == 2)
        let sibling = localizer("UTC")
        #expect(sibling.sharedMemo === first.sharedMemo)
        #expect(try library.render("page", context: context, localizer: sibling) == page)
        #expect(first.sharedMemo.storedCount == 2)
        // The memo goes with the last Localizer of its settings (and its room with it).
        weak var gone: SharedFormatMemo?
        do {
            let paris = localizer("Europe/Paris")
            _ = try library.render("page", context: context, localizer: paris)
            gone = paris.sharedMemo
            #expect(gone?.storedCount == 2)
        }
        #expect(gone == nil)
        #expect(localizer("Europe/Paris").sharedMemo.storedCount == 0)
        let tokyo = localizer("Asia/Tokyo")
        #expect(tokyo.sharedMemo !== first.sharedMemo)
        #expect(
            try library.render("page", context: context, localizer: tokyo)
                == "Nov 15, 2023 at 7:13\u{202F}AM 2023-11-15T07:13:20+09:00 Ana and Ben")
    }
}
