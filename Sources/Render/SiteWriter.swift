import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a site atomically: every file goes into a staging folder beside the output
/// (`.public.building` next to `public`), and only a complete build is swapped in, in one
/// `renameat2(RENAME_EXCHANGE)`. A build that fails or is killed leaves the previous output
/// untouched (the next build clears the stale staging folder).
///
/// A file whose bytes did not change is not rewritten: the old file is hard-linked into the
/// staging folder, so it keeps its inode and modification time.
public final class SiteWriter: @unchecked Sendable {
    /// What happened to one file.
    public enum Outcome: Sendable { case written, unchanged }

    /// Totals of a finished build.
    public struct Counts: Sendable, Hashable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
    }

    /// The output folder (`public`).
    public let output: String
    /// The staging folder beside it.
    public let staging: String
    private let lock = NSLock()
    /// Folders known to exist in the staging tree; forgotten when large, so memory does not
    /// grow with the site (a forgotten folder costs one mkdir returning EEXIST).
    private var directories: Set<String> = [""]
    private var counts = Counts()
    private var finished = false

    /// Prepares a fresh staging folder beside `output` (creating `output`'s parent if needed).
    public init(output: String) throws {
        var trimmed = output
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let url = URL(fileURLWithPath: trimmed)
        self.output = url.path
        let parent = url.deletingLastPathComponent().path
        self.staging = parent + "/." + url.lastPathComponent + ".building"
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: self.output, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Diagnostic.error("the output '\(trimmed)' exists and is not a folder") }
            // The swap replaces the whole folder: never do that to a folder vantage did not build.
            let entries = (try? files.contentsOfDirectory(atPath: self.output)) ?? []
            if entries.contains(where: { !$0.hasPrefix(".") }), !entries.contains(SitePath.manifest) {
                throw Diagnostic.error(
                    "refusing to replace '\(trimmed)': it holds files but no \(SitePath.manifest), so it is not a site "
                        + "vantage built; remove it or choose another --out")
            }
        }
        do {
            try files.createDirectory(atPath: parent, withIntermediateDirectories: true)
            for stale in [staging, staging + ".old", staging + ".manifest"] where files.fileExists(atPath: stale) {
                try files.removeItem(atPath: stale)
            }
            try files.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw Diagnostic.error("cannot prepare the output folder '\(trimmed)': \(error.localizedDescription)")
        }
    }

    /// Puts `bytes` at `path` (relative to the output) in the new site; safe to call from
    /// several threads at once.
    @discardableResult
    public func write(_ path: String, bytes: [UInt8]) throws -> Outcome {
        try SafePath.check(path)
        try makeParentDirectories(of: path)
        let target = staging + "/" + path
        let previous = output + "/" + path
        let outcome: Outcome
        if Self.file(at: previous, equals: bytes), link(previous, target) == 0 {
            outcome = .unchanged
        } else {
            try Self.create(target, bytes: bytes)
            outcome = .written
        }
        lock.lock()
        if outcome == .written { counts.written += 1 } else { counts.unchanged += 1 }
        counts.bytes += bytes.count
        lock.unlock()
        return outcome
    }

    /// Puts a file produced in pieces at `path` (for the manifest, which can be larger than is
    /// worth holding in memory): written to the staging tree, then replaced by a link to the
    /// previous file when the bytes turn out to be the same.
    @discardableResult
    public func write(_ path: String, producing body: (_ emit: ([UInt8]) throws -> Void) throws -> Void) throws -> Outcome {
        try SafePath.check(path)
        try makeParentDirectories(of: path)
        let target = staging + "/" + path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw posixError("cannot create '\(path)'") }
        var size = 0
        do {
            defer { close(descriptor) }
            try body { bytes in
                try Self.writeAll(descriptor, bytes, path: path)
                size += bytes.count
            }
        }
        let previous = output + "/" + path
        var outcome = Outcome.written
        if Self.files(target, previous, areEqualWithSize: size) {
            unlink(target)
            if link(previous, target) == 0 { outcome = .unchanged } else { try Self.copy(previous, to: target) }
        }
        lock.lock()
        if outcome == .written { counts.written += 1 } else { counts.unchanged += 1 }
        counts.bytes += size
        lock.unlock()
        return outcome
    }

    /// True when two regular files both hold `size` bytes and the same ones, read in chunks.
    static func files(_ a: String, _ b: String, areEqualWithSize size: Int) -> Bool {
        let first = open(a, O_RDONLY | O_NOFOLLOW)
        let second = open(b, O_RDONLY | O_NOFOLLOW)
        defer {
            if first >= 0 { close(first) }
            if second >= 0 { close(second) }
        }
        guard first >= 0, second >= 0 else { return false }
        var info = stat()
        guard fstat(second, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else { return false }
        let chunk = 1 << 20
        var left = [UInt8](repeating: 0, count: chunk)
        var right = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = left.withUnsafeMutableBytes { read(first, $0.baseAddress!, chunk) }
            let other = right.withUnsafeMutableBytes { read(second, $0.baseAddress!, count > 0 ? count : 1) }
            if count != other { return false }
            if count <= 0 { return count == 0 }
            let same = left.withUnsafeBytes { l in right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, count) == 0 } }
            if !same { return false }
        }
    }

    static func copy(_ source: String, to target: String) throws {
        guard let data = FileManager.default.contents(atPath: source) else { throw posixError("cannot read '\(source)'") }
        try create(target, bytes: Array(data))
    }

    /// Swaps the new site in and deletes the old one; returns the totals. Files of the old
    /// site that the new one no longer has are counted as removed.
    public func commit() throws -> Counts {
        lock.lock()
        defer { lock.unlock() }
        precondition(!finished, "a SiteWriter commits once")
        finished = true
        let files = FileManager.default
        guard files.fileExists(atPath: output) else {
            guard rename(staging, output) == 0 else { throw posixError("cannot move the new site into place") }
            return counts
        }
        carryHiddenFiles()
        let old: String
        if Self.exchange(staging, output) {
            old = staging
        } else {
            // No renameat2 here: two renames, with a moment without an output folder.
            old = staging + ".old"
            guard rename(output, old) == 0 else { throw posixError("cannot move the old site aside") }
            guard rename(staging, output) == 0 else {
                _ = rename(old, output)
                throw posixError("cannot move the new site into place")
            }
        }
        counts.removed = Self.removeTree(old, countingFilesMissingFrom: output)
        return counts
    }

    /// Keeps the output's own top-level dot-files (`.gitkeep`, `.nojekyll`, …): they are not
    /// the build's, so the swap must not drop them.
    private func carryHiddenFiles() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        var info = stat()
        for name in entries.sorted() where name.hasPrefix(".") {
            let source = output + "/" + name
            guard lstat(source, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            _ = link(source, staging + "/" + name)
        }
    }

    /// Deletes the staging folder after a failed build; the previous output stays as it was.
    public func abandon() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(atPath: staging)
    }

    // MARK: - Files

    private func makeParentDirectories(of path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        lock.lock()
        let known = directories.contains(directory)
        lock.unlock()
        if known { return }
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += prefix.isEmpty ? String(component) : "/" + component
            if mkdir(staging + "/" + prefix, 0o755) != 0 && errno != EEXIST {
                throw posixError("cannot create the folder '\(prefix)'")
            }
        }
        lock.lock()
        if directories.count > 4096 { directories.removeAll(keepingCapacity: true) }
        directories.insert(directory)
        lock.unlock()
    }

    /// True when a regular file at `path` holds exactly `bytes`.
    static func file(at path: String, equals bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        if bytes.isEmpty { return true }
        var existing = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < bytes.count {
            let count = existing.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            guard count > 0 else { return false }
            offset += count
        }
        return existing.withUnsafeBytes { old in bytes.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, new.count) == 0 } }
    }

    static func create(_ path: String, bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw posixError("cannot create '\(path)'") }
        defer { close(descriptor) }
        try writeAll(descriptor, bytes, path: path)
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            guard count > 0 else { throw posixError("cannot write '\(path)'") }
            offset += count
        }
    }

    /// `renameat2(a, b, RENAME_EXCHANGE)`, looked up at run time (Swift's Glibc module does not
    /// declare it); false when the C library or the file system does not offer it.
    static func exchange(_ a: String, _ b: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }

    /// Deletes the tree at `old` in one walk and returns how many of its regular files have no
    /// counterpart under `new` (the files the new site removed).
    static func removeTree(_ old: String, countingFilesMissingFrom new: String, relative: String = "") -> Int {
        let directory = relative.isEmpty ? old : old + "/" + relative
        guard let stream = opendir(directory) else { return 0 }
        var missing = 0
        var info = stat()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            let path = old + "/" + child
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                missing += removeTree(old, countingFilesMissingFrom: new, relative: child)
                rmdir(path)
            } else {
                if (info.st_mode & S_IFMT) == S_IFREG, lstat(new + "/" + child, &info) != 0 { missing += 1 }
                unlink(path)
            }
        }
        closedir(stream)
        if relative.isEmpty { rmdir(old) }
        return missing
    }
}

/// An error naming the failed operation and the system's reason.
func posixError(_ what: String) -> Diagnostic {
    Diagnostic.error("\(what): \(String(cString: strerror(errno)))")
}
