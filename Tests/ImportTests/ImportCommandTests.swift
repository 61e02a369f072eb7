import Foundation
import Import
import Store
import Testing
import VantageCore

/// `vantage import` end to end through the command line: output, diagnostics, exit codes.
struct ImportCommandTests {
    @Test func importsAndPrintsWhatItStored() throws {
        let fixture = try Fixture()
        let first = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(first.code == 0)
        #expect(first.err == "")
        #expect(first.out == """
            Imported into \(fixture.store):
                        stored  added  updated  removed
              site           1      1        0        0
              people         6      6        0        0
              ideas          3      3        0        0
              quotes         3      3        0        0
              hearers        4      4        0        0
              contacts       2      2        0        0
              reviews        2      2        0        0
            Read 3 Quotes users, 3 Change Jar users, 3 quotes, 2 contacts, 3 ideas, 3 review decisions.

            """)
        let again = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(again.code == 0)
        #expect(again.out.contains("  quotes         3      0        0        0\n"))
    }

    @Test func aBadRecordExitsTwoAndSaysTheStoreIsUnchanged() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store])
        #expect(result.code == 2)
        #expect(result.out == "")
        // The review of idea-1 is still read, and warns that its item's record was rejected.
        #expect(result.err == """
            \(fixture.name("reviews/board.json")): decisions[0].item: warning: the record of "idea-1" was rejected (\(fixture.name("changejar/ideas.json")) ideas[0]), so the review report lists this decision on an unknown item
            \(fixture.name("changejar/ideas.json")): ideas[0].for: error: expected "self" or "someone", found "me"
            error: nothing was imported; the store is unchanged

            """)
        #expect(!FileManager.default.fileExists(atPath: fixture.store))
    }

    @Test func aRejectsFileThatWouldReplaceTheStoreOrAnExportFileIsRefused() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let store = try fixture.storeBytes()
        let export = try String(contentsOfFile: fixture.name("quotes/export.json"), encoding: .utf8)
        for (rejects, message) in [
            (fixture.store, "the rejects file would replace the store '\(fixture.store)'; name another file with --rejects"),
            (fixture.store + "-journal",
             "the rejects file would replace the store's journal file '\(fixture.store)-journal'; name another file with --rejects"),
            (fixture.name("quotes/export.json"),
             "the rejects file is inside the content directory '\(fixture.content)', whose files the import reads; name a file outside it with --rejects"),
        ] {
            let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", rejects])
            #expect(result.code == 2)
            #expect(result.err == "\(rejects): error: \(message)\nerror: nothing was imported; the store is unchanged\n")
        }
        #expect(try fixture.storeBytes() == store)
        #expect(try String(contentsOfFile: fixture.name("quotes/export.json"), encoding: .utf8) == export)
        #expect(!FileManager.default.fileExists(atPath: fixture.store + "-journal"))
    }

    /// `--rejects` named a published page (or a template, a catalog): the file was emptied, and
    /// the next incremental build carried the empty page over. A file already there is replaced
    /// only when it is an earlier rejects file.
    @Test func aRejectsFileReplacesOnlyAnEarlierRejectsFile() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        try FileManager.default.createDirectory(atPath: fixture.root + "/public", withIntermediateDirectories: true)
        let page = fixture.root + "/public/index.html"
        try "<!DOCTYPE html>\n".write(toFile: page, atomically: false, encoding: .utf8)
        let refused = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", page])
        #expect(refused.code == 2)
        #expect(refused.err == "\(page): error: the file is there and is not a rejects file (its first line is not a rejected record); "
            + "name another file with --rejects, or remove it first\nerror: nothing was imported; the store is unchanged\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<!DOCTYPE html>\n")
        // An earlier rejects file, and an empty one, are replaced as before.
        try #"{"file":"quotes/export.json","path":"quotes[0]","reason":"r","record":"{}"}"#.write(toFile: fixture.rejects, atomically: false, encoding: .utf8)
        #expect(fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", fixture.rejects]).code == 0)
        #expect(try String(contentsOfFile: fixture.rejects, encoding: .utf8) == "")
        let empty = fixture.root + "/empty.jsonl"
        FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", empty]).code == 0)
        // One the import itself wrote, with a record in it, is replaced by the next.
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        for _ in 0..<2 {
            #expect(fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", empty]).code == 1)
            #expect(try String(contentsOfFile: empty, encoding: .utf8).split(separator: "\n").count == 1)
        }
    }

    /// A folder named as the rejects file was found only when the finished file was moved into
    /// place, after the store had been written: the import said "the store is unchanged", and
    /// the rejected record was in neither.
    @Test func aFolderAsTheRejectsFileIsRefusedBeforeTheStoreIsWritten() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let store = try fixture.storeBytes()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        let folder = fixture.root + "/somedir"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (rejects, message) in [
            (folder, "expected a file, found a folder for the rejects; name a file with --rejects"),
            (fixture.root + "/other/", "expected a file for the rejects, found a folder's name; name a file with --rejects"),
        ] {
            let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", rejects])
            #expect(result.code == 2)
            #expect(result.err == "\(rejects): error: \(message)\nerror: nothing was imported; the store is unchanged\n")
            #expect(try fixture.storeBytes() == store)
        }
    }

    /// A rejects file that cannot be written (a full file system) rolls the import back: it was
    /// reported as written, empty, with the rejected record removed from the store. On a real
    /// 16 KB tmpfs, the rejected record being 40 KB.
    @Test func aRejectsFileThatCannotBeWrittenChangesNothing() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let store = try fixture.storeBytes()
        let long = String(repeating: "x", count: 40_000)
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "\#(long)" }"#)
        let mount = fixture.root + "/small"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        // The real executable of this build, beside the test bundle.
        let vantage = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("vantage").path
        try #require(FileManager.default.isExecutableFile(atPath: vantage), "build the vantage executable first (swift build)")
        let script = "mount -t tmpfs -o size=16k tmpfs '\(mount)' || exit 99; '\(vantage)' import --content '\(fixture.content)' "
            + "--db '\(fixture.store)' --keep-going --rejects '\(mount)/r.jsonl' >'\(fixture.root)/out' 2>'\(fixture.root)/err'; echo $? >'\(fixture.root)/code'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "/bin/sh", "-c", script]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "a real 16 KB file system is needed: unshare -rm and mount -t tmpfs")
        let read = { (name: String) in (try? String(contentsOfFile: fixture.root + "/" + name, encoding: .utf8)) ?? "" }
        #expect(read("code") == "2\n", "\(read("out")) \(read("err"))")
        #expect(read("err").contains("\(mount)/r.jsonl: error: cannot write the rejects file: No space left on device"), "\(read("err"))")
        #expect(read("err").hasSuffix("error: nothing was imported; the store is unchanged\n"), "\(read("err"))")
        #expect(try fixture.storeBytes() == store)
    }

    @Test func aDeviceOrAFolderAsTheStoreIsRefusedAndNothingIsLeftBeside() throws {
        let fixture = try Fixture()
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", "/dev/null"])
        #expect(result.code == 2)
        #expect(result.err == "/dev/null: error: expected a file, found a device\nerror: nothing was imported; the store is unchanged\n")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        let folder = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.root])
        #expect(folder.code == 2)
        #expect(folder.err.hasPrefix("\(fixture.root): error: expected a file, found a folder\n"))
    }

    @Test func aContentFolderWithNoExportInItIsRefusedNotTakenForAnEmptyExport() throws {
        let fixture = try Fixture()
        try fixture.importOrFail()
        let store = try fixture.storeBytes()
        let unrelated = fixture.root + "/photos"
        try FileManager.default.createDirectory(atPath: unrelated + "/2026", withIntermediateDirectories: true)
        let result = fixture.vantage(["import", "--content", unrelated, "--db", fixture.store])
        #expect(result.code == 2)
        #expect(result.err == """
            \(unrelated): error: no export here (expected changejar/, quotes/, reviews/, submissions/ or site.json); an export with no records still has its folders
            error: nothing was imported; the store is unchanged

            """)
        #expect(try fixture.storeBytes() == store)
        // An export whose files are all gone but whose folders are there is an empty export.
        let empty = fixture.root + "/empty"
        try FileManager.default.createDirectory(atPath: empty + "/quotes", withIntermediateDirectories: true)
        #expect(fixture.vantage(["import", "--content", empty, "--db", fixture.store]).code == 0)
    }

    @Test func keepGoingExitsOneAndNamesTheRejectsFile() throws {
        let fixture = try Fixture()
        try fixture.edit("changejar/ideas.json", replacing: #""for": "self" }"#, with: #""for": "me" }"#)
        let rejects = fixture.root + "/rejected.jsonl"
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", rejects])
        #expect(result.code == 1)
        #expect(result.err == """
            \(fixture.name("reviews/board.json")): decisions[0].item: warning: the record of "idea-1" was rejected (\(fixture.name("changejar/ideas.json")) ideas[0]), so the review report lists this decision on an unknown item
            \(fixture.name("changejar/ideas.json")): ideas[0].for: error: expected "self" or "someone", found "me"

            """)
        #expect(result.out.hasSuffix("Rejected 1 record, written with the reasons to \(rejects).\n"))
        #expect(result.out.contains("  ideas          2      2        0        0\n"))
        #expect(try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").count == 1)
    }

    /// Past the first 100 errors the summary counted the listed ones and the line that counts the
    /// rest: "Rejected 101 records" for 150.
    @Test func keepGoingCountsEveryRejectedRecord() throws {
        let fixture = try Fixture()
        let bad = (1...150).map {
            #"{ "id": "bad-\#($0)", "text": "t", "submittedAt": "2026-04-10T09:30:00Z", "author": { "email": "zed@example.com", "name": "Zed" }, "showName": true, "for": "me" }"#
        }
        try fixture.write("changejar/ideas.json", #"{ "ideas": ["# + bad.joined(separator: ",\n") + "] }")
        let rejects = fixture.root + "/rejected.jsonl"
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going", "--rejects", rejects])
        #expect(result.code == 1)
        #expect(result.err.contains("error: 50 more records rejected\n"))
        #expect(result.out.hasSuffix("Rejected 150 records, written with the reasons to \(rejects).\n"))
        #expect(try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").count == 150)
    }

    @Test func keepGoingWritesRejectsBesideTheStoreByDefault() throws {
        let fixture = try Fixture()
        let result = fixture.vantage(["import", "--content", fixture.content, "--db", fixture.store, "--keep-going"])
        #expect(result.code == 0)
        #expect(result.out.hasSuffix("No record was rejected (\(fixture.rejects) is empty).\n"))
        #expect(FileManager.default.fileExists(atPath: fixture.rejects))
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try Fixture()
        let result = fixture.vantage(["import", "--content", fixture.content, "--rejects", "r.jsonl"])
        #expect(result.code == 2)
        #expect(result.err == "error: --rejects needs --keep-going\nrun 'vantage import --help' for usage\n")
        #expect(fixture.vantage(["import", "--bogus"]).code == 2)
    }

    @Test func helpDocumentsTheStoreLocationAndTheExitCodes() throws {
        let fixture = try Fixture()
        let help = fixture.vantage(["import", "--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("Usage: vantage import [--content DIR] [--db FILE] [--keep-going] [--rejects FILE]\n"))
        #expect(help.out.contains("(default: .vantage/store.sqlite, under the current\n"))
        #expect(help.out.contains("  2  bad usage or unusable input"))
    }
}
