import Foundation
import Testing
import VantageCore

@testable import Import

/// The scanner that cuts a document into its records reads a file a block at a time
/// (`JSONScanner.members(ofFile:)`) or a buffer whole: it must find the same members and the
/// same ranges either way, wherever the blocks end (inside an escape, a key, a number, the
/// byte-order mark), and refuse the same documents.
struct JSONScannerTests {
    /// A JSON value of every kind: strings with escapes (`\\`, `\"`, `\u…`, a backslash run
    /// before the closing quote), non-ASCII text, numbers, literals, nested containers.
    private static func value(_ numbers: inout SeededNumbers, depth: Int = 0) -> String {
        let strings = [#""""#, #""plain""#, #""a\"b""#, #""ends in \\""#, #""\\\\\"q""#, #""\u00e9t\u00E9""#,
                       #""Zoë 日本 🎉""#, #""tab\tnew\nline""#, #""{[,:]}""#]
        switch numbers.next(depth > 2 ? 4 : 6) {
        case 0: return strings[numbers.next(strings.count)]
        case 1: return ["0", "-12", "3.25e-7", "123456789012345678"][numbers.next(4)]
        case 2: return ["true", "false", "null"][numbers.next(3)]
        case 3: return strings[numbers.next(strings.count)]
        case 4:
            let count = numbers.next(4)
            let items = (0..<count).map { _ in value(&numbers, depth: depth + 1) }
            return "[" + items.joined(separator: numbers.next(2) == 0 ? "," : " ,\n ") + "]"
        default:
            let count = numbers.next(4)
            let members = (0..<count).map { index in "\"k\(index)\\\\\" : " + value(&numbers, depth: depth + 1) }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// A document: a root object of arrays and other members, with whitespace between tokens
    /// and sometimes a byte-order mark.
    private static func document(_ numbers: inout SeededNumbers) -> [UInt8] {
        var text = numbers.next(4) == 0 ? "\u{FEFF}" : ""
        text += numbers.next(2) == 0 ? "{" : " \n\t{ "
        let keys = ["users", "quotes", "meta", "na\\u006De", "日本", "e\\\"scaped"]
        let count = numbers.next(keys.count + 1)
        text += (0..<count).map { index -> String in
            let value: String
            if numbers.next(3) > 0 {
                let elements = (0..<numbers.next(6)).map { _ in Self.value(&numbers) }
                value = "[" + (elements.isEmpty ? (numbers.next(2) == 0 ? "" : " ") : " " + elements.joined(separator: " , ") + " ") + "]"
            } else {
                value = Self.value(&numbers)
            }
            return "\"\(keys[index])\" :" + value
        }.joined(separator: ",\r\n")
        text += numbers.next(2) == 0 ? "}" : " }\n"
        return Array(text.utf8)
    }

    private struct Scanned: Equatable {
        let key: String
        let value: Range<Int>
        let elements: ElementIndex?
    }

    private static func whole(_ bytes: [UInt8]) -> [Scanned]? {
        bytes.withUnsafeBufferPointer { JSONScanner.members(of: $0) }?.map { Scanned(key: $0.key, value: $0.value, elements: $0.elements) }
    }

    private static func blocks(_ path: String, size: Int) -> [Scanned]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        return JSONScanner.members(ofFile: handle, blockSize: size)?.map { Scanned(key: $0.key, value: $0.value, elements: $0.elements) }
    }

    @Test("Root names that differ only in normalisation are two members, as the parser has them (the scanner took them for a repeat)")
    func namesAreTheirCodePoints() throws {
        let bytes = Array("{\"Caf\u{E9}\": [1], \"Cafe\u{301}\": [2, 3]}".utf8)
        let members = try #require(bytes.withUnsafeBufferPointer { JSONScanner.members(of: $0) })
        #expect(members.map(\.key.unicodeScalars.count) == [4, 5])
        // A true repeat is still left to the parser, which names its place.
        let repeated = Array("{\"Cafe\u{301}\": [1], \"Cafe\u{301}\": [2]}".utf8)
        #expect(repeated.withUnsafeBufferPointer { JSONScanner.members(of: $0) } == nil)
    }

    @Test("Blocks of any size find the members and ranges the whole buffer finds")
    func blocksAgreeWithTheWholeBuffer() throws {
        let path = try scratchPath("document.json")
        defer { removeScratch(path) }
        var numbers = SeededNumbers(state: 0x9E37_79B9_7F4A_7C15)
        var scanned = 0
        for _ in 0..<300 {
            let bytes = Self.document(&numbers)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let whole = try #require(Self.whole(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            // Every element's range holds a value the parser reads.
            for member in whole {
                var ranges = [member.value]
                if let elements = member.elements, elements.count > 0 {
                    ranges = try #require(Self.ranges(bytes, elements, 0..<elements.count))
                    #expect(ranges.count == elements.count && ranges.last?.upperBound == elements.end)
                }
                for range in ranges {
                    #expect(throws: Never.self) { try JSONParser.parse(Array(bytes[range]), file: "") }
                }
            }
            for size in [1, 2, 3, 5, 8, 13, 64, 4096] {
                #expect(Self.blocks(path, size: size) == whole, "block size \(size): \(String(decoding: bytes, as: UTF8.self))")
            }
            scanned += whole.count
        }
        #expect(scanned > 500)
        // The keys as the parser reads them.
        let named = Array(#"{"na\u006De": [1], "e\"scaped": {"a": [2]}}"#.utf8)
        #expect(Self.whole(named)?.map(\.key) == ["name", "e\"scaped"])
    }

    /// The ranges of elements `indices` found again from the index, in the document's bytes.
    private static func ranges(_ bytes: [UInt8], _ elements: ElementIndex, _ indices: Range<Int>) -> [Range<Int>]? {
        let (cover, skip) = elements.cover(indices)
        return Array(bytes[cover]).withUnsafeBufferPointer { JSONScanner.elements(in: $0, skip: skip, count: indices.count) }?
            .map { ($0.lowerBound + cover.lowerBound)..<($0.upperBound + cover.lowerBound) }
    }

    @Test("An array's elements are found again from every 64th one's start, for any run of them")
    func elementsAreFoundAgainFromTheAnchors() throws {
        let path = try scratchPath("document.json")
        defer { removeScratch(path) }
        // 1,000 elements of every kind, written with their ranges known as they are written.
        var numbers = SeededNumbers(state: 0x2545_F491_4F6C_DD1D)
        var text = Array(#"{"meta": {"n": 1}, "quotes": ["#.utf8)
        var expected: [Range<Int>] = []
        for index in 0..<1_000 {
            if index > 0 { text += Array((numbers.next(2) == 0 ? "," : " ,\n  ").utf8) }
            let element = Array(Self.value(&numbers).utf8)
            expected.append(text.count..<(text.count + element.count))
            text += element
        }
        text += Array("]}".utf8)
        try Data(text).write(to: URL(fileURLWithPath: path))
        let whole = try #require(Self.whole(text))
        let elements = try #require(whole.last?.elements)
        #expect(elements.count == 1_000 && elements.end == expected.last?.upperBound)
        for size in [1, 7, 4096] { #expect(Self.blocks(path, size: size) == whole) }
        // Every run, from every start: the batches of the pipeline and single elements alike.
        for start in Swift.stride(from: 0, to: 1_000, by: 37) {
            for length in [1, 2, 63, 64, 65, 200, 1_000] where start + length <= 1_000 {
                #expect(Self.ranges(text, elements, start..<(start + length)) == Array(expected[start..<(start + length)]))
            }
        }
        #expect(Self.ranges(text, elements, 960..<1_000) == Array(expected[960...]))
        // A document read through the index: the same elements and texts.
        let file = ContentLayout.File(path: path, name: "quotes.json")
        let streamed = try JSONDocument(file, shallow: true, streamed: true)
        let held = try JSONDocument(file, shallow: true)
        for index in [0, 63, 64, 65, 999] {
            #expect(streamed.text(of: "quotes", at: index) == String(decoding: text[expected[index]], as: UTF8.self))
            #expect(held.text(of: "quotes", at: index) == streamed.text(of: "quotes", at: index))
            #expect(try held.element(of: "quotes", at: index) == streamed.element(of: "quotes", at: index))
        }
        #expect(streamed.span("quotes", 100..<356)?.ranges == Array(expected[100..<356]))
    }

    @Test("Control characters are found eight bytes at a time exactly where a byte-by-byte look finds them")
    func controlCharactersWordAtATime() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...24 {
            for _ in 0..<200 {
                // Mostly text (ASCII, UTF-8 lead and trail bytes, 0x20 and 0x7F at the edges),
                // now and then a control character.
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0xFF, using: &generator) }
                if length > 0, Bool.random(using: &generator) {
                    bytes[Int.random(in: 0..<length, using: &generator)] = UInt8.random(in: 0...0x1F, using: &generator)
                }
                let expected = bytes.contains { $0 < 0x20 }
                bytes.withUnsafeBufferPointer { buffer in
                    let found = buffer.baseAddress.map { JSONScanner.holdsControlCharacter($0, count: length) } ?? false
                    #expect(found == expected, "\(bytes)")
                }
            }
        }
        for byte in UInt8.min...UInt8.max {
            let bytes = [UInt8](repeating: 0x41, count: 8) + [byte] + [UInt8](repeating: 0x41, count: 7)
            for offset in 0..<8 {
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(JSONScanner.holdsControlCharacter(buffer.baseAddress! + offset, count: 9) == (byte < 0x20), "\(byte)")
                }
            }
        }
    }

    @Test("A broken document is refused in blocks as it is whole, wherever it is cut")
    func brokenDocumentsAreRefusedAlike() throws {
        let path = try scratchPath("document.json")
        defer { removeScratch(path) }
        let text = "\u{FEFF}{\"users\": [{\"name\": \"a\\\\\\\"b\", \"n\": [1, {\"x\": null}]}, \"s\\u00e9\", 12], \"meta\": {\"v\": true}}"
        let bytes = Array(text.utf8)
        #expect(Self.whole(bytes) != nil)
        // Every proper prefix is refused (a document cut short), and so are these.
        var broken = (0..<bytes.count).map { Array(bytes[..<$0]) }
        broken += [#"{"a": [1] "b": 2}"#, #"{"a": [1,]x}"#, #"{"a": 1} x"#, #"["a"]"#, #"{"a": 1, "a": 2}"#, #"{a: 1}"#,
                   "\u{FEFF}\u{FEFF}{}", #"{"a": "unterminated\"}"#, #"{"a": }"#]
            .map { Array($0.utf8) }
        broken.append([0xEF, 0xBB] + Array("{}".utf8))
        for document in broken {
            try Data(document).write(to: URL(fileURLWithPath: path))
            #expect(Self.whole(document) == nil, "\(String(decoding: document, as: UTF8.self))")
            for size in [1, 2, 7, 4096] {
                #expect(Self.blocks(path, size: size) == nil, "block size \(size): \(String(decoding: document, as: UTF8.self))")
            }
        }
    }
}
