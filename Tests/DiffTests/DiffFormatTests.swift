import Foundation
import Testing
import VantageCore
@testable import Diff

/// Every change at once, in each output format, against golden files (re-record with
/// `VANTAGE_RECORD=1 swift test --filter DiffTests`).
struct DiffFormatTests {
    @Test(arguments: [("text", "everything.txt"), ("json", "everything.json"), ("github", "everything.github")])
    func everythingChanged(format: String, golden: String) throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--format", format])
        #expect(result.code == 1)
        #expect(result.err == "")
        #expect(try Fixture.matchesGolden(result.out, golden))
        // The same inputs give the same bytes.
        #expect(scenario.diff([scenario.old, scenario.new, "--format", format]).out == result.out)
    }

    @Test func textNamesEveryChangedPath() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let out = scenario.diff([scenario.old, scenario.new]).out
        let sites = try BuiltSite.open(old: scenario.old, new: scenario.new)
        let changes = Manifest.changes(from: sites.old.manifest, to: sites.new.manifest)
        #expect(changes.count == 12)
        for change in changes { #expect(out.contains(change.path), "\(change.path)") }
    }

    @Test func jsonIsOneDocumentWithTheCounts() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let out = scenario.diff([scenario.old, scenario.new, "--format", "json", "--stat"]).out
        let document = try JSONParser.parse(Array(out.utf8), file: "out.json")
        let summary = try #require(document.objectValue?["summary"]?.objectValue)
        #expect(summary["changed"] == .number(7))
        #expect(summary["added"] == .number(2))
        #expect(summary["removed"] == .number(3))
        #expect(summary["viewers"] == .number(3))
        let groups = try #require(document.objectValue?["groups"]?.arrayValue)
        #expect(groups.map { $0.objectValue?["viewer"]?.stringValue } == [nil, "ana-lima", "ben-costa", "cy-oh"])
        // --stat keeps the counts and drops the hunks.
        let page = try #require(groups[1].objectValue?["pages"]?.arrayValue?.first?.objectValue)
        #expect(page["insertions"] != nil && page["hunks"] == nil)
    }

    @Test func identicalJSONAndGitHub() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        let json = scenario.diff([scenario.old, scenario.new, "--format", "json"])
        #expect(json.code == 0)
        #expect(json.out.contains("\"identical\": true"))
        let github = scenario.diff([scenario.old, scenario.new, "--format", "github"])
        #expect(github.code == 0)
        #expect(github.out == "::notice title=vantage diff::0 pages changed, 0 added, 0 removed across 0 viewers\n")
    }

    @Test func githubAnnotationsEscapeAndFenceThePageText() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let out = scenario.diff([scenario.old, scenario.new, "--format", "github"]).out
        let annotations = out.split(separator: "\n").filter { $0.hasPrefix("::notice ") || $0.hasPrefix("::warning ") }
        #expect(annotations.count == 12 + 1)
        #expect(annotations.allSatisfy { !$0.dropFirst(2).contains("\n") })
        #expect(out.contains("::notice file=$SITES/new/ana-lima/quotes/by/dad/index.html,title=Ana Lima%3A quotes said by Dad changed::"))
        #expect(out.contains("::warning file=$SITES/old/ben-costa/index.html,title=Ben Costa%3A home removed::removed (369 bytes)\n"))
        // Diff lines are printed only between stop-commands and its resume token.
        let stops = out.split(separator: "\n").filter { $0.hasPrefix("::stop-commands::") }
        #expect(stops.count == 6)
    }
}
