import Foundation
import Testing
import VantageCore

@testable import Render

/// Builds in real child processes (the real `vantage` executable): two builds never write the
/// same output or the same store at once (each takes an `flock`, and the second is refused
/// naming the first), and a `kill -9` at any moment leaves the live site exactly the old one
/// or the new one.
@Suite("Concurrent and killed builds", .serialized)
struct ConcurrentBuildTests {
    var sampleContent: String { repositoryRoot.appendingPathComponent("content").path }

    func arguments(_ project: ScratchProject, out: String? = nil, db: String? = nil) -> [String] {
        ["build", "--content", project.content, "--templates", templatesFolder, "--out", out ?? project.output,
         "--db", db ?? project.store]
    }

    /// True when every page of the manifest at `output` is there with its recorded digest and
    /// size, and every file of the folder is the manifest's or the marker's.
    static func isConsistent(_ output: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: output + "/manifest.json"),
            let marker = SiteMarker.read(output: output),
            case .object(let manifest)? = try? JSONParser.parse([UInt8](data), file: "manifest.json")
        else { return false }
        var listed: Set<String> = [SitePath.manifest, SiteMarker.name]
        for page in manifest["pages"]?.arrayValue ?? [] {
            guard let path = page.objectValue?["path"]?.stringValue, let digest = page.objectValue?["sha256"]?.stringValue,
                let bytes = FileManager.default.contents(atPath: output + "/" + path),
                SHA256.hex([UInt8](bytes)) == digest
            else { return false }
            listed.insert(path)
        }
        listed.formUnion(marker.files)
        let files = Set(ScratchProject.snapshot(output).keys.filter { !$0.hasSuffix("/") })
        return files == listed
    }

    @Test("A build is refused while another process holds the output's lock, and the message names the holder")
    func heldOutputLock() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let before = ScratchProject.snapshot(project.output)
        let lock = try BuildLock.acquire(BuildLock.outputLockPath(project.output), what: "test")
        let child = try VantageExecutable.start(arguments(project), logs: project.folder, name: "held")
        child.waitUntilExit()
        lock.release()
        #expect(child.terminationStatus == 2)
        let errors = VantageExecutable.errors(project.folder, name: "held")
        #expect(errors.contains("the output folder '\(project.output)' is in use by another vantage (pid \(getpid()): "), "\(errors)")
        #expect(ScratchProject.snapshot(project.output) == before)
        let again = try VantageExecutable.start(arguments(project), logs: project.folder, name: "again")
        again.waitUntilExit()
        #expect(again.terminationStatus == 0, "\(VantageExecutable.errors(project.folder, name: "again"))")
        #expect(!FileManager.default.fileExists(atPath: BuildLock.outputLockPath(project.output)))
    }

    @Test("A build is refused while another process holds the store's lock, before the import touches it")
    func heldStoreLock() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let store = try #require(FileManager.default.contents(atPath: project.store))
        let lock = try BuildLock.acquire(BuildLock.storeLockPath(project.store), what: "test")
        try project.write("content/site.json", #"{"title": "Changed", "buildDate": "2026-05-10T12:00:00Z"}"#)
        let child = try VantageExecutable.start(
            arguments(project, out: project.folder.appendingPathComponent("other").path), logs: project.folder, name: "held")
        child.waitUntilExit()
        lock.release()
        #expect(child.terminationStatus == 2)
        let errors = VantageExecutable.errors(project.folder, name: "held")
        #expect(errors.contains("the store '\(project.store)' is in use by another vantage (pid \(getpid()): "), "\(errors)")
        #expect(FileManager.default.contents(atPath: project.store) == store)
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("other").path))
    }

    @Test("The store named through a symbolic link is the same store: its lock holds")
    func storeLockThroughALink() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let alias = project.folder.appendingPathComponent("alias.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: project.store)
        let store = try #require(FileManager.default.contents(atPath: project.store))
        let lock = try BuildLock.acquire(BuildLock.storeLockPath(project.store), what: "test")
        try project.write("content/site.json", #"{"title": "Changed", "buildDate": "2026-05-10T12:00:00Z"}"#)
        let child = try VantageExecutable.start(
            arguments(project, out: project.folder.appendingPathComponent("other").path, db: alias), logs: project.folder, name: "alias")
        child.waitUntilExit()
        lock.release()
        #expect(child.terminationStatus == 2)
        let errors = VantageExecutable.errors(project.folder, name: "alias")
        #expect(errors.contains("is in use by another vantage (pid \(getpid()): "), "\(errors)")
        #expect(FileManager.default.contents(atPath: project.store) == store)
    }

    /// A store not yet made in a folder reached through a symbolic link (a CI cache linked as
    /// `.vantage`): the command line locked `link/store.sqlite.lock` before the import made the
    /// store, the build `real/store.sqlite.lock` after, and the first build failed, naming its
    /// own pid as "another vantage". One name before and after, so the first build succeeds.
    @Test("The first build into a store in a linked folder takes one lock, not two")
    func firstBuildIntoALinkedFolder() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        let cache = project.folder.appendingPathComponent("cache").path
        let linked = project.folder.appendingPathComponent("linked").path
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: "cache")
        let store = linked + "/sub/../store.sqlite"
        #expect(BuildLock.storeLockPath(store) == BuildLock.storeLockPath(cache + "/store.sqlite"))
        #expect(BuildLock.storeLockPath(linked + "/new/store.sqlite") == PathText.resolved(cache) + "/new/store.sqlite.lock")
        // A link to a store not made yet (dangling until the import makes it) is locked by the
        // name the store will have.
        let dangling = project.folder.appendingPathComponent("dangling.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "linked/later.sqlite")
        #expect(BuildLock.storeLockPath(dangling) == PathText.resolved(cache) + "/later.sqlite.lock")
        let child = try VantageExecutable.start(arguments(project, db: linked + "/store.sqlite"), logs: project.folder, name: "linked")
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "\(VantageExecutable.errors(project.folder, name: "linked"))")
        #expect(FileManager.default.fileExists(atPath: cache + "/store.sqlite"))
    }

    /// A hard link is a second name of the store that no link resolves to the first: its lock
    /// (and SQLite's journal) went by the name, so two builds through two names both wrote it.
    /// A store with more than one name is refused by build and import alike, untouched.
    @Test("A store with a second name (a hard link) is refused, untouched")
    func storeWithAHardLinkIsRefused() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let alias = project.folder.appendingPathComponent("alias.sqlite").path
        #expect(link(project.store, alias) == 0)
        let store = try #require(FileManager.default.contents(atPath: project.store))
        try project.write("content/site.json", #"{"title": "Changed", "buildDate": "2026-05-10T12:00:00Z"}"#)
        for (name, arguments) in [("build", arguments(project, db: alias)), ("import", ["import", "--content", project.content, "--db", project.store])] {
            let child = try VantageExecutable.start(arguments, logs: project.folder, name: name)
            child.waitUntilExit()
            #expect(child.terminationStatus == 2, "\(name)")
            let errors = VantageExecutable.errors(project.folder, name: name)
            #expect(errors.contains("has 2 names (hard links); a store is locked by its name"), "\(name): \(errors)")
            #expect(FileManager.default.contents(atPath: project.store) == store, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: BuildLock.storeLockPath(project.store)))
        #expect(!FileManager.default.fileExists(atPath: BuildLock.storeLockPath(alias)))
        #expect(unlink(alias) == 0)
        #expect(project.build().status == 0)
    }

    @Test("vantage import is refused while a build holds the store's lock")
    func importWaitsForTheBuild() throws {
        let project = try ScratchProject()
        defer { project.remove() }
        #expect(project.build().status == 0)
        let store = try #require(FileManager.default.contents(atPath: project.store))
        let lock = try BuildLock.acquire(BuildLock.storeLockPath(project.store), what: "test")
        try project.write("content/site.json", #"{"title": "Changed", "buildDate": "2026-05-10T12:00:00Z"}"#)
        let child = try VantageExecutable.start(
            ["import", "--content", project.content, "--db", project.store], logs: project.folder, name: "import")
        child.waitUntilExit()
        lock.release()
        #expect(child.terminationStatus == 2)
        let errors = VantageExecutable.errors(project.folder, name: "import")
        #expect(errors.contains("the store '\(project.store)' is in use by another vantage (pid \(getpid()): "), "\(errors)")
        #expect(FileManager.default.contents(atPath: project.store) == store)
    }

    @Test("Two builds into the same --out with different stores, started together: never a mixed site")
    func sameOutputDifferentStores() throws {
        let project = try ScratchProject(content: sampleContent)
        defer { project.remove() }
        var refusals = 0
        for trial in 0..<3 {
            let children = try (0..<2).map { index in
                try VantageExecutable.start(
                    arguments(project, db: project.folder.appendingPathComponent("store-\(index)/s.sqlite").path),
                    logs: project.folder, name: "t\(trial)-\(index)")
            }
            for child in children { child.waitUntilExit() }
            for (index, child) in children.enumerated() {
                let errors = VantageExecutable.errors(project.folder, name: "t\(trial)-\(index)")
                if child.terminationStatus == 2 {
                    #expect(errors.contains("is in use by another vantage (pid "), "\(errors)")
                    refusals += 1
                } else {
                    #expect(child.terminationStatus == 0, "\(errors)")
                }
            }
            #expect(children.contains { $0.terminationStatus == 0 })
            #expect(Self.isConsistent(project.output), "trial \(trial): the published site is not one build's")
            #expect(project.topLevel.allSatisfy { !$0.hasPrefix(".public") || $0 == ".public.building" }, "\(project.topLevel)")
        }
        #expect(refusals >= 1, "the builds never overlapped")
    }

    @Test("Two first builds with no store yet: one builds, the other is refused and deletes nothing")
    func twoFirstBuilds() throws {
        let project = try ScratchProject(content: sampleContent)
        defer { project.remove() }
        let outputs = ["a", "b"].map { project.folder.appendingPathComponent("out-" + $0).path }
        let children = try outputs.enumerated().map { index, out in
            try VantageExecutable.start(arguments(project, out: out), logs: project.folder, name: "first-\(index)")
        }
        for child in children { child.waitUntilExit() }
        let statuses = children.map(\.terminationStatus)
        #expect(statuses.contains(0))
        for (index, status) in statuses.enumerated() where status != 0 {
            let errors = VantageExecutable.errors(project.folder, name: "first-\(index)")
            #expect(status == 2 && errors.contains("the store '\(project.store)' is in use by another vantage (pid "), "\(errors)")
        }
        #expect(FileManager.default.fileExists(atPath: project.store))
        for (index, out) in outputs.enumerated() where statuses[index] == 0 { #expect(Self.isConsistent(out)) }
        // The store the winner made is whole: the next build of the other output uses it.
        let next = project.build(out: outputs[statuses[0] == 0 ? 1 : 0])
        #expect(next.status == 0, "\(next.err)")
    }

    @Test("A kill -9 at any moment of a rebuild leaves the live site exactly the old one or the new one, and the next build is whole")
    func killAtAnyMoment() throws {
        // Two versions of the sample content, A and B (one quote's text differs), built cleanly
        // once each in folders of the same layout: the only two sites the output may ever be.
        let project = try ScratchProject(content: sampleContent)
        defer { project.remove() }
        let quotes = project.content + "/quotes/export.json"
        let versionA = try String(contentsOfFile: quotes, encoding: .utf8)
        let firstText = try #require(versionA.range(of: "\"text\": \"")).upperBound
        let versionB = versionA.replacingCharacters(in: firstText..<firstText, with: "Edited: ")
        var expected: [String: [String: Data]] = [:]
        for (name, text) in [("A", versionA), ("B", versionB)] {
            let reference = try ScratchProject(content: sampleContent)
            defer { reference.remove() }
            try text.write(toFile: reference.content + "/quotes/export.json", atomically: true, encoding: .utf8)
            #expect(reference.build().status == 0)
            expected[name] = ScratchProject.snapshot(reference.output)
        }
        #expect(expected["A"] != expected["B"])
        let started = Date()
        #expect(project.build().status == 0)
        let buildTime = Date().timeIntervalSince(started)
        var live = "A"
        #expect(ScratchProject.snapshot(project.output) == expected["A"])
        let staging = project.folder.appendingPathComponent(".public.building").path
        let marker = staging + "/" + SiteMarker.name
        // The staging folder is the back buffer (the build before), there from the start of a
        // rebuild. Kill at a fraction of a build's time (0: at once), or -2: as soon as the back
        // buffer's marker is deleted (pruning under way), or -1: when the new marker is written,
        // just before the exchange.
        var seen: [String: Int] = [:]
        let moments: [Double] = [0, -2, 0.05, 0.1, -1, 0.2, 0.3, -2, 0.4, 0.5, -1, 0.6, 0.7, 0.8, -1, 0.9, 0.15, -2, 0.25, 0.35]
        for (trial, moment) in moments.enumerated() {
            let target = live == "A" ? "B" : "A"
            try (target == "A" ? versionA : versionB).write(toFile: quotes, atomically: true, encoding: .utf8)
            let child = try VantageExecutable.start(arguments(project), logs: project.folder, name: "kill-\(trial)")
            let begun = Date()
            let deadline = begun.addingTimeInterval(120)
            var markerGone = !FileManager.default.fileExists(atPath: marker)
            while child.isRunning, Date() < deadline {
                let hasMarker = FileManager.default.fileExists(atPath: marker)
                markerGone = markerGone || !hasMarker
                if moment == -2 ? markerGone : moment == -1 ? markerGone && hasMarker : Date().timeIntervalSince(begun) >= moment * buildTime {
                    break
                }
                usleep(200)
            }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            let now = ScratchProject.snapshot(project.output)
            let state = now == expected[live] ? live : now == expected[target] ? target : "neither"
            #expect(state != "neither", "trial \(trial) (moment \(moment)): the live site is neither the old nor the new one")
            seen[state == live ? "old" : "new", default: 0] += 1
            live = state == "neither" ? live : state
            if state == "neither" { break }
        }
        #expect(seen["old", default: 0] >= 1, "\(seen)")
        // Builds that run to the end, from whatever back buffer the kills left, publish each
        // version byte for byte as its clean build did; beside the output only the back buffer.
        for _ in 0..<3 {
            let target = live == "A" ? "B" : "A"
            try (target == "A" ? versionA : versionB).write(toFile: quotes, atomically: true, encoding: .utf8)
            let result = project.build()
            #expect(result.status == 0, "\(result.err)")
            #expect(ScratchProject.snapshot(project.output) == expected[target])
            #expect(Self.isConsistent(project.output))
            live = target
        }
        #expect(project.topLevel.filter { $0.hasPrefix(".public") } == [".public.building"], "\(project.topLevel)")
    }
}

