import Testing
import VantageCore

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(Diagnostic) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), file: "in.json")
    }

    private func failure(_ text: String) -> Diagnostic? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValueAndKeepsMemberOrder() throws {
        let value = try parse(#"{"z": 1, "a": [true, false, null, -2.5e2, "x\u00e9\n"], "m": {}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["z"] == .number(1))
        #expect(object["a"] == .array([.bool(true), .bool(false), .null, .number(-250), .string("xé\n")]))
        #expect(object["m"] == .object(JSONObject()))
    }

    /// Strings are scanned eight bytes at a time: a quote, a backslash, a control character or
    /// a non-ASCII byte is found at every offset inside a word, with the same result and the
    /// same error column as byte by byte.
    @Test func findsEverySpecialByteAtEveryOffsetOfAWord() throws {
        for length in 0..<24 {
            let plain = String(repeating: "a", count: length)
            #expect(try parse("\"\(plain)\"") == .string(plain))
            #expect(try parse("\"\(plain)\\\"\(plain)\"") == .string(plain + "\"" + plain))
            #expect(try parse("\"\(plain)\\\\\"") == .string(plain + "\\"))
            #expect(try parse("\"\(plain)é\(plain)\"") == .string(plain + "é" + plain))
            let control = failure("\"\(plain)\u{1}\(plain)\"")
            #expect(control?.message == "a control character (U+0001) must be escaped inside a string")
            #expect(control?.location?.column == length + 2)
        }
        var bytes = Array("\"abcdefghij\"".utf8)
        bytes[9] = 0xFF
        #expect(throws: Diagnostic.self) { try JSONParser.parse(bytes, file: "in.json") }
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    /// Escapes mixed with text, each character written as itself or escaped at random (`\u`
    /// with surrogate pairs, the short escapes): the string read is the string written. (Text
    /// between `\u` escapes was appended to the string so far at each one: quadratic time.)
    @Test func escapesMixedWithTextReadAsWritten() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "é", "\"", "\\", "/", "\n", "\t", "\u{8}", "\u{C}", "\r", "\u{0}", "中", "😀", "\u{10FFFF}", "\u{E9}"]
        for _ in 0..<300 {
            var written = ""
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let scalar = alphabet.randomElement(using: &generator)!
                scalars.append(scalar)
                let escape = Bool.random(using: &generator)
                switch scalar {
                case "\"": written += "\\\""
                case "\\": written += "\\\\"
                case "\n": written += escape ? "\\n" : "\\u000a"
                case "\t": written += "\\t"
                case "\u{8}": written += "\\b"
                case "\u{C}": written += "\\f"
                case "\r": written += "\\r"
                case "\u{0}": written += "\\u0000"
                case "/": written += escape ? "\\/" : "/"
                default:
                    if escape {
                        for unit in String(scalar).utf16 { written += "\\u" + String(unit, radix: 16).leftPadded(to: 4) }
                    } else {
                        written.unicodeScalars.append(scalar)
                    }
                }
            }
            #expect(try parse("\"" + written + "\"") == .string(String(scalars)), "\(written)")
        }
        let long = String(repeating: "a\\u00e9", count: 20_000)
        #expect(try parse("\"" + long + "\"") == .string(String(repeating: "aé", count: 20_000)))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a member name in double quotes, found '}'"),
        ("{\n  \"a\": [1, 2\n}", 3, 1, "expected ',' or ']' to continue the array, found '}'"),
        ("[01]", 1, 3, "a number may not start with a leading zero"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the member name \"a\", found '1'"),
        ("\"abc", 1, 1, "the string that starts here is not closed"),
        ("[1] [2]", 1, 5, "expected the end of the document after the JSON value, found '['"),
        ("", 1, 1, "expected a JSON value, found the end of the file"),
        ("{\"é\": tru}", 1, 7, "expected a JSON value, found 't'"),
        ("\"\\ud800\"", 1, 2, "a lone surrogate \\uD800 is not a character"),
        ("[\"a\tb\"]", 1, 4, "a control character (U+0009) must be escaped inside a string"),
        // Past Double's range: Swift reads it as infinity, which no JSON value is.
        ("{\"pageSize\": 1e400}", 1, 14, "the number 1e400 is out of range"),
        ("[-2E+999]", 1, 2, "the number -2E+999 is out of range"),
        ("[" + String(repeating: "9", count: 1_000) + "]", 1, 2, "the number 99999999999999999999…(1000 characters) is out of range"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let diagnostic = try #require(failure(text))
        #expect(diagnostic.message == message)
        #expect(diagnostic.location == SourceLocation(file: "in.json", line: line, column: column))
    }

    @Test func namesTextThatIsNotUTF8() throws {
        var bytes = Array(#"{"name": "Ana"#.utf8)
        bytes.append(0xFF)
        bytes += Array("\"}".utf8)
        do {
            _ = try JSONParser.parse(bytes, file: "users.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "users.json:1:14: error: the text is not valid UTF-8\n    {\"name\": \"Ana\u{FFFD}\"}\n                 ^")
        }
    }

    /// A byte-order mark is not a column: an error after one is where it is without it (as
    /// Python's `utf-8-sig` and editors count), and the quoted line does not hold it.
    @Test func aByteOrderMarkIsNotAColumn() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for text in [#"{"ideas":[}"#, "{\"ideas\":\n[1,}"] {
            let plain = try #require(failure(text))
            do {
                _ = try JSONParser.parse(mark + Array(text.utf8), file: "in.json")
                Issue.record("expected an error")
            } catch {
                #expect(error == plain)
                #expect(error.description == plain.description)
            }
        }
        #expect(failure(#"{"ideas":[}"#)?.description == "in.json:1:11: error: expected a JSON value, found '}'\n    {\"ideas\":[}\n              ^")
    }

    /// A line ends at LF, CRLF or a lone CR (old Mac files), as editors count lines: the error
    /// names the line and column an editor shows, and quotes that line alone.
    @Test func aCarriageReturnAloneEndsALine() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let text = ["{", #"  "a": 1,"#, #"  "b": }"#].joined(separator: newline)
            let error = try #require(failure(text), "\(newline.debugDescription)")
            #expect(error.description == "in.json:3:8: error: expected a JSON value, found '}'\n      \"b\": }\n           ^",
                    "\(newline.debugDescription)")
        }
    }

    /// The caret line has a tab under each tab of the quoted line, so the caret stands under
    /// its character whatever a terminal's tab stops are.
    @Test func theCaretLinesUpUnderTabs() throws {
        let diagnostic = try #require(failure("{\"ideas\":[\t\t}"))
        #expect(diagnostic.location?.column == 13)
        #expect(diagnostic.description == "in.json:1:13: error: expected a JSON value, found '}'\n    {\"ideas\":[\t\t}\n              \t\t^")
        let mixed = try #require(failure("\t{\"a\": \t1 \t x}"))
        #expect(mixed.description.hasSuffix("\n    \t{\"a\": \t1 \t x}\n    \t      \t  \t ^"))
    }

    @Test func recordsTheByteRangesOfTopLevelArrayElements() throws {
        let text = #"{"quotes": [ {"id": "q1"} , {"id": "q2", "x": [1]} ], "other": 3}"#
        let bytes = Array(text.utf8)
        let (_, ranges, _) = try JSONParser.parseRecords(bytes, file: "export.json")
        let quotes = try #require(ranges["quotes"])
        #expect(quotes.map { String(decoding: bytes[$0], as: UTF8.self) } == [#"{"id": "q1"}"#, #"{"id": "q2", "x": [1]}"#])
        #expect(ranges["other"] == nil)
        let (_, _, members) = try JSONParser.parseRecords(Array(#"{"a": [1], "pageSize" : 9223372036854775808 }"#.utf8), file: "site.json")
        #expect(members.mapValues { String(decoding: Array(#"{"a": [1], "pageSize" : 9223372036854775808 }"#.utf8)[$0], as: UTF8.self) }
            == ["a": "[1]", "pageSize": "9223372036854775808"])
    }

    @Test func rejectsDeepNesting() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(failure(text)?.message == "nesting deeper than 512 levels")
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func roundTripsAndEscapesForHTML() throws {
        let value = JSONValue.object(JSONObject(keys: ["b", "a"], values: [.string("</script>&\u{1}"), .array([.number(3), .number(1.5), .null])]))
        let text = JSONWriter.string(value)
        #expect(text == #"{"b":"\u003C/script\u003E\u0026\u0001","a":[3,1.5,null]}"#)
        #expect(try JSONParser.parse(Array(text.utf8), file: "x") == value)
    }

    @Test func prettyForReadingKeepsMarkupCharacters() {
        let value = JSONValue.object(JSONObject(keys: ["t", "e"], values: [.string("<b>&</b>"), .array([])]))
        #expect(JSONWriter.string(value, pretty: true, htmlSafe: false) == "{\n  \"t\": \"<b>&</b>\",\n  \"e\": []\n}")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
