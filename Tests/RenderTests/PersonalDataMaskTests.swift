import Foundation
import Store
import Testing

@testable import Render
import VantageCore

/// `PersonalDataMask`, the one rule for phones and emails in published text.
@Suite("Masking phones and emails")
struct PersonalDataMaskTests {
    let mask = PersonalDataMask(phones: ["+14155550177", "+33612345678", "+6831234"], emails: ["ana.lima@example.com"])
    let m = String(Character(PersonalDataMask.marker))

    /// Every text of the data passes through `clean` on its way to a page: its direction
    /// controls come out contained, with or without a span masked.
    @Test func directionControlsAreContained() {
        #expect(Array(mask.clean("Pri\u{2069}\u{202E}ya").unicodeScalars) == Array("\u{2068}Pri\u{2069}\u{202E}ya\u{202C}".unicodeScalars))
        #expect(Array(mask.clean("\u{202E}call 415 555 0177").unicodeScalars) == Array("\u{202E}call \(m)\u{202C}".unicodeScalars))
    }

    @Test(arguments: [
        ("call +1 415 555 0177 now", "call ■ now"),
        ("(415) 555-0177", "■"),
        // A parenthesis the phone does not close stays with its partner on the page.
        ("(+1 (415) 555-0177)", "(■)"),
        ("call (+1 415 555 0177) now", "call (■) now"),
        ("((415) 555-0177)", "(■)"),
        ("[+1 415 555 0177]", "[■]"),
        ("(ask for 415 555 0177)", "(ask for ■)"),
        ("(555) 201-3344 (cell)", "■ (cell)"),
        ("415.555.0177.", "■."),
        ("0033 6 12 34 56 78", "■"),
        ("06 12 34 56 78", "■"),
        ("+33 (0)6-12-34-56-78", "■"),
        ("４１５５５５０１７７", "■"),
        ("＋１ ４１５ ５５５ ０１７７", "■"),
        ("٤١٥٥٥٥٠١٧٧", "■"),
        ("4 1 5 5 5 5 0 1 7 7", "■"),
        ("415 - 555 - 0177", "■"),
        ("her number is 555 0199 123", "her number is ■"),
        ("niue: 1234 or +683 1234", "niue: 1234 or ■"),
        ("dial 612345678 or 12345678", "dial ■ or ■"),
        ("ext. 55501", "ext. 55501"),
        ("mail ana.lima@example.com.", "mail ■."),
        // A dot and a space after a whole address end the sentence: the next word stays.
        ("Write to ana.lima@example.com. tomorrow works", "Write to ■. tomorrow works"),
        ("Write to other@foo.example. see you soon", "Write to ■. see you soon"),
        ("Mail ana.lima@example.com . dinner at eight", "Mail ■ . dinner at eight"),
        ("Mail ana.lima@example.com. ok?", "Mail ■. ok?"),
        // A domain without its dot yet, or one the export's email carries on, goes on.
        ("mail bo@example. com", "mail ■"),
        ("mail ana.lima@example. com", "mail ■"),
        // Every symbol RFC 5322 allows in a local part is part of it.
        ("write to ana!@example.com", "write to ■"),
        // A sentence after an address is not part of its domain; a spaced dot before a label is.
        ("Email me at bo@example.com. Then call.", "Email me at ■. Then call."),
        ("ana@example. com", "■"),
        ("ana{x}@example.com", "■"),
        ("ab!cd@example.org now", "■ now"),
        ("a#b$c%d&e'f*g+h/i=j?k^l_m`n{o|p}q~r@example.org", "■"),
        ("ANA.LIMA@EXAMPLE.COM", "■"),
        ("ana.lima ＠ example.com", "■"),
        ("ａｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ", "■"),
        ("ana.lima(at)example(dot)com", "■"),
        ("ana.lima [at] example [dot] com", "■"),
        ("write to ana.lima at example dot com", "write to ■"),
        ("x@y", "■"),
        ("bob_99@mail.co.uk!", "■!"),
        ("Zoë: ana.lima\u{A0}at\u{A0}example dot com", "Zoë: ■"),
        ("Δημήτρης ٤١٥ ٥٥٥ ٠١٧٧", "Δημήτρης ■"),
        ("Zoë ana（at）example．com", "Zoë ■"),
        // Written to slip past: invisible characters between the digits, other digit forms,
        // underscores, an at-sign encoded for a URL or as an HTML reference, spaced dots.
        ("4\u{200B}1\u{200B}5\u{200B}5\u{200B}5\u{200B}5\u{200B}0\u{200B}1\u{200B}7\u{200B}7", "■"),
        ("4\u{2060}15\u{200D}555\u{FEFF}0177 ok", "■ ok"),
        ("①④①⑤⑤⑤⓪①⑦⑦", "■"),
        ("⁴¹⁵⁵⁵⁵⁰¹⁷⁷", "■"),
        ("415_555_0177", "■"),
        ("415,555,0177", "■"),
        ("ana.lima%40example.com", "■"),
        ("ana.lima&#64;example.com", "■"),
        ("ana.lima&#x40;example.com", "■"),
        ("ana.lima&commat;example.com", "■"),
        ("ana.lima @ example . com", "■"),
        ("x%40y.org and more", "■ and more"),
        // Any whitespace between the digits (a tab, a line break), keycaps, bullets and middle
        // dots, other enclosed digits, references with leading zeros or for a space.
        ("415\t555\t0177", "■"),
        ("Carter\n415\n555\n0177", "Carter\n■"),
        ("415-555-\n0177", "■"),
        ("4\u{FE0F}\u{20E3}1\u{FE0F}\u{20E3}5\u{FE0F}\u{20E3}5\u{FE0F}\u{20E3}5\u{FE0F}\u{20E3}5\u{FE0F}\u{20E3}0\u{FE0F}\u{20E3}1\u{FE0F}\u{20E3}7\u{FE0F}\u{20E3}7\u{FE0F}\u{20E3}", "■"),
        ("4\u{20E3}1\u{20E3}5\u{20E3}5\u{20E3}5\u{20E3}5\u{20E3}0\u{20E3}1\u{20E3}7\u{20E3}7\u{20E3}", "■"),
        ("415•555•0177", "■"),
        ("415·555·0177", "■"),
        ("➍➊➎➎➎➎⓿➊➐➐", "■"),
        ("⑷⑴⑸⑸⑸⑸⑸⑸", "■"),
        ("415&#32;555&#32;0177", "■"),
        ("415&nbsp;555&nbsp;0177", "■"),
        ("ana.lima&#x0040;example.com", "■"),
        ("ana.lima&#X0040;example.com", "■"),
        ("ana.lima&#064;example.com", "■"),
        ("ana.lima @example .com", "■"),
        ("ana.lima@\nexample.com", "■"),
        ("ana(@)example.com", "■"),
        ("ana {at} example {dot} com", "■"),
        // Private-use characters (shown as nothing, or a font's glyph: they reach the page
        // since the mask's markers are noncharacters), other default-ignorable ones, any dash,
        // the Arabic thousands separator.
        ("415\u{E000}555\u{E000}0177", "■"),
        ("zed\u{E000}@example.com", "■"),
        ("4\u{F8FF}1\u{F0000}5 555 0177", "■"),
        ("415\u{034F}555\u{034F}0177", "■"),
        ("415\u{115F}555\u{3164}0177\u{FFA0}", "■\u{FFA0}"),
        ("415\u{17B4}555\u{17B4}0177", "■"),
        ("415〜555〜0177", "■"),
        ("415٬555٬0177", "■"),
        // Spelled in tag characters (invisible copies of ASCII: subtract U+E0000 and the number
        // or the address is back); an emoji flag's tags stay as they are.
        ("x\u{E002B}\u{E0031}\u{E0034}\u{E0031}\u{E0035}\u{E0035}\u{E0035}\u{E0035}\u{E0030}\u{E0031}\u{E0037}\u{E0037}", "x■"),
        ("\u{E0061}\u{E006E}\u{E0061}\u{E002E}\u{E006C}\u{E0069}\u{E006D}\u{E0061}\u{E0040}\u{E0065}\u{E0078}\u{E0061}\u{E006D}\u{E0070}\u{E006C}\u{E0065}\u{E002E}\u{E0063}\u{E006F}\u{E006D}", "■"),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        // A quoted local part, an address literal.
        ("write \"zed\"@example.com now", "write ■ now"),
        ("\"john doe\"@example.org", "■"),
        ("\"a\\\"b\"@example.org!", "■!"),
        ("zed@[192.168.1.1] or ana@[IPv6:2001:db8::1]", "■ or ■"),
        // A known phone whose first groups look like a date, groups a date rule would take for a
        // year 0100, long runs of separators, more separators a keyboard gives, marks on digits.
        ("call 0033-6-12-34-56-78 now", "call ■ now"),
        ("+1 (415) 5-5-5-0177", "■"),
        ("4.1.5555-0177", "■"),
        ("415 -- 555 -- 0177", "■"),
        ("415  -  555  -  0177", "■"),
        ("415 555\n\n\n\n0177", "■"),
        ("415\u{200B}\u{200B}\u{200B}\u{200B}555\u{200B}\u{200B}\u{200B}\u{200B}0177", "■"),
        ("415ー555ー0177", "■"),
        ("202ｰ555ｰ0199", "■"),
        ("415～555～0177", "■"),
        ("415、555、0177", "■"),
        ("415،555،0177", "■"),
        ("415'555'0177", "■"),
        ("415⁄555∕0177", "■"),
        ("415…555‥0177", "■"),
        ("4̶1̶5̶ ̶5̶5̶5̶ ̶0̶1̶7̶7̶", "■"),
        ("4̲1̲5̲5̲5̲5̲0̲1̲7̲7̲", "■"),
        // Comments, defanged dots, an at-sign as a reference to its fullwidth form, marks.
        ("ana.lima(comment)@example.com", "■"),
        ("ana.lima@(comment)example.com", "■"),
        ("ana.lima[@]example[.]com", "■"),
        ("ana.lima&#65312;example.com", "■"),
        ("a̶n̶a̶.̶l̶i̶m̶a̶@̶e̶x̶a̶m̶p̶l̶e̶.̶c̶o̶m̶", "■"),
        // A known phone inside a longer run (another country code, digits around it), whatever
        // number the run looks like; after a "+", any run; phone-length runs grouped in threes,
        // decimals that may be phones.
        ("74 155 550 177", "■"), ("+34 612 345 678", "■"), ("9.612345678", "■"), ("612 345 678 000", "■"),
        ("+34 623 456 789", "■"), ("34 623 456 789", "■"), ("7 912 345 678", "■"), ("+34.623.456.789", "■"),
        ("030.12345678", "■"), ("0.623456789", "■"), ("623.456789", "■"), ("call +2025-2026", "call ■"),
        ("415&ndash;555&mdash;0177", "■"), ("415&NonBreakingSpace;555&minus;0177", "■"),
        // More separators: bars, backslashes, colons between digits, typographic apostrophes, a
        // word-separator dot; runs of white space (a browser shows one space), Chinese numerals.
        ("415|555|0177", "■"), ("415\\555\\0177", "■"), ("415:555:0177", "■"), ("415’555’0177", "■"), ("415⸱555⸱0177", "■"),
        ("call +1 415         555         0177", "call ■"), ("415\n\n\n\n\n\n\n\n\n\n555\n\n\n\n\n\n\n\n\n0177", "■"),
        ("四一五五五五〇一七七", "■"), ("〇九〇-一二三四-五六七八", "■"),
        // After a "+" nothing is a date; commas that do not group thousands.
        ("+54 9 11 2345-1617", "■"), ("call 212,555,0199", "call ■"), ("2123 2996", "■"),
        // The export's email spelled with line breaks, doubled spaces, "dot" in its local part,
        // or capitals beyond ASCII.
        ("ana.lima\nat\nexample\ndot\ncom", "■"), ("ana.lima  at  example  dot  com", "■"),
        ("write ana dot lima at example dot com", "write ■"), ("ANA.LIMA at EXAMPLE dot COM", "■"),
        // The export's own phone however its groups are joined; more numerals; bracketed and
        // dashed at-signs, a doubled one; a local part spelled with "(dot)" or a spaced dot; any
        // run of spaces.
        ("415*555*0177", "■"), ("+1+415+555+0177", "■"), ("415;555;0177", "■"), ("415 : 555 : 0177", "■"),
        ("415.-.-.-.-.555.-.-.-.-.0177", "■"), ("415 *;*;*;* 555 *;*;*;* 0177", "■"),
        ("四一五五五五零一七七", "■"), ("肆壹伍伍伍伍零壹柒柒", "■"),
        ("ana.lima<at>example.com", "■"), ("ana.lima -at- example -dot- com", "■"), ("ana.lima@@example.com", "■"),
        ("ana(dot)lima(at)example(dot)com", "■"), ("ana . lima @ example . com", "■"),
        ("415" + String(repeating: " ", count: 520) + "555 0177", "■"), ("ana.lima" + String(repeating: " ", count: 40) + "at example.com", "■"),
        // Spelled with escapes a reader decodes at a glance: percent-encoded (bytes and UTF-8),
        // HTML character references for every character, backslash escapes.
        ("415%20555%200177", "■"), ("%2B33%206%2012%2034%2056%2078", "■"), ("tel:+1%20415%20555%200177", "tel:■"),
        ("https://wa.me/?phone=%2B33%206%2012%2034%2056%2078 now", "https://wa.me/?phone=■ now"),
        ("%EF%BC%94%EF%BC%91%EF%BC%95 555 0177", "■"),
        ("&#52;&#49;&#53;&#53;&#53;&#53;&#48;&#49;&#55;&#55;", "■"), ("&#x34;&#x31;&#x35;&#x35;&#x35;&#x35;&#x30;&#x31;&#x37;&#x37;", "■"),
        ("mail &#97;&#110;&#97;&#46;&#108;&#105;&#109;&#97;&#64;&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#99;&#111;&#109;!", "mail ■!"),
        (#"ana.lima\u0040example.com"#, "■"), (#"ana.lima\x40example.com"#, "■"), (#"ana.lima\u{40}example.com"#, "■"),
        (#"\u0034\u0031\u0035 555 0177"#, "■"),
    ])
    func masks(_ input: String, _ expected: String) {
        #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected)
    }

    /// Long runs of digit groups or at-signs (a 32 KB site title of `1-1-1-…` took 98 s): each
    /// run is read once, with what the mask does with it unchanged. A run of thousands of groups
    /// is no number, and is as phone-shaped as one of ten; a run of at-signs starts no email but
    /// the one after it.
    @Test func longRunsAreMaskedAsShortOnes() {
        let groups = String(repeating: "1-", count: 5_000) + "1"
        #expect(mask.clean("Site " + groups).replacingOccurrences(of: m, with: "■") == "Site ■")
        #expect(mask.clean("1-1-1-1-1-1-1 and 2025-2026").replacingOccurrences(of: m, with: "■") == "■ and 2025-2026")
        let ats = String(repeating: "@", count: 5_000)
        #expect(mask.clean(ats + "ana.lima@example.com").replacingOccurrences(of: m, with: "■") == ats + "■")
        #expect(mask.clean("x" + ats + "y").replacingOccurrences(of: m, with: "■") == "■")
    }

    /// Runs of unseen characters longer than a run of separators may be: a reader sees the
    /// digits side by side. Each was read as one separator, so 9 (or 17 for the export's own
    /// phone) ended the run and the page showed the number whole.
    @Test func longRunsOfUnseenCharactersHideNothing() {
        func runs(_ digits: [String], _ unseen: String, _ count: Int) -> String {
            digits.joined(separator: String(repeating: unseen, count: count))
        }
        let known = "call " + runs("4155550177".map(String.init), "\u{200D}", 17) + " now"
        #expect(mask.clean(known).replacingOccurrences(of: m, with: "■") == "call ■ now")
        let shaped = "(312)" + runs(["", "555", ""], "\u{200B}", 9) + "0123"
        #expect(mask.clean(shaped).replacingOccurrences(of: m, with: "■") == "■")
        let escaped = runs(["312", "555", "0123 ok"], "&#8203;", 9)
        #expect(mask.clean(escaped).replacingOccurrences(of: m, with: "■") == "■ ok")
        let mixed = "ana.lima" + String(repeating: "\u{2060}", count: 40) + "@example.com!"
        #expect(mask.clean(mixed).replacingOccurrences(of: m, with: "■") == "■!")
        // Nothing unseen is taken for a digit: an emoji sequence between numbers stays.
        #expect(mask.clean("2019 👨\u{200D}👩\u{200D}👧 2020").replacingOccurrences(of: m, with: "■") == "2019 👨\u{200D}👩\u{200D}👧 2020")
    }

    @Test(arguments: [
        "We met on 2026-05-02 at 10:30", "the 02/05/2026 meeting", "on 2026-05-02 10 people came",
        "I have 3 kids and 42 cats", "@ana said hi", "meet @ 5", "look at example.com", "1,000 ideas",
        "idea-0001 and q-0042", "v1.2.3", "",
        // Large numbers with thousands separators are no phone unless one of the export's.
        "1,234,567 people", "50% off & 100% fun", "Tom & Jerry", "AT&T at 5",
        "she said \"hi\" @ noon", "\"\"@", "see [1] @[2]",
        // Year ranges, amounts grouped by spaces or dots, a decimal, compact and spaced dates.
        "season 2025-2026", "2024–2025 budget", "1990 - 2026", "1998–2026: 28 years",
        "1\u{202F}234\u{202F}567 €", "1 234 567 ₽", "1.234.567 €", "10 000 000 de personnes", "10.000.000 de pessoas",
        "π = 3.14159265", "on 20260502", "le 02 05 2026",
        // Ranges of amounts, years and dates; Korean dates; times; Indian grouping; Swiss amounts.
        "3 500 000 – 4 000 000 €", "10.000.000-20.000.000", "years 2025/2026", "2026. 05. 02.", "20260502-20260509",
        "10:00-12:00", "08:30–09:45", "1,98,76,543 rupees", "1’234’567 CHF", "2026: 28 years",
        // Amounts with cents, lists after ", ", ranges of grouped amounts, a year then a time,
        // scores and verses, a year-first date after an offset, dotted times.
        "$12,345.67", "987,654.32", "12.345,67 €", "9 876 543,21 €", "₹12,34,567.50", "9'876'543.21 CHF",
        "2019, 2020, 2021", "10:30, 11:30", "John 3:16-17, 4:14", "pages 12-15, 18-22, 30-31", "1, 2, 3, 4, 5, 6, 7",
        "1,000,000 - 2,000,000", "2 May 2026 10:30", "won 3:1 2:0 4:2 1:1", "UTC+2 2026-05-02", "Open 10.00-12.00",
        "13:45:30.123", "(48.8566, 2.3522)",
        // Escapes that spell no phone or email stay as written.
        "50%25 off", "100%20 fun", "&#169; 2026 &#49;&#50;", #"C:\x41\u0042 \u{1F600}"#, "a%ZZ%2", "&#x110000;",
    ])
    func keeps(_ input: String) {
        #expect(mask.clean(input) == input)
    }

    /// A list of four years or more, each later than the one before (sixteen digits or more:
    /// longer than any phone of any region, whose E.164 digits are 15 at most and whose national
    /// numbers past 15 digits all start with 00), and an ISBN-13 (978 or 979, its check digit
    /// right: none of 3,000 such numbers is a phone of any region to libphonenumber) are no
    /// phones. Three years (a possible Austrian number), years out of order, a wrong check digit,
    /// and anything after a "+" still are.
    @Test func yearListsAndISBNsAreNoPhones() {
        for text in [
            "Years 1999 2000 2001 2002", "Seasons 2010 2011 2012 2013", "1999/2000/2001/2002", "1999-2000-2001-2002-2003",
            "Years 1999 2000 2001 2002 2003 2004 2005 2006 2007 2010", "ISBN 978-3-16-148410-0", "ISBN: 9780306406157",
            "isbn 978 0 306 40615 7", "ISBN-13: 979-10-90636-07-1",
        ] {
            #expect(mask.clean(text) == text, "\(text)")
        }
        for (text, masked) in [
            ("Years 1999 2000 2001", "Years ■"), ("2002 2001 2000 1999", "■"), ("1999 2000 2000 2001", "■"), ("+1999 2000 2001 2002", "■"),
            ("ISBN 978-3-16-148410-1", "ISBN ■"), ("978-3-16-148410-0-1", "■"), ("+9783161484100", "■"),
        ] {
            #expect(mask.clean(text).replacingOccurrences(of: m, with: "■") == masked, "\(text)")
        }
    }

    /// Markup written in a text (a tag, a comment) between the digits of a phone or around the
    /// at-sign of an address: the page shows it as typed, and a reader reads past it, as anything
    /// that renders it would. Each was read as the end of the run, so `<b>41555</b>50177`, even
    /// an export's own phone, reached the page whole.
    @Test(arguments: [
        ("Ring <b>41555</b>50177 please", "Ring <b>■ please"), ("415<span>555</span>0177", "■"), ("415<br>555<br/>0177", "■"),
        ("Call 20155<!-- -->50123 now", "Call ■ now"), ("<i>07120</i><i>34567</i>", "<i>■</i>"),
        ("06123<span class=\"x\">45678</span>", "■</span>"), ("ana.lima<b>@</b>example.com", "■"), ("zed<span>@</span>example.net!", "■!"),
        // What markup holds is read as well; not markup: left as written.
        ("<b title=\"zed@example.net\">hi</b>", "<b title=\"■\">hi</b>"), ("<ana.lima@example.com>", "<■>"),
        ("2 < 3 and 5 > 4", "2 < 3 and 5 > 4"), ("<3 2019 <3 2020", "<3 2019 <3 2020"),
    ])
    func markupHidesNothing(_ input: String, _ expected: String) {
        #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected)
    }

    @Test("The quick test never passes over a text the scans would mask (generated texts in many scripts)")
    func quickTestIsSafe() {
        // Pieces that make or nearly make an email or a phone, in ASCII and beyond it.
        let pieces = [
            "a", "t", "at", " at ", "\u{A0}", "\u{3000}", "Zoë", "Δη", "Ив", "日本", "ｔ", "Ａ", "@", "＠", "\u{FE6B}",
            "(", ")", "[", "]", "{", "}", "（", "）", ".", "．", " dot ", "-", "\u{2011}", "/", "0", "7", "٤", "４", "১",
            "example", "com", "ana.lima", "\u{E000}", "\u{E001}", String(PersonalDataMask.marker), String(PersonalDataMask.unknownMarker), "é", " ",
            "%40", "%", "&#64;", "&", "\u{200B}", "\u{FEFF}", "①", "²", "_", ",", " . ",
            #"\u0040"#, #"\x40"#, #"\u{34}"#, #"\"#, "%2B", "%20", "%34", "&#52;", "&#x34;",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var quick = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + next(12)) { text += pieces[next(pieces.count)] }
            guard !PersonalDataMask.mightHold(text) else { continue }
            quick += 1
            let scalars = Array(text.unicodeScalars)
            #expect(mask.spans(in: scalars).isEmpty, "\(text)")
            #expect(!scalars.contains(PersonalDataMask.marker) && !scalars.contains(PersonalDataMask.unknownMarker))
            #expect(mask.clean(text) == XMLText.clean(text))
        }
        // The quick test decides a good share of them, beyond ASCII too.
        #expect(quick > 2_000)
    }

    @Test("The quick test reads eight bytes at a time as it reads one: the same verdict on generated texts")
    func quickTestWordAtATime() {
        // The byte-at-a-time test, as it was before the words.
        func reference(_ text: String) -> Bool {
            var digits = 0
            var previous: (UInt8, UInt8) = (0, 0)
            for byte in text.utf8 {
                if byte >= 0x80 { return PersonalDataMask.mightHoldCanonically(text) }
                if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\\") {
                    return true
                }
                if byte >= 0x30 && byte <= 0x39 {
                    digits += 1
                    if digits >= 5 { return true }
                }
                if previous == (UInt8(ascii: "a"), UInt8(ascii: "t")),
                    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == 0x29 || byte == 0x5D || byte == 0x7D
                    || byte == 0x3E || byte == 0x2D || byte == 0x5F || byte == 0x2F {
                    return true
                }
                previous = (previous.1, (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
            }
            // Three or four digits, one followed by a letter (after up to two joins): a vanity
            // number of the export may be there.
            guard digits >= 3 else { return false }
            let bytes = Array(text.utf8)
            for (index, byte) in bytes.enumerated() where byte >= 0x30 && byte <= 0x39 {
                var next = index + 1
                while next < bytes.count, next <= index + 2, "-. /)".utf8.contains(bytes[next]) { next += 1 }
                if next < bytes.count, ("a"..."z").contains(Character(Unicode.Scalar(bytes[next] | 0x20))) { return true }
            }
            return false
        }
        let pieces = ["a", "t", "T", "A", "at", "AT", " ", ")", "]", "}", ">", "-", "_", "(", "1", "9", "0", "/", ":", "@", "x", "é", "ordinary words ", "\t", "\n", "Zz", "%", "&", #"\"#]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<30_000 {
            var text = ""
            for _ in 0..<(1 + next(30)) { text += pieces[next(pieces.count)] }
            #expect(PersonalDataMask.mightHold(text) == reference(text), "\(text)")
        }
    }

    @Test("A marker in the data is dropped, so only the mask puts one in a text; private-use characters stay")
    func dropsMarkersFromData() {
        let markers = (String(PersonalDataMask.marker), String(PersonalDataMask.unknownMarker))
        #expect(mask.clean("a\(markers.0)b\(markers.1)c") == "abc")
        #expect(mask.clean("a\u{E000}b\u{E001}c\u{F8FF}") == "a\u{E000}b\u{E001}c\u{F8FF}")
        let revealed = PersonalDataMask.reveal(Array(mask.clean("\u{E000} +1 415 555 0100 \u{E001}").utf8),
                                               masked: { Array("[hidden]".utf8) }, unknown: { Array("?".utf8) })
        #expect(String(decoding: revealed, as: UTF8.self) == "\u{E000} [hidden] \u{E001}")
    }

    /// An email of the export written with a spaced dot after a label that looks like the end
    /// of a domain is still hidden whole: its dot is not a sentence's end.
    @Test func aKnownEmailCarriesOnAfterASpacedDot() {
        let mask = PersonalDataMask(phones: [], emails: ["ana.lima@mail.example.com"])
        #expect(mask.clean("mail ana.lima@mail.example. com now").replacingOccurrences(of: m, with: "■") == "mail ■ now")
        #expect(mask.clean("mail ana.lima@mail.example.com. now").replacingOccurrences(of: m, with: "■") == "mail ■. now")
    }

    /// The export's emails written with white space inside, letter by letter or in any mix of
    /// spaced letters and words, the at-sign and the dots as themselves or spelled: a reader
    /// joins them at a glance. Only the export's own: an address shape across white space
    /// would take prose for one.
    @Test(arguments: [
        ("write to a n a . l i m a @ e x a m p l e . c o m", "write to ■"),
        ("write to a n a . l i m a @ e x a m p l e . c o m today", "write to ■ today"),
        ("A N A . L I M A @ E X A M P L E . C O M", "■"),
        ("a n a . l i m a at e x a m p l e dot c o m", "■"),
        ("a n a dot l i m a (at) e x a m p l e [dot] c o m!", "■!"),
        ("ana . li ma @ exam ple . com", "■"),
        ("call a n a . l i m a @ e x a m p l e . c o m / 415 555 0177", "call ■ / ■"),
        ("a  n  a .\nl i m a\t@ e x a m p l e . c o m", "■"),
        // Letters glued on make another address: left as written.
        ("xa n a . l i m a @ e x a m p l e . c o mx", "xa n a . l i m a @ e x a m p l e . c o mx"),
        ("Ana Lima at Example Company", "Ana Lima at Example Company"),
        ("write to Ana Lima at example.com", "write to ■"),
        // Other characters between the letters, as a reader also joins them.
        ("a_n_a_._l_i_m_a_@_e_x_a_m_p_l_e_._c_o_m", "■"),
        ("a.n.a...l.i.m.a.@.e.x.a.m.p.l.e...c.o.m", "■"),
        ("mail a/n/a/./l/i/m/a/@/e/x/a/m/p/l/e/./c/o/m now", "mail ■ now"),
        ("a-n-a-.-l-i-m-a at e-x-a-m-p-l-e dot c-o-m", "■"),
        ("meet Ana Lima at the example community", "meet Ana Lima at the example community"),
        // Not the export's: left as written.
        ("b o . l i m a @ e x a m p l e . c o m", "b o . l i m a @ e x a m p l e . c o m"),
        ("meet @ 5. Then at home", "meet @ 5. Then at home"),
        ("a n a . l i m a @ e x a m p l e . o r g", "a n a . l i m a @ e x a m p l e . o r g"),
    ])
    func theExportsEmailsWrittenWithSpacesInside(text: String, masked: String) {
        #expect(mask.clean(text).replacingOccurrences(of: m, with: "■") == masked)
    }

    /// A large text (a download in static/) is scanned a window of lines at a time, each with
    /// the end of the one before: an address split over the lines at a window's end is found,
    /// at its line and column, and so is one at the very end.
    @Test func aLargeTextIsScannedInWindowsThatOverlap() {
        let filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit 12.\n"
        var lines = Array(repeating: filler, count: 3 * (PersonalDataMask.window / filler.utf8.count))
        // The line the first window ends with (windows end after whole lines).
        let boundary = (PersonalDataMask.window + filler.utf8.count - 1) / filler.utf8.count
        for split in [boundary - 2, boundary - 1, boundary] {
            var text = lines
            text[split - 1] = "write to ana.lima@\n"
            text[split] = "example.com today\n"
            #expect(mask.firstMatch(in: text.joined(), shapedPhones: false)! == (split, 10), "\(split)")
        }
        lines[lines.count - 1] = "or call +1 415 555 0177"
        #expect(mask.firstMatch(in: lines.joined(), shapedPhones: false)! == (lines.count, 9))
        #expect(mask.firstMatch(in: Array(lines.dropLast()).joined(), shapedPhones: false) == nil)
    }

    @Test("An export email with a fullwidth letter is known in every spelled form")
    func fullwidthKnownEmail() {
        let mask = PersonalDataMask(phones: [], emails: ["ｋenji@example.jp"])
        #expect(mask.clean("mail kenji at example dot jp") == "mail \(m)")
        #expect(mask.clean("ｋenji at example dot jp") == m)
    }

    /// The spelled forms (`at`, `dot`) and the spaced letters are masked for the export's own
    /// emails only, so every spelling a reader takes for the same mailbox must be known: the
    /// domain's other spelling (IDNA), a `+tag` on the local part, a final sigma.
    @Test("An export email is known with its domain's other spelling, a +tag and a final sigma")
    func emailsKnownInEverySpelling() {
        let mask = PersonalDataMask(phones: [], emails: ["ben@bücher.de", "dora@xn--mnchen-3ya.de", "ana.lima@example.com", "οδοσ@example.gr"])
        for (input, expected) in [
            ("write to ben at xn--bcher-kva dot de", "write to ■"), ("write to ben at bücher dot de", "write to ■"),
            ("write to dora at münchen dot de", "write to ■"), ("write to dora at xn--mnchen-3ya dot de", "write to ■"),
            ("write to ana.lima+news at example dot com", "write to ■"), ("ana.lima+news (at) example (dot) com", "■"),
            ("b e n @ x n - - b c h e r - k v a . d e", "■"), ("d o r a @ m ü n c h e n . d e", "■"),
            ("b e n + w o r k @ b ü c h e r . d e", "■"), ("a n a . l i m a + n e w s @ e x a m p l e . c o m", "■"),
            ("γράψε στο οδος at example dot gr", "γράψε στο ■"), ("ΟΔΟΣ at example dot gr", "■"),
            // Other mailboxes stay as written: a spelled form is read for the export's own only.
            ("write to ben+x at bucher dot de", "write to ben+x at bucher dot de"), ("+news at example dot com", "+news at example dot com"),
        ] {
            #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected, "\(input)")
        }
        #expect(IDNA.ascii("bücher.de") == "xn--bcher-kva.de")
        #expect(IDNA.unicode("xn--mnchen-3ya.de") == "münchen.de")
        #expect(IDNA.ascii("a..b") == nil)
    }

    /// A phone of the export written with letters for its digits (a vanity number, as its
    /// keypad has them and libphonenumber reads it) is hidden; a word after a number that is no
    /// phone of the export stays, and so does a longer word.
    @Test("An export phone written with letters for digits is hidden")
    func vanityNumbersOfTheExport() {
        let mask = PersonalDataMask(phones: ["+14153569377", "+18003569377"], emails: [])
        for (input, expected) in [
            ("Order flowers: 415-FLOWERS", "Order flowers: ■"), ("call 1-800-FLOWERS now", "call ■ now"),
            ("(415) FLOWERS", "■"), ("415 356 WXYZ", "415 356 WXYZ"), ("+1 415 356 9377", "■"),
            ("415-356-WERS", "■"), ("415 flowers", "■"), ("415FLOWERS.", "■."),
            // Not the export's, or not a whole number: as written.
            ("415-FLOWERSHOP", "415-FLOWERSHOP"), ("416-FLOWERS", "416-FLOWERS"), ("10 apples and 20 pears", "10 apples and 20 pears"),
            ("Flo 415-FLOWERS", "Flo ■"),
        ] {
            #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected, "\(input)")
        }
        #expect(!PersonalDataMask.isName(mask.clean("415-FLOWERS")))
    }

    @Test("A phone of the export is looked for as its national number, not as a shorter tail")
    func nationalNumbersFollowTheCountryCode() {
        let mask = PersonalDataMask(phones: ["+12125550147", "+33612345678", "+442079460321"], emails: [])
        for (input, expected) in [
            // Amounts whose digits are only a tail of a phone (after "121", "336", "442"): as written.
            ("We had 25,550,147 visitors", "We had 25,550,147 visitors"), ("Budget 25 550 147 €", "Budget 25 550 147 €"),
            ("Raised 25.550.147 reais", "Raised 25.550.147 reais"), ("1,23,45,678 rupees", "1,23,45,678 rupees"),
            // The national numbers themselves, however grouped.
            ("We had 2,125,550,147 visitors", "We had ■ visitors"), ("61,234,5678", "■"), ("2,079,460,321", "■"),
            ("612 345 678", "■"), ("(212) 555-0147", "■"),
        ] {
            #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected, "\(input)")
        }
    }

    @Test("The export's phones with letters typed for the digits they look like")
    func lookalikeLettersOfTheExport() {
        for (input, expected) in [
            ("call 415 555 O177", "call ■"), ("4l5-555-0l77", "■"), ("415-555-OI77", "■"), ("+1 4I5 555 Ol77 now", "■ now"),
            ("(4l5) 555-Ol77", "■"), ("O6 l2 34 56 78", "■"), ("Max 415 555 O177", "Max ■"),
            // Not the export's, or the letters are words: as written.
            ("415 555 O178", "415 555 O178"), ("Room 1O1, floor l", "Room 1O1, floor l"), ("I paid 41 for oil", "I paid 41 for oil"),
            ("lol 415 55", "lol 415 55"), ("Olivia 415", "Olivia 415"),
        ] {
            #expect(mask.clean(input).replacingOccurrences(of: m, with: "■") == expected, "\(input)")
        }
        #expect(!PersonalDataMask.isName(mask.clean("415 555 O177")))
    }

    @Test("A name that is only a phone or an email is no name; a name holding one keeps the rest")
    func names() {
        #expect(!PersonalDataMask.isName(mask.clean("+1 415 555 0177")))
        #expect(!PersonalDataMask.isName(mask.clean("<ana.lima@example.com>")))
        #expect(!PersonalDataMask.isName(mask.clean("  ")))
        // A link to a phone or a mailbox is no name either: its scheme names no one.
        #expect(!PersonalDataMask.isName(mask.clean("tel:+1 415 555 0177")))
        #expect(!PersonalDataMask.isName(mask.clean("mailto:ana.lima@example.com")))
        #expect(!PersonalDataMask.isName(mask.clean("TEL: // +1 415 555 0177")))
        #expect(!PersonalDataMask.isName(mask.clean("sms:+14155550177")))
        #expect(PersonalDataMask.isName(mask.clean("Ana tel:+1 415 555 0177")))
        #expect(PersonalDataMask.isName(mask.clean("Hotel: +1 415 555 0177")))
        // Nor one made only of characters that show nothing: the next naming rule applies.
        for invisible in ["\u{200B}", "\u{200B}\u{2060}", "\u{3164}", "\u{115F}\u{1160}", "\u{202E}\u{202C}", "\u{0301}",
                          "\u{FE0F}", "\u{2800}", "\u{00A0}\u{3000}", "\u{E0041}"] {
            #expect(!PersonalDataMask.isName(invisible), "\(invisible.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for visible in ["\u{200B}Ana", "é", "李", "😀", "\u{E000}", "a\u{0301}", "\u{0E01}\u{0E34}"] {
            #expect(PersonalDataMask.isName(visible), "\(visible.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Not a name either with private-use or other invisible characters between the digits.
        #expect(!PersonalDataMask.isName(mask.clean("415\u{E000}555\u{E000}0111")))
        #expect(!PersonalDataMask.isName(mask.clean("bo\u{E000}@example.com")))
        #expect(!PersonalDataMask.isName(mask.clean("415\u{034F}555\u{034F}0111")))
        // Digits without a letter are no name, even where a text would keep them as a number.
        for digits in ["34 623 456 789", "2026-2027", "20120312", "1 234 567", "١٢٣٤٥"] {
            #expect(!PersonalDataMask.isName(mask.clean(digits)), "\(digits)")
        }
        #expect(PersonalDataMask.isName(mask.clean("Agent 007")) && PersonalDataMask.isName(mask.clean("1234")))
        #expect(PersonalDataMask.isName(mask.clean("Ana (+1 415 555 0177)")))
        #expect(PersonalDataMask.isName(mask.clean("!!!")))
        #expect(Slug.fold(PersonalDataMask.withoutMarkers(mask.clean("Ana +1 415 555 0177"))) == "ana")
    }

    @Test("Naming skips a name that is a phone or an email and ends at the unknown person")
    func naming() {
        let naming = Naming(chosenNames: [1: mask.clean("+14155550177")], contacts: [1: mask.clean("ana.lima@example.com")])
        #expect(naming.name(of: 1, recorded: "Ana") == "Ana")
        #expect(naming.name(of: 1, recorded: mask.clean("(415) 555-0177")) == PersonalDataMask.unknownName)
        #expect(naming.name(of: 2, recorded: "") == PersonalDataMask.unknownName)
    }

    @Test("The site's naming, whose chosen names are checked once per build, names everyone as the checking one does")
    func siteNaming() {
        let names = ["+14155550177", "Ana", "ana.lima@example.com", "   ", "2026-2027", "Zoë", "Agent 007", "山田 太郎"]
        let people = names.enumerated().map { index, name in
            Person(
                id: Int64(index + 1), name: name, locale: nil, timeZone: nil, hasEmail: true, isQuotesUser: true,
                isChangeJarUser: false, lastVisitAt: nil, hasPhone: true)
        }
        let site = SiteModel(settings: SiteSettings(), now: 0, people: people, ideas: [])
        let contacts: [Int64: String] = [1: "Mum", 3: mask.clean("+44 20 7946 0958"), 4: "Dad", 9: "Cy", 10: ""]
        let checked = Naming(site: site, contacts: contacts)
        let checking = Naming(chosenNames: people.reduce(into: [:]) { $0[$1.id] = $1.name.map(mask.clean) }, contacts: contacts)
        for id in Int64(1)...11 {
            for recorded in ["Ana", "", mask.clean("(415) 555-0177")] {
                #expect(checked.name(of: id, recorded: recorded) == checking.name(of: id, recorded: recorded), "\(id) \(recorded)")
            }
        }
        #expect(checked.name(of: 1, recorded: "Ana") == "Mum")
        #expect(checked.name(of: 3, recorded: "") == PersonalDataMask.unknownName)
        #expect(checked.name(of: 6, recorded: "") == "Zoë")
    }

    @Test("Revealing puts each marker's text in place and leaves a page without markers as it is")
    func reveal() {
        let page = Array("<p title=\"\(m)\">\(m) and \(PersonalDataMask.unknownName)</p>".utf8)
        let shown = PersonalDataMask.reveal(page, masked: { Array("[hidden]".utf8) }, unknown: { Array("Unknown".utf8) })
        #expect(String(decoding: shown, as: UTF8.self) == "<p title=\"[hidden]\">[hidden] and Unknown</p>")
        let plain = Array("<p>é 💛</p>".utf8)
        #expect(PersonalDataMask.reveal(plain, masked: { [] }, unknown: { [] }) == plain)
    }
}
