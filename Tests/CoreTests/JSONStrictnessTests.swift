import Foundation
import Testing
import VantageCore

/// What issue 11 found the parser and the JSON Lines reader let through or did slowly.
@Suite("JSON strictness")
struct JSONStrictnessTests {
    private func failure(_ text: String) -> Diagnostic? { failure(bytes: Array(text.utf8)) }

    private func failure(bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try JSONParser.parse(bytes, file: "in.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRepeatedMemberNameIsAnErrorAtTheSecondName() throws {
        let error = try #require(failure("{\"quotes\": [1],\n \"users\": [], \"quotes\": []}"))
        #expect(error.message == #"the member name "quotes" appears a second time in this object (JSON names must be unique)"#)
        #expect(error.location == SourceLocation(file: "in.json", line: 2, column: 15))
        // Nested objects, and names equal only after unescaping.
        #expect(failure(#"[{"a": {"b": 1, "b": 2}}]"#)?.location?.column == 17)
        #expect(failure(#"{"é": 1, "\u00e9": 2}"#)?.location?.column == 10)
        // The same name in sibling objects is fine.
        #expect(failure(#"[{"a": 1}, {"a": 2}]"#) == nil)
    }

    @Test func aRepeatedNameAmongManyIsFoundToo() throws {
        let members = (0..<1000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(failure("{\(members)}") == nil)
        let error = try #require(failure("{\(members), \"k500\": 0}"))
        #expect(error.message.hasPrefix(#"the member name "k500" appears a second time"#))
        #expect(error.location?.column == members.count + 4)
    }

    /// JSON names are their code points: "Café" in NFC and in NFD are two names, not a repeat
    /// (Swift's `==` is canonical equivalence, and refused the second), and each is found by
    /// its own; a name only canonically equivalent to another (KELVIN SIGN for K) is not it.
    @Test func namesThatDifferOnlyInNormalisationAreTwoNames() throws {
        let (nfc, nfd) = ("Caf\u{E9}", "Cafe\u{301}")
        for text in [#"{"Caf\u00e9": 1, "Cafe\u0301": 2}"#, "{\"\(nfc)\": 1, \"\(nfd)\": 2}"] {
            #expect(failure(text) == nil, "\(text)")
            let object = try #require(try JSONParser.parse(Array(text.utf8), file: "in.json").objectValue)
            #expect(object.keys.count == 2)
            #expect(object[nfc] == .number(1))
            #expect(object[nfd] == .number(2))
            try JSONParser.validate(Array(text.utf8), file: "in.json")
        }
        // Among many members (a set of names, not a look across them).
        let members = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(failure("{\(members), \"\(nfc)\": 1, \"\(nfd)\": 2}") == nil)
        #expect(failure("{\(members), \"\(nfd)\": 1, \"\(nfd)\": 2}")?.message
            == "the member name \"\(nfd)\" appears a second time in this object (JSON names must be unique)")
        let kelvin = try #require(try JSONParser.parse(Array(#"{"\u212Aey": 1}"#.utf8), file: "in.json").objectValue)
        #expect(kelvin["Key"] == nil)
        #expect(kelvin["\u{212A}ey"] == .number(1))
        #expect(JSONName("\u{212A}ey") != JSONName("Key") && JSONName(nfc) != JSONName(nfd) && JSONName(nfc) == JSONName("Caf\u{E9}"))
    }

    @Test func validationReportsWhatParsingReportsWithoutKeepingValues() throws {
        for text in [#"{"a": [1, 2, {"b": "x"}]}"#, #"{"a": [1, 2, {"b": "x", "b": 1}]}"#, #"{"a": [1, 2,]}"#, "{\"a\": \"\u{1}\"}"] {
            let parsed = failure(text)
            var validated: Diagnostic?
            do { try JSONParser.validate(Array(text.utf8), file: "in.json") } catch { validated = error }
            #expect(parsed == validated, "\(text)")
        }
    }

    /// A lone surrogate escape and a number past Double's range are JSON's grammar but no value:
    /// a whole file's syntax check lets them pass (the record that holds one is refused when it
    /// is read), and a document parsed whole for its records keeps each as its element's error,
    /// at its place, only inside an element of a root array; elsewhere it is the document's.
    @Test func valuesThatAreNoTextOrNumberAreTheirRecordsErrors() throws {
        let text = #"{"a": [{"n": 1e400}, {"t": "x"}, {"t": "\ud800", "n": -2E+999}], "b": [2]}"#
        try JSONParser.validate(Array(text.utf8), file: "in.json")
        #expect(failure(text)?.message == "the number 1e400 is out of range")
        let parsed = try JSONParser.parseRecords(Array(text.utf8), file: "in.json", valueErrorsPerRecord: true)
        let errors = try #require(parsed.recordErrors["a"])
        #expect(errors.keys.sorted() == [0, 2])
        #expect(errors[0]?.description == "in.json:1:14: error: the number 1e400 is out of range\n    \(text)\n                 ^")
        #expect(errors[2]?.message == "a lone surrogate \\uD800 is not a character")  // the first of the record's two
        #expect(errors[2]?.location?.column == 41)
        #expect(parsed.recordErrors["b"] == nil)
        #expect(parsed.value.objectValue?["a"]?.arrayValue?[1] == .object(JSONObject(keys: ["t"], values: [.string("x")])))
        // Outside the records' arrays it is the document's error, as without the option.
        let header = #"{"reviewer": "\udc00", "a": []}"#
        #expect(throws: Diagnostic.self) { try JSONParser.parseRecords(Array(header.utf8), file: "in.json", valueErrorsPerRecord: true) }
    }

    @Test func aNULByteIsNamedAsSuch() throws {
        let error = try #require(failure("\u{0}{}"))
        #expect(error.message == "expected a JSON value, found a NUL byte (0x00)")
        #expect(error.location == SourceLocation(file: "in.json", line: 1, column: 1))
    }

    /// A character beyond ASCII is named as the character, not as its first byte ("found the
    /// byte 0xE2", "'\\Ã'" for `\é`); an invisible one by its code point.
    @Test func charactersBeyondASCIIAreNamedAsCharacters() throws {
        let cases: [(String, String)] = [
            (#"{"a": "Termin\é"}"#, #"'\é' is not a JSON escape sequence"#),
            (#"{"a": "\日"}"#, #"'\日' is not a JSON escape sequence"#),
            ("{\"a\": \"\\\u{200B}\"}", #"'\' followed by U+200B is not a JSON escape sequence"#),
            (#"{"a": 1}”"#, "expected the end of the document after the JSON value, found '”' (U+201D)"),
            ("{\"a\": 1}\u{2028}", "expected the end of the document after the JSON value, found the character U+2028"),
        ]
        for (text, message) in cases {
            let error = try #require(failure(text), "\(text)")
            #expect(error.message == message, "\(text)")
        }
        // Bytes that are no UTF-8 are still named as bytes.
        let cut = try #require(failure(bytes: Array(#"{"a": 1} "#.utf8) + [0xE2, 0x80]))
        #expect(cut.message == "expected the end of the document after the JSON value, found a byte that is not UTF-8 (0xE2)", "\(cut.message)")
    }

    /// A temporary file holding `bytes`.
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "vantage-strict-\(UUID().uuidString).jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theReaderExaminesEachByteOnceHoweverLongTheLine() throws {
        // One 8 MiB line (128 read chunks), then short lines: the old reader searched the whole
        // buffer again after every chunk, about 64 times the line's size in all.
        var bytes = Array(#"{"text": ""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
        bytes += Array("\"}\n".utf8)
        for index in 0..<1000 { bytes += Array("{\"n\": \(index)}\n".utf8) }
        let path = try file(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let iterator = JSONLinesReader(path: path).makeIterator()
        var count = 0
        while let line = iterator.next() {
            #expect(throws: Never.self) { try line.value.get() }
            count += 1
        }
        #expect(count == 1001)
        #expect(iterator.bytesSearched == bytes.count)
    }

    @Test func aFolderOrADanglingLinkIsNotAnEmptyFile() throws {
        let folder = NSTemporaryDirectory() + "vantage-strict-\(UUID().uuidString).jsonl"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = Array(JSONLinesReader(path: folder, displayName: "x.jsonl"))
        #expect(lines.map(\.number) == [0])
        #expect(throws: Diagnostic.self) { try lines[0].value.get() }
        if case .failure(let error) = lines[0].value { #expect(error.description == "x.jsonl: error: expected a file, found a folder") }

        let link = folder + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/missing")
        defer { try? FileManager.default.removeItem(atPath: link) }
        let dangling = Array(JSONLinesReader(path: link, displayName: "y.jsonl"))
        if case .failure(let error) = dangling.first?.value {
            #expect(error.description == "y.jsonl: error: cannot read the file: it is a symbolic link to \(folder)/missing, which does not exist")
        } else {
            Issue.record("a dangling link read as a file")
        }
        #expect(FileCheck.problem(at: link) != nil && FileCheck.exists(link) && !FileManager.default.fileExists(atPath: link))
    }

    @Test func theBuildRangeEndsBeforeYear9999() {
        #expect(BuildInstant.end == 253_370_764_800)  // 9999-01-01T00:00:00Z
        #expect(BuildInstant.isUsable(0) && BuildInstant.isUsable(BuildInstant.end - 1))
        #expect(!BuildInstant.isUsable(-1) && !BuildInstant.isUsable(BuildInstant.end))
    }
}
