import Foundation
import Testing

@testable import Render
@testable import VantageCore

/// The output's permissions are a function of the umask the build runs under, as its bytes are
/// of its inputs: every build, incremental or `--full`, whole or a part, leaves every file and
/// folder with the modes a clean build gives under its umask, whatever the builds before it ran
/// under (`SiteWriter+Modes`). A umask is the whole process's, so the builds under another one
/// are real `vantage` children, each under its own.
@Suite("The output's modes follow the umask")
struct OutputModeTests {
    /// `vantage ARGUMENTS` in a child process under `umask`; fails the test when it fails.
    func vantage(_ arguments: [String], umask: String, in project: ScratchProject, name: String) throws {
        let process = try VantageExecutable.start(arguments, logs: project.folder, name: name, umask: umask)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name): \(VantageExecutable.errors(project.folder, name: name))")
    }

    /// `vantage build` of the project into `out` (the project's output by default).
    func build(_ project: ScratchProject, umask: String, name: String, out: String? = nil, _ extra: [String] = []) throws {
        let arguments = ["build", "--content", project.content, "--templates", templatesFolder, "--out", out ?? project.output,
                         "--db", project.store] + extra
        try vantage(arguments, umask: umask, in: project, name: name)
    }

    /// The permission bits (octal) of every file and folder under `root`, `root` itself as
    /// `"./"`, a folder's path ending in "/".
    static func modes(_ root: String) -> [String: String] {
        var info = stat()
        var modes: [String: String] = [:]
        if lstat(root, &info) == 0 { modes["./"] = String(info.st_mode & 0o7777, radix: 8) }
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            modes[path + (isFolder ? "/" : "")] = String(info.st_mode & 0o7777, radix: 8)
        }
        return modes
    }

    /// The distinct modes of the files and of the folders under `root`: `["600"]`, `["700"]`
    /// for a site built under umask 077.
    static func distinctModes(_ root: String) -> (files: Set<String>, folders: Set<String>) {
        let modes = modes(root)
        return (Set(modes.filter { !$0.key.hasSuffix("/") }.values), Set(modes.filter { $0.key.hasSuffix("/") }.values))
    }

    /// Expects every file of `root` to have the mode `file` and every folder (`root` too) `folder`.
    static func expectModes(_ root: String, file: String, folder: String, _ when: String) {
        let (files, folders) = distinctModes(root)
        #expect(files == [file], "\(when): files \(files.sorted())")
        #expect(folders == [folder], "\(when): folders \(folders.sorted())")
    }

    /// The tester's sequence: a site built once under umask 077 stayed unreadable by a web
    /// server, the top folder flipped between 700 and 755 on every `--full` build under 022, and
    /// an edit left a mix of 0600 and 0644 files.
    @Test("Every build leaves the modes a clean build gives under its umask, whatever the builds before ran under")
    func modesFollowTheUmask() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try build(project, umask: "077", name: "first")
        Self.expectModes(project.output, file: "600", folder: "700", "under 077")
        for round in 1...3 {
            try build(project, umask: "022", name: "full-\(round)", ["--full"])
            Self.expectModes(project.output, file: "644", folder: "755", "--full build \(round) under 022")
        }
        // An edit: Léa is rendered again, Ana carried over (hard-linked) and the back buffer reused.
        let quotes = project.content + "/quotes/export.json"
        let text = try String(contentsOfFile: quotes, encoding: .utf8)
        try text.replacingOccurrences(of: "know this one", with: "knew this one").write(toFile: quotes, atomically: true, encoding: .utf8)
        try build(project, umask: "022", name: "edited")
        Self.expectModes(project.output, file: "644", folder: "755", "after an edit under 022")
        for round in 1...2 {
            try build(project, umask: "077", name: "strict-\(round)")
            Self.expectModes(project.output, file: "600", folder: "700", "rebuild \(round) under 077")
        }
        try build(project, umask: "002", name: "group")
        Self.expectModes(project.output, file: "644", folder: "755", "rebuild under 002")
        // What a clean build gives under the same umask, path for path.
        let clean = project.folder.appendingPathComponent("clean").path
        try build(project, umask: "002", name: "clean", out: clean)
        #expect(Self.modes(project.output) == Self.modes(clean))
    }

    /// A part takes its modes from its own build too; a merge copies the shards' files into a
    /// site of its own umask, whatever the shards were built under.
    @Test("--viewers, --shard, --merge and --manifest-only outputs take the modes of their own build's umask")
    func partsFollowTheUmask() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        try vantage(["import", "--content", project.content, "--db", project.store], umask: "022", in: project, name: "import")
        func out(_ name: String) -> String { project.folder.appendingPathComponent(name).path }
        for k in 1...2 {
            try build(project, umask: "077", name: "shard-\(k)", out: out("shard-\(k)"), ["--no-import", "--shard", "\(k)/2"])
            Self.expectModes(out("shard-\(k)"), file: "600", folder: "700", "shard \(k) under 077")
        }
        let merge = ["--no-import", "--merge", out("shard-1"), out("shard-2")]
        try build(project, umask: "077", name: "merge-strict", out: out("merged"), merge)
        Self.expectModes(out("merged"), file: "600", folder: "700", "merge under 077")
        for round in 1...2 {
            try build(project, umask: "022", name: "merge-\(round)", out: out("merged"), merge)
            Self.expectModes(out("merged"), file: "644", folder: "755", "merge \(round) under 022 of shards built under 077")
        }
        for (name, extra) in [("viewers", ["--viewers", "ana-lima"]), ("manifest", ["--manifest-only"])] {
            try build(project, umask: "077", name: name + "-strict", out: out(name), ["--no-import"] + extra)
            Self.expectModes(out(name), file: "600", folder: "700", "\(name) under 077")
            for round in 1...2 {
                try build(project, umask: "022", name: name + "-\(round)", out: out(name), ["--no-import"] + extra)
                Self.expectModes(out(name), file: "644", folder: "755", "\(name) \(round) under 022")
            }
        }
    }

    /// A build of `files` and a manifest listing its pages into `output`, committed or abandoned.
    func write(_ files: [String: String], to output: String, commit: Bool = true) throws -> (SiteWriter, SiteWriter.Counts?) {
        let writer = try SiteWriter(output: output)
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        let manifest = "{\"pages\": [\n"
            + pages.map { "{\"path\":\"\($0)\",\"kind\":\"index\",\"sha256\":\"0\",\"bytes\":1}" }.joined(separator: ",\n") + "\n]}\n"
        for (path, text) in (files.merging(["manifest.json": manifest]) { $1 }).sorted(by: { $0.key < $1.key }) {
            try writer.write(path, bytes: Array(text.utf8))
        }
        guard commit else {
            writer.abandon()
            return (writer, nil)
        }
        return (writer, try writer.commit())
    }

    /// The cost: a rebuild under the umask the live site and the back buffer record visits no
    /// mode (docs/SCALE.md: a steady rebuild is one `fstatat` per folder); only a site or back
    /// buffer of another umask, of an older vantage, or left by a killed build is walked.
    @Test("Only a rebuild over a site or back buffer not recorded under its umask sets modes")
    func onlyAnUnrecordedUmaskSetsModes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public").path
        let site = ["index.html": "one", "a/b/page.html": "two", "a/search-index.js": "x"]
        let umask = SiteWriter.currentUmask()
        #expect(SiteMarker.read(output: try write(site, to: output).0.output)?.umask == umask)
        // The second build has no back buffer yet (made now); the third reuses it, marker and all.
        for round in 1...2 {
            let (writer, counts) = try write(site, to: output)
            #expect(!writer.bringsModes && counts?.modesSet == 0, "rebuild \(round)")
        }
        // A failed build records the back buffer's umask too: it made nothing of another.
        #expect(try !write(site.merging(["z.html": "new"]) { $1 }, to: output, commit: false).0.bringsModes)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".public.building/.vantage-site").path))
        #expect(try !write(site, to: output).0.bringsModes)
        // A killed build (no commit, no abandon) leaves no marker in the back buffer: every mode is
        // set (here all were right already).
        do {
            let killed = try SiteWriter(output: output)
            try killed.write("index.html", bytes: Array("half".utf8))
        }
        let (afterKill, counts) = try write(site, to: output)
        #expect(afterKill.bringsModes && counts?.modesSet == 0)
        // A site an older vantage built records no umask: its files are linked, and set.
        let marker = try #require(SiteMarker.read(output: output))
        try SiteWriter.create(output + "/.vantage-site", bytes: SiteMarker(files: marker.files).bytes)
        #expect(chmod(output + "/a/b/page.html", 0o600) == 0)
        let (older, set) = try write(site, to: output)
        #expect(older.bringsModes && (set?.modesSet ?? 0) >= 1)
        var info = stat()
        #expect(stat(output + "/a/b/page.html", &info) == 0 && info.st_mode & 0o777 == SiteWriter.fileMode(umask))
        #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == SiteWriter.folderMode(umask))
        #expect(SiteMarker.read(output: output)?.umask == umask)
    }

    /// The tester's sequence: `chmod 700 public` (or `chgrp`), then four `--full` builds gave
    /// 755, 700, 755, 700: the folder the user changed came back as the back buffer's root.
    @Test("Every build gives the output's own folder 0755 & ~umask and a new folder's group, whatever the user set")
    func theOutputFolderItselfTakesTheBuildsModeAndGroup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public").path
        let site = ["index.html": "one", "a/b/page.html": "two"]
        let umask = SiteWriter.currentUmask()
        for _ in 1...2 { _ = try write(site, to: output) }
        #expect(chmod(output, 0o700) == 0)
        // Another group, where this user may give one (root may; others only their own groups).
        let group = SiteWriter.newFolderGroup(in: folder.path)
        let regrouped = chown(output, uid_t.max, group == 65534 ? 0 : 65534) == 0
        var info = stat()
        for round in 1...4 {
            let (writer, _) = try write(site, to: output)
            #expect(!writer.bringsModes)
            #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == SiteWriter.folderMode(umask),
                    "build \(round): \(String(info.st_mode & 0o777, radix: 8))")
            if regrouped { #expect(info.st_gid == group, "build \(round): group \(info.st_gid)") }
        }
        // A steady rebuild sets nothing.
        #expect(try write(site, to: output).1?.modesSet == 0)
    }

    @Test("The marker records the umask as three octal digits and reads it back")
    func markerRecordsTheUmask() throws {
        let marker = SiteMarker(files: ["a/search-index.js"], umask: 0o022)
        #expect(String(decoding: marker.bytes, as: UTF8.self)
            == #"{"tool":"vantage","format":1,"umask":"022","files":["a/search-index.js"]}"# + "\n")
        #expect(SiteMarker.octal("077") == 0o077 && SiteMarker.octal("22") == nil && SiteMarker.octal("089") == nil)
        #expect(SiteWriter.sameModes(0o022, 0o002) && !SiteWriter.sameModes(0o022, 0o077) && !SiteWriter.sameModes(nil, 0o022))
    }
}
