import Foundation
import Testing

/// The review report (`reviews.html`) built from real review files through the command line.
@Suite("The review report")
struct ReviewReportTests {
    /// Reviewer and list names go through the mask like every text of the data: a phone or an
    /// email in them is the catalog's masked text, in place (they were dropped with the mask's
    /// markers, leaving "Ann " and an empty list). A decision on an id an idea and a quote share
    /// shows on both. "Items per list" counts items: two reviewers listing one item is one.
    @Test("Masked reviewer and list names, a decision on a shared id, items per list")
    func report() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let export = project.content + "/quotes/export.json"
        try (try String(contentsOfFile: export, encoding: .utf8)).replacingOccurrences(of: #""id": "q-3""#, with: #""id": "idea-3""#)
            .write(toFile: export, atomically: true, encoding: .utf8)
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann 415 555 0100", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "idea-3", "action": "archive", "at": "2026-05-08T09:00:00Z"},
              {"item": "q-2", "action": "list", "list": "L ana@example.com", "at": "2026-05-08T09:01:00Z"}]}
            """)
        try project.write("content/reviews/b.json", """
            {"reviewer": "+1 415 555 0100", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-2", "action": "list", "list": "L ana@example.com", "at": "2026-05-08T09:02:00Z"},
              {"item": "q-1", "action": "list", "list": "ana@example.com", "at": "2026-05-08T09:03:00Z"}]}
            """)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        let page = try String(contentsOfFile: project.output + "/reviews.html", encoding: .utf8)
        #expect(page.contains(#"<span class="reviewer" dir="auto">Ann [hidden]</span>"#), "\(page)")
        #expect(page.contains(#"<span class="reviewer" dir="auto">[hidden]</span>"#), "\(page)")
        #expect(page.contains("Listed in “L [hidden]”"), "\(page)")
        #expect(page.contains("Listed in “[hidden]”"), "\(page)")
        #expect(!page.contains("<span class=\"reviewer\" dir=\"auto\"></span>") && !page.contains("“”"))
        // Items per list: "L [hidden]" holds q-2 once (two reviewers), "[hidden]" holds q-1.
        #expect(page.contains("<div><dt dir=\"auto\">L [hidden]</dt><dd>1</dd></div>"), "\(page)")
        #expect(page.contains("<div><dt dir=\"auto\">[hidden]</dt><dd>1</dd></div>"), "\(page)")
        // The shared id: an idea item and a quote item, each with the decision.
        let shared = page.components(separatedBy: #"<li class="reviewed-item" data-id="idea-3">"#).dropFirst()
        #expect(shared.count == 2, "\(page)")
        #expect(shared.allSatisfy { ($0.components(separatedBy: "</ul>").first ?? "").contains("decision-archive") })
        #expect(page.contains("Idea <code>idea-3</code>") && page.contains("Quote <code>idea-3</code>"), "\(page)")
        // Every text of the data sets its own direction, so a right-to-left text's final stop
        // stays at its end in a left-to-right report (reviewer, list and item text alike).
        #expect(page.contains(#"<blockquote><p dir="auto">"#), "\(page)")
        #expect(!page.contains("<blockquote><p>") && !page.contains("<dt>L [") && !page.contains(#"class="reviewer">"#))
        #expect(!page.contains("415") && !page.contains("ana@example.com"))
    }

    /// "Items per list" is in the alphabetical order of the report's language, not of code
    /// points (which put every capital before every small letter, and "Äpfel" after "Zebra"):
    /// "Äpfel" before "apple" (f before p; the umlaut counts only between words alike).
    @Test("Lists in alphabetical order")
    func listsInAlphabeticalOrder() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "list", "list": "Zebra", "at": "2026-05-08T09:00:00Z"},
              {"item": "q-2", "action": "list", "list": "apple", "at": "2026-05-08T09:01:00Z"},
              {"item": "q-3", "action": "list", "list": "Äpfel", "at": "2026-05-08T09:02:00Z"},
              {"item": "idea-1", "action": "list", "list": "Apple", "at": "2026-05-08T09:03:00Z"},
              {"item": "idea-2", "action": "list", "list": "été", "at": "2026-05-08T09:04:00Z"}]}
            """)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        let page = try String(contentsOfFile: project.output + "/reviews.html", encoding: .utf8)
        let names = page.components(separatedBy: "<div><dt dir=\"auto\">").dropFirst().map { $0.prefix { $0 != "<" } }.map(String.init)
        #expect(names == ["Äpfel", "apple", "Apple", "été", "Zebra"], "\(names)")
    }

    /// A "later" decision's `until` is a date like every other: a `<time>` whose `datetime` is
    /// the instant the day starts at in the site's zone, with its offset (OUTPUT.md: every date
    /// shown), and whose text is the day in the page's locale, as written wherever the build's
    /// zone is, 9999-12-31 ("forever") included; never masked as if it held a phone.
    @Test("Later until a day: a <time> with the day as written")
    func laterUntil() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "later", "until": "9999-12-31", "at": "2026-05-08T09:00:00Z"},
              {"item": "q-2", "action": "later", "until": "2026-06-01T00:00:00+14:00", "at": "2026-05-08T09:01:00Z"},
              {"item": "q-3", "action": "later", "until": "2026-06-01", "at": "2026-05-08T09:02:00Z"}]}
            """)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        let page = try String(contentsOfFile: project.output + "/reviews.html", encoding: .utf8)
        #expect(page.contains(#"Later, until <time datetime="9999-12-31T00:00:00+00:00">Dec 31, 9999</time>"#), "\(page)")
        #expect(page.contains(#"Later, until <time datetime="2026-06-01T00:00:00+00:00">Jun 1, 2026</time>"#), "\(page)")
        #expect(!page.contains("[hidden]"))
        // Before the calendar dates are shown in: refused at import, by name.
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "later", "until": "0001-01-01", "at": "2026-05-08T09:00:00Z"}]}
            """)
        let refused = project.build()
        #expect(refused.status == 2)
        #expect(refused.err.contains(#"a.json: decisions[0].until: error: expected a date such as "2026-06-01" from 1583-01-02 to 9999-12-31, found "0001-01-01""#), "\(refused.err)")
        // 1583-01-01 starts before the first instant shown in a zone ahead of UTC: refused at
        // import (it failed the build in the template); the day after builds in every zone.
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "later", "until": "1583-01-01", "at": "2026-05-08T09:00:00Z"}]}
            """)
        #expect(project.build().err.contains(#"found "1583-01-01""#))
        try project.write("content/reviews/a.json", """
            {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "later", "until": "1583-01-02", "at": "2026-05-08T09:00:00Z"}]}
            """)
        let site = try String(contentsOfFile: project.content + "/site.json", encoding: .utf8)
        try project.write("content/site.json", site.replacingOccurrences(of: #""timeZone": "UTC""#, with: #""timeZone": "Asia/Tokyo""#))
        #expect(site.contains(#""timeZone": "UTC""#))
        let early = project.build()
        #expect(early.status == 0, "\(early.err)")
        // Tokyo's mean time then, +09:18:59: the day's first instant at the nearest whole-minute offset.
        #expect(try String(contentsOfFile: project.output + "/reviews.html", encoding: .utf8)
            .contains(#"Later, until <time datetime="1583-01-01T23:59:01+09:18">Jan 2, 1583</time>"#))
        // An instant is refused for what is wrong with it.
        for (until, reason) in [("9999-06-01T00:00:00Z", "outside the instants the site can show"), ("2026-06-01T10:00:00", "it has no offset")] {
            try project.write("content/reviews/a.json", """
                {"reviewer": "Ann", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
                  {"item": "q-1", "action": "later", "until": "\(until)", "at": "2026-05-08T09:00:00Z"}]}
                """)
            let instant = project.build()
            #expect(instant.err.contains(#"decisions[0].until: error: expected a date such as "2026-06-01" or an instant with an offset, found "\#(until)": \#(reason)"#), "\(instant.err)")
        }
    }

    /// Counts are of the names as written: masking changes how a name shows, not which
    /// reviewer or list it is.
    @Test("Reviewers and lists that mask alike are counted apart")
    func countsAreOfTheNamesAsWritten() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/reviews/a.json", """
            {"reviewer": "Desk 555-1234", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-1", "action": "list", "list": "Call 555-1111", "at": "2026-05-08T09:00:00Z"}]}
            """)
        try project.write("content/reviews/b.json", """
            {"reviewer": "Desk 555-9876", "exportedAt": "2026-05-09T10:00:00Z", "decisions": [
              {"item": "q-2", "action": "list", "list": "Call 555-2222", "at": "2026-05-08T09:00:00Z"}]}
            """)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        let page = try String(contentsOfFile: project.output + "/reviews.html", encoding: .utf8)
        #expect(page.contains("2 items, 2 reviewers"), "\(page)")
        #expect(page.components(separatedBy: "<div><dt dir=\"auto\">Call [hidden]</dt><dd>1</dd></div>").count == 3, "\(page)")
        #expect(!page.contains("555"))
    }
}
