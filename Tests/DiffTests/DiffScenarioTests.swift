import Foundation
import Testing
import VantageCore
@testable import Diff

/// `vantage diff` on the fixture site with one kind of change at a time.
struct DiffScenarioTests {
    @Test func identicalSitesExitZero() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 0)
        #expect(result.out == "No differences in 14 pages.\n0 pages changed, 0 added, 0 removed across 0 viewers\n")
        #expect(result.err == "")
    }

    @Test func changedPageShowsItsTextDiff() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/quotes/index.html")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--context", "1"])
        #expect(result.code == 1)
        #expect(result.out == """
            Ana Lima: 1 page changed — quotes feed
              changed  ana-lima/quotes/index.html  +4 -1

            diff ana-lima/quotes/index.html — Ana Lima: quotes feed
            --- $SITES/old/ana-lima/quotes/index.html
            +++ $SITES/new/ana-lima/quotes/index.html
            @@ -5,4 +5,7 @@
             Quotes
            +[data-id=q-9]
            +Dinner is at eight, sharp.
            +Dad [href=by/dad/index.html] to Ana Lima, 3 May 2026 [datetime=2026-05-03T18:00:00-03:00]
             [data-id=q-7]
            -Tea first, then the world.
            +Tea first, then the whole world.
             Dad [href=by/dad/index.html] to Ana Lima, 2 May 2026 [datetime=2026-05-02T08:30:00-03:00]

            1 page changed, 0 added, 0 removed across 1 viewer

            """)
    }

    @Test func contextControlsTheHunks() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/quotes/index.html")
        try scenario.writeManifests()
        func headers(_ context: String) -> [Substring] {
            scenario.diff([scenario.old, scenario.new, "--context", context]).out.split(separator: "\n").filter { $0.hasPrefix("@@") }
        }
        #expect(headers("0") == ["@@ -5,0 +6,3 @@", "@@ -7,1 +10,1 @@"])
        #expect(headers("1") == ["@@ -5,4 +5,7 @@"])
        #expect(headers("3") == ["@@ -3,8 +3,11 @@"])
        let bad = scenario.diff([scenario.old, scenario.new, "--context", "-1"])
        #expect(bad.code == 2)
        #expect(bad.err.hasPrefix("error: --context needs a whole number, not '-1'"))
    }

    @Test func addedAndRemovedPages() throws {
        let scenario = try SiteScenario()
        try scenario.duplicate("ana-lima/ideas/all/page-2.html", as: "ana-lima/ideas/all/page-3.html")
        try scenario.remove("ana-lima/settings.html")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 1)
        #expect(result.out == """
            Ana Lima: 1 page added — all ideas (page 3); 1 page removed — settings
              removed  ana-lima/settings.html          346 bytes
              added    ana-lima/ideas/all/page-3.html  540 bytes

            0 pages changed, 1 added, 1 removed across 1 viewer

            """)
    }

    @Test func changedSearchIndexDiffsAsJSONLines() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/search-index.json")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--context", "0"])
        #expect(result.code == 1)
        #expect(result.out.hasPrefix("Ana Lima: 1 page changed — search index\n"))
        #expect(result.out.contains("""
            @@ -17,0 +18,5 @@
            +      "id": "q-9",
            +      "text": "Dinner is at eight, sharp.",
            +      "by": "Dad"
            +    },
            +    {
            @@ -19,1 +24,1 @@
            -      "text": "Tea first, then the world.",
            +      "text": "Tea first, then the whole world.",

            """))
    }

    @Test func viewerAddedAndRemoved() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("cy-oh/index.html")
        try scenario.useVariant("cy-oh/quotes/index.html")
        try scenario.remove("ben-costa")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(result.out == """
            Ben Costa: viewer removed, 3 pages removed — home, quotes feed, search index
              removed  ben-costa/index.html         369 bytes
              removed  ben-costa/quotes/index.html  247 bytes
              removed  ben-costa/search-index.json  146 bytes
            Cy Oh: new viewer, 2 pages added — home, quotes feed
              added    cy-oh/index.html         361 bytes
              added    cy-oh/quotes/index.html  243 bytes

            0 pages changed, 2 added, 3 removed across 2 viewers

            """)
    }

    @Test func markupOnlyChangeIsReportedWithoutADiff() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/settings.html")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 1)
        #expect(result.out.contains("  changed  ana-lima/settings.html  markup only, 346 -> 424 bytes\n"))
        #expect(!result.out.contains("@@"))
    }

    @Test func viewerRestrictsTheReport() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--viewer", "ben-costa"])
        #expect(result.code == 1)
        #expect(result.out.hasPrefix("Ben Costa: viewer removed, 3 pages removed — home, quotes feed, search index\n"))
        #expect(!result.out.contains("ana-lima") && !result.out.contains("Site-wide"))
        #expect(result.out.hasSuffix("\n0 pages changed, 0 added, 3 removed across 1 viewer\n"))

        let unchanged = scenario.diff([scenario.old, scenario.new, "--viewer", "ana-lima", "--format", "json"])
        #expect(unchanged.code == 1)
        let nobody = scenario.diff([scenario.old, scenario.new, "--viewer", "zed"])
        #expect(nobody.code == 2)
        #expect(nobody.err == "error: --viewer zed: no page of that viewer in $SITES/old or $SITES/new\n")
    }

    /// Folders without manifests know a viewer by the pages in the viewer's folder: a viewer
    /// whose pages did not change was "nobody" (exit 2), and one whose did was counted 0 pages.
    @Test func viewerOfFoldersWithoutManifests() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/settings.html")
        let unchanged = scenario.diff([scenario.old, scenario.new, "--viewer", "ben-costa"])
        #expect(unchanged.code == 0, "\(unchanged.err)")
        #expect(unchanged.out == "No differences in 3 pages.\n0 pages changed, 0 added, 0 removed across 0 viewers\n")
        let changed = scenario.diff([scenario.old, scenario.new, "--viewer", "ana-lima", "--stat"])
        #expect(changed.code == 1)
        #expect(changed.out.hasPrefix("Ana Lima: 1 page changed — settings\n"))
        let nobody = scenario.diff([scenario.old, scenario.new, "--viewer", "zed"])
        #expect(nobody.code == 2)
        #expect(nobody.err == "error: --viewer zed: no page of that viewer in $SITES/old or $SITES/new\n")
    }

    /// Page 2 of a person's list (`…/by/dad/page-2.html`) is that person's, not a person named
    /// "page-2" beside them (which made Dad two people named alike).
    @Test func laterPagesOfAPersonsListNameThePerson() throws {
        let scenario = try SiteScenario()
        let first = "ana-lima/quotes/by/dad/index.html", second = "ana-lima/quotes/by/dad/page-2.html"
        try FileManager.default.copyItem(atPath: scenario.old + "/" + first, toPath: scenario.old + "/" + second)
        try scenario.useVariant(first)
        try scenario.duplicate(first, as: second)
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(result.out.hasPrefix("Ana Lima: 2 pages changed — quotes said by Dad, quotes said by Dad (page 2)\n"), "\(result.out)")
        let manifests = scenario.diff([scenario.old + "/manifest.json", scenario.new + "/manifest.json"])
        #expect(manifests.out.hasPrefix("ana-lima: 2 pages changed — quotes said by dad, quotes said by dad (page 2)\n"), "\(manifests.out)")
        // A folder beside a bare manifest: the names are read from the folder, whichever side it is.
        for (old, new) in [(scenario.old, scenario.new + "/manifest.json"), (scenario.old + "/manifest.json", scenario.new)] {
            let mixed = scenario.diff([old, new, "--stat"])
            #expect(mixed.out.contains("2 pages changed — quotes said by Dad, quotes said by Dad (page 2)\n"), "\(mixed.out)")
        }
    }

    @Test func statGivesCountsOnly() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(!result.out.contains("@@") && !result.out.contains("\ndiff "))
        #expect(result.out.contains("  changed  ana-lima/quotes/index.html         +4 -1\n"))
    }

    @Test func manifestsOnlyGiveTheSummary() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old + "/manifest.json", scenario.new + "/manifest.json"])
        #expect(result.code == 1)
        #expect(try Fixture.matchesGolden(result.out, "manifests.txt"))
        #expect(!result.out.contains("@@"))
        // One manifest and one folder: no page can be compared, but names are read where
        // there are pages to read them from.
        let mixed = scenario.diff([scenario.old + "/manifest.json", scenario.new])
        #expect(mixed.code == 1)
        #expect(!mixed.out.contains("@@"))
        #expect(mixed.out.contains("\nCy Oh: new viewer, 2 pages added — home, quotes feed\n"))
        #expect(mixed.out.contains("\nben-costa: viewer removed, 2 pages removed"))
        // A bare manifest lists pages only, so files beside them are left out on both sides.
        #expect(!mixed.out.contains("search-index") && !mixed.out.contains("site.css"))
    }

    @Test func aManifestOnlyShardComparesAsABareManifest() throws {
        // `vantage build --manifest-only --shard K/N` leaves its manifest and `shard.json` (and
        // the marker): no page is in the folder, so it is a bare manifest, not a site whose pages
        // are missing.
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        try scenario.writeManifests()
        for (name, site) in [("old-shard", scenario.old), ("new-shard", scenario.new)] {
            let folder = scenario.root + "/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: site + "/manifest.json", toPath: folder + "/manifest.json")
            try #"{"shard":"1/2"}"#.write(toFile: folder + "/shard.json", atomically: true, encoding: .utf8)
            try "".write(toFile: folder + "/.vantage-site", atomically: true, encoding: .utf8)
        }
        let same = scenario.diff([scenario.root + "/old-shard", scenario.root + "/old-shard"])
        #expect(same.code == 0, "\(same.err)")
        let changed = scenario.diff([scenario.root + "/old-shard", scenario.root + "/new-shard", "--stat"])
        #expect(changed.code == 1, "\(changed.err)")
        #expect(changed.out == scenario.diff([scenario.old + "/manifest.json", scenario.new + "/manifest.json", "--stat"]).out
            .replacingOccurrences(of: "$SITES/old/manifest.json", with: "$SITES/old-shard")
            .replacingOccurrences(of: "$SITES/new/manifest.json", with: "$SITES/new-shard"))
        // Any other file beside them makes it a folder of pages again.
        try "x".write(toFile: scenario.root + "/old-shard/notes.txt", atomically: true, encoding: .utf8)
        #expect(scenario.diff([scenario.root + "/old-shard", scenario.root + "/old-shard"]).code == 2)
    }

    @Test func aShardsRecordIsBookkeepingNotAPage() throws {
        // Two shards of the same pages whose `shard.json` differ (each person's fingerprint
        // changes with a template that only the site-wide pages use) are the same shard: the
        // record is the build's bookkeeping, as the manifest and the marker are. It was compared
        // as a site-wide page, "1 page changed — shard.json", exit 1. With manifests and without.
        let scenario = try SiteScenario()
        for complete in [false, true] {
            for site in [scenario.old, scenario.new] { try? FileManager.default.removeItem(atPath: site + "/shard.json") }
            try scenario.writeManifests(complete: complete)
            for (site, fingerprint) in [(scenario.old, "aa"), (scenario.new, "bb")] {
                try #"{"shard":1,"of":2,"validated":true,"viewers":["ana-lima"],"fingerprints":["\#(fingerprint)"],"files":{}}"#
                    .write(toFile: site + "/shard.json", atomically: true, encoding: .utf8)
            }
            let same = scenario.diff([scenario.old, scenario.new])
            #expect(same.code == 0, "\(same.out)")
            #expect(!same.out.contains("shard.json"), "\(same.out)")
        }
        for site in [scenario.old, scenario.new] { try FileManager.default.removeItem(atPath: site + "/manifest.json") }
        let walked = scenario.diff([scenario.old, scenario.new])
        #expect(walked.code == 0, "\(walked.out)")
    }

    @Test func pathsOfAnyScriptKeepEveryCharacterInTheirColumn() throws {
        // The column is as wide as the longest path in characters; a path whose characters take
        // more than one UTF-16 unit each (an emoji, combining accents) is shown whole.
        let scenario = try SiteScenario()
        let accented = "ana-lima/e\u{301}\u{301}\u{301}xyz.html"
        try scenario.duplicate("index.html", as: accented)
        try scenario.duplicate("index.html", as: "pic-\u{1F600}.html")
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        let lines = result.out.split(separator: "\n").filter { $0.hasPrefix("  added") }.map(String.init)
        #expect(lines.count == 2, "\(result.out)")
        let paths = Set(lines.map { line in
            line.dropFirst("  added    ".count).prefix { $0 != " " }
        }.map(String.init))
        #expect(paths == [accented, "pic-\u{1F600}.html"], "\(lines)")
        // And the details start in one column, counted in characters.
        let columns = Set(lines.map { line in line.distance(from: line.startIndex, to: line.range(of: "  ", options: .backwards, range: line.index(line.startIndex, offsetBy: 11)..<line.endIndex)!.lowerBound) })
        #expect(columns.count == 1, "\(lines)")
    }

    @Test func foldersWithoutManifestsAreHashed() throws {
        let scenario = try SiteScenario()
        try scenario.applyEverything()
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 1)
        // Kinds and viewers come from the pages' hooks; names from the homes found by probing.
        // A later page says so, as with manifests: its first page, unchanged and unread, is of no kind yet.
        #expect(result.out.contains("Ana Lima: 5 pages changed — settings, all ideas (page 2), quotes feed, quotes said by Dad, search index\n"))
        #expect(result.out.contains("Cy Oh: 2 pages added — home, quotes feed\n"))
        #expect(result.out.hasSuffix("\n7 pages changed, 2 added, 3 removed across 3 viewers and the site-wide pages\n"))
    }

    @Test("The build's marker is bookkeeping: two builds from stores in other places are the same site")
    func markerIsNotCompared() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        // An earlier build's marker named the store relative to the output, so checkouts laid out
        // differently differed there; the marker is never compared, whatever it holds.
        let marker = #"{"tool":"vantage","format":1,"store":"STORE","files":["ana-lima/search-index.json"]}"# + "\n"
        try marker.replacingOccurrences(of: "STORE", with: "../store.sqlite").write(toFile: scenario.old + "/.vantage-site", atomically: true, encoding: .utf8)
        try marker.replacingOccurrences(of: "STORE", with: "ci/store.sqlite").write(toFile: scenario.new + "/.vantage-site", atomically: true, encoding: .utf8)
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 0, "\(result.out)")
        #expect(!result.out.contains("vantage-site"))
        // Walked without manifests, the same.
        try FileManager.default.removeItem(atPath: scenario.old + "/manifest.json")
        try FileManager.default.removeItem(atPath: scenario.new + "/manifest.json")
        let walked = scenario.diff([scenario.old, scenario.new])
        #expect(walked.code == 0, "\(walked.out)")
    }

    @Test func walkedSiteAttributesOtherFilesToTheViewerFolder() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/search-index.json")
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(result.out == """
            Ana Lima: 1 page changed — search index
              changed  ana-lima/search-index.json  +6 -1

            1 page changed, 0 added, 0 removed across 1 viewer

            """)
    }

    @Test func laterPagesOfAListAreNumbered() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/quotes/said-2.html")
        let first = scenario.new + "/ana-lima/quotes/said.html"
        try String(contentsOfFile: first, encoding: .utf8).replacingOccurrences(of: "my keys", with: "my car keys")
            .write(toFile: first, atomically: true, encoding: .utf8)
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        // Page 1 before page 2, although "said-2.html" sorts before "said.html".
        #expect(result.out.hasPrefix("""
            Ana Lima: 2 pages changed — said by, said by (page 2)
              changed  ana-lima/quotes/said.html    +1 -1
              changed  ana-lima/quotes/said-2.html  +1 -1

            """))
    }

    @Test func stylesheetBesideThePagesIsCompared() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("assets/site.css")
        try scenario.writeManifests()
        let result = scenario.diff([scenario.old, scenario.new, "--context", "0"])
        #expect(result.code == 1)
        #expect(result.out == """
            Site-wide: 1 page changed — assets/site.css
              changed  assets/site.css  +1 -1

            diff assets/site.css — Site-wide: assets/site.css
            --- $SITES/old/assets/site.css
            +++ $SITES/new/assets/site.css
            @@ -2,1 +2,1 @@
            -.quote { margin: 1rem 0; }
            +.quote { margin: 1.5rem 0; }

            1 page changed, 0 added, 0 removed across 0 viewers and the site-wide pages

            """)
    }

    @Test func oneSideWithoutManifest() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/search-index.json")
        try scenario.writeManifests()
        try FileManager.default.removeItem(atPath: scenario.new + "/manifest.json")
        // The old side's unlisted files (the search indexes, the stylesheet) are hashed to
        // meet the new side's walk: only the changed index differs.
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(result.out == """
            Ana Lima: 1 page changed — search index
              changed  ana-lima/search-index.json  +6 -1

            1 page changed, 0 added, 0 removed across 1 viewer

            """)
    }

    @Test func completeManifestsAreTrusted() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/search-index.json")
        try scenario.writeManifests(complete: true)
        // A file neither manifest lists: with complete manifests the folders are not walked.
        try "stray".write(toFile: scenario.new + "/stray.txt", atomically: true, encoding: .utf8)
        let result = scenario.diff([scenario.old, scenario.new, "--stat"])
        #expect(result.code == 1)
        #expect(result.out == """
            Ana Lima: 1 page changed — search index
              changed  ana-lima/search-index.json  +6 -1

            1 page changed, 0 added, 0 removed across 1 viewer

            """)
        // With manifests of pages only, the stray file is found.
        try scenario.writeManifests()
        #expect(scenario.diff([scenario.old, scenario.new, "--stat"]).out.hasPrefix("""
            Site-wide: 1 page added — stray.txt
              added    stray.txt  5 bytes
            Ana Lima: 1 page changed — search index

            """))
    }
}
