import Testing
import VantageCore

/// What a diagnostic prints comes partly from the input (a field's name in the record path, the
/// quoted line): a control character there must not reach the terminal or a CI log as itself.
@Suite("Diagnostic text")
struct DiagnosticTextTests {
    @Test func controlCharactersFromTheInputAreShownNotSent() {
        // An unknown field named with ESC sequences, a bell and a line break that would start a
        // forged diagnostic of its own.
        let field = "\u{1B}[2J\u{07}\nexport.json:1:1: error: forged"
        let warning = Diagnostic.warning("unknown field \"x\"\nsecond line \u{9B}31m",
                                         at: SourceLocation(file: "export.json", recordPath: "quotes[3]." + field))
        #expect(warning.description == "export.json: quotes[3].␛[2J␇␊export.json:1:1: error: forged: warning: unknown field \"x\"\nsecond line \u{FFFD}31m")
        #expect(!warning.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        // A right-to-left override in a member or file name turns the rest of the line around
        // in a terminal that reads direction; a line separator breaks the line in some.
        let turned = Diagnostic.warning("unknown field",
                                        at: SourceLocation(file: "x\u{202E}.json", recordPath: "quotes[0].evil\u{202E}txt.exe\u{2028}b\u{2067}"))
        #expect(turned.description == "x\u{FFFD}.json: quotes[0].evil\u{FFFD}txt.exe␤b\u{FFFD}: warning: unknown field")
        // Text without any is printed as it is.
        let plain = Diagnostic.error("expected a number", at: SourceLocation(file: "a b.json", recordPath: "ideas[0].for"))
        #expect(plain.description == "a b.json: ideas[0].for: error: expected a number")
    }

    /// A record path holds the names of the members it goes through, which an export makes up
    /// (an unknown field): each step is cut as `quoted` cuts data, its index kept, so a member
    /// named with a million characters is not a megabyte of a line (the quoted name in the same
    /// message was cut, the path was not). The path itself stays whole.
    @Test func aLongMemberNameInARecordPathIsCutAsQuotedDataIs() {
        let name = String(repeating: "k", count: 1_000_000)
        let location = SourceLocation(file: "ideas.json", recordPath: "ideas[0]." + name)
        let warning = Diagnostic.warning("unknown field \(quoted(name)) is not stored (in 1 record)", at: location)
        let cut = String(repeating: "k", count: 80) + "…"
        #expect(warning.description == "ideas.json: ideas[0].\(cut): warning: unknown field \"\(cut)\" is not stored (in 1 record)")
        #expect(location.recordPath == "ideas[0]." + name)
        // An index after a cut name stays; a path of many short steps is not cut at all.
        let indexed = SourceLocation(file: "x.json", recordPath: "a." + String(repeating: "é", count: 81) + "[3][12].b")
        #expect(indexed.description == "x.json: a." + String(repeating: "é", count: 80) + "…[3][12].b")
        let long = (0..<40).map { "step\($0)[1]" }.joined(separator: ".")
        #expect(SourceLocation(file: "x.json", recordPath: long).description == "x.json: " + long)
    }

    @Test func theQuotedLineKeepsItsCaretUnderTheSamePlace() throws {
        // A raw ESC in a JSON string is an error at the ESC; the quoted line shows it as ␛, one
        // scalar for one, so the caret stands under it, and a tab before it stays a tab.
        let text = "{\"name\":\t\"Ana\u{1B}]0;pwned\u{07} Lima\"}"
        let failure: Diagnostic
        do {
            _ = try JSONParser.parse(Array(text.utf8), file: "users.json")
            Issue.record("parsed")
            return
        } catch { failure = error }
        let lines = failure.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[1] == "    {\"name\":\t\"Ana␛]0;pwned␇ Lima\"}")
        let caret = try #require(lines[2].unicodeScalars.firstIndex(of: "^"))
        let column = lines[2].unicodeScalars.distance(from: lines[2].unicodeScalars.startIndex, to: caret)
        #expect(Array(lines[1].unicodeScalars)[column] == "␛")
        #expect(lines[2].hasPrefix("    " + String(repeating: " ", count: 8) + "\t"))
    }

    @Test func dataInMessagesIsQuotedByOneRule() {
        #expect(quoted("a\"b\\c\nd\te") == #""a\"b\\c\nd\te""#)
        // What shows nothing but the plain space is spelled out: a no-break space, a zero-width
        // space, a right-to-left override; what shows stays as it is.
        #expect(quoted("\u{A0} \u{200B}x\u{202E}é👍🏽") == #""\u{A0} \u{200B}x\u{202E}é👍🏽""#)
        // A mark with nothing of the data before it is spelled out: written as it is, it sat on
        // the message's quote or on an escape (`found "́"`).
        #expect(quoted("\u{301}") == #""\u{301}""#)
        #expect(quoted("\u{301}\u{302}a\u{301}") == #""\u{301}\u{302}á""#)
        #expect(quoted("\"\u{301}") == #""\"\u{301}""#)
        #expect(quoted("\n\u{94D}x") == #""\n\u{94D}x""#)
        #expect(quoted("\u{200D}") == #""\u{200D}""#)
        #expect(quoted("क्ष") == #""क्ष""#)
        // Long text is cut at 80 characters (grapheme clusters), unless the caller keeps it whole.
        let long = String(repeating: "👍🏽", count: 81)
        #expect(quoted(long) == "\"" + String(repeating: "👍🏽", count: 80) + "…\"")
        #expect(quoted(long, cutAt: nil) == "\"" + long + "\"")
        #expect(quoted(String(repeating: "x", count: 80)) == "\"" + String(repeating: "x", count: 80) + "\"")
        // And at four times as many scalars: a run of joiners or combining marks is one
        // character, and a hundred thousand of them were quoted whole.
        #expect(quoted("a" + String(repeating: "\u{301}", count: 100_000)) == "\"a" + String(repeating: "\u{301}", count: 319) + "…\"")
        #expect(quoted(String(repeating: "\u{200D}", count: 100_000)) == "\"" + String(repeating: "\\u{200D}", count: 320) + "…\"")
    }
}
