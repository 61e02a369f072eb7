import Foundation
import Testing

@testable import Render

/// A build that fails or is killed midway leaves the previous site exactly as it was; the same
/// inputs give the same bytes whatever the machine's time zone and language.
@Suite("Atomic and reproducible builds", .serialized)
struct AtomicBuildTests {
    /// A scratch folder with a copy of the templates that a test may break.
    struct Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        var templates: String { folder.appendingPathComponent("templates").path }
        var output: String { folder.appendingPathComponent("public").path }
        var store: String { folder.appendingPathComponent("store.sqlite").path }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: templatesFolder, toPath: templates)
        }

        func edit(_ template: String, _ change: (String) -> String) throws {
            let path = templates + "/" + template
            try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Every file of the output with its bytes.
        func snapshot() -> [String: Data] {
            var files: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: output)
            while let path = walker?.nextObject() as? String {
                if let data = FileManager.default.contents(atPath: output + "/" + path) { files[path] = data }
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The `vantage` executable `swift test` built beside this test binary: the children are
    /// the real command line, so the test can kill a build like any process.
    static func vantageExecutable() throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test binary may sit inside a bundle folder (`VantagePackageTests.xctest/...`).
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder = folder.deletingLastPathComponent()
        }
        let executable = folder.appendingPathComponent("vantage")
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "no vantage executable beside the test binary at \(executable.path): run swift build")
        return executable
    }

    /// Starts `vantage build` over the sample content into the scratch folder, in a child process.
    func childBuild(_ scratch: Scratch, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.vantageExecutable()
        process.arguments = [
            "build", "--content", repositoryRoot.appendingPathComponent("content").path, "--templates", scratch.templates,
            "--out", scratch.output, "--db", scratch.store,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A scratch copy of the templates and the small fixture store, built once into the
    /// scratch output, with that output's files.
    private func builtScratch() throws -> (Scratch, FixtureStore, SiteBuild.Options, [String: Data]) {
        let scratch = try Scratch()
        do {
            let fixture = try FixtureStore(sql: smallStoreSQL)
            let options = SiteBuild.Options(store: fixture.path, templates: scratch.templates, output: scratch.output)
            do {
                _ = try SiteBuild.run(options, tuning: SiteBuild.Tuning(workers: 2))
            } catch {
                fixture.remove()
                throw error
            }
            return (scratch, fixture, options, scratch.snapshot())
        } catch {
            scratch.remove()
            throw error
        }
    }

    @Test("A build that fails midway on a bad template leaves the previous site untouched and nothing beside it")
    func failedBuild() throws {
        let (scratch, fixture, options, before) = try builtScratch()
        defer { scratch.remove(); fixture.remove() }
        // The quote lists come after the idea lists of each viewer: pages were already written.
        try scratch.edit("pages/quotes.mustache") { $0.replacingOccurrences(of: "{{>partials/pager}}", with: "{{noSuchValue}}") }
        #expect {
            _ = try SiteBuild.run(options, tuning: SiteBuild.Tuning(workers: 2))
        } throws: { error in
            "\(error)".contains("templates/pages/quotes") || "\(error)".contains("pages/quotes")
        }
        #expect(scratch.snapshot() == before)
        // Beside it at most the back buffer (the build before, kept for the next one): here the
        // error is met while planning the output (rendering a sample of the people in memory),
        // before the back buffer is prepared.
        let beside = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).sorted()
        #expect(beside.filter { $0 != ".public.building" } == ["public", "templates"], "\(beside)")
    }

    @Test("A template holding the mask's marker is refused where it is written, before anything is built")
    func markerInATemplate() throws {
        // U+FDD0 marks hidden phones and emails on a rendered page; in a template it would be
        // shown as the masked text on every page, and no page check could tell.
        let (scratch, fixture, options, before) = try builtScratch()
        defer { scratch.remove(); fixture.remove() }
        try scratch.edit("partials/quote.mustache") {
            $0.replacingOccurrences(of: "<p class=\"quote-hearers\">", with: "<p class=\"quote-hearers\">" + String(Character(PersonalDataMask.marker)) + " ")
        }
        #expect {
            _ = try SiteBuild.run(options, tuning: SiteBuild.Tuning(workers: 2))
        } throws: { error in
            "\(error)".contains("partials/quote.mustache:4:26: error: U+FDD0 cannot be in a template")
        }
        #expect(scratch.snapshot() == before)
    }

    @Test("A catalog broken far along one long line: the build's error quotes that part of the line, the caret under the place")
    func catalogOnOneLine() throws {
        let (scratch, fixture, options, before) = try builtScratch()
        defer { scratch.remove(); fixture.remove() }
        // The catalog minified onto one line (over 100 KB), a second comma between two members
        // some 30,000 characters in.
        var column = 0
        try scratch.edit("Localizable.xcstrings") { text in
            var line = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            let members = line.ranges(of: "},\"").filter { line.distance(from: line.startIndex, to: $0.lowerBound) > 30_000 }
            let comma = line.index(members[0].lowerBound, offsetBy: 2)
            line.insert(",", at: comma)
            // The second comma's column, in Unicode scalars as messages count them.
            column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: comma) + 1
            return line
        }
        var message = ""
        #expect {
            _ = try SiteBuild.run(options, tuning: SiteBuild.Tuning(workers: 2))
        } throws: { error in
            message = "\(error)"
            return true
        }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 3, "\(message)")
        #expect(lines[0].hasPrefix("\(scratch.templates)/Localizable.xcstrings:1:\(column): error: expected "), "\(lines[0])")
        #expect(lines[1].hasPrefix("    …") && lines[1].hasSuffix("…") && lines[1].contains("},,\""), "an excerpt: \(lines[1])")
        // The caret stands under the second comma.
        let caret = try #require(lines[2].firstIndex(of: "^"))
        let under = lines[2].distance(from: lines[2].startIndex, to: caret)
        try #require(under + 1 < lines[1].count, "the caret is past the excerpt:\n\(lines[1])\n\(lines[2])")
        #expect(Array(lines[1])[under - 1 ... under + 1] == [",", ",", "\""], "\(lines[1])\n\(lines[2])")
        #expect(scratch.snapshot() == before)
    }

    @Test("Through the API too, a part does not replace the whole site of the last build, and the site is as it was")
    func partOverWholeThroughTheAPI() throws {
        let (scratch, fixture, options, before) = try builtScratch()
        defer { scratch.remove(); fixture.remove() }
        for (scope, manifestOnly) in [(SiteBuild.Scope.viewers(["ana-lima"]), false), (.everyone, true)] {
            var part = options
            part.scope = scope
            part.manifestOnly = manifestOnly
            #expect(throws: SiteBuild.PartOverWhole.self) { _ = try SiteBuild.run(part, tuning: SiteBuild.Tuning(workers: 2)) }
            #expect(scratch.snapshot() == before)
        }
    }

    @Test("A build killed midway leaves the previous site untouched; the next build completes and clears the leftovers")
    func killedBuild() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try childBuild(scratch)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let before = scratch.snapshot()
        #expect(before.count > 1000)
        try scratch.edit("assets/site.css") { $0 + "\n/* changed */\n" }
        try scratch.edit("layout.mustache") { $0.replacingOccurrences(of: "<main id=\"main\">", with: "<main id=\"main\" class=\"changed\">") }

        let staging = scratch.folder.appendingPathComponent(".public.building").path
        let second = try childBuild(scratch)
        var stagedFiles = 0
        let deadline = Date().addingTimeInterval(60)
        while second.isRunning, Date() < deadline {
            stagedFiles = (FileManager.default.enumerator(atPath: staging)?.allObjects.count) ?? 0
            if stagedFiles >= 100 { break }
            usleep(2_000)
        }
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        #expect(second.terminationReason == .uncaughtSignal, "the build finished before it could be killed")
        #expect(stagedFiles >= 100)
        #expect(scratch.snapshot() == before, "the previous site changed")
        #expect(FileManager.default.fileExists(atPath: staging))

        let third = try childBuild(scratch)
        third.waitUntilExit()
        #expect(third.terminationStatus == 0)
        // The staging folder is now the back buffer: the first build's site, nothing of the killed one.
        #expect(!String(decoding: FileManager.default.contents(atPath: staging + "/index.html") ?? Data(), as: UTF8.self)
            .contains("class=\"changed\""))
        #expect(FileManager.default.contents(atPath: staging + "/manifest.json") == before["manifest.json"])
        let after = scratch.snapshot()
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(String(decoding: after["index.html"] ?? Data(), as: UTF8.self).contains("class=\"changed\""))
    }

    @Test("The machine's time zone and language never reach the output")
    func machineIndependent() throws {
        let here = try Scratch()
        defer { here.remove() }
        let there = try Scratch()
        defer { there.remove() }
        let plain = try childBuild(here, environment: ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"])
        plain.waitUntilExit()
        let exotic = try childBuild(
            there, environment: ["TZ": "Pacific/Kiritimati", "LANG": "ar_EG.UTF-8", "LC_ALL": "ja_JP.UTF-8"])
        exotic.waitUntilExit()
        #expect(plain.terminationStatus == 0 && exotic.terminationStatus == 0)
        let a = here.snapshot()
        let b = there.snapshot()
        #expect(a.count > 1000)
        #expect(a.keys.sorted() == b.keys.sorted())
        let differing = a.keys.filter { a[$0] != b[$0] }.sorted()
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
