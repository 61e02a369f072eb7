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
