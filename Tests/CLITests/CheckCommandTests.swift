import Foundation
import Testing
import VantageCLI

/// `vantage check` end to end through `VantageCLI.run`: formats, exit codes, usage errors.
@Suite struct CheckCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ValidateTests/Fixtures")

    /// A copy of the valid fixture site with one broken page added, removed afterwards.
    private func withBrokenSite(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vantage-check-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("site").path, toPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("broken/missing-alt.html").path,
            toPath: directory + "/people/ana-lima/missing-alt.html")
        try body(directory)
    }

    @Test func validSiteExitsZero() {
        let console = Console.capturing()
        let site = Self.fixtures.appendingPathComponent("site").path
        #expect(VantageCLI.run(["check", site], console: console) == 0)
        #expect(console.standardOutput == "")
        #expect(console.standardError == "checked 5 pages (9 files): valid\n")
    }

    /// A site given by a symbolic link (as a build's `--out` may be) is checked where it leads;
    /// it was "no page to check".
    @Test func aSiteGivenByASymbolicLinkIsChecked() throws {
        try withBrokenSite { directory in
            let link = directory + "-link"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
            defer { try? FileManager.default.removeItem(atPath: link) }
            for given in [link, link + "/"] {
                let console = Console.capturing()
                #expect(VantageCLI.run(["check", given], console: console) == 1, "\(console.standardError)")
                #expect(console.standardOutput.contains("people/ana-lima/missing-alt.html:"), "\(console.standardOutput)")
            }
        }
    }

    @Test func invalidSiteExitsOneWithTextFindings() throws {
        try withBrokenSite { site in
            let console = Console.capturing()
            #expect(VantageCLI.run(["check", site], console: console) == 1)
            #expect(console.standardOutput == "\(site)/people/ana-lima/missing-alt.html:10:4: error: <img> needs the attribute alt (from template pages/ideas)\n")
            #expect(console.standardError == "checked 6 pages (10 files): 1 error\n")
        }
    }

    /// A page names its kind (`data-page`), and a finding on it names the template that renders
    /// that kind, as VALIDATION.md writes it.
    @Test func aFindingNamesTheTemplateOfItsPageKind() throws {
        try withBrokenSite { site in
            let home = site + "/people/ana-lima/home.html"
            let text = try String(contentsOfFile: home, encoding: .utf8)
            try text.replacingOccurrences(of: "<h1>Ana Lima</h1>", with: "<h1>Ana Lima</h1><p><ul><li>x</li></ul></p>")
                .write(toFile: home, atomically: true, encoding: .utf8)
            let console = Console.capturing()
            #expect(VantageCLI.run(["check", site, "--threads", "1"], console: console) == 1)
            #expect(console.standardOutput.contains(
                "\(site)/people/ana-lima/home.html:12:21: error: <ul> is not allowed inside <p> (from template pages/home)\n"),
                "\(console.standardOutput)")
            let json = Console.capturing()
            _ = VantageCLI.run(["check", site, "--format", "json"], console: json)
            #expect(json.standardOutput.contains(#""template": "pages/home""#), "\(json.standardOutput)")
        }
    }

    @Test func githubFormat() throws {
        try withBrokenSite { site in
            let console = Console.capturing()
            #expect(VantageCLI.run(["check", site, "--format", "github", "--threads", "1"], console: console) == 1)
            #expect(console.standardOutput
                == "::error file=\(site)/people/ana-lima/missing-alt.html,line=10,col=4::<img> needs the attribute alt (from template pages/ideas)\n")
        }
    }

    @Test func jsonFormatIsOneDocumentOnStandardOutput() throws {
        try withBrokenSite { site in
            let console = Console.capturing()
            #expect(VantageCLI.run(["check", "--format=json", site], console: console) == 1)
            let document = try JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8)) as? [String: Any]
            #expect(document?["valid"] as? Bool == false)
            #expect(document?["errors"] as? Int == 1)
            let findings = document?["findings"] as? [[String: Any]]
            #expect(findings?.first?["rule"] as? String == "schema")
            #expect(findings?.first?["line"] as? Int == 10)
            #expect(console.standardError == "")
        }
    }

    @Test func missingDirectoryExitsTwo() {
        let console = Console.capturing()
        #expect(VantageCLI.run(["check", "/nonexistent/vantage-site"], console: console) == 2)
        #expect(console.standardError == "/nonexistent/vantage-site: error: no such directory\n")
        // In a workflow it is an annotation on the folder too, as diff's failures are.
        let github = Console.capturing()
        #expect(VantageCLI.run(["check", "/nonexistent/vantage-site", "--format", "github"], console: github) == 2)
        #expect(github.standardOutput == "::error file=/nonexistent/vantage-site::no such directory\n")
    }

    @Test func aFolderWithoutPagesExitsTwoRatherThanPassing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/assets/site.css", contents: Data("body {}".utf8))
        let console = Console.capturing()
        #expect(VantageCLI.run(["check", folder], console: console) == 2)
        #expect(console.standardError == "\(folder): error: no page to check: expected a built site (its .html files)\n")
    }

    @Test func badFormatIsAUsageError() {
        let console = Console.capturing()
        #expect(VantageCLI.run(["check", "--format", "xml"], console: console) == 2)
        #expect(console.standardError.hasPrefix("error: --format must be one of text, json, github, not 'xml'"))
    }

    @Test func twoDirectoriesAreAUsageError() {
        let console = Console.capturing()
        #expect(VantageCLI.run(["check", "a", "b"], console: console) == 2)
        #expect(console.standardError == "error: unexpected argument 'b'\nrun 'vantage check --help' for usage\n")
    }

    /// A shard's output (`build --shard K/N`) holds none of the site-wide pages its pages link
    /// to: checked as a site, it gave thousands of "names no file in the site" (exit 1). It is
    /// refused by its record, with what to check instead; a site without one is checked.
    @Test func aShardsOutputIsRefusedWithWhatToCheck() throws {
        try withBrokenSite { site in
            try Data("{}".utf8).write(to: URL(fileURLWithPath: site + "/shard.json"))
            for given in [site, site + "/"] {
                let console = Console.capturing()
                #expect(VantageCLI.run(["check", given], console: console) == 2)
                #expect(console.standardOutput == "")
                let record = given.hasSuffix("/") ? given + "shard.json" : given + "/shard.json"
                #expect(console.standardError == "\(record): error: this is one shard's output (vantage build --shard K/N): "
                    + "its pages link to the site-wide pages only vantage build --merge writes, which validates every page and "
                    + "link of the merged site; check that site\n", "\(console.standardError)")
            }
            try FileManager.default.removeItem(atPath: site + "/shard.json")
            try FileManager.default.createDirectory(atPath: site + "/shard.json", withIntermediateDirectories: false)
            let folder = Console.capturing()
            #expect(VantageCLI.run(["check", site], console: folder) == 1, "\(folder.standardError)")
        }
    }
}
