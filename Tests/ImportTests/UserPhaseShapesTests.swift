import Foundation
import Testing
import VantageCore

@testable import Import

/// The compact shapes the users phase keeps per person (docs/SCALE.md, "Fourteenth round"):
/// each must say exactly what the full one said.
struct UserPhaseShapesTests {
    @Test("A row id set agrees with a Set of the same ids, bits and large ids alike")
    func rowIDSetAgreesWithASet() {
        var set = RowIDSet()
        var reference: Set<Int64> = []
        // Small ids (bits, grown word by word), ids past the bits' limit, and repeats.
        // The same ids every run (a linear congruential sequence).
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(state >> 24) % bound
        }
        var ids: [Int64] = [0, 1, 63, 64, 65, 4095, (1 << 26) - 1, 1 << 26, (1 << 26) + 1, Int64.max, -1]
        for _ in 0..<3000 { ids.append(next(200_000)) }
        for _ in 0..<200 { ids.append((1 << 26) + next(1 << 40)) }
        for id in ids + ids.prefix(500) {
            set.insert(id)
            reference.insert(id)
        }
        #expect(set.count == reference.count)
        for id in ids { #expect(set.contains(id)) }
        for probe in [Int64(2), 62, 66, 199_999, 200_000, 1 << 27, -2, Int64.min] where !reference.contains(probe) {
            #expect(!set.contains(probe))
        }
        #expect(!RowIDSet().contains(0))
    }

    @Test("A record's element index kept inline spells every path as the steps did")
    func inlineElementSpellsThePath() {
        let users = RecordLocation(file: "content/changejar/users.json").member("users")
        let third = users.element(3)
        #expect(third.path == "users[3]")
        #expect(third.fieldPattern == "users[]")
        #expect(third.elementIndex == 3)
        #expect(third.place == "users[3]")
        #expect(third.reference == "content/changejar/users.json users[3]")
        #expect(third.source == SourceLocation(file: "content/changejar/users.json", recordPath: "users[3]"))

        let phone = third.member("phone")
        #expect(phone.path == "users[3].phone")
        #expect(phone.fieldPattern == "users[].phone")
        #expect(phone.elementIndex == nil)

        let nested = users.element(1).element(2)
        #expect(nested.path == "users[1][2]")
        #expect(nested.fieldPattern == "users[][]")
        #expect(nested.elementIndex == 2)
        #expect(nested.member("x").element(0).member("y").path == "users[1][2].x[0].y")

        // Past 32 bits the index is a step of its own, spelled the same.
        let far = users.element(Int(Int32.max) + 1)
        #expect(far.path == "users[2147483648]")
        #expect(far.elementIndex == Int(Int32.max) + 1)

        let line = RecordLocation(file: "content/quotes/users.jsonl", line: 7)
        #expect(line.path == "")
        #expect(line.element(0).path == "[0]")
        #expect(line.member("heardBy").element(4).reference == "content/quotes/users.jsonl line 7, heardBy[4]")
        #expect(RecordLocation(file: "f", path: "(stored)").path == "(stored)")
    }

    @Test("A streamed document reads back the same elements, texts and errors as one held whole")
    func streamedDocumentReadsTheSame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("users.json").path
        // Elements of several lengths and lines, non-ASCII text, and a syntax error in the fourth.
        let text = """
            {"users": [{"email": "a@example.com", "name": "Ada"},
              {"email": "b@example.com", "name": "Zoë \\u00e9 日本"} ,
            {"n": [1, 2, {"deep": [true, null]}]},
              {"email": "c@example.com", "name": tru},
              {"last": 1}
            ]}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let file = ContentLayout.File(path: path, name: "content/changejar/users.json")
        let whole = try JSONDocument(file, shallow: true)
        let streamed = try JSONDocument(file, shallow: true, streamed: true)
        #expect(streamed.isStreamed && streamed.bytes.isEmpty)
        #expect(!whole.isStreamed && whole.bytes.count == text.utf8.count)
        #expect(streamed.count(of: "users") == 5 && whole.count(of: "users") == 5)
        for index in [0, 1, 2, 4] {
            #expect(try streamed.element(of: "users", at: index) == whole.element(of: "users", at: index))
            #expect(streamed.text(of: "users", at: index) == whole.text(of: "users", at: index))
        }
        #expect(whole.text(of: "users", at: 1) == #"{"email": "b@example.com", "name": "Zoë \u00e9 日本"}"#)
        var errors: [String] = []
        for document in [whole, streamed] {
            do {
                _ = try document.element(of: "users", at: 3)
                Issue.record("the fourth element was read")
            } catch {
                errors.append(error.description)
            }
        }
        #expect(errors.count == 2 && errors[0] == errors[1])
        #expect(errors.first?.contains("content/changejar/users.json:4:") == true)

        // Batches read from the file in one piece, as the records the pipeline hands on.
        let source = RecordSource.array(streamed, key: "users")
        var read: [Result<JSONValue, Diagnostic>] = []
        let failure = source.records(in: .elements(0..<3)) { read.append($0.value) }
        #expect(failure == nil)
        #expect(try read.map { try $0.get() } == [0, 1, 2].map { try whole.element(of: "users", at: $0) })
        // The batch stops at the broken element with the whole document's first error.
        var before = 0
        let stopped = source.records(in: .elements(2..<5)) { _ in before += 1 }
        #expect(before == 1)
        #expect((stopped as? Diagnostic)?.description == errors.first)
        var spans: [[UInt8]] = []
        source.forEachBytes(in: .elements(0..<5)) { spans.append(Array($0)) }
        #expect(spans.map { String(decoding: $0, as: UTF8.self) } == (0..<5).map { whole.text(of: "users", at: $0) })
    }
}
