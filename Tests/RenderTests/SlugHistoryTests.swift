import Foundation
import Testing
import Store
@testable import VantageCLI
import VantageCore

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

/// The handles of people without a home (speakers known only by the name recorded with their
/// quotes) follow the export too: two speakers both recorded as "Bob" are `bob` and `bob-2` in
/// the order the export names them, whatever order the store met them in (they followed the
/// rows' ids, so an updated store and a fresh one gave different pages, and a submitted quote
/// "said by bob" went to a different person).
@Suite("Handles and the store's history")
struct HandleHistoryTests {
    static func export(_ quotes: [(id: String, phone: String, day: Int)]) -> String {
        let records = quotes.map { quote in
            #"{"id":"\#(quote.id)","text":"From \#(quote.id)","saidBy":{"phone":"\#(quote.phone)","name":"Bob"},"#
                + #""heardBy":[{"phone":"+14155550100","name":"Ana"}],"when":"2026-01-0\#(quote.day)T00:00:00Z","submittedBy":"+14155550100"}"#
        }
        return #"{"users":[{"phone":"+14155550100","firstName":"Ana","lastName":"Lima"}],"quotes":["#
            + records.joined(separator: ",") + "]}"
    }

    @Test("A second Bob named first in the export: the updated store and a fresh one give the same handles")
    func handlesFollowTheExportNotTheStore() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", Self.export([("q-y", "+14155550177", 2)]))
        #expect(project.build().status == 0)
        try project.write("content/quotes/export.json", Self.export([("q-x", "+14155550166", 1), ("q-y", "+14155550177", 2)]))
        let updated = project.build()
        #expect(updated.status == 0, "\(updated.err)")
        let fresh = project.folder.appendingPathComponent("fresh").path
        let clean = project.build(out: fresh, db: project.folder.appendingPathComponent("fresh.sqlite").path)
        #expect(clean.status == 0, "\(clean.err)")
        let (a, b) = (ScratchProject.snapshot(project.output), ScratchProject.snapshot(fresh))
        let differing = a.keys.sorted().filter { a[$0] != b[$0] && !$0.hasPrefix(".") }
        #expect(differing.isEmpty, "\(differing)")
        // The export names the Bob of q-x first: he is bob.
        let bob = try String(contentsOfFile: project.output + "/ana-lima/quotes/by/bob.html", encoding: .utf8)
        #expect(bob.contains("From q-x") && !bob.contains("From q-y"), "\(bob)")
    }
}

/// Two submissions files downloaded from one published site and imported together: one file's
/// quote must not take away a handle the other was written with (DATA.md: a handle is the one
/// the site gave the person in that part). The real command line.
@Suite("Submissions files from one published site")
struct SubmissionsFromOneSiteTests {
    @Test("Ana's file renames X in Ben's part (a newer quote recorded as Uncle X); Ben's file, written with xavier, still imports")
    func aHandleThePublishedSiteGaveStillResolves() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", #"""
            {"users":[{"phone":"+14155550100","firstName":"Ana","lastName":"Lima"},
                      {"phone":"+14155550101","firstName":"Ben","lastName":"Carter"}],
             "quotes":[{"id":"q0","text":"Hello both","saidBy":{"phone":"+14155550150","name":"Xavier"},
                        "heardBy":[{"phone":"+14155550100","name":"Ana"},{"phone":"+14155550101","name":"Ben"}],
                        "when":"2026-01-01T10:00:00Z","submittedBy":"+14155550100"}],
             "contacts":[{"owner":"+14155550100","phone":"+14155550150","name":"Uncle X"}]}
            """#)
        let first = project.build()
        #expect(first.status == 0, "\(first.err)")
        let offered = try String(contentsOfFile: project.output + "/ben-carter/quotes/add.html", encoding: .utf8)
        #expect(offered.contains("data-person=\"xavier\""))
        try project.write("content/submissions/ana-lima.json", #"""
            {"submittedBy":"ana-lima","exportedAt":"2026-05-02T10:00:00Z","ideas":[],
             "quotes":[{"localId":"1","text":"From Ana","saidBy":"uncle-x","heardBy":["ben-carter"],"when":"2026-05-02T09:30:00Z"}]}
            """#)
        try project.write("content/submissions/ben-carter.json", #"""
            {"submittedBy":"ben-carter","exportedAt":"2026-05-02T10:00:00Z","ideas":[],
             "quotes":[{"localId":"1","text":"From Ben","saidBy":"xavier","heardBy":["ben-carter"],"when":"2026-05-02T09:40:00Z"}]}
            """#)
        let both = project.build()
        #expect(both.status == 0, "\(both.err)")
        let feed = try String(contentsOfFile: project.output + "/ben-carter/quotes/index.html", encoding: .utf8)
        #expect(feed.contains("From Ana") && feed.contains("From Ben"))
    }

    static let twoKims = #"""
        {"users":[{"phone":"+14155550100","firstName":"Rahel","lastName":"Cohen"}],
         "quotes":[],
         "contacts":[{"owner":"+14155550100","phone":"+14155550161","name":"Kim"},
                     {"owner":"+14155550100","phone":"+14155550162","name":"Kim"}]}
        """#

    /// Rahel's two contacts both called Kim: `kim` (+…161) and `kim-2` (+…162) on the published
    /// site. File a's quote, said by `kim-2`, makes +…162 a speaker, and speakers claim their
    /// handles first: with a's quote, +…162 is `kim`. File b, downloaded later from the same
    /// site (it holds a's quote again), has a quote said by `kim`, meaning +…161.
    static func twoKimsFiles(part: String?) -> (a: String, b: String) {
        let tag = part.map { #","part":"\#($0)""# } ?? ""
        let q1 = #"{"localId":"1","text":"Said by Kim B","saidBy":"kim-2","heardBy":["rahel-cohen"],"when":"2026-05-02T09:30:00Z"\#(tag)}"#
        let q2 = #"{"localId":"2","text":"Said by Kim A","saidBy":"kim","heardBy":["rahel-cohen"],"when":"2026-05-02T09:40:00Z"\#(tag)}"#
        let head = #"{"submittedBy":"rahel-cohen","exportedAt":"2026-05-02T10:00:00Z","ideas":[],"quotes":["#
        return (head + q1 + "]}", head + q1 + "," + q2 + "]}")
    }

    @Test("Two files from one site, a handle moved by the first: the second's quotes resolve in the part they name")
    func aQuoteResolvesInThePartItWasComposedIn() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", Self.twoKims)
        let first = project.build()
        #expect(first.status == 0, "\(first.err)")
        let page = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        #expect(page.contains("data-person=\"kim\"") && page.contains("data-person=\"kim-2\""))
        // Named alike, they are told apart on the screen by their handles.
        #expect(page.contains(#"data-person="kim" aria-selected="false"><span dir="auto">Kim</span> <small class="person-handle" dir="ltr">kim</small></li>"#), "\(page)")
        #expect(page.contains(#"data-person="kim-2" aria-selected="false"><span dir="auto">Kim</span> <small class="person-handle" dir="ltr">kim-2</small></li>"#))
        #expect(!page.contains(#">rahel-cohen</small>"#))
        let signature = try #require(page.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1
        let files = Self.twoKimsFiles(part: String(signature))
        try project.write("content/submissions/a.json", files.a)
        try project.write("content/submissions/b.json", files.b)
        let both = project.build()
        #expect(both.status == 0, "\(both.err)")
        // Each Kim said one quote: two speakers, one page each (b's quote went to +…162 before).
        let pages = try FileManager.default.contentsOfDirectory(atPath: project.output + "/rahel-cohen/quotes/by").sorted()
        #expect(pages == ["kim-2.html", "kim.html"])
        for name in pages {
            let by = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/by/" + name, encoding: .utf8)
            #expect(by.components(separatedBy: "data-id=\"s-").count == 2, "\(name)")
        }
        // The part signs its handles: with a's quote alone, +…162 is `kim`, and the signature moves
        // with it (with both, each Kim is a speaker and the handles are as they were).
        try FileManager.default.removeItem(atPath: project.content + "/submissions/b.json")
        #expect(project.build().status == 0)
        let moved = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        #expect(try #require(moved.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1 != signature)
    }

    /// The site a quote is composed on is built from every submissions file, but a file is
    /// read after only those named before it: here Ben's file (named after Rahel's) makes Kim
    /// Brown a speaker Rahel hears, which gives him `kim` and Kim Alvarez `kim-2`. Rahel's quote
    /// for `kim-2`, composed on that site, was refused ("the part … is not the site's any more"),
    /// and without its `part` it went to Kim Brown. It is now read in the part as every file
    /// leaves it, whose signature it carries, and reaches Kim Alvarez.
    @Test("A quote composed on a site that a file named later shaped reaches the person it was composed for")
    func aPartShapedByALaterFileIsRead() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/changejar/users.json", #"""
            {"users":[{"email":"kim.a@example.com","name":"Kim Alvarez","phone":"+14155550181"},
                      {"email":"kim.b@example.com","name":"Kim Brown","phone":"+14155550182"}]}
            """#)
        try project.write("content/changejar/ideas.json", #"{"ideas":[]}"#)
        try project.write("content/quotes/export.json", #"""
            {"users":[{"phone":"+14155550100","firstName":"Rahel","lastName":"Cohen"},
                      {"phone":"+14155550101","firstName":"Ben","lastName":"Carter"}],
             "quotes":[],
             "contacts":[{"owner":"+14155550100","phone":"+14155550181","name":"Kim"},
                         {"owner":"+14155550100","phone":"+14155550182","name":"Kim"},
                         {"owner":"+14155550101","phone":"+14155550182","name":"Kimberly"},
                         {"owner":"+14155550101","phone":"+14155550100","name":"Rahel"}]}
            """#)
        try project.write("content/submissions/b-ben.json", #"""
            {"submittedBy":"ben-carter","exportedAt":"2026-05-01T10:00:00Z","quotes":[{"localId":"b1","text":"Kim Brown speaks",
             "saidBy":"kimberly","heardBy":["rahel-cohen"],"when":"2026-05-01T09:00:00-04:00"}]}
            """#)
        let first = project.build()
        try #require(first.status == 0, "\(first.err)")
        let page = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        #expect(page.contains("data-person=\"kim\"") && page.contains("data-person=\"kim-2\""))
        let signature = try #require(page.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1
        try project.write("content/submissions/a-rahel.json", #"{"submittedBy":"rahel-cohen","exportedAt":"2026-05-02T10:00:00Z","quotes":[{"localId":"a1","text":"For Kim Alvarez only","saidBy":"rahel-cohen","heardBy":["kim-2"],"when":"2026-05-02T09:00:00-07:00","part":""#
            + signature + #""}]}"#)
        let second = project.build()
        #expect(second.status == 0, "\(second.err)")
        func holds(_ path: String) -> Bool {
            (try? String(contentsOfFile: project.output + "/" + path, encoding: .utf8))?.contains("For Kim Alvarez only") == true
        }
        #expect(holds("kim-alvarez/quotes/index.html") && holds("kim-alvarez/search-index.js"))
        #expect(!holds("kim-brown/quotes/index.html") && !holds("kim-brown/search-index.js"))
        #expect(holds("rahel-cohen/quotes/index.html"))
    }

    @Test("A file composed before the export gained a second Kim, who now holds `kim`: its quote is refused, not published to the new Kim")
    func aHandleThatMayHaveMovedToSomeoneNamedAlikeIsRefused() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        let oneKim = #"{"owner":"+14155550100","phone":"+14155550161","name":"Kim"}"#
        func export(_ contacts: [String]) -> String {
            #"{"users":[{"phone":"+14155550100","firstName":"Rahel","lastName":"Cohen"}],"quotes":[],"contacts":["#
                + contacts.joined(separator: ",") + "]}"
        }
        // Kim Park uses Change Jar only: she has a home, and Rahel's handle for her is the name
        // Rahel's address book gives her (only a Quotes user's chosen name is her handle).
        try project.write("content/changejar/users.json", #"{"users":[{"email":"kim@example.com","name":"Kim Park","phone":"+14155550170"}]}"#)
        try project.write("content/changejar/ideas.json", #"{"ideas":[]}"#)
        try project.write("content/quotes/export.json", export([oneKim]))
        #expect(project.build().status == 0)
        let page = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        let signature = try #require(page.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1
        #expect(page.contains("data-person=\"kim\""))
        // Composed for the stranger Kim (+…161), then the export names Kim Park in Rahel's
        // address book first: she is `kim` now, the stranger `kim-2`.
        try project.write("content/submissions/r.json", #"{"submittedBy":"rahel-cohen","exportedAt":"2026-05-02T10:00:00Z","ideas":[],"quotes":[{"localId":"1","text":"For the stranger","saidBy":"rahel-cohen","heardBy":["kim"],"when":"2026-05-02T09:30:00Z","part":""#
            + signature + #""}]}"#)
        try project.write("content/quotes/export.json", export([#"{"owner":"+14155550100","phone":"+14155550170","name":"Kim"}"#, oneKim]))
        let moved = project.build()
        #expect(moved.status == 2)
        #expect(moved.err.contains(
            #"r.json: quotes[0].heardBy[0]: error: "kim" names one of several people named alike in rahel-cohen's part (kim, kim-2), and the part this quote was composed in is not the site's any more"#),
            "\(moved.err)")
        #expect(!((try? String(contentsOfFile: project.output + "/kim-park/quotes/index.html", encoding: .utf8)) ?? "").contains("For the stranger"))
    }

    @Test("A contact with a name of her own appended after the download leaves the part's signature as it was: the file still imports, the quote to the Kim it was composed for; a third Kim does not")
    func peopleNamedOtherwiseLeaveTheSignatureAsItWas() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", Self.twoKims)
        #expect(project.build().status == 0)
        let page = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        let signature = String(try #require(page.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1)
        try project.write("content/submissions/r.json", #"{"submittedBy":"rahel-cohen","exportedAt":"2026-05-02T10:00:00Z","ideas":[],"quotes":["#
            + #"{"localId":"1","text":"Heard by the second Kim","saidBy":"rahel-cohen","heardBy":["kim-2"],"when":"2026-05-02T09:30:00Z","part":""#
            + signature + #""}]}"#)
        // Rahel's address book gains Nadia at its end (the whole part signature changed with her).
        func export(extraKim: Bool) -> String {
            #"""
            {"users":[{"phone":"+14155550100","firstName":"Rahel","lastName":"Cohen"}],
             "quotes":[],
             "contacts":[{"owner":"+14155550100","phone":"+14155550161","name":"Kim"},
                         {"owner":"+14155550100","phone":"+14155550162","name":"Kim"},
                         {"owner":"+14155550100","phone":"+14155550190","name":"Nadia"}
            """# + (extraKim ? #",{"owner":"+14155550100","phone":"+14155550163","name":"Kim"}"# : "") + "]}"
        }
        try project.write("content/quotes/export.json", export(extraKim: false))
        let grown = project.build()
        #expect(grown.status == 0, "\(grown.err)")
        let later = try String(contentsOfFile: project.output + "/rahel-cohen/quotes/add.html", encoding: .utf8)
        #expect(later.contains("data-person=\"nadia\""))
        #expect(try #require(later.firstMatch(of: /data-part="([0-9a-f]{16})"/)).1 == signature)
        // The quote went to +…162, the second Kim: the store says so (no page names a phone).
        let heard = try Database(path: project.store, readOnly: true).rows(
            "SELECT p.phone FROM hearer h JOIN quote q ON q.id = h.quote_id JOIN person p ON p.id = h.person_id WHERE q.text = 'Heard by the second Kim'")
        #expect(heard.compactMap { row -> String? in if case .text(let phone)? = row.first { return phone } else { return nil } } == ["+14155550162"])
        // A third Kim may have taken a handle: the part is not the one the quote was composed in.
        try project.write("content/quotes/export.json", export(extraKim: true))
        let third = project.build()
        #expect(third.status == 2)
        #expect(third.err.contains(#"r.json: quotes[0].heardBy[0]: error: "kim-2" names one of several people named alike in rahel-cohen's part (kim-2, kim, kim-3)"#), "\(third.err)")
    }

    @Test("vantage diff tells the pages of two people named alike apart by their handles")
    func diffNamesPeopleNamedAlikeByTheirHandles() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        func export(_ words: String) -> String {
            #"""
            {"users":[{"phone":"+14155550100","firstName":"Rahel","lastName":"Cohen"}],
             "quotes":[{"id":"q1","text":"First \#(words)","saidBy":{"phone":"+14155550161","name":"Maria Silva"},
                        "heardBy":[{"phone":"+14155550100","name":"Rahel"}],"when":"2026-04-01T10:00:00Z","submittedBy":"+14155550100"},
                       {"id":"q2","text":"Second \#(words)","saidBy":{"phone":"+14155550162","name":"Maria Silva"},
                        "heardBy":[{"phone":"+14155550100","name":"Rahel"}],"when":"2026-04-02T10:00:00Z","submittedBy":"+14155550100"}],
             "contacts":[]}
            """#
        }
        try project.write("content/quotes/export.json", export("words"))
        let old = project.folder.appendingPathComponent("old").path
        #expect(project.build(out: old).status == 0)
        try project.write("content/quotes/export.json", export("thoughts"))
        #expect(project.build().status == 0)
        let console = Console.capturing()
        #expect(VantageCLI.run(["diff", old, project.output, "--stat"], console: console) == 1)
        #expect(console.standardOutput.contains("quotes said by Maria Silva (maria-silva), quotes said by Maria Silva (maria-silva-2)"),
                "\(console.standardOutput)")
    }

    @Test("The same files without the part: the handle that names another Kim in each reading is refused, not guessed")
    func aHandleThatNamesTwoPeopleIsRefused() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", Self.twoKims)
        #expect(project.build().status == 0)
        let files = Self.twoKimsFiles(part: nil)
        try project.write("content/submissions/a.json", files.a)
        try project.write("content/submissions/b.json", files.b)
        let both = project.build()
        #expect(both.status == 2)
        #expect(both.err.contains(
            "b.json: quotes[1].saidBy: error: expected a handle that names one person, found \"kim\", which names one person in rahel-cohen's part as the earlier submissions files leave it and another without their quotes; download the file again from the site as it is now"),
            "\(both.err)")
    }
}
