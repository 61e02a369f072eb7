import Foundation
import Testing

/// Instants keep their fraction of a second (DATA.md: ISO 8601 timestamps; OUTPUT.md: lists
/// newest first, ties by id; an idea is new when submitted after the last visit). Within one
/// second, the order and NEW follow the fractions as written. The real command line, a real
/// store, the tiny project.
@Suite("Fractions of a second")
struct FractionalSecondsTests {
    @Test("Ideas and quotes within one second are ordered by their fractions, and an idea a moment after the visit is new")
    func orderAndNewWithinASecond() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        // Ana last visited at 09:30:00.500; idea-b came 0.2 s before that, idea-a 0.3 s after.
        // By id alone idea-a would come first; by whole seconds neither would be new.
        try project.write("content/changejar/ideas.json", """
            { "ideas": [
              { "id": "idea-a", "text": "After the visit", "submittedAt": "2026-05-02T09:30:00.8Z",
                "author": { "email": "bo@example.com", "name": "Bo" }, "showName": true, "for": "self" },
              { "id": "idea-b", "text": "Before the visit", "submittedAt": "2026-05-02T11:30:00.300+02:00",
                "author": { "email": "bo@example.com", "name": "Bo" }, "showName": true, "for": "self" },
              { "id": "idea-c", "text": "Latest", "submittedAt": "2026-05-02T09:30:00,900001Z",
                "author": { "email": "bo@example.com", "name": "Bo" }, "showName": true, "for": "self" }
            ] }
            """)
        try project.write("content/changejar/users.json", """
            { "users": [
              { "email": "ana@example.com", "name": "Ana Lima", "lastVisitAt": "2026-05-02T09:30:00.5Z",
                "locale": "en-US", "timeZone": "UTC", "phone": "(415) 555-0100" },
              { "email": "bo@example.com", "name": "Bo Berg", "locale": "fr-FR", "timeZone": "Europe/Paris" }
            ] }
            """)
        try project.write("content/quotes/export.json", """
            { "users": [ { "phone": "415.555.0100", "firstName": "Ana", "lastName": "Lima", "email": "ana@example.com" } ],
              "quotes": [
                { "id": "q-1", "text": "Early", "saidBy": { "phone": "+1 415 555 0199", "name": "Dad" },
                  "heardBy": [ { "phone": "(415) 555-0100", "name": "Ana" } ], "when": "2026-05-01T18:00:00.25-07:00",
                  "submittedBy": "+14155550100" },
                { "id": "q-2", "text": "Late", "saidBy": { "phone": "+1 415 555 0199", "name": "Dad" },
                  "heardBy": [ { "phone": "(415) 555-0100", "name": "Ana" } ], "when": "2026-05-01T18:00:00.75-07:00",
                  "submittedBy": "+14155550100" }
              ] }
            """)
        let built = project.build()
        try #require(built.status == 0, "\(built.err)")
        func page(_ path: String) throws -> String { try String(contentsOfFile: project.output + "/" + path, encoding: .utf8) }
        let all = try page("ana-lima/ideas/all/index.html") + page("ana-lima/ideas/all/page-2.html")
        #expect(PageChecks.listedIDs(all) == ["idea-c", "idea-a", "idea-b"])
        #expect(PageChecks.newIDs(all) == ["idea-c", "idea-a"])
        #expect(try page("ana-lima/index.html").contains("data-new-count=\"2\""))
        #expect(PageChecks.listedIDs(try page("ana-lima/quotes/index.html")) == ["q-2", "q-1"])
        // A `<time>`'s datetime is the instant (OUTPUT.md): with its milliseconds, so that the
        // order of the two quotes within one second can be read from the page.
        let times = PageChecks.captures(#"<time datetime="([^"]*)""#, in: try page("ana-lima/quotes/index.html"))
        #expect(times.prefix(2) == ["2026-05-02T01:00:00.75+00:00", "2026-05-02T01:00:00.25+00:00"], "\(times)")
    }
}
