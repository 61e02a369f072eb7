import Foundation
import Testing

@testable import VantageCLI

/// `vantage build` end to end through the command line's entry point, on the tiny real site in
/// `Fixtures/tiny/content` (JSON exports as DATA.md describes them).
@Suite("vantage build")
struct BuildCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("build-command-\(UUID().uuidString)")
    var content: String { fixturesFolder.appendingPathComponent("tiny/content").path }
    var output: String { folder.appendingPathComponent("public").path }
    var store: String { folder.appendingPathComponent("store.sqlite").path }

    func build(_ extra: [String] = [], content: String? = nil, templates: String? = nil) -> (Int32, Console) {
        let console = Console.capturing()
        let arguments = ["build", "--content", content ?? self.content, "--templates", templates ?? templatesFolder, "--out", output,
                         "--db", store] + extra
        return (VantageCLI.run(arguments, console: console), console)
    }

    /// A copy of the fixture's content in the test's folder, its Quotes export edited by
    /// `replacements` (each text as written in the export, and what it becomes).
    func contentCopy(editingExport replacements: [(String, String)]) throws -> String {
        let copy = folder.appendingPathComponent("content").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: content, toPath: copy)
        let export = copy + "/quotes/export.json"
        var text = try String(contentsOfFile: export, encoding: .utf8)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        try text.write(toFile: export, atomically: true, encoding: .utf8)
        return copy
    }

    /// The summary without its first line (which holds the elapsed time).
    func summaryBody(_ text: String) -> String { text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") }

    /// The partials the build renders from its own code when the data asks for them (a hidden
    /// phone or email, an unknown person, an idea's entry) are required when the templates are
    /// compiled: a copy of the templates without one built until an import brought such data.
    @Test("A template the build renders by name, missing from the templates, is refused before any page", arguments: [
        "partials/masked", "partials/unknown-person", "partials/idea", "partials/idea-position", "pages/home",
    ])
    func aTemplateTheBuildRendersByNameIsRequired(name: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        try FileManager.default.removeItem(atPath: templates + "/" + name + ".mustache")
        let (status, console) = build(templates: templates)
        #expect(status == 2)
        #expect(console.standardError.hasPrefix(
            "\(templates)/\(name).mustache: error: the build renders the template '\(name)', which is not in the templates folder; restore \(name).mustache\n"),
            "\(console.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("People of one name show their folders in the index, first one first, as their homes' headings do")
    func peopleOfOneNameShowTheirFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try contentCopy(editingExport: [(#""firstName": "Léa", "lastName": "Martin""#, #""firstName": "Ana", "lastName": "Lima""#)])
        let (status, console) = build(content: copy)
        #expect(status == 0, "\(console.standardError)")
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        let entries = index.components(separatedBy: #"<li><a class="person" "#).dropFirst()
        let anas = entries.filter { $0.contains(">Ana Lima</span>") }
        // In the order of their folders: `ana-lima`, then `ana-lima-2` (whose path, `ana-lima-2/`,
        // sorts first).
        #expect(anas.map { $0.contains(#" <span class="person-folder" dir="ltr">ana-lima/</span>"#) } == [true, false], "\(index)")
        #expect(anas.map { $0.contains(#" <span class="person-folder" dir="ltr">ana-lima-2/</span>"#) } == [false, true], "\(index)")
        // Each home's heading tells them apart the same way.
        for slug in ["ana-lima", "ana-lima-2"] {
            let home = try String(contentsOfFile: output + "/\(slug)/index.html", encoding: .utf8)
            #expect(home.contains(#"<small class="person-handle" dir="ltr">\#(slug)</small>"#), "\(slug)")
        }
        // A name no one else has shows none.
        #expect(entries.filter { $0.contains("person-folder") }.count == 2)
    }

    @Test("The view-as index tells unknown people apart by their folder (their names, only phones, show as Unknown)")
    func unknownPeopleShowTheirFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try contentCopy(editingExport: [
            (#""firstName": "Ana", "lastName": "Lima""#, #""firstName": "415 555 0100", "lastName": """#),
            (#""firstName": "Léa", "lastName": "Martin""#, #""firstName": "+33 6 12 34 56 78", "lastName": """#),
        ])
        let (status, console) = build(content: copy)
        #expect(status == 0, "\(console.standardError)")
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        // "Unknown" is the catalog's word, in the page's language: no `lang` of the person's.
        #expect(index.contains(#"<span class="person-name" dir="auto">Unknown</span> <span class="person-folder" dir="ltr">person/</span>"#), "\(index)")
        // Ana's Change Jar record gives her a name; a name that is one has no folder beside it.
        #expect(index.contains(#"<span class="person-name" dir="auto" lang="en-US">Ana Lima</span><span class="person-apps">"#), "\(index)")
        #expect(index.components(separatedBy: "person-folder").count == 2)
        // In her own part the naming rule goes on (DATA.md, Names, 3): the name recorded with
        // the most recent quote she sees that mentions her (q-3, "Léa"), on her home, in every
        // title and as "(vous)" (her locale is French) on Add Quote; the site-wide index names no quote, so Unknown.
        let home = try String(contentsOfFile: output + "/person/index.html", encoding: .utf8)
        #expect(home.contains(#"<h1 dir="auto">Léa</h1>"#) && home.contains("<title>Léa · "), "\(home)")
        let add = try String(contentsOfFile: output + "/person/quotes/add.html", encoding: .utf8)
        #expect(add.contains(#"<span dir="auto">Léa</span> <small>(vous)</small>"#), "\(add)")
    }

    /// A person named only by a phone who hears a quote but says none: their own part names
    /// them as the quote recorded them, "(you)" on Add Quote included (the handle rule, which
    /// the import shares, names the viewer by the same rule).
    @Test("A viewer named only by a phone is named in their own part by the quote that records them")
    func aViewerNamedOnlyByAPhoneIsNamedByTheirQuote() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.content + "/changejar")
        try project.write("content/quotes/export.json", """
            {"users": [{"phone": "+14155550100", "firstName": "+1 415 555 0100", "lastName": ""},
                       {"phone": "+14155550101", "firstName": "Ben", "lastName": "B"}],
             "quotes": [{"id": "q-1", "text": "hello", "saidBy": {"phone": "+14155550101", "name": "Benny"},
                         "heardBy": [{"phone": "+14155550100", "name": "Annie"}], "when": "2026-05-01T10:00:00Z",
                         "submittedBy": "+14155550101"}],
             "contacts": []}
            """)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        let home = try String(contentsOfFile: project.output + "/person/index.html", encoding: .utf8)
        #expect(home.contains(#"<h1 dir="auto">Annie</h1>"#), "\(home)")
        let add = try String(contentsOfFile: project.output + "/person/quotes/add.html", encoding: .utf8)
        #expect(add.contains(#"data-person="person" aria-selected="false"><span dir="auto">Annie</span> <small>(you)</small>"#), "\(add)")
    }

    /// DATA.md names a person of a submissions file by "a home's slug, or the handle of a
    /// contact shown there": a Change Jar-only speaker with a home, whom the screens name as the
    /// viewer knows them (`papa`), may also be named by the home's slug.
    @Test("A submitted quote may name a person of the part by their home's slug")
    func aSubmissionNamesAPersonByTheirHomesSlug() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let users = project.content + "/changejar/users.json"
        try String(contentsOfFile: users, encoding: .utf8)
            .replacingOccurrences(of: #"{ "email": "bo@example.com""#, with: #"{ "email": "jean@example.com", "name": "Jean Dupont", "phone": "+1 415 555 0199" },\#n  { "email": "bo@example.com""#)
            .write(toFile: users, atomically: true, encoding: .utf8)
        let first = project.build()
        #expect(first.status == 0, "\(first.err)")
        let add = try String(contentsOfFile: project.output + "/ana-lima/quotes/add.html", encoding: .utf8)
        #expect(add.contains(#"data-person="papa""#) && !add.contains(#"data-person="jean-dupont""#), "\(add)")
        try project.write("content/submissions/ana.json", """
            { "submittedBy": "ana-lima", "exportedAt": "2026-05-04T10:00:00Z",
              "quotes": [ { "localId": "1", "text": "Named by his home", "saidBy": "ana-lima",
                            "heardBy": ["jean-dupont"], "when": "2026-05-04T09:30:00Z" },
                          { "localId": "2", "text": "Named as Ana knows him", "saidBy": "papa",
                            "heardBy": ["ana-lima"], "when": "2026-05-04T09:40:00Z" } ] }
            """)
        let second = project.build()
        #expect(second.status == 0, "\(second.err)")
        let feed = try String(contentsOfFile: project.output + "/jean-dupont/quotes/index.html", encoding: .utf8)
        #expect(feed.contains("Named by his home") && feed.contains("Named as Ana knows him"), "\(feed)")
    }

    @Test("A catalog that is a dangling link is said to be one (before: taken for no catalog, and every string reported missing)")
    func aDanglingCatalogLinkIsSaidToBeOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        try FileManager.default.removeItem(atPath: templates + "/Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: templates + "/Localizable.xcstrings", withDestinationPath: "gone.xcstrings")
        let console = Console.capturing()
        let status = VantageCLI.run(["build", "--content", content, "--templates", templates, "--out", output, "--db", store], console: console)
        #expect(status == 2)
        #expect(console.standardError.contains(
            "\(templates)/Localizable.xcstrings: error: cannot read the file: it is a symbolic link to gone.xcstrings, which does not exist"),
            "\(console.standardError)")
    }

    /// A path with a doubled slash before `..` is the path the system reads: `..//../site`
    /// from `work/sub` is the project's `site`, not `work/site` (Foundation's URLs took the
    /// empty step for a folder). The store so spelt is the store, and is locked as it.
    @Test("Paths with doubled slashes before .. lead where the system says")
    func doubledSlashesBeforeParentSteps() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let sub = project.folder.appendingPathComponent("work/sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let process = try VantageExecutable.start(
            ["build", "--content", "..//../content", "--templates", templatesFolder, "--out", "..//../site", "--db", "..//../store.sqlite"],
            logs: project.folder, name: "build", directory: sub)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(VantageExecutable.errors(project.folder, name: "build"))")
        #expect(FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("site/index.html").path))
        #expect(FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("store.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("work/site").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.appendingPathComponent("work").path) == ["sub"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub.path) == [])
    }

    /// A path given with a leading `~` (quoted, so no shell expanded it) is a folder of that
    /// name here, for every step: Foundation's URLs read it as the home folder, so the static
    /// files were looked for there (and dropped), the store's lock was another file than the
    /// store, and the site went to the home folder.
    @Test("Paths that start with ~ are folders of that name, for every step")
    func aLeadingTildeIsAName() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let tilde = "~vantage-" + UUID().uuidString
        let content = project.folder.appendingPathComponent(tilde + "/content")
        try FileManager.default.createDirectory(at: content.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: project.content, toPath: content.path)
        try project.write(tilde + "/content/static/robots.txt", "User-agent: *\n")
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(String(tilde.dropFirst()))
        defer { try? FileManager.default.removeItem(at: home) }
        let process = try VantageExecutable.start(
            ["build", "--content", tilde + "/content", "--templates", templatesFolder, "--out", tilde + "/site", "--db", tilde + "/store.sqlite"],
            logs: project.folder, name: "build", directory: project.folder)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(VantageExecutable.errors(project.folder, name: "build"))")
        let site = project.folder.appendingPathComponent(tilde + "/site")
        #expect(FileManager.default.contents(atPath: site.appendingPathComponent("robots.txt").path) == Data("User-agent: *\n".utf8))
        #expect(FileManager.default.fileExists(atPath: project.folder.appendingPathComponent(tilde + "/store.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: home.path))
        // A store named with a trailing slash is a folder's name: refused before anything is imported.
        let slash = project.build(db: project.folder.appendingPathComponent("other.sqlite").path + "/")
        #expect(slash.status == 2)
        #expect(slash.err.hasPrefix("error: --db names a file, and "), "\(slash.err)")
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("other.sqlite").path))
    }

    @Test("Builds, prints the summary and the page to open; a second build writes nothing")
    func builds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, console) = build()
        #expect(status == 0, "\(console.standardError)")
        // First what it is about to write, then what it built.
        let plan = console.standardOutput.prefix { $0 != "\n" }
        #expect(plan.hasPrefix("Planned: ") && plan.contains(" pages for 3 people, writes "), "\(plan)")
        #expect(plan.hasSuffix(" MB free"))
        #expect(console.standardOutput.dropFirst(plan.count + 1).hasPrefix("Built \(output) in "))
        let pages = try #require(Int(PageChecks.captures(#"pages   (\d+) pages"#, in: console.standardOutput).first ?? ""))
        #expect(summaryBody(console.standardOutput) == """
              people  3 with a home (5 in the store)
              quotes  3
              ideas   3
              pages   \(pages) pages and 15 other files, \(PageChecks.captures(#"other files, ([0-9.]+ MB)"#, in: console.standardOutput).first ?? "") 
              files   \(pages + 15) written, 0 unchanged, 0 removed
              valid   \(pages) pages checked
              reuse   pages rendered \(pages), carried over 0 (0 of 3 people unchanged; full build)
              now     2026-05-10T12:00:00Z (site.json buildDate)
            Open \(output)/index.html

            """.replacingOccurrences(of: " \n", with: "\n"))
        #expect(console.standardError.isEmpty)
        let (again, second) = build()
        #expect(again == 0)
        #expect(second.standardOutput.contains("  files   0 written, \(pages + 15) unchanged, 0 removed\n"))
        #expect(second.standardOutput.contains(" (3 of 3 people unchanged)\n"), "\(second.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: output + "/lea-martin/quotes/by/jean-pierre.html"))
        // Dad is a contact: Léa knows him as Jean-Pierre; Ana by the most recent name recorded
        // in a quote she sees ("Papa", as a hearer of q-2).
        #expect(FileManager.default.fileExists(atPath: output + "/ana-lima/quotes/by/papa.html"))
        // --quiet: nothing on standard output (a log diffed in CI holds no time or free room);
        // the build is the same.
        try FileManager.default.removeItem(atPath: output + "/ana-lima/index.html")
        let (quiet, silent) = build(["--quiet", "--full"])
        #expect(quiet == 0 && silent.standardOutput.isEmpty && silent.standardError.isEmpty, "\(silent.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: output + "/ana-lima/index.html"))
    }

    /// A templates folder given as a link, or with linked folders inside (a shared theme), is
    /// read through its links: the same site as from the folder itself (it read as empty).
    @Test("Templates reached through symbolic links build the same site")
    func linkedTemplates() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("theme").path
        try manager.copyItem(atPath: templatesFolder, toPath: copy)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "theme")
        let split = folder.appendingPathComponent("split").path
        try manager.createDirectory(atPath: split, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: copy) {
            try manager.createSymbolicLink(atPath: split + "/" + name, withDestinationPath: copy + "/" + name)
        }
        var sites: [[String: Data]] = []
        for (index, templates) in [copy, folder.appendingPathComponent("linked").path, split].enumerated() {
            let out = folder.appendingPathComponent("out\(index)").path
            let console = Console.capturing()
            let status = VantageCLI.run(["build", "--content", content, "--templates", templates, "--out", out,
                                         "--db", folder.appendingPathComponent("s\(index).sqlite").path], console: console)
            #expect(status == 0, "\(console.standardError)")
            sites.append(ScratchProject.snapshot(out).filter { !$0.key.hasPrefix(".") })
        }
        #expect(sites[0].keys.contains("assets/site.css"))
        #expect(sites[1] == sites[0] && sites[2] == sites[0])
    }

    @Test("Bad input: nothing is built, the previous site stays, exit 2 with the importer's located error")
    func badInput() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build().0 == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        let broken = folder.appendingPathComponent("broken")
        try FileManager.default.copyItem(atPath: content, toPath: broken.path)
        try "{ \"ideas\": [ { \"id\": \"idea-9\" ".write(
            toFile: broken.appendingPathComponent("changejar/ideas.json").path, atomically: true, encoding: .utf8)
        let (status, console) = build(content: broken.path)
        #expect(status == 2)
        #expect(console.standardError.contains("changejar/ideas.json:1:"))
        #expect(console.standardError.hasSuffix("error: nothing was built; \(output) is unchanged\n"))
        #expect(console.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == before)
    }

    /// Builds the tiny site, then returns a copy of its content with one quote's text changed:
    /// what a build refused before its import must leave unimported.
    func builtThenChanged() throws -> URL {
        #expect(build().0 == 0)
        let changed = folder.appendingPathComponent("changed")
        try FileManager.default.copyItem(atPath: content, toPath: changed.path)
        let export = changed.appendingPathComponent("quotes/export.json").path
        let text = try String(contentsOfFile: export, encoding: .utf8)
        try text.replacingOccurrences(of: "I never said I was a morning person.", with: "Mornings are fine.")
            .write(toFile: export, atomically: true, encoding: .utf8)
        return changed
    }

    @Test("A malformed SOURCE_DATE_EPOCH is refused before the import: the store and the site stay as they were")
    func aBadSourceDateEpochChangesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let changed = try builtThenChanged()
        let storeBefore = try Data(contentsOf: URL(fileURLWithPath: store))
        let siteBefore = ScratchProject.snapshot(output)
        let process = try VantageExecutable.start(
            ["build", "--content", changed.path, "--templates", templatesFolder, "--out", output, "--db", store],
            logs: folder, name: "epoch", environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(VantageExecutable.errors(folder, name: "epoch").contains(
            "SOURCE_DATE_EPOCH must be a whole number of seconds from 1970-01-01T00:00:00Z to 9998-12-31T23:59:59Z (0 to 253370764799), not 'yesterday'"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == storeBefore)
        #expect(ScratchProject.snapshot(output) == siteBefore)
    }

    /// A mistyped `--templates` is found before the import, like a malformed SOURCE_DATE_EPOCH:
    /// the store stays as it was (it was found after the import had stored the changed exports).
    @Test("A templates folder that is not there is refused before the import: the store and the site stay as they were")
    func aMissingTemplatesFolderChangesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let changed = try builtThenChanged()
        let storeBefore = try Data(contentsOf: URL(fileURLWithPath: store))
        let siteBefore = ScratchProject.snapshot(output)
        let console = Console.capturing()
        let missing = folder.appendingPathComponent("templtes").path
        let status = VantageCLI.run(["build", "--content", changed.path, "--templates", missing, "--out", output, "--db", store], console: console)
        #expect(status == 2)
        #expect(console.standardError.hasPrefix("\(missing): error: no templates folder here"), "\(console.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == storeBefore)
        #expect(ScratchProject.snapshot(output) == siteBefore)
    }

    @Test("A failed first build of a folder says nothing was written, not that the folder is unchanged")
    func aFailedFirstBuildSaysNothingWasWritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, console) = build(["--viewers", "nobody"])
        #expect(status == 2)
        #expect(console.standardError.hasSuffix("error: the build failed; nothing was written (there is no \(output))\n"),
                "\(console.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("--locale must be a language tag", arguments: ["english", "e", "fr__FR", "pt-", "-fr", "fr-FR-"])
    func badLocale(locale: String) {
        let (status, console) = build(["--locale", locale])
        #expect(status == 2)
        #expect(console.standardError.hasPrefix("error: --locale needs a language tag such as en, fr or pt-BR, not '\(locale)'\n"))
    }

    @Test("--locale renders every page in one locale")
    func forcedLocale() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build(["--locale", "pt-BR"]).0 == 0)
        let home = try String(contentsOfFile: output + "/ana-lima/index.html", encoding: .utf8)
        #expect(home.contains("lang=\"pt-BR\" dir=\"ltr\""))
        #expect(home.contains("Ideias novas"))
    }

    @Test("An output that holds an input is refused before anything is written")
    func outputHoldsInput() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let console = Console.capturing()
        let status = VantageCLI.run(
            ["build", "--content", content, "--templates", templatesFolder, "--out", folder.path, "--db", store],
            console: console)
        #expect(status == 2)
        #expect(console.standardError == "error: the output '\(folder.path)' holds the store '\(store)'; choose another --out\n")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("An invalid page fails the build with located findings naming the template; exit 1, the previous site kept")
    func invalidPage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(build().0 == 0)
        let before = try String(contentsOfFile: output + "/ana-lima/settings.html", encoding: .utf8)
        let templates = folder.appendingPathComponent("templates").path
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        let settings = templates + "/pages/settings.mustache"
        try String(contentsOfFile: settings, encoding: .utf8)
            .replacingOccurrences(of: "<p class=\"settings-note\">", with: "<p class=\"settings-note\"><a href=\"nowhere.html\">x</a>")
            .write(toFile: settings, atomically: true, encoding: .utf8)
        let console = Console.capturing()
        let status = VantageCLI.run(
            ["build", "--content", content, "--templates", templates, "--out", output, "--db", store], console: console)
        #expect(status == 1)
        let lines = console.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("\(output)/ana-lima/settings.html:") == true)
        #expect(lines.first?.hasSuffix("(from template pages/settings)") == true)
        #expect(lines.first?.contains("nowhere.html") == true)
        #expect(lines.last == "error: 3 findings in the 53 pages built; \(output) is unchanged")
        #expect(console.standardOutput.hasPrefix("Planned: ") && console.standardOutput.split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: output + "/ana-lima/settings.html", encoding: .utf8) == before)
    }
}
