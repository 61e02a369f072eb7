import Foundation
import Testing

@testable import VantageCLI

/// A scratch project folder for the output-folder tests: a copy of the tiny content, and
/// `vantage build` run on it through the command line's entry point (in this process) or as
/// the real `vantage` executable in a child process.
struct ScratchProject {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
    var content: String { folder.appendingPathComponent("content").path }
    var output: String { folder.appendingPathComponent("public").path }
    var store: String { folder.appendingPathComponent("store/store.sqlite").path }

    /// A project with a copy of `content` (the tiny fixture by default).
    init(content source: String = fixturesFolder.appendingPathComponent("tiny/content").path) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: content)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// `vantage build` in this process: the exit status and what it printed.
    func build(out: String? = nil, db: String? = nil, _ extra: [String] = []) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let arguments = ["build", "--content", content, "--templates", templatesFolder, "--out", out ?? output, "--db", db ?? store] + extra
        let status = VantageCLI.run(arguments, console: console)
        return (status, console.standardOutput, console.standardError)
    }

    /// Writes `text` at `path` under the project folder, making folders as needed.
    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every entry under `path` (files with their bytes, folders and links with a mark), so a
    /// test can say that nothing at all changed.
    static func snapshot(_ path: String) -> [String: Data] {
        var entries: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return entries }
        while let relative = walker.nextObject() as? String {
            let full = path + "/" + relative
            let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: entries[relative + "/"] = Data()
            case .typeSymbolicLink?: entries[relative + " ->"] = Data(((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "").utf8)
            default: entries[relative] = FileManager.default.contents(atPath: full) ?? Data("unreadable".utf8)
            }
        }
        return entries
    }

    /// The names in the project folder (to see that nothing was left beside the output).
    var topLevel: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
}

/// The real `vantage` executable of this build (beside the test bundle).
enum VantageExecutable {
    static var path: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("vantage").path
    }

    /// Starts `vantage ARGUMENTS` in a child process, its output captured in files of `folder`.
    /// `environment` is added to this process's own.
    /// `directory`: where it runs (this process's own by default).
    /// `umask` (octal, `077`): the child's, set by a shell that then runs vantage in its place
    /// (a umask is the whole process's, so a test cannot set it for a build of its own).
    static func start(
        _ arguments: [String], logs folder: URL, name: String, environment: [String: String] = [:], directory: URL? = nil,
        umask: String? = nil
    ) throws -> Process {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build the vantage executable first (swift build)")
        let process = Process()
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        FileManager.default.createFile(atPath: folder.appendingPathComponent(name + ".out").path, contents: nil)
        FileManager.default.createFile(atPath: folder.appendingPathComponent(name + ".err").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent(name + ".out"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent(name + ".err"))
        try process.run()
        return process
    }

    /// `vantage ARGUMENTS` as a user whom permissions bind, run to its end: the exit status and
    /// standard error (written to `err.txt` in `folder`). Root passes every permission check,
    /// so as root it runs as nobody (`setpriv`); the files it needs must be open to all.
    static func runUnprivileged(_ arguments: [String], logs folder: URL) throws -> (status: Int32, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build the vantage executable first (swift build)")
        try #require(geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv as root")
        let process = Process()
        if geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        let errors = folder.appendingPathComponent("err.txt")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// What a child started with `start` wrote on standard error.
    static func errors(_ folder: URL, name: String) -> String {
        (FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".err").path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
