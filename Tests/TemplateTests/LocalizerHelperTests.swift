import Foundation
import Testing
import VantageCore

@testable import Template

/// One locale's expected page: every helper (lang, dir, the five date styles, number, andList,
/// t with an argument, with plural variations and with a substitution).
struct LocaleCase: Sendable, CustomTestStringConvertible {
    let tag: String
    let timeZone: String
    let expected: String
    var testDescription: String { tag }
}

@Suite("Localisation helpers in each language")
struct LocalizerHelperTests {
    static let catalog: StringCatalog = {
        let json = try! JSONParser.parse(Array(CatalogFixture.json.utf8), file: "Localizable.xcstrings")
        return try! StringCatalog(json: json, file: "Localizable.xcstrings")
    }()

    /// 2026-05-02T08:30:00Z; the build's "now" is three days and an hour later.
    static let instant = 1_777_710_600.0
    static let now = Date(timeIntervalSince1970: instant + 3 * 86_400 + 3_600)

    static let page = """
        {{lang}} {{dir}}
        {{#date}}at short{{/date}}
        {{#date}}at medium{{/date}}
        {{#date}}at long{{/date}}
        {{#date}}at relative{{/date}}
        {{#date}}at iso{{/date}}
        {{#date}}yesterday relative{{/date}}
        {{#number}}big{{/number}}
        {{#andList}}names{{/andList}}
        {{#t}}greeting name=name{{/t}}
        {{#counts}}{{#t}}comments count=.{{/t}}|{{/counts}}
        {{#t}}photos_added who=name album=album count=n{{/t}}
        """

    static let context: Value = [
        "at": .number(instant), "yesterday": "2026-05-04T10:00:00Z", "big": 1_234_567.25,
        "names": ["Ana", "Ben", "Cy"], "name": "Ana", "counts": [0, 1, 2, 3, 5, 11, 21, 22, 100, 1234],
        "album": "Lisboa", "n": 3,
    ]

    static let cases: [LocaleCase] = [
        LocaleCase(
            tag: "en", timeZone: "America/New_York",
            expected: """
            en ltr
            5/2/2026, 4:30\u{202F}AM
            May 2, 2026 at 4:30\u{202F}AM
            Saturday, May 2, 2026 at 4:30\u{202F}AM
            3 days ago
            2026-05-02T04:30:00-04:00
            yesterday
            1,234,567.25
            Ana, Ben, and Cy
            Hello, Ana!
            No comments|1 comment|2 comments|3 comments|5 comments|11 comments|21 comments|22 comments|100 comments|1,234 comments|
            Ana added 3 photos to Lisboa
            """),
        LocaleCase(
            tag: "fr", timeZone: "Europe/Paris",
            expected: """
            fr ltr
            02/05/2026 10:30
            2 mai 2026 à 10:30
            samedi 2 mai 2026 à 10:30
            il y a 3 jours
            2026-05-02T10:30:00+02:00
            hier
            1\u{202F}234\u{202F}567,25
            Ana, Ben et Cy
            Bonjour, Ana !
            0 commentaire|1 commentaire|2 commentaires|3 commentaires|5 commentaires|11 commentaires|21 commentaires|22 commentaires|100 commentaires|1\u{202F}234 commentaires|
            Ana a ajouté 3 photos à Lisboa
            """),
        LocaleCase(
            tag: "ru", timeZone: "Europe/Moscow",
            expected: """
            ru ltr
            02.05.2026, 11:30
            2 мая 2026\u{202F}г., 11:30
            суббота, 2 мая 2026\u{202F}г. в 11:30
            3 дня назад
            2026-05-02T11:30:00+03:00
            вчера
            1\u{A0}234\u{A0}567,25
            Ana, Ben и Cy
            Привет, Ana!
            0 комментариев|1 комментарий|2 комментария|3 комментария|5 комментариев|11 комментариев|21 комментарий|22 комментария|100 комментариев|1\u{A0}234 комментария|
            Ana добавил(а) 3 фото в Lisboa
            """),
        LocaleCase(
            tag: "ar", timeZone: "Asia/Riyadh",
            expected: """
            ar rtl
            2\u{200F}/5\u{200F}/2026، 11:30\u{A0}ص
            2 مايو، 2026، 11:30\u{A0}ص
            السبت، 2 مايو، 2026، 11:30\u{A0}ص
            قبل 3 أيام
            2026-05-02T11:30:00+03:00
            أمس
            1,234,567.25
            \u{2068}Ana\u{2069} و\u{2068}Ben\u{2069} و\u{2068}Cy\u{2069}
            مرحبًا، \u{2068}Ana\u{2069}!
            لا تعليقات|تعليق واحد|تعليقان|3 تعليقات|5 تعليقات|11 تعليقًا|21 تعليقًا|22 تعليقًا|100 تعليق|1,234 تعليقًا|
            أضاف \u{2068}Ana\u{2069} 3 صور إلى \u{2068}Lisboa\u{2069}
            """),
        LocaleCase(
            tag: "ja", timeZone: "Asia/Tokyo",
            expected: """
            ja ltr
            2026/5/2 17:30
            2026年5月2日 17:30
            2026年5月2日 土曜日 17:30
            3 日前
            2026-05-02T17:30:00+09:00
            昨日
            1,234,567.25
            Ana、Ben、Cy
            こんにちは、Anaさん！
            0 件のコメント|1 件のコメント|2 件のコメント|3 件のコメント|5 件のコメント|11 件のコメント|21 件のコメント|22 件のコメント|100 件のコメント|1,234 件のコメント|
            AnaさんがLisboaに3 枚の写真を追加しました
            """),
        LocaleCase(
            tag: "pt-BR", timeZone: "America/Sao_Paulo",
            expected: """
            pt-BR ltr
            02/05/2026, 05:30
            2 de mai. de 2026, 05:30
            sábado, 2 de maio de 2026 às 05:30
            há 3 dias
            2026-05-02T05:30:00-03:00
            ontem
            1.234.567,25
            Ana, Ben e Cy
            Olá, Ana!
            0 comentário|1 comentário|2 comentários|3 comentários|5 comentários|11 comentários|21 comentários|22 comentários|100 comentários|1.234 comentários|
            Ana adicionou 3 fotos a Lisboa
            """),
    ]

    /// A Localizer made in code may be given any text as its locale: `{{lang}}` writes it escaped.
    @Test func theLanguageTagIsWrittenEscaped() throws {
        let localizer = Localizer(catalog: Self.catalog, locale: "fr\" onmouseover=\"alert(1)", timeZone: "UTC", now: Self.now, mode: .spec)
        let page = try TemplateLibrary(templates: ["page": "<p lang=\"{{lang}}\">"], mode: .spec).render("page", context: [:], localizer: localizer)
        #expect(!page.dropFirst("<p lang=\"".count).dropLast(2).contains("\""), "\(page)")
    }

    /// A text put into a sentence is isolated (FSI … PDI) when it holds a letter written against
    /// the page's direction, as ICU isolates list items: otherwise "Review the quotes NAME sees"
    /// with a Hebrew NAME ending in an emoji is drawn with the emoji and the words around it
    /// moved. Text of the page's own direction, digits and emoji alone are written as they are.
    @Test(arguments: [
        ("en", "ליאור 🦁", "Hello, \u{2068}ליאור 🦁\u{2069}!"),
        ("en", "a أحمد", "Hello, \u{2068}a أحمد\u{2069}!"),
        ("en", "Zoë", "Hello, Zoë!"),
        ("en", "42 🦁", "Hello, 42 🦁!"),
        ("ar", "أحمد", "مرحبًا، أحمد!"),
        ("ar", "Mia 🦄", "مرحبًا، \u{2068}Mia 🦄\u{2069}!"),
        ("ar", "Ölçü", "مرحبًا، \u{2068}Ölçü\u{2069}!"),
        // A direction control the text opens is closed within it, one it closes opened: it can
        // neither reorder the words after it nor end the page's isolate early.
        ("en", "\u{2067}Ana", "Hello, \u{2067}Ana\u{2069}!"),
        ("en", "\u{202E}Ana", "Hello, \u{202E}Ana\u{202C}!"),
        ("ar", "Ana\u{2069} x", "مرحبًا، \u{2068}\u{2068}Ana\u{2069} x\u{2069}!"),
    ])
    func textAgainstThePageIsIsolated(tag: String, name: String, expected: String) throws {
        let library = try TemplateLibrary(templates: ["page": "{{#t}}greeting name=name{{/t}}"], mode: .strict)
        let localizer = Localizer(catalog: LocalizerHelperTests.catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try library.render("page", context: ["name": .string(name)], localizer: localizer) == expected)
    }

    /// `Localizer.inSentence` is the substitution's rule (the compose screens write a name's
    /// form by it into the page, for compose.js): the same text as `{{#t}}` writes around the
    /// name, including the cases the compose script's own rules got wrong (a stray PDI opened,
    /// a stray PDF kept, Yezidi and Old Hungarian right to left).
    @Test(arguments: [
        ("en", "ליאור 🦁", "\u{2068}ליאור 🦁\u{2069}"),
        ("en", "Zoë", "Zoë"),
        ("ar", "Ölçü", "\u{2068}Ölçü\u{2069}"),
        ("ar", "أحمد", "أحمد"),
        ("en", "\u{202E}Ana", "\u{202E}Ana\u{202C}"),
        ("en", "Ana\u{2069} Lima", "\u{2068}Ana\u{2069} Lima"),
        ("en", "x\u{202C}y", "x\u{202C}y"),
        ("en", "\u{10E80}\u{10E81}\u{10E82}", "\u{2068}\u{10E80}\u{10E81}\u{10E82}\u{2069}"),
        ("en", "\u{10C80}\u{10C81}", "\u{2068}\u{10C80}\u{10C81}\u{2069}"),
        ("ar", "\u{10E80}\u{10E81}", "\u{10E80}\u{10E81}"),
    ])
    func aNameInASentenceIsTheSubstitutionsRule(tag: String, name: String, expected: String) throws {
        let library = try TemplateLibrary(templates: ["page": "{{#t}}greeting name=name{{/t}}"], mode: .strict)
        let localizer = Localizer(catalog: LocalizerHelperTests.catalog, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(localizer.inSentence(name) == expected)
        let page = try library.render("page", context: ["name": .string(name)], localizer: localizer)
        #expect(page.contains(expected), "\(page)")
    }

    /// A day of the calendar in a style that shows a time is the instant the day starts at in
    /// the viewer's zone, as `iso` says (it was midnight UTC: May 31 at 8 PM in New York, beside
    /// a `<time datetime>` of June 1).
    @Test func aDayInAStyleWithATimeStartsInTheViewersZone() throws {
        let library = try TemplateLibrary(
            templates: ["page": "{{#date}}d iso{{/date}}|{{#date}}d medium{{/date}}|{{#date}}d short{{/date}}"], mode: .strict)
        let localizer = Localizer(catalog: nil, locale: "en-US", timeZone: "America/New_York", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try library.render("page", context: ["d": .string("2026-06-01")], localizer: localizer)
            == "2026-06-01T00:00:00-04:00|Jun 1, 2026 at 12:00\u{202F}AM|6/1/2026, 12:00\u{202F}AM")
    }

    /// `{{listPattern}}` tells the page's scripts what the build writes between names: joined
    /// with it, any list of names is what the build's own `andList` writes (a name the locale's
    /// formatter isolates, as Arabic's does, taken with its isolates, which the scripts write as
    /// an element of its own direction). In en-IN the build writes "Ana, Ben, and Cy", which a
    /// browser's plain CLDR does not, so the scripts need the build's pattern.
    @Test(arguments: ["en-US", "en-IN", "en-GB", "fr-FR", "ru-RU", "ja-JP", "pt-BR", "ar", "ar-EG", "he-IL", "de", "zh-Hans", "th", "ko", "hi", "sw", "el"])
    func listPatternJoinsNamesAsTheBuildDoes(tag: String) throws {
        let localizer = Localizer(catalog: nil, locale: tag, timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        let pattern = try JSONParser.parse(Array(localizer.listPattern.utf8), file: "listPattern")
        guard case .array(let items) = pattern else {
            Issue.record("\(tag): \(localizer.listPattern)")
            return
        }
        let separators = items.compactMap { item -> String? in if case .string(let text) = item { return text } else { return nil } }
        #expect(separators.count == 4, "\(tag)")
        let names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
        for count in 1...5 {
            let listed = Array(names.prefix(count))
            var joined = ""
            for (index, name) in listed.enumerated() {
                if index > 0 {
                    joined += count == 2 ? separators[0] : index == 1 ? separators[1] : index == count - 1 ? separators[3] : separators[2]
                }
                joined += name
            }
            let written = localizer.format(list: listed).replacingOccurrences(of: "\u{2068}", with: "")
                .replacingOccurrences(of: "\u{2069}", with: "")
            #expect(joined == written, "\(tag), \(count) names")
        }
        if tag == "en-IN" { #expect(separators == [" and ", ", ", ", ", ", and "]) }
    }

    /// The names of a list are each kept to themselves as the sentence's text is: a direction
    /// control one opens is closed within it (an RLI before Ana put "and Ben" inside it).
    @Test func directionControlsInListItemsAreClosedWithin() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#andList}}names{{/andList}}"], mode: .strict)
        let localizer = Localizer(catalog: LocalizerHelperTests.catalog, locale: "en", timeZone: "UTC", now: LocalizerHelperTests.now, mode: .strict)
        #expect(try library.render("page", context: ["names": .list([.string("\u{2067}Ana"), .string("Ben")])], localizer: localizer)
            == "\u{2067}Ana\u{2069} and Ben")
    }

    /// A day of the calendar (`2026-06-01`) as `iso` is the instant it starts at in the
    /// viewer's zone, with that zone's offset then; `day` shows the day as written.
    @Test(arguments: [
        ("America/New_York", "2026-06-01", "2026-06-01T00:00:00-04:00|Jun 1, 2026"),
        ("Asia/Kathmandu", "2026-06-01", "2026-06-01T00:00:00+05:45|Jun 1, 2026"),
        ("Pacific/Kiritimati", "9999-12-31", "9999-12-31T00:00:00+14:00|Dec 31, 9999"),
        // Midnight skipped by the change to summer time: the day starts at 01:00.
        ("America/Havana", "2026-03-08", "2026-03-08T01:00:00-04:00|Mar 8, 2026"),
    ])
    func aDayAsAnInstantStartsInTheViewersZone(zone: String, day: String, expected: String) throws {
        let library = try TemplateLibrary(templates: ["page": "{{#date}}d iso{{/date}}|{{#date}}d day{{/date}}"], mode: .strict)
        let localizer = Localizer(catalog: nil, locale: "en-US", timeZone: zone, now: LocalizerHelperTests.now, mode: .strict)
        #expect(try library.render("page", context: ["d": .string(day)], localizer: localizer) == expected)
    }

    @Test(arguments: cases)
    func everyHelper(_ locale: LocaleCase) throws {
        let library = try TemplateLibrary(templates: ["page": LocalizerHelperTests.page], mode: .strict)
        let localizer = Localizer(
            catalog: LocalizerHelperTests.catalog, locale: locale.tag, timeZone: locale.timeZone,
            now: LocalizerHelperTests.now, mode: .strict)
        let rendered = try library.render("page", context: LocalizerHelperTests.context, localizer: localizer)
        #expect(rendered == locale.expected)
        #expect(localizer.warnings.isEmpty)
    }
}
