import Foundation
import Testing

/// A person's slug is a function of the export, not of the store's history: equal names get
/// "-2", "-3" in the order the export names people, so a store updated by many imports builds
/// the site a fresh store builds (and a submitted quote goes to the same person in both).
/// Real stores, the real command line.
@Suite("Slugs and the store's history")
struct SlugHistoryTests {
    static let users = #"""
        { "phone": "+14155550111", "firstName": "Maria", "lastName": "Silva", "locale": "en-US", "timeZone": "UTC" }
        """#
    static let otherMaria = #"""
        { "phone": "+14155550122", "firstName": "Maria", "lastName": "Silva", "locale": "en-US", "timeZone": "UTC" }
        """#

    static func export(users: [String], quotes: [String]) -> String {
        """
        { "users": [
            { "phone": "415.555.0100", "firstName": "Ana", "lastName": "Lima", "locale": "en-US", "timeZone": "UTC", "email": "ana@example.com" },
            \(users.joined(separator: ",\n    "))
          ],
          "quotes": [ \(quotes.joined(separator: ",\n    ")) ] }
        """
    }

    static func quote(_ id: String, from phone: String) -> String {
        #"{ "id": "\#(id)", "text": "From \#(id)", "saidBy": { "phone": "\#(phone)", "name": "Maria" }, "#
            + #""heardBy": [ { "phone": "+14155550100", "name": "Ana" } ], "when": "2026-05-0\#(id.last!)T10:00:00Z", "submittedBy": "\#(phone)" }"#
    }

    @Test("A second Maria Silva named first in the export: the updated store and a fresh one give the same site")
    func slugsFollowTheExportNotTheStore() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/quotes/export.json", Self.export(users: [Self.users], quotes: [Self.quote("q1", from: "+14155550111")]))
        #expect(project.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: project.output + "/maria-silva/index.html"))
        // The other Maria comes first in the export now.
        try project.write("content/quotes/export.json", Self.export(
            users: [Self.otherMaria, Self.users], quotes: [Self.quote("q1", from: "+14155550111"), Self.quote("q2", from: "+14155550122")]))
        let updated = project.build()
        #expect(updated.status == 0, "\(updated.err)")
        let fresh = project.folder.appendingPathComponent("fresh").path
        let clean = project.build(out: fresh, db: project.folder.appendingPathComponent("fresh.sqlite").path)
        #expect(clean.status == 0, "\(clean.err)")
        let (a, b) = (ScratchProject.snapshot(project.output), ScratchProject.snapshot(fresh))
        #expect(a.keys.sorted() == b.keys.sorted())
        let differing = a.keys.sorted().filter { a[$0] != b[$0] && !$0.hasPrefix(".") }
        #expect(differing.isEmpty, "\(differing)")
        // The export names the other Maria first: she is maria-silva, and q2 is in her part.
        let page = try String(contentsOfFile: project.output + "/maria-silva/quotes/index.html", encoding: .utf8)
        #expect(page.contains("data-id=\"q2\"") && !page.contains("data-id=\"q1\""))
    }
}
