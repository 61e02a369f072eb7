import Foundation
import Testing
import VantageCLI
import VantageCore

@testable import Render

/// The output folder is replaced whole, so the build refuses every folder that holds a file it
/// did not write, follows a symbolic `--out` to its target, and never writes among its inputs
/// (issue 11, "Data loss"). Real folders, real symbolic links, the real command line.
@Suite("The output folder's rules")
struct OutputFolderTests {
    @Test("A folder holding only dot-folders (.git/, .ssh/) is refused and left exactly as it was")
    func dotFoldersOnly() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("public/.git/HEAD", "ref: refs/heads/main\n")
        try project.write("public/.ssh/id_ed25519", "secret\n")
        let before = ScratchProject.snapshot(project.output)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains(
            "refusing to replace '\(project.output)': it is not a site vantage built (it has no .vantage-site marker and "
                + "no manifest.json in vantage's format) and holds '.git/', '.ssh/'"), "\(result.err)")
        #expect(ScratchProject.snapshot(project.output) == before)
        #expect(project.topLevel == ["content", "public"])
    }

    @Test("A web app's public/ (a PWA manifest.json, index.html, static/) is not a vantage build: refused, untouched")
    func webAppFolder() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("public/manifest.json", #"{"name": "My App", "start_url": "/", "icons": []}"# + "\n")
        try project.write("public/index.html", "<!doctype html><title>app</title>\n")
        try project.write("public/static/app.js", "console.log(1)\n")
        let before = ScratchProject.snapshot(project.output)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("it is not a site vantage built"), "\(result.err)")
        #expect(result.err.contains("'index.html', 'manifest.json', 'static/'"), "\(result.err)")
        #expect(ScratchProject.snapshot(project.output) == before)
        // Nor is a manifest that only looks like vantage's at the top.
        try project.write("public/manifest.json", "{\"pages\": [\n{\"name\": 1}\n]}\n")
        #expect(project.build().status == 2)
        #expect(FileManager.default.fileExists(atPath: project.output + "/static/app.js"))
    }

    @Test("Files added to a built site (CNAME, downloads/, .well-known/) make the next build refuse, naming them")
    func addedFilesAreNeverRemoved() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        try project.write("public/CNAME", "example.org\n")
        try project.write("public/downloads/guide.pdf", "%PDF-1.4\n")
        try project.write("public/.well-known/security.txt", "Contact: https://example.org/security\n")
        try project.write("public/ana-lima/notes.txt", "mine\n")
        let before = ScratchProject.snapshot(project.output)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains(
            "refusing to replace '\(project.output)': 4 files in it were not written by vantage: '.well-known/security.txt', "
                + "'CNAME', 'ana-lima/notes.txt', 'downloads/guide.pdf'; put files the site should carry in static/ in the content folder"),
            "\(result.err)")
        #expect(ScratchProject.snapshot(project.output) == before)
        // Top-level dot-files are the output's own and are carried over.
        try FileManager.default.removeItem(atPath: project.output)
        #expect(project.build().status == 0)
        try project.write("public/.nojekyll", "")
        #expect(project.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: project.output + "/.nojekyll"))
    }

    @Test("content/static/ is copied verbatim into every build; a file removed from it leaves the site")
    func staticFiles() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/static/CNAME", "example.org\n")
        try project.write("content/static/downloads/guide.pdf", "%PDF-1.4 \u{1}\u{2}\n")
        try project.write("content/static/.well-known/security.txt", "Contact: https://example.org/security\n")
        let first = project.build()
        #expect(first.status == 0, "\(first.err)")
        #expect(FileManager.default.contents(atPath: project.output + "/CNAME") == Data("example.org\n".utf8))
        #expect(FileManager.default.fileExists(atPath: project.output + "/.well-known/security.txt"))
        let marker = try #require(SiteMarker.read(output: project.output))
        #expect(marker.files.isSuperset(of: ["CNAME", "downloads/guide.pdf", ".well-known/security.txt"]))
        // Nothing of the machine: the store's path could hold a user name or an email.
        let bytes = try #require(FileManager.default.contents(atPath: project.output + "/" + SiteMarker.name))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"tool":"vantage","format":1,"umask":""#))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("store"))
        let again = project.build()
        #expect(again.status == 0 && again.out.contains(" 0 written, "), "\(again.out)")
        try FileManager.default.removeItem(atPath: project.content + "/static/CNAME")
        #expect(project.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: project.output + "/CNAME"))
        #expect(FileManager.default.fileExists(atPath: project.output + "/downloads/guide.pdf"))
    }

    /// A top-level dot-file from `content/static/` is the build's, not the output's own: a
    /// changed one had its old bytes put back by the carrying of the output's dot-files, and a
    /// removed one was carried for ever. The output's own (`.nojekyll`, put there by hand) stay.
    @Test("A static dot-file changes and goes with content/static/; the output's own dot-files stay")
    func staticDotFilesFollowTheContent() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/static/.htaccess", "one\n")
        #expect(project.build().status == 0)
        try Data("own\n".utf8).write(to: URL(fileURLWithPath: project.output + "/.nojekyll"))
        try project.write("content/static/.htaccess", "two\n")
        let changed = project.build()
        #expect(changed.status == 0, "\(changed.err)")
        #expect(FileManager.default.contents(atPath: project.output + "/.htaccess") == Data("two\n".utf8))
        #expect(FileManager.default.contents(atPath: project.output + "/.nojekyll") == Data("own\n".utf8))
        try FileManager.default.removeItem(atPath: project.content + "/static/.htaccess")
        #expect(project.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: project.output + "/.htaccess"))
        #expect(FileManager.default.contents(atPath: project.output + "/.nojekyll") == Data("own\n".utf8))
        #expect(project.build(["--full"]).status == 0)
        #expect(FileManager.default.contents(atPath: project.output + "/.nojekyll") == Data("own\n".utf8))
    }

    @Test("A static file is checked like every file: its name, its kind, its place, its text", arguments: [
        ("static/index.html", "x", "content/static/index.html: the site has its own 'index.html'"),
        ("static/ana-lima/x.txt", "x", "content/static/ana-lima/x.txt: the site has its own 'ana-lima/'"),
        ("static/manifest.json", "{}", "content/static/manifest.json: the site has its own 'manifest.json'"),
        // A shard's record: a whole site that published one was taken for a shard, and a part
        // replaced it (`SiteBuild.refusePartOverWhole`).
        ("static/shard.json", "{}", "content/static/shard.json: the site has its own 'shard.json'"),
        ("static/a b.txt", "x", "content/static/a b.txt: a file name may hold only A-Z, a-z, 0-9 and . _ ~ + -"),
        ("static/contact.txt", "Write to us:\n  ana@example.com\n", "content/static/contact.txt:2:3: error: an email address or a phone number"),
        ("static/call.txt", "call (415) 555-0100", "content/static/call.txt:1:6: error: an email address or a phone number"),
        ("static/page.html", "<p>not XHTML", "page.html:"),
        // A server sends these as pages too, so they are named as the pages the build checks.
        ("static/legacy.htm", "<p onclick=\"alert(1)\">x", "content/static/legacy.htm: a page is named .html (in lower case), which the build checks"),
        ("static/docs/a.xhtml", "<p>x</p>", "content/static/docs/a.xhtml: a page is named .html (in lower case)"),
        ("static/SHOUT.HTML", "<p>x</p>", "content/static/SHOUT.HTML: a page is named .html (in lower case)"),
        ("static/ssi.shtml", "<p>x</p>", "content/static/ssi.shtml: a page is named .html (in lower case)"),
        ("static/a.xht", "<p>x</p>", "content/static/a.xht: a page is named .html (in lower case)"),
        ("static/a.xhtm", "<p>x</p>", "content/static/a.xhtm: a page is named .html (in lower case)"),
        // A path is published as a file is: the export's phones in it, in any form.
        ("static/downloads/4155550100.txt", "x", "content/static/downloads/4155550100.txt: error: the path holds a phone number of the export"),
        ("static/+1-415-555-0100.txt", "x", "content/static/+1-415-555-0100.txt: error: the path holds a phone number of the export"),
        ("static/415.555.0100/readme.txt", "x", "content/static/415.555.0100/readme.txt: error: the path holds a phone number of the export"),
    ])
    func staticFileChecks(_ path: String, _ text: String, _ message: String) throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/" + path, text)
        let result = project.build()
        #expect(result.status != 0)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.output))
    }

    /// A located error starts the line with its place, as the content folder was given: a
    /// static file's (it was an absolute path, after the step's name and without `error:`) and
    /// a template's (after "compile the templates in …: "), for editors and CI matchers.
    @Test func locatedBuildErrorsStartWithTheirPlace() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/static/contact.txt", "Write to us:\n  ana@example.com\n")
        let process = try VantageExecutable.start(
            ["build", "--content", "content", "--templates", templatesFolder, "--out", "public", "--db", "store.sqlite"],
            logs: project.folder, name: "build", directory: project.folder)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(VantageExecutable.errors(project.folder, name: "build").hasPrefix(
            "content/static/contact.txt:2:3: error: an email address or a phone number of the export; "))
        try FileManager.default.removeItem(atPath: project.content + "/static")
        let templates = project.folder.appendingPathComponent("templates").path
        try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        let page = templates + "/pages/settings.mustache"
        try (String(contentsOfFile: page, encoding: .utf8) + "{{/main}}\n").write(toFile: page, atomically: true, encoding: .utf8)
        let result = project.build(["--templates", templates])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(page + ":"), "\(result.err)")
        #expect(result.err.contains(": error: "))
    }

    /// A static file that is not UTF-8 was published unscanned: Latin-1 text, UTF-8 with a NUL
    /// byte, UTF-16 and UTF-32 with and without a byte-order mark are read as text and refused
    /// at the address; a binary file (an image: one byte in eight a control byte) is published.
    @Test func staticFilesInOtherEncodingsAreScannedToo() throws {
        let line = "caf\u{E9}: ana@example.com"
        func utf16(_ text: String, big: Bool, mark: Bool) -> [UInt8] {
            let units: [UInt16] = (mark ? [0xFEFF] : []) + Array(text.utf16)
            var bytes: [UInt8] = []
            for unit in units {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                bytes += big ? [high, low] : [low, high]
            }
            return bytes
        }
        let files: [(String, [UInt8])] = [
            ("latin1.txt", Array("caf".utf8) + [0xE9] + Array(": ana@example.com".utf8)),
            ("nul.txt", Array("café".utf8) + [0] + Array(": ana@example.com".utf8)),
            ("utf16le.txt", utf16(line, big: false, mark: true)),
            ("utf16be.txt", utf16(line, big: true, mark: false)),
            ("utf32.txt", [0xFF, 0xFE, 0, 0] + line.unicodeScalars.flatMap { scalar -> [UInt8] in
                let v = scalar.value
                return [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
            }),
        ]
        for (name, bytes) in files {
            let project = try ScratchProject()
            defer { project.remove() }
            let path = project.content + "/static/" + name
            try FileManager.default.createDirectory(atPath: project.content + "/static", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = project.build()
            #expect(result.status != 0, "\(name)")
            #expect(result.err.contains("content/static/\(name):1:"), "\(name): \(result.err)")
            #expect(result.err.contains("an email address or a phone number"), "\(name): \(result.err)")
        }
        // Bytes of an image: every byte value alike, the address's bytes among them.
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.content + "/static", withIntermediateDirectories: true)
        var noise: [UInt8] = []
        for index in 0..<4096 { noise.append(UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 7)) }
        noise += Array("ana@example.com".utf8)
        try Data(noise).write(to: URL(fileURLWithPath: project.content + "/static/photo.png"))
        #expect(project.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: project.output + "/photo.png"))
    }

    /// The viewers' folders are written on other threads while the static files are copied:
    /// a person's folder is refused by name whether or not it is on disk yet, and a
    /// manifest-only build (which writes neither) refuses what a full build refuses.
    @Test("A static file in a person's folder or in assets/ is refused by every kind of build", arguments: [
        ("static/ana-lima/x.txt", ["--manifest-only"], "content/static/ana-lima/x.txt: the site has its own 'ana-lima/'"),
        ("static/assets/x.css", ["--manifest-only"], "content/static/assets/x.css: the site has its own 'assets/'"),
        ("static/bo-berg/x.txt", ["--viewers", "ana-lima"], "content/static/bo-berg/x.txt: the site has its own 'bo-berg/'"),
    ])
    func staticFileTakenByEveryBuild(_ path: String, _ options: [String], _ message: String) throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/" + path, "x")
        let result = project.build(options)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.output + "/manifest.json"))
    }

    @Test("A symbolic link in content/static/ is refused: it could publish a file from anywhere")
    func staticSymlink() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.content + "/static", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.content + "/static/passwd", withDestinationPath: "/etc/passwd")
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("static/passwd: only files and folders are copied into the site, and this is a symbolic link"))
    }

    @Test("content/static itself a symbolic link is refused, said to be one (it was 'not a folder')")
    func staticFolderSymlink() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("elsewhere/robots.txt", "User-agent: *\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.content + "/static", withDestinationPath: project.folder.appendingPathComponent("elsewhere").path)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("/static: a symbolic link; the static files are copied from a folder of the content itself"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.output + "/manifest.json"))
    }

    @Test("A symbolic --out is built beside its target and swapped there; the link stays a link, only the back buffer is beside the target")
    func symlinkedOutput() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let served = project.folder.appendingPathComponent("srv/www").path
        #expect(project.build(out: served).status == 0)
        try FileManager.default.createSymbolicLink(atPath: project.output, withDestinationPath: served)
        try project.write("content/site.json", #"{"title": "Renamed", "buildDate": "2026-05-10T12:00:00Z"}"#)
        let result = project.build()
        #expect(result.status == 0, "\(result.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.output) == served)
        #expect(String(decoding: FileManager.default.contents(atPath: served + "/index.html") ?? Data(), as: UTF8.self).contains("Renamed"))
        #expect(project.topLevel == ["content", "public", "srv", "store"])
        // Beside the target only its back buffer (the build before), never beside the link.
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.appendingPathComponent("srv").path).sorted() == [".www.building", "www"])
    }

    @Test("A symbolic --out to a folder vantage did not build is refused and nothing is deleted through it")
    func symlinkToForeignFolder() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let served = project.folder.appendingPathComponent("www").path
        for index in 0..<50 { try project.write("www/page-\(index).html", "<p>\(index)</p>") }
        try FileManager.default.createSymbolicLink(atPath: project.output, withDestinationPath: served)
        let before = ScratchProject.snapshot(served)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("refusing to replace"), "\(result.err)")
        #expect(ScratchProject.snapshot(served) == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.output) == served)
        #expect(project.topLevel == ["content", "public", "www"])
        // A dangling link is refused too.
        try FileManager.default.removeItem(atPath: project.output)
        try FileManager.default.createSymbolicLink(atPath: project.output, withDestinationPath: project.folder.path + "/gone")
        let dangling = project.build()
        #expect(dangling.status == 2)
        #expect(dangling.err.contains("is a symbolic link to '\(project.folder.path)/gone', which does not exist"), "\(dangling.err)")
    }

    @Test("A .public.building that is a symbolic link is removed as a link, never followed nor used as the back buffer")
    func staleStagingLink() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("precious/keep.txt", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.appendingPathComponent(".public.building").path,
            withDestinationPath: project.folder.appendingPathComponent("precious").path)
        #expect(project.build().status == 0)
        #expect(FileManager.default.contents(atPath: project.folder.path + "/precious/keep.txt") == Data("keep".utf8))
        // The link was replaced by a real folder (the back buffer), the link's target untouched.
        var info = stat()
        #expect(lstat(project.folder.path + "/.public.building", &info) != 0)  // a first build: no back buffer yet
        #expect(project.build().status == 0)
        #expect(lstat(project.folder.path + "/.public.building", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.path + "/precious") == ["keep.txt"])
    }

    @Test("An --out inside the content (or the templates) is refused before anything is written", arguments: [
        "content/reviews/x.json", "content", "content/static", "clink/pub", "clink/new/pub",
    ])
    func outputInsideInputs(_ out: String) throws {
        let project = try ScratchProject()
        defer { project.remove() }
        // A link to the content: a folder not made yet under it is inside the content.
        try FileManager.default.createSymbolicLink(atPath: project.folder.path + "/clink", withDestinationPath: "content")
        let before = ScratchProject.snapshot(project.content)
        let result = project.build(out: project.folder.appendingPathComponent(out).path)
        #expect(result.status == 2)
        #expect(result.err.contains("is inside the content") || result.err.contains("holds the content"), "\(result.err)")
        #expect(ScratchProject.snapshot(project.content) == before)
        #expect(!FileManager.default.fileExists(atPath: project.store))
    }

    /// A mount point cannot be swapped by renaming: refused before anything is imported (the
    /// build rendered everything and failed at the swap). `/proc` is one on every Linux.
    @Test("An --out that is a mount point is refused up front")
    func mountPointsAreRefused() throws {
        #expect(throws: Diagnostic.self) { try OutputFolder.refuseMountPoint("/proc", shownAs: "/proc") }
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("public/.gitkeep", "")
        try OutputFolder.refuseMountPoint(project.output, shownAs: "public")
        let result = project.build(out: "/proc")
        #expect(result.status == 2)
        #expect(result.err.contains("error: the output '/proc' is a mount point"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.store))
    }

    /// An --out under a file (`notes.txt/public`) can never be made: refused before anything is
    /// imported, naming the file (the import had run, then the folder failed to be made).
    @Test("An --out under a file is refused up front, naming the file")
    func anOutputUnderAFileIsRefused() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("notes.txt", "x")
        let result = project.build(out: project.folder.path + "/notes.txt/deeper/public")
        #expect(result.status == 2)
        #expect(result.err.contains("error: the output '\(project.folder.path)/notes.txt/deeper/public' cannot be made: '"), "\(result.err)")
        #expect(result.err.contains("/notes.txt' is a file, not a folder; choose another --out"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: project.store))
    }

    /// The output's top-level dot-files are carried into every new site: one holding a phone
    /// or an email of the export is refused as a static file is, and nothing is published.
    @Test("A carried dot-file with a phone or an email of the export is refused")
    func carriedDotFilesAreHeldToThePrivacyRule() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("public/.nojekyll", "")
        try project.write("public/.notes", "call Ana: 415 555 0100\n")
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("/public/.notes:1:11: error: an email address or a phone number of the export, in a file the build keeps"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.output).sorted() == [".nojekyll", ".notes"])
        try project.write("public/.notes", "call Ana\n")
        #expect(project.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: project.output + "/.notes"))
    }

    /// A carried dot-file is published by its name too: a name holding an export phone, a name
    /// `vantage check` would refuse (a line feed, U+200B, a byte that is not UTF-8), and a page
    /// no build checks are refused, naming the file (before: published, the name's phone
    /// unmasked, and the new site failed `vantage check`).
    @Test("A carried dot-file whose name publishes a phone, or that check would refuse, is refused by name")
    func carriedDotFileNamesAreHeldToTheRules() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let cases: [([UInt8], String)] = [
            (Array(".+1 415 555 0100".utf8), "/public/.+1 415 555 0100: error: the name holds a phone number or an email of the export"),
            (Array(".draft.html".utf8), "/public/.draft.html: error: a page the build did not write, which it would keep in the site unchecked"),
            (Array(".nl\nx".utf8), "/public/.nl\\nx: a file the build keeps in the site whose name no report can show as it is"),
            (Array(".zw\u{200B}".utf8), "/public/.zw\\u{200B}: a file the build keeps in the site whose name no report can show as it is"),
            (Array(".bad".utf8) + [0xFF], "/public/.bad\\xff: a file the build keeps in the site whose name no report can show as it is"),
        ]
        let before = ScratchProject.snapshot(project.output)
        for (name, message) in cases {
            let path = (Array(project.output.utf8) + [0x2F] + name + [0]).map { CChar(bitPattern: $0) }
            let descriptor = path.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            try #require(descriptor >= 0)
            close(descriptor)
            let result = project.build()
            #expect(result.status == 2, "\(message)")
            #expect(result.err.contains(message), "\(result.err)")
            _ = path.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            #expect(ScratchProject.snapshot(project.output) == before, "\(message): the site as it was")
        }
        #expect(project.build().status == 0)
    }

    /// A pipe where the output's manifest.json or marker should be is no file: the build goes on
    /// or refuses, at once (before: it opened the pipe and waited for a writer for ever).
    @Test("A pipe for the output's manifest or marker does not block the build")
    func aPipeInTheOutputDoesNotBlock() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        try FileManager.default.removeItem(atPath: project.output + "/manifest.json")
        #expect(mkfifo(project.output + "/manifest.json", 0o644) == 0)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.err.contains("its manifest.json is missing"), "\(result.err)")
        try FileManager.default.removeItem(atPath: project.output + "/manifest.json")
        try FileManager.default.removeItem(atPath: project.output + "/.vantage-site")
        #expect(mkfifo(project.output + "/.vantage-site", 0o644) == 0)
        #expect(project.build().status == 2)
    }

    /// The build empties `.NAME.building` (and `.NAME.building.old`) beside the output: an input
    /// kept there is refused before anything is imported or removed (the content was deleted).
    @Test("Inputs in the output's staging folder are refused, and left as they are")
    func inputsInTheStagingFolder() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let staged = project.folder.appendingPathComponent(".site.building").path
        try FileManager.default.moveItem(atPath: project.content, toPath: staged)
        let before = ScratchProject.snapshot(staged)
        let console = Console.capturing()
        let status = VantageCLI.run(["build", "--content", staged, "--templates", templatesFolder,
                                     "--out", project.folder.appendingPathComponent("site").path, "--db", project.store], console: console)
        let result = (status: status, err: console.standardError)
        #expect(result.status == 2)
        #expect(result.err.contains("is in '\(staged)', where the build of"), "\(result.err)")
        #expect(ScratchProject.snapshot(staged) == before)
        #expect(!FileManager.default.fileExists(atPath: project.store))
        for (name, path) in [("templates", "x/.o.building/templates"), ("store", "x/.o.building.old/s.sqlite"), ("store", "x/.o.building")] {
            #expect(throws: Diagnostic.self, "\(path)") {
                try SiteBuild.checkOutput(project.folder.path + "/x/o", against: [(name, project.folder.path + "/" + path)])
            }
        }
        try SiteBuild.checkOutput(project.folder.path + "/x/o", against: [("store", project.folder.path + "/x/.o.buildings/s.sqlite")])
    }

    /// With the marker there, a manifest that is gone or not vantage's leaves the build unable to
    /// tell its pages from anyone's: refused, saying which, and nothing changed.
    @Test("A site whose manifest.json was removed or edited is refused, saying which")
    func manifestRemovedOrEdited() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let manifest = project.output + "/manifest.json"
        for (change, what) in [
            ({ try FileManager.default.removeItem(atPath: manifest) }, "its manifest.json is missing (removed by hand?)"),
            ({ try Data("{}".utf8).write(to: URL(fileURLWithPath: manifest)) },
             "its manifest.json is no longer in vantage's format (edited by hand?)"),
        ] as [(() throws -> Void, String)] {
            try change()
            let before = ScratchProject.snapshot(project.output)
            let result = project.build()
            #expect(result.status == 2)
            #expect(result.err.contains("refusing to replace '\(project.output)': vantage built it, but \(what), so which of its "
                + "files are vantage's is not known; remove the folder or choose another --out"), "\(result.err)")
            #expect(ScratchProject.snapshot(project.output) == before)
        }
    }

    @Test("A failed first build leaves no folder behind: neither the store's (nested) folders nor a lock file")
    func failedFirstBuild() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try project.write("content/site.json", #"{"pageSize": 0}"#)
        let store = project.folder.appendingPathComponent("deep/er/state/store.sqlite").path
        let result = project.build(db: store)
        #expect(result.status == 2)
        #expect(project.topLevel == ["content"], "\(project.topLevel)")
    }
}
