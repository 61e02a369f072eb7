import Foundation
import Testing
import Validate
import VantageCore

/// `vantage check` holds a site with a `manifest.json` to it: a page edited after its build, a
/// page the manifest does not list, and a listed page that is gone are findings; the valid
/// fixture site with its true manifest has none. A real folder.
struct ManifestCheckTests {
    static func copyOfTheSite() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-check-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Fixtures.site, toPath: folder)
        var entries: [ManifestEntry] = []
        for page in try Fixtures.sitePages() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + page)))
            entries.append(ManifestEntry(path: page, kind: nil, viewer: nil, sha256: SHA256.hex(bytes), bytes: bytes.count))
        }
        try Data(ManifestCodec.encode(entries)).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        return folder
    }

    @Test func aPageNotAsItsBuildWroteItIsAFinding() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try SiteValidator().validate(directory: folder).findings.isEmpty)
        let pages = try Fixtures.sitePages()
        let (edited, gone) = (pages[0], pages[1])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/" + edited))
        handle.seekToEndOfFile()
        handle.write(Data("<!-- x -->\n".utf8))
        try handle.close()
        try FileManager.default.removeItem(atPath: folder + "/" + gone)
        try FileManager.default.copyItem(atPath: folder + "/" + pages[2], toPath: folder + "/extra.html")
        let findings = try SiteValidator().validate(directory: folder).findings.filter { $0.rule == .manifest }
        let byFile = Dictionary(findings.map { ($0.file, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(findings.count == 3)
        #expect(byFile[edited]?.hasPrefix("the page is not the one its build wrote (manifest.json: ") == true, "\(byFile)")
        #expect(byFile[edited]?.hasSuffix("edited since? vantage build --full writes it again") == true, "\(byFile)")
        #expect(byFile["extra.html"] == "the page is not in manifest.json: its build did not write it")
        #expect(byFile["manifest.json"] == "manifest.json lists \(gone), which is not in the site")
    }

    /// A page named `.htm`, `.xhtml` or in capitals, which a server sends as a page and which
    /// no build checks or writes, is a finding: it passed unread, however broken.
    @Test func aPageNamedOtherwiseThanHTMLIsAFinding() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["legacy.htm", "docs.xhtml", "LOUD.HTML", "ssi.shtml", "x.xht"] {
            try Data("<p onclick=\"alert(1)\">x<b></p>".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/notes.htmlx"))
        let report = try SiteValidator().validate(directory: folder)
        #expect(report.findings.map { "\($0.file): \($0.message)" } == ["LOUD.HTML", "docs.xhtml", "legacy.htm", "ssi.shtml", "x.xht"].map {
            "\($0): a page named otherwise than .html, which no build checks or writes; rename it to .html or remove it"
        })
    }

    /// A file whose name is not UTF-8 (a String cannot hold it, and Foundation's enumerator
    /// passed it over, so the site was "valid") is a finding, shown with the byte escaped; so is
    /// a name with a line feed (it forged a line of the report) or an invisible character.
    @Test func aFileNameThatIsNotUTF8IsAFinding() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.createFile(named: Array((folder + "/odd-").utf8) + [0xFF, 0x41] + Array(".html".utf8))
        // A line feed in a name would start a line of the report that reads as a finding of its own.
        try Self.createFile(named: Array((folder + "/x\ny.html:1:1: error: forged.html").utf8))
        try FileManager.default.createDirectory(atPath: folder + "/z\u{200B}", withIntermediateDirectories: false)
        try Self.createFile(named: Array((folder + "/z\u{200B}/broken.html").utf8))
        let report = try SiteValidator().validate(directory: folder)
        #expect(report.findings.map { "\($0.file): \($0.message)" } == [
            "odd-\\xffA.html: the file name is not UTF-8, so no build wrote it: remove the file",
            "x\\ny.html:1:1: error: forged.html: the file name holds a character that ends a line or shows nothing, so no build wrote it: remove the file",
            "z\\u{200B}: the folder name holds a character that ends a line or shows nothing, so no build wrote it: remove the folder",
        ])
        #expect(report.formatted(.text, root: "public").split(separator: "\n").count == 3)
    }

    /// What no build writes is a finding, not passed over: a symbolic link (to a file outside
    /// the site, to a folder, to a page of the site), a pipe, and a folder where the manifest
    /// should be (before: "valid", the links and the pipe not even counted).
    @Test func linksPipesAndAFolderManifestAreFindings() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = try #require(try Fixtures.sitePages().first)
        try FileManager.default.createSymbolicLink(atPath: folder + "/passwd.html", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder + "/etc", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: folder + "/again.html", withDestinationPath: folder + "/" + page)
        #expect(mkfifo(folder + "/fifo.html", 0o644) == 0)
        var report = try SiteValidator().validate(directory: folder)
        #expect(report.findings.map { "\($0.file): \($0.message)" } == [
            "again.html: a symbolic link, which no build writes (it is not followed): remove it",
            "etc: a symbolic link, which no build writes (it is not followed): remove it",
            "fifo.html: neither a file nor a folder (a pipe, a socket or a device), which no build writes: remove it",
            "passwd.html: a symbolic link, which no build writes (it is not followed): remove it",
        ])
        try FileManager.default.removeItem(atPath: folder + "/manifest.json")
        try FileManager.default.createDirectory(atPath: folder + "/manifest.json", withIntermediateDirectories: false)
        report = try SiteValidator().validate(directory: folder)
        #expect(report.findings.contains { $0.file == "manifest.json" && $0.message == "manifest.json cannot be read: it is not a file" })
    }

    /// A manifest finding is on the entry's line, and a bad entry names its record path (before:
    /// both at manifest.json:1:1, the path left out).
    @Test func manifestFindingsAreOnTheEntrysLine() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pages = try Fixtures.sitePages()
        let manifest = try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let gone = pages[2]
        let goneLine = try #require(lines.firstIndex { $0.contains("\"path\":\"\(gone)\"") }) + 1
        try FileManager.default.removeItem(atPath: folder + "/" + gone)
        var report = try SiteValidator().validate(directory: folder)
        let listed = report.findings.filter { $0.file == "manifest.json" }
        #expect(listed.map { "\($0.line):\($0.column) \($0.message)" } == ["\(goneLine):1 manifest.json lists \(gone), which is not in the site"])
        // The fourth entry's digest broken: its line and its record path.
        var edited = lines
        let fourth = try #require(edited.indices.filter { edited[$0].hasPrefix("{") && $0 > 0 }.dropFirst(3).first)
        edited[fourth] = Substring(edited[fourth].replacingOccurrences(of: "\"sha256\":\"", with: "\"sha256\":\"x"))
        try edited.joined(separator: "\n").write(toFile: folder + "/manifest.json", atomically: true, encoding: .utf8)
        report = try SiteValidator().validate(directory: folder)
        let broken = try #require(report.findings.first { $0.file == "manifest.json" })
        #expect(broken.line == fourth + 1)
        #expect(broken.message.hasPrefix("manifest.json cannot be read: pages[3].sha256: expected 64 lowercase hex digits"), "\(broken.message)")
    }

    /// A path listed twice, the second time with another digest, was read by `check` as the
    /// first listing alone (valid), where `diff` refused the manifest: both refuse it now.
    @Test func aPathListedTwiceIsAFinding() throws {
        let folder = try Self.copyOfTheSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let copy = lines[1].replacingOccurrences(of: #""sha256":"[0-9a-f]{64}""#, with: "\"sha256\":\"" + String(repeating: "0", count: 64) + "\"",
                                                 options: .regularExpression)
        lines.insert(Substring(copy.hasSuffix(",") ? copy : copy + ","), at: 4)
        try lines.joined(separator: "\n").write(toFile: folder + "/manifest.json", atomically: true, encoding: .utf8)
        let report = try SiteValidator().validate(directory: folder)
        let found = report.findings.filter { $0.file == "manifest.json" }
        let path = try #require(lines[1].split(separator: "\"").dropFirst(3).first)
        #expect(found.map { "\($0.line) \($0.message)" }
            == ["5 manifest.json cannot be read: pages[3].path: the path \"\(path)\" is listed twice (first at pages[0])"])
    }

    /// Creates an empty file at a path given as bytes.
    static func createFile(named path: [UInt8]) throws {
        let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
    }
}
