import Foundation
import Testing
import VantageCore

@Suite("JSON Lines reader")
struct JSONLinesReaderTests {
    @Test func streamsRecordsWithLineNumbersAndLocatedErrors() throws {
        let path = NSTemporaryDirectory() + "vantage-jsonl-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A long line crosses the reader's 64 KiB chunk boundary.
        let long = String(repeating: "é", count: 70_000)
        let text = "{\"id\": 1}\r\n\n{\"id\": \"\(long)\"}\n{\"id\": }\n{\"id\": 4}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let lines = Array(JSONLinesReader(path: path, displayName: "quotes.jsonl"))
        #expect(lines.map(\.number) == [1, 3, 4, 5])
        #expect(try lines[0].value.get() == .object(JSONObject(keys: ["id"], values: [.number(1)])))
        #expect(try lines[1].value.get().objectValue?["id"]?.stringValue?.count == 70_000)
        #expect(String(decoding: lines[2].bytes, as: UTF8.self) == "{\"id\": }")
        guard case .failure(let error) = lines[2].value else {
            Issue.record("line 4 should fail")
            return
        }
        #expect(error.location == SourceLocation(file: "quotes.jsonl", line: 4, column: 8))
        #expect(try lines[3].value.get().objectValue?["id"] == .number(4))
    }

    @Test("A line longer than any record refuses the file at that line, its line feed in the same block or not; the check before reading agrees")
    func aLineLongerThanAnyRecordIsRefusedWhereTheCheckFindsIt() throws {
        let path = NSTemporaryDirectory() + "vantage-long-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let longest = JSONLinesReader.Iterator.longestLine
        let record = Array("{\"id\": 1}\n".utf8)
        // line 2 holds `length` bytes of spaces, then a line feed (or the end of the file), then a record
        for (length, feed, refused) in [(longest, true, false), (longest + 1, true, true), (longest + 1, false, true), (longest, false, false)] {
            var bytes = record + [UInt8](repeating: 0x20, count: length)
            if feed { bytes += [0x0A] + record }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let lines = Array(JSONLinesReader(path: path, displayName: "quotes.jsonl"))
            let failures = lines.filter { $0.number == 0 }.compactMap { line -> Diagnostic? in
                if case .failure(let error) = line.value { return error }
                return nil
            }
            #expect(failures.map(\.description) == (refused ? [
                "quotes.jsonl:2:1: error: line 2 is longer than 16 MB with no line break, longer than any record: a JSON Lines file holds one record a line",
            ] : []), "\(length) \(feed)")
            #expect(JSONLinesReader.firstOverlongLine(path: path) == (refused ? 2 : nil), "\(length) \(feed)")
        }
    }

    @Test("The first byte that is not UTF-8, wherever the reader's blocks cut the text")
    func findsTheFirstInvalidByteAcrossBlocks() throws {
        let path = NSTemporaryDirectory() + "vantage-utf8-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        func place(_ bytes: [UInt8]) throws -> [Int]? {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return JSONLinesReader.firstInvalidUTF8(path: path).map { [$0.line, $0.column] }
        }
        // Two-, three- and four-byte characters over every offset around the 64 KiB block's end.
        for character in ["é", "€", "😀"] {
            for shift in 0..<5 {
                let text = String(repeating: "a", count: 65_536 - 2 - shift) + "\n" + character + String(repeating: character, count: 3)
                #expect(try place(Array(text.utf8)) == nil, "\(character) \(shift)")
                // The same, then a Latin-1 byte after the characters: line 2, after 4 of them.
                #expect(try place(Array(text.utf8) + [0xE9, 0x0A]) == [2, 5], "\(character) \(shift)")
            }
        }
        // A character cut by the end of the file, a stray continuation byte, an overlong form.
        #expect(try place(Array("ab\n".utf8) + [0xE2, 0x82]) == [2, 1])
        #expect(try place(Array("x\ny\nzz".utf8) + [0x80]) == [3, 3])
        #expect(try place([0x7B, 0xC0, 0x80, 0x7D]) == [1, 2])
        #expect(try place(Array("{}\n".utf8)) == nil)
    }

    @Test func reportsAnUnreadableFile() {
        let lines = Array(JSONLinesReader(path: "/nonexistent/x.jsonl", displayName: "x.jsonl"))
        #expect(lines.count == 1)
        if case .failure(let error) = lines[0].value {
            #expect(error.description == "x.jsonl: error: cannot read the file: it does not exist")
        } else {
            Issue.record("expected a failure")
        }
    }
}
