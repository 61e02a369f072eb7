import Foundation
import Testing
import VantageCore
@testable import Diff

/// Exit 2 with a located message for inputs that cannot be compared.
struct UnusableInputTests {
    @Test func missingFolder() throws {
        let scenario = try SiteScenario()
        let result = scenario.diff([scenario.old, scenario.root + "/nowhere"])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/nowhere: error: no such site folder or manifest file\n")
        #expect(result.out == "")
        let github = scenario.diff([scenario.old, scenario.root + "/nowhere", "--format", "github"])
        #expect(github.out == "::error file=$SITES/nowhere::no such site folder or manifest file\n")
    }

    @Test func wrongNumberOfSites() throws {
        let scenario = try SiteScenario()
        let result = scenario.diff([scenario.old])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: expected two sites to compare, OLD and NEW\n"))
        #expect(scenario.diff([scenario.old, scenario.new, "--format", "xml"]).code == 2)
    }

    @Test(arguments: [
        ("[]", "manifest.json: error: expected an object with a \"pages\" array, found an array"),
        ("{}", "manifest.json: error: missing the \"pages\" array"),
        ("{\"pages\": {}}", "manifest.json: pages: error: expected an array, found an object"),
        ("{\"pages\": [{\"path\": \"a.html\", \"sha256\": \"xyz\", \"bytes\": 1}]}",
         "manifest.json: pages[0].sha256: error: expected 64 lowercase hex digits, found \"xyz\""),
        ("{\"pages\": [{\"path\": \"../a.html\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": 1}]}",
         "manifest.json: pages[0].path: error: the path \"../a.html\" has an empty, '.' or '..' component"),
        ("{\"pages\": [{\"path\": \"/etc/passwd\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": 1}]}",
         "manifest.json: pages[0].path: error: the path \"/etc/passwd\" is absolute; expected a path inside the site"),
        ("{\"pages\": [{\"path\": \"a\\nremoved b.html\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": 1}]}",
         "manifest.json: pages[0].path: error: the path \"a\\nremoved b.html\" holds a character that ends a line or shows nothing, which no build writes"),
        ("{\"pages\": [{\"path\": \"a\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": -1}]}",
         "manifest.json: pages[0].bytes: error: expected a whole number of bytes, found -1"),
        ("{\"pages\": [{\"path\": \"a\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": 1, \"kind\": 3}]}",
         "manifest.json: pages[0].kind: error: expected a string, found a number"),
        ("{\"pages\": [{\"path\": \"a\", \"sha256\": \"\(String(repeating: "0", count: 64))\", \"bytes\": 1},\n {\"path\": \"a\", \"sha256\": \"\(String(repeating: "1", count: 64))\", \"bytes\": 1}]}",
         "manifest.json: pages[1].path: error: the path \"a\" is listed twice (first at pages[0])"),
        ("{\"pages\": [\n  {\"path\" \"a\"}]}",
         "manifest.json:2:11: error: expected ':' after the member name \"path\", found '\"'\n      {\"path\" \"a\"}]}\n              ^"),
    ])
    func badManifest(json: String, message: String) throws {
        #expect(throws: Diagnostic.self) { try Manifest.parse(Array(json.utf8), file: "manifest.json") }
        do {
            _ = try Manifest.parse(Array(json.utf8), file: "manifest.json")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func badManifestInASiteFolderExitsTwo() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        try "{\"pages\": 1}".write(toFile: scenario.new + "/manifest.json", atomically: true, encoding: .utf8)
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/manifest.json: pages: error: expected an array, found a number\n")
    }

    @Test func pageListedButMissing() throws {
        let scenario = try SiteScenario()
        try scenario.useVariant("ana-lima/quotes/index.html")
        try scenario.writeManifests()
        try FileManager.default.removeItem(atPath: scenario.new + "/ana-lima/quotes/index.html")
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/ana-lima/quotes/index.html: error: the manifest lists this page but it cannot be read\n")
    }

    /// A file whose name is not UTF-8 cannot be read back by a name a String holds: exit 2,
    /// naming it with the byte escaped (before: "cannot read the file", under the name with
    /// U+FFFD in it, which names no file). With a manifest and without, it is the same.
    @Test(arguments: [false, true])
    func aFileNameThatIsNotUTF8ExitsTwo(withManifests: Bool) throws {
        let scenario = try SiteScenario()
        if withManifests { try scenario.writeManifests() }
        let path = Array((scenario.new + "/ana-lima/x").utf8) + [0xC3, 0x28] + Array(".html".utf8)
        let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/ana-lima/x\\xc3(.html: error: the file name is not UTF-8, so no build wrote it: remove the file\n")
    }

    @Test func shownNamesEscapeOnlyTheBytesThatAreNotUTF8() {
        #expect(FileTree.shownName(Array("café".utf8)) == "café")
        #expect(FileTree.shownName([0x61, 0xFF, 0xE2, 0x82, 0x62]) == "a\\xff\\xe2\\x82b")
        #expect(FileTree.shownName([0xF0, 0x9F, 0x98, 0x80, 0x80]) == "😀\\x80")
        #expect(FileTree.shownName(Array("a\nb\\c\u{202E}".utf8)) == "a\\nb\\\\c\\u{202E}")
    }

    /// A line feed in a file's name forged a line of the report ("Ana Lima: 1 page added —
    /// ana-lima/x", then a line of the name's own): exit 2, naming it with the line feed escaped.
    @Test func aFileNameWithALineFeedExitsTwo() throws {
        let scenario = try SiteScenario()
        try "<p>".write(toFile: scenario.new + "/ana-lima/x\nerror: forged.html", atomically: false, encoding: .utf8)
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/ana-lima/x\\nerror: forged.html: error: the file name holds a character that ends a line or shows nothing, so no build wrote it: remove the file\n")
    }

    /// A symbolic link in a site folder: exit 2 naming it (before: passed over without a word,
    /// with or without manifests).
    @Test(arguments: [false, true])
    func aSymbolicLinkExitsTwo(withManifests: Bool) throws {
        let scenario = try SiteScenario()
        if withManifests { try scenario.writeManifests() }
        try FileManager.default.createSymbolicLink(atPath: scenario.new + "/etc", withDestinationPath: "/etc")
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/etc: error: a symbolic link, which no build writes (it is not followed): remove it\n")
    }

    /// A page the manifest lists, gone from its folder, whose digest is the same on both sides:
    /// exit 2 naming it (before: "No differences", exit 0, where a changed one was exit 2).
    @Test func anUnchangedListedPageGoneExitsTwo() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        try FileManager.default.removeItem(atPath: scenario.new + "/ana-lima/quotes/index.html")
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err == "$SITES/new/ana-lima/quotes/index.html: error: the manifest lists this page but it cannot be read\n")
    }

    /// A pipe where a site's manifest.json should be: exit 2 at once (before: the diff opened
    /// it and waited for a writer for ever).
    @Test func aPipeForAManifestExitsTwoWithoutWaiting() throws {
        let scenario = try SiteScenario()
        try scenario.writeManifests()
        try FileManager.default.removeItem(atPath: scenario.new + "/manifest.json")
        #expect(mkfifo(scenario.new + "/manifest.json", 0o644) == 0)
        let result = scenario.diff([scenario.old, scenario.new])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("$SITES/new/manifest.json: error: "), "\(result.err)")
    }
}
