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
        let path = try scratchPath("users.json")
        defer { removeScratch(path) }
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

        // The fast reader (the quotes' bytes read in place) is offered the same bytes from a
        // batch read from the file as from the document held whole, and what it declines is
        // parsed alike, up to the same error.
        func readFast(_ document: JSONDocument, _ indices: Range<Int>) -> (read: [String], error: String?) {
            var read: [String] = []
            let failure = RecordSource.array(document, key: "users").records(in: .elements(indices), fast: { bytes, _ -> String? in
                let text = String(decoding: bytes, as: UTF8.self)
                return text.contains("email") && !text.contains("tru}") ? text : nil
            }) { location, reading in
                switch reading {
                case .fast(let text): read.append("\(location().reference) fast \(text)")
                case .parsed(let value): read.append("\(location().reference) parsed \((try? value.get()).map { "\($0)" } ?? "?")")
                }
            }
            return (read, (failure as? Diagnostic)?.description)
        }
        for indices in [0..<3, 1..<5, 4..<5] {
            let (streamedRead, streamedError) = readFast(streamed, indices)
            let (wholeRead, wholeError) = readFast(whole, indices)
            #expect(streamedRead == wholeRead && streamedError == wholeError)
            #expect(streamedRead.count == (indices.contains(3) ? 3 - indices.lowerBound : indices.count))
        }
        #expect(readFast(streamed, 0..<3).read.map { $0.contains(" fast ") } == [true, true, false])
        #expect(readFast(streamed, 1..<5).error == errors.first)
    }

    @Test("Packed users read back whole and field by field as they were written")
    func packedUsersReadBackAsWritten() {
        // Absent and present optional fields, non-ASCII and long text (a name past a whole
        // chunk, so that it gets one of its own), the integers' extremes, large record numbers.
        let long = String(repeating: "Zoë 日本 ", count: ByteChunks.chunkSize / 8)
        let changeJar = [
            ChangeJarUser(record: 0, email: "a@example.com", name: "Ada", lastVisitAt: nil, locale: nil, timeZone: nil, phone: nil),
            ChangeJarUser(record: 1, email: "zoë@exämple.com", name: "Zoë 日本", lastVisitAt: DataInstant(microseconds: -1), locale: "pt-BR",
                          timeZone: "America/Argentina/ComodRivadavia", phone: "+15550100"),
            ChangeJarUser(record: Int(Int32.max) + 7, email: "b@x.y", name: long, lastVisitAt: DataInstant(microseconds: Int64.min), locale: "en",
                          timeZone: "UTC", phone: "+447700900123"),
            ChangeJarUser(record: 3, email: "c@x.y", name: "C", lastVisitAt: DataInstant(microseconds: Int64.max), locale: nil, timeZone: "Europe/Berlin", phone: nil),
            ChangeJarUser(record: 4, email: "d@x.y", name: "D", lastVisitAt: DataInstant(microseconds: 0), locale: "zh-Hant-TW", timeZone: nil, phone: "+8613800000000"),
        ]
        // Many more than fit in one chunk, so that records straddle no chunk's end.
        var quotes: [QuotesUser] = []
        for index in 0..<12_000 {
            quotes.append(QuotesUser(
                record: index * 3, phone: "+1555\(1_000_000 + index)", name: index % 7 == 0 ? "Ω \(index)" : "Name Surname \(index)",
                locale: index % 2 == 0 ? nil : "en-US", timeZone: index % 3 == 0 ? nil : "America/Los_Angeles",
                email: index % 5 == 0 ? nil : "user\(index)@example.com"))
        }
        quotes.insert(QuotesUser(record: 5, phone: "+15550199", name: long, locale: nil, timeZone: nil, email: "long@example.com"), at: 6_000)

        var packedChangeJar = PackedRecords<ChangeJarUser>()
        for user in changeJar { packedChangeJar.append(user) }
        #expect(packedChangeJar.count == changeJar.count)
        for (index, user) in changeJar.enumerated() {
            let back = packedChangeJar[index]
            #expect((back.record, back.email, back.name, back.lastVisitAt) == (user.record, user.email, user.name, user.lastVisitAt))
            #expect((back.locale, back.timeZone, back.phone) == (user.locale, user.timeZone, user.phone))
            #expect(packedChangeJar.record(index) == user.record)
            let fields: [(ChangeJarUser.Field, String?)] = [
                (.email, user.email), (.name, user.name), (.locale, user.locale), (.timeZone, user.timeZone), (.phone, user.phone),
            ]
            for (field, text) in fields {
                #expect(packedChangeJar.text(index, field) == text)
                #expect(packedChangeJar.hash(index, field) == text.map(KeyIndex.hash))
                if let text {
                    #expect(packedChangeJar.text(index, field, is: text))
                    #expect(!packedChangeJar.text(index, field, is: text + "x"))
                    #expect(!packedChangeJar.text(index, field, is: String(text.dropLast())))
                } else {
                    #expect(!packedChangeJar.text(index, field, is: ""))
                }
            }
        }

        var packedQuotes = PackedRecords<QuotesUser>()
        packedQuotes.reserveCapacity(quotes.count)
        for user in quotes { packedQuotes.append(user) }
        for (index, user) in quotes.enumerated() {
            let back = packedQuotes[index]
            #expect((back.record, back.phone, back.name) == (user.record, user.phone, user.name))
            #expect((back.locale, back.timeZone, back.email) == (user.locale, user.timeZone, user.email))
            #expect(packedQuotes.text(index, .phone) == user.phone)
            #expect(packedQuotes.text(index, .email) == user.email)
            #expect(packedQuotes.text(index, .timeZone) == user.timeZone)
        }
        // Released in order, as the merge claims them: what comes after still reads the same,
        // the record just before a chunk's start included.
        for index in stride(from: 0, to: quotes.count, by: 97) {
            packedQuotes.release(before: index)
            let back = packedQuotes[index]
            #expect((back.record, back.phone, back.name, back.email) == (quotes[index].record, quotes[index].phone, quotes[index].name, quotes[index].email))
            #expect(packedQuotes[quotes.count - 1].phone == quotes[quotes.count - 1].phone)
        }
    }

    @Test("A key index keeps every number findable through removals whose probe chains wrap round its end")
    func keyIndexRemovalsWrapRoundTheEnd() {
        // Hashes chosen so that most numbers start probing in the last slots (the high bits of
        // the hash times the size pick the slot): chains run past the end and on from slot 0.
        var numbers = SeededNumbers(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<400 {
            var index = KeyIndex(minimumCapacity: 3 + round % 9)
            var held: [Int32: Int] = [:]  // number → its hash
            var nextValue: Int32 = 0
            for _ in 0..<60 {
                if !held.isEmpty, numbers.next(3) == 0 {
                    let value = held.keys.sorted()[numbers.next(held.count)]
                    index.remove(hash: held[value]!, where: { $0 == value }, rehash: { held[$0]! })
                    held[value] = nil
                } else {
                    let hash = numbers.next(4) > 0 ? Int(bitPattern: UInt(UInt64.max - UInt64(numbers.next(1 << 20)) << 40)) : numbers.next(Int.max)
                    held[nextValue] = hash
                    index.insert(nextValue, hash: hash, rehash: { held[$0]! })
                    nextValue += 1
                }
                #expect(index.count == held.count)
                for (value, hash) in held { #expect(index.find(hash: hash, where: { $0 == value }) == value) }
            }
        }
    }

    @Test("A key index finds what a dictionary of the same keys finds, growing past its first size")
    func keyIndexAgreesWithADictionary() {
        var keys: [String] = []
        for index in 0..<2_000 { keys.append(index % 4 == 0 ? "+1555\(index)" : "person\(index)@example.com") }
        keys += ["", "é", "e\u{301}", String(repeating: "long", count: 100), "日本"]
        var index = KeyIndex(minimumCapacity: 3)
        // Keyed by bytes, as the index is.
        var reference: [[UInt8]: Int32] = [:]
        for (number, key) in keys.enumerated() where reference[Array(key.utf8)] == nil {
            #expect(index.find(hash: KeyIndex.hash(key)) { keys[Int($0)].utf8.elementsEqual(key.utf8) } == nil)
            index.insert(Int32(number), hash: KeyIndex.hash(key)) { KeyIndex.hash(keys[Int($0)]) }
            reference[Array(key.utf8)] = Int32(number)
        }
        #expect(index.count == reference.count)
        for key in keys + ["absent", "+15550", "person@example.com", "e"] {
            let found = index.find(hash: KeyIndex.hash(key)) { keys[Int($0)].utf8.elementsEqual(key.utf8) }
            // By bytes: the decomposed é is a key of its own (emails and phones reach the
            // index in NFC, where bytes and canonical equivalence agree).
            let expected = keys.firstIndex { $0.utf8.elementsEqual(key.utf8) }.map(Int32.init)
            #expect(found == expected)
        }
    }

    @Test("A key table agrees with a dictionary through sets, changes, removals and growth")
    func keyTableAgreesWithADictionary() {
        var numbers = SeededNumbers(state: 0x9E37_79B9_7F4A_7C15)
        let keys = (0..<600).map { $0 % 3 == 0 ? "+1555\($0)" : "user\($0)@example.com" } + ["", "é", "e\u{301}", "日本"]
        var table = KeyTable()
        // Keyed by bytes, as the table is; with the order each key was (last) added.
        var reference: [[UInt8]: Int64] = [:]
        var order: [[UInt8]] = []
        for step in 0..<6_000 {
            let key = keys[numbers.next(keys.count)]
            let bytes = Array(key.utf8)
            switch numbers.next(10) {
            case 0...5:
                let value = Int64(numbers.next(1_000_000)) - 500
                if reference[bytes] == nil { order.append(bytes) }
                table[key] = value
                reference[bytes] = value
            case 6...8:
                table[key] = nil
                reference[bytes] = nil
                order.removeAll { $0 == bytes }
            default:
                table.reserveCapacity(table.count + numbers.next(300))
            }
            if step % 500 == 0 || step == 5_999 {
                #expect(table.count == reference.count)
                for key in keys + ["absent"] { #expect(table[key] == reference[Array(key.utf8)]) }
                var seen: [([UInt8], Int64)] = []
                table.forEach { key, value in seen.append((Array(key.utf8), value)) }
                #expect(seen.map(\.0) == order)
                #expect(seen.allSatisfy { reference[$0.0] == $0.1 })
            }
        }
    }
}
