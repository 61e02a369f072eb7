import Foundation
import Testing

@testable import VantageCLI

/// The build checks each person's part of the site on its own, beside the site-wide pages; its
/// links out of a part must be judged as `vantage check` judges them in the whole site: a
/// static file and a fragment into a site-wide page resolve, a missing fragment there is the
/// check's own finding, and a link into another person's part is refused with the reason.
@Suite("Links out of a person's part")
struct LinksOutOfAPartTests {
    /// A project whose settings pages carry `link` (markup) before the settings note, with a
    /// static file `downloads/guide.pdf`.
    static func project(link: String) throws -> (ScratchProject, templates: String) {
        let project = try ScratchProject()
        try project.write("content/static/downloads/guide.pdf", "%PDF-1.4\n")
        let templates = project.folder.appendingPathComponent("templates").path
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        let settings = templates + "/pages/settings.mustache"
        let source = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(source.contains("<p class=\"settings-note\">"))
        try source.replacingOccurrences(of: "<p class=\"settings-note\">", with: "<p class=\"settings-note\">" + link)
            .write(toFile: settings, atomically: true, encoding: .utf8)
        return (project, templates)
    }

    static func build(_ project: ScratchProject, templates: String) -> (status: Int32, err: String) {
        let console = Console.capturing()
        let status = VantageCLI.run(
            ["build", "--content", project.content, "--templates", templates, "--out", project.output, "--db", project.store],
            console: console)
        return (status, console.standardError)
    }

    static func check(_ site: String) -> (status: Int32, out: String) {
        let console = Console.capturing()
        let status = VantageCLI.run(["check", site], console: console)
        return (status, console.standardOutput)
    }

    @Test("A static file and a fragment into the index resolve, as vantage check resolves them")
    func staticFileAndIndexFragment() throws {
        let (project, templates) = try Self.project(
            link: "<a href=\"{{links.assets}}../downloads/guide.pdf\">guide</a> <a href=\"{{links.index}}#main\">all</a>")
        defer { project.remove() }
        let built = Self.build(project, templates: templates)
        #expect(built.status == 0, "\(built.err)")
        let settings = try String(contentsOfFile: project.output + "/ana-lima/settings.html", encoding: .utf8)
        #expect(settings.contains("href=\"../assets/../downloads/guide.pdf\""))
        #expect(settings.contains("href=\"../index.html#main\""))
        #expect(Self.check(project.output).status == 0)
    }

    @Test("A fragment into a static page resolves in a manifest-only build as in a full one")
    func fragmentIntoAStaticPage() throws {
        let (project, templates) = try Self.project(link: "<a href=\"{{links.assets}}../about.html#team\">team</a>")
        defer { project.remove() }
        try project.write("content/static/about.html", #"""
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr"><head><meta charset="utf-8" /><title>About</title></head>
            <body data-page="index"><main><h1 id="team">Team</h1></main></body></html>

            """#)
        let full = Self.build(project, templates: templates)
        #expect(full.status == 0, "\(full.err)")
        #expect(Self.check(project.output).status == 0)
        let console = Console.capturing()
        let status = VantageCLI.run(
            ["build", "--content", project.content, "--templates", templates, "--out", project.folder.path + "/manifest-only",
             "--db", project.store, "--manifest-only", "--no-import"], console: console)
        #expect(status == 0, "\(console.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.folder.path + "/manifest-only/manifest.json"))
            == Data(contentsOf: URL(fileURLWithPath: project.output + "/manifest.json")))
    }

    @Test("A fragment the index lacks is the finding vantage check gives, on every page that writes it")
    func missingFragmentInTheIndex() throws {
        let (project, templates) = try Self.project(link: "<a href=\"{{links.index}}#nope\">all</a>")
        defer { project.remove() }
        let built = Self.build(project, templates: templates)
        #expect(built.status == 1)
        let findings = built.err.split(separator: "\n").filter { $0.contains("#nope") }
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.hasSuffix("href=\"../index.html#nope\": no id \"nope\" on index.html (from template pages/settings)") })
        // One finding a settings page, each a settings page.
        let pages = Set(findings.map { $0.split(separator: ":").first.map(String.init) ?? "" })
        #expect(pages.count == findings.count)
        #expect(pages.allSatisfy { $0.hasPrefix(project.output + "/") && $0.hasSuffix("/settings.html") })
        #expect(built.err.contains("\nerror: \(findings.count) findings in the 53 pages built; "))
        // vantage check of a site whose page carries the same link says the same.
        let (plain, _) = try Self.project(link: "")
        defer { plain.remove() }
        #expect(Self.build(plain, templates: templatesFolder).status == 0)
        let page = plain.output + "/bo-berg/settings.html"
        try String(contentsOfFile: page, encoding: .utf8)
            .replacingOccurrences(of: "<p class=\"settings-note\">", with: "<p class=\"settings-note\"><a href=\"../index.html#nope\">all</a>")
            .write(toFile: page, atomically: true, encoding: .utf8)
        let checked = Self.check(plain.output)
        #expect(checked.status == 1)
        #expect(checked.out.contains("bo-berg/settings.html:") && checked.out.contains("href=\"../index.html#nope\": no id \"nope\" on index.html"))
    }

    @Test("A link into another person's part is refused, naming the part and the reason")
    func linkIntoAnotherPart() throws {
        let (project, templates) = try Self.project(link: "<a href=\"{{links.assets}}../ana-lima/index.html\">Ana</a>")
        defer { project.remove() }
        let built = Self.build(project, templates: templates)
        #expect(built.status == 1)
        let lines = built.err.split(separator: "\n").map(String.init)
        // Ana's own settings page links inside her part: no finding there.
        #expect(!lines.contains { $0.hasPrefix(project.output + "/ana-lima/") })
        let refused = lines.filter { $0.contains("links into another person's part of the site (ana-lima/)") }
        #expect(!refused.isEmpty)
        #expect(refused.allSatisfy {
            $0.hasSuffix(
                "href=\"../assets/../ana-lima/index.html\" links into another person's part of the site (ana-lima/): a person's "
                    + "pages link only inside their own folder (\($0.dropFirst(project.output.count + 1).prefix { $0 != "/" })/) "
                    + "and to the site-wide pages and files, so that each part can be built alone (--viewers, --shard) "
                    + "(from template pages/settings)")
        })
    }
}
