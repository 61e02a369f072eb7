import Foundation
import Import
import Store
import Testing
import VantageCore

/// DATA.md: a Change Jar user and a Quotes user are one person when they share a lower-cased
/// email; an email's domain has two spellings (IDNA), and `bob@BÜCHER.example` and
/// `bob@xn--bcher-kva.example` are one address, so one person. They became two people, each
/// with a home, and an idea written under one spelling went to one of them only.
struct EmailIdentityTests {
    static func withBob(changeJar: String, quotes: String, author: String) throws -> Fixture {
        let fixture = try Fixture()
        try fixture.edit("changejar/users.json", replacing: #"{ "email": "Zed@Example.com", "name": "Zed" }"#,
                         with: #"{ "email": "Zed@Example.com", "name": "Zed" }, { "email": "\#(changeJar)", "name": "Bob CJ" }"#)
        try fixture.edit("quotes/export.json", replacing: #""timeZone": "Europe/Paris" }"#, with: #"""
            "timeZone": "Europe/Paris" },
                { "phone": "+1 202 555 0123", "firstName": "Bob", "lastName": "Brook", "email": "\#(quotes)" }
            """#)
        try fixture.edit("changejar/ideas.json", replacing: #""email": "outsider@example.com""#, with: #""email": "\#(author)""#)
        return fixture
    }

    @Test(arguments: [("bob@BÜCHER.example", "bob@xn--bcher-kva.example", "BOB@XN--BCHER-KVA.EXAMPLE"),
                      ("bob@xn--bcher-kva.example", "Bob@Bu\u{308}cher.Example", "bob@ＢÜＣＨＥＲ．example")])
    func aDomainsTwoSpellingsAreOnePerson(changeJar: String, quotes: String, author: String) throws {
        let fixture = try Self.withBob(changeJar: changeJar, quotes: quotes, author: author)
        let report = try fixture.importOrFail()
        // No warning of two emails for one person either: they are one email.
        #expect(!report.warnings.contains { $0.message.contains("bücher") || $0.message.contains("bcher") }, "\(report.warnings)")
        let bob = try fixture.read { db in
            try db.rows("SELECT phone, email, name, quotes_user, changejar_user FROM person WHERE email LIKE 'bob@%'")
        }
        #expect(bob == [[.text("+12025550123"), .text("bob@bücher.example"), .text("Bob Brook"), .integer(1), .integer(1)]])
        let author = try fixture.read { db in
            try db.rows("SELECT p.phone FROM idea i JOIN person p ON p.id = i.author_id WHERE i.id = 'idea-3'")
        }
        #expect(author == [[.text("+12025550123")]])
    }

    /// Two Change Jar users under the two spellings are one user given twice.
    @Test func twoChangeJarUsersUnderTheTwoSpellingsAreOneUserTwice() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let dump = try fixture.dump()
        try fixture.edit("changejar/users.json", replacing: #"{ "email": "Zed@Example.com", "name": "Zed" }"#, with: #"""
            { "email": "Zed@Example.com", "name": "Zed" }, { "email": "bob@BÜCHER.example", "name": "Bob" },
                { "email": "bob@xn--bcher-kva.example", "name": "Bob again" }
            """#)
        guard case .failure(let failure) = fixture.runImport() else { Issue.record("the import succeeded"); return }
        #expect(failure.errors.map { $0.description.replacingOccurrences(of: fixture.content, with: "content") } == [
            #"content/changejar/users.json: users[4].email: error: expected each Change Jar user once, found "bob@bücher.example" again (also users[3])"#
        ])
        #expect(try fixture.dump() == dump)
    }

    /// A store an earlier vantage filled with the ASCII spelling is brought to the one spelling by
    /// the next import, the person kept (found by phone).
    @Test func aReimportStoresTheOneSpelling() throws {
        let fixture = try Self.withBob(changeJar: "bob@BÜCHER.example", quotes: "bob@xn--bcher-kva.example", author: "bob@bücher.example")
        try fixture.importOrFail()
        let id = try fixture.read { db in try db.scalar("SELECT id FROM person WHERE phone = '+12025550123'") }
        // As an earlier vantage stored it.
        let store = try Store(path: fixture.store)
        try store.write { db in try db.execute("UPDATE person SET email = 'bob@xn--bcher-kva.example' WHERE phone = '+12025550123'") }
        try fixture.importOrFail()
        let rows = try fixture.read { db in try db.rows("SELECT id, email FROM person WHERE email LIKE 'bob@%'") }
        #expect(rows == [[id!, .text("bob@bücher.example")]])
    }
}
