import Foundation
@testable import Import
import VantageCLI
import Testing
import VantageCore

/// The quote reader that works from the bytes (`QuoteRecord(bytes:…)`) against the ordinary one
/// (`JSONParser`, then `QuoteRecord(_:at:context:)`): wherever the fast one gives a record, it is
/// the ordinary one's, byte for byte, and that one had nothing to warn about; everything else it
/// declines. Whole imports with and without it store the same rows and say the same things.
struct QuoteBytesTests {
    /// A quote element; `@ID@` becomes a unique id in the whole-import comparison.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// The fast reader must take it (else it must decline it).
        let fast: Bool
        /// It is valid JSON (it can sit inside an export document).
        var wellFormed = true

        var testDescription: String { name }
    }

    static func quote(id: String = #""@ID@""#, text: String = #""Hello there""#,
                      saidBy: String = #"{"phone": "+1 415 555 0100", "name": "Ana"}"#,
                      heardBy: String = #"[{"phone": "415.555.0199", "name": "Jo"}]"#,
                      when: String = #""2026-05-01T18:00:00Z""#, submittedBy: String = #""+14155550100""#,
                      extra: String = "") -> String {
        #"{"id": \#(id), "text": \#(text), "saidBy": \#(saidBy), "heardBy": \#(heardBy), "when": \#(when), "submittedBy": \#(submittedBy)\#(extra)}"#
    }

    static func taken(_ name: String, _ text: String) -> Case { Case(name: name, bytes: Array(text.utf8), fast: true) }
    static func declined(_ name: String, _ text: String, wellFormed: Bool = true) -> Case {
        Case(name: name, bytes: Array(text.utf8), fast: false, wellFormed: wellFormed)
    }

    static let cases: [Case] = [
        taken("plain", quote()),
        taken("escapes", quote(text: #""Line\nbreak \"quoted\" caf\u00e9 \ud83d\ude00 back\\slash \/ \t\b\f\r \u2028 end""#)),
        taken("raw text needing NFC", quote(text: "\"Cafe\u{301} and Jose\u{301}\"",
                                            saidBy: "{\"phone\": \"+14155550100\", \"name\": \"Jose\u{301}\"}")),
        taken("escaped text needing NFC", quote(text: #""Cafe\u0301 \u0041\u030A""#)),
        taken("text already NFC", quote(text: "\"日本語 ñ — ễ Ελληνικά кириллица\"")),
        taken("NFC-needing text beside escapes", quote(text: "\"Cafe\u{301}\\n\\\"x\\\"\"")),
        taken("whitespace everywhere", " \n\t{\r\n \"id\" \t: \"@ID@\" ,\n\"text\"\n:\n\"Hi\"\n, \"saidBy\" : { \"phone\" : \"+1 415 555 0100\" , \"name\" : \"Ana\" } ,"
            + " \"heardBy\" : [ { \"name\" : \"Jo\" , \"phone\" : \"415 555 0199\" } , \r\n {\"phone\":\"+33612345678\",\"name\":\"Chloé\"} ] ,"
            + "\"when\":\"2026-05-01T18:00:00-07:00\",\"submittedBy\":\"+14155550100\"\r\n}\r\n "),
        taken("members in another order", #"{"submittedBy": "+14155550100", "when": "2026-05-01T18:00:00.250+02:00", "heardBy": [{"name": "Jo", "phone": "4155550199"}], "saidBy": {"name": "Ana", "phone": "4155550100"}, "text": "x", "id": "@ID@"}"#),
        taken("many hearers, many spellings", quote(heardBy: #"[{"phone": "415.555.0199", "name": "A"}, {"phone": "0033 6 12 34 56 78", "name": "B"}, {"phone": "+44 (0)20 7946 0018", "name": "C"}, {"phone": "(415) 555-0100", "name": "D"}, {"phone": "+1 415 555 0142", "name": "E"}]"#)),
        taken("empty name", quote(saidBy: #"{"phone": "+14155550100", "name": ""}"#)),
        taken("hostile strings", quote(text: #""<script>alert(1)</script> javascript:alert(1) ../../x \u202Eevil\u202C a\u200Db 👩‍👩‍👧 \u0007 '\"&amp;""#,
                                       saidBy: #"{"phone": "+14155550100", "name": "<img src=x onerror=alert(1)>"}"#)),
        taken("long text", quote(text: "\"" + String(repeating: "long é text ", count: 2_000) + "\"")),
        taken("Arabic-Indic digits", quote(heardBy: "[{\"phone\": \"+1 ٤١٥ ٥٥٥ ٠١٩٩\", \"name\": \"Jo\"}]")),
        taken("unregistered submitter (read; refused when resolved)", quote(submittedBy: #""+1 415 555 0177""#)),
        taken("no-break spaces in a phone", quote(submittedBy: "\"+1\u{A0}415\u{A0}555\u{A0}0100\"")),
        taken("phone with escapes", quote(heardBy: #"[{"phone": "415\u002e555\u002E0199", "name": "Jo"}]"#)),
        declined("misplaced plus", quote(submittedBy: #""1+4155550100""#)),
        declined("too many digits", quote(submittedBy: #""+123456789012345678901""#)),
        declined("00 alone", quote(submittedBy: #""00""#)),
        declined("unknown field", quote(extra: #", "mood": "happy""#)),
        declined("unknown field holding a number", quote(extra: #", "n": -1.5e3"#)),
        declined("password field", quote(extra: #", "password": "hunter2""#)),
        declined("unknown field in a contact", quote(saidBy: #"{"phone": "+14155550100", "name": "Ana", "nick": "A"}"#)),
        declined("missing when", #"{"id": "@ID@", "text": "x", "saidBy": {"phone": "+14155550100", "name": "Ana"}, "heardBy": [{"phone": "4155550199", "name": "Jo"}], "submittedBy": "+14155550100"}"#),
        declined("missing name", quote(saidBy: #"{"phone": "+14155550100"}"#)),
        declined("empty object", "{}"),
        declined("repeated text", quote(extra: #", "text": "again""#), wellFormed: false),
        declined("repeated phone in a contact", quote(saidBy: #"{"phone": "+14155550100", "name": "A", "phone": "+14155550199"}"#), wellFormed: false),
        declined("null text", quote(text: "null")),
        declined("number text", quote(text: "42")),
        declined("boolean id", quote(id: "true")),
        declined("heardBy an object", quote(heardBy: #"{"phone": "4155550199", "name": "Jo"}"#)),
        declined("heardBy empty", quote(heardBy: "[]")),
        declined("heardBy holding a string", quote(heardBy: #"["4155550199"]"#)),
        declined("a hearer twice", quote(heardBy: #"[{"phone": "415.555.0199", "name": "A"}, {"phone": "+14155550199", "name": "B"}]"#)),
        declined("empty text", quote(text: #""""#)),
        declined("NUL in text", quote(text: #""a\u0000b""#)),
        declined("NUL in a name", quote(saidBy: #"{"phone": "+14155550100", "name": "A\u0000"}"#)),
        declined("bad id", quote(id: #""bad id""#)),
        declined("script id", quote(id: #""javascript:alert(1)""#)),
        declined("non-ASCII id", quote(id: #""q-é""#)),
        declined("short phone", quote(submittedBy: #""555-01""#)),
        declined("letters in a phone", quote(heardBy: #"[{"phone": "1-800-FLOWERS", "name": "Jo"}]"#)),
        declined("when without an offset", quote(when: #""2026-05-01T18:00:00""#)),
        declined("when out of range", quote(when: #""1200-05-01T18:00:00Z""#)),
        taken("when with an escape", quote(when: #""2026-05-01T18:00:00\u005A""#)),
        declined("member name with an escape", #"{"\u0069d": "@ID@", "text": "x", "saidBy": {"phone": "+14155550100", "name": "Ana"}, "heardBy": [{"phone": "4155550199", "name": "Jo"}], "when": "2026-05-01T18:00:00Z", "submittedBy": "+14155550100"}"#),
        declined("not an object", #"["@ID@"]"#),
        declined("lone surrogate", quote(text: #""\ud83d x""#), wellFormed: false),
        declined("bad escape", quote(text: #""\x41""#), wellFormed: false),
        declined("raw tab in a string", quote(text: "\"a\tb\""), wellFormed: false),
        declined("trailing text", quote() + " x", wellFormed: false),
        declined("missing comma", #"{"id": "@ID@" "text": "x"}"#, wellFormed: false),
        declined("unclosed", #"{"id": "@ID@", "text": "x"#, wellFormed: false),
        Case(name: "invalid UTF-8", bytes: Array(quote(text: #""caf\#u{FFFD}""#).utf8).map { $0 == 0xEF ? 0xC3 : $0 }, fast: false,
             wellFormed: false),
    ]

    /// The case's bytes with `@ID@` replaced (byte for byte: some cases are not UTF-8).
    static func bytes(_ example: Case, id: String, oneLine: Bool = false) -> [UInt8] {
        let placeholder = Array("@ID@".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < example.bytes.count {
            if example.bytes[index...].starts(with: placeholder) {
                out += Array(id.utf8)
                index += placeholder.count
            } else {
                // A JSON Lines record is one line: its line breaks (whitespace) become spaces.
                let byte = example.bytes[index]
                out.append(oneLine && (byte == 0x0A || byte == 0x0D) ? 0x20 : byte)
                index += 1
            }
        }
        return out
    }

    static func context() -> ReadContext {
        ReadContext(phones: PhoneNumberReader(defaultRegion: PhoneRegion.named("US")!), audit: FieldAudit())
    }

    /// Every field of a record as bytes (String's == would call canonically equivalent text equal).
    static func fields(_ quote: QuoteRecord) -> [[UInt8]] {
        var fields = [quote.id, quote.text, quote.saidBy.phone, quote.saidBy.name].map { Array($0.utf8) }
        for hearer in quote.heardBy { fields += [Array(hearer.phone.utf8), Array(hearer.name.utf8)] }
        fields += [Array(String(quote.saidAt.microseconds).utf8), Array(quote.submittedBy.utf8)]
        return fields
    }

    @Test(arguments: cases)
    func theFastReaderGivesTheOrdinaryRecordOrDeclines(_ example: Case) throws {
        let bytes = Self.bytes(example, id: "q-1")
        let location = RecordLocation(file: "content/quotes/export.json").member("quotes").element(3)
        let slowContext = Self.context()
        let slow = Result { () throws in try QuoteRecord(try JSONParser.parse(bytes, file: "x"), at: location, context: slowContext) }
        let fastContext = Self.context()
        let fast = bytes.withUnsafeBufferPointer { QuoteRecord(bytes: $0, context: fastContext) }
        #expect(fastContext.audit.noted == 0)
        if example.fast {
            let record = try #require(fast, "the fast reader declined \(example.name)")
            #expect(Self.fields(record) == Self.fields(try slow.get()))
            #expect(slowContext.audit.noted == 0)
        } else {
            #expect(fast == nil)
        }
        if case .failure = slow { #expect(fast == nil) }
        if !example.wellFormed { #expect(throws: Diagnostic.self) { try JSONParser.parse(bytes, file: "x") } }
    }

    /// The texts of both paths really differ in bytes where NFC applies (so the comparison above
    /// compares what matters): the stored text is composed.
    @Test func normalisedTextIsComposed() throws {
        let bytes = Array(Self.quote(text: #""Cafe\u0301""#).replacingOccurrences(of: "@ID@", with: "q-1").utf8)
        let record = try #require(bytes.withUnsafeBufferPointer {
            QuoteRecord(bytes: $0, context: Self.context())
        })
        #expect(Array(record.text.utf8) == Array("Caf\u{E9}".utf8))
    }

    /// `e164(ascii:)` answers exactly as `e164` for the same text, remembered or not, valid or not.
    @Test func phoneBytesReadAsTheirText() {
        let texts = ["+1 415 555 0100", "(415) 555-0100", "415.555.0100", "0033 6 12 34 56 78", "+44 (0)20 7946 0018", "555-01",
                     "1+4155550100", "++14155550100", "00", "0", "", "+", "1-800-FLOWERS", "+123456789012345678901",
                     "0012345678901234567890", "000014155550100", "+999 123 4567", "4155550100\t", "415/555/0100", "12345678901234567890"]
        let reader = PhoneNumberReader(defaultRegion: PhoneRegion.named("US")!)
        for round in 0..<2 {  // first unremembered, then remembered
            for text in texts {
                let expected = Result { () throws(PhoneNumberProblem) in try reader.e164(text) }
                let bytes = Array(text.utf8)
                let actual = bytes.withUnsafeBufferPointer { buffer in
                    Result { () throws(PhoneNumberProblem) in try reader.e164(ascii: buffer) }
                }
                #expect("\(actual)" == "\(expected)", "\(text) in round \(round)")
            }
        }
    }

    static let users = #"{"phone": "+1 415 555 0100", "firstName": "Ana", "lastName": "Lima"}, {"phone": "+1 415 555 0199", "firstName": "Jo", "lastName": "Silva"}, {"phone": "+33 6 12 34 56 78", "firstName": "Chloé", "lastName": "Martin"}"#

    /// The corpus as an export (well-formed cases only: one syntax error stops a document) or
    /// as JSON Lines (every case: a bad line is that record's error), with unique ids, and a
    /// repeated id and a second batch besides.
    static func export(jsonLines: Bool) -> [String: [UInt8]] {
        var quotes: [[UInt8]] = []
        for (index, example) in cases.enumerated() where jsonLines || example.wellFormed {
            let record = bytes(example, id: "q-\(index)", oneLine: jsonLines)
            // A JSON Lines file with a byte that is not UTF-8 is rejected whole (--keep-going):
            // that case is the per-record test's.
            if jsonLines, String(validating: record, as: UTF8.self) == nil { continue }
            quotes.append(record)
        }
        quotes.append(Array(quote(id: #""q-0""#).utf8))
        for index in 0..<300 { quotes.append(Array(quote(id: "\"b-\(index)\"", text: "\"Batch \(index) é\"").utf8)) }
        if jsonLines {
            return ["quotes/users.jsonl": Array((users.replacingOccurrences(of: "}, {", with: "}\n{") + "\n").utf8),
                    "quotes/quotes.jsonl": Array(quotes.joined(separator: [0x0A])) + [0x0A]]
        }
        return ["quotes/export.json": Array("{\"users\": [\(users)],\n\"quotes\": [\n".utf8) + Array(quotes.joined(separator: Array(",\n".utf8)))
            + Array("\n]}".utf8)]
    }

    static func run(_ files: [String: [UInt8]], threads: Int, keepGoing: Bool, readsQuoteBytes: Bool) throws
        -> ReadingThreadsTests.Outcome
    {
        let fixture = try Fixture([:])
        for (path, bytes) in files { try fixture.write(path, bytes: bytes) }
        return try ReadingThreadsTests.outcome(of: fixture, keepGoing: keepGoing) {
            $0.readingThreads = threads
            $0.readsQuoteBytes = readsQuoteBytes
        }.outcome
    }

    @Test(arguments: [false, true])
    func wholeImportsAreTheSameWithAndWithoutTheFastReader(jsonLines: Bool) throws {
        let files = Self.export(jsonLines: jsonLines)
        for keepGoing in [true, false] {
            for threads in [1, 2] {
                let slow = try Self.run(files, threads: threads, keepGoing: keepGoing, readsQuoteBytes: false)
                let fast = try Self.run(files, threads: threads, keepGoing: keepGoing, readsQuoteBytes: true)
                #expect(fast == slow)
                // The comparison is about something: rows stored, warnings and errors given.
                #expect(slow.warnings.contains { $0.contains(#"unknown field "mood" is not stored"#) })
                #expect(slow.warnings.contains { $0.contains(#"dropped the password field "password""#) })
                #expect(slow.errors.contains { $0.contains(#"found "q-0" a second time"#) })
                #expect(slow.errors.contains { $0.contains("+14155550177, which no Quotes user has") })
                #expect(slow.errors.contains { $0.contains(#"found "bad id""#) })
                if keepGoing {
                    #expect(slow.dump?.contains("Caf\u{E9} and Jos\u{E9}") == true)
                    #expect(slow.dump?.contains("Batch 299 \u{E9}") == true)
                    #expect(slow.rejects?.contains(#"bad id"#) == true)
                } else {
                    #expect(slow.dump == nil)
                }
            }
        }
    }
}
