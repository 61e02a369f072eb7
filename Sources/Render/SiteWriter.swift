import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a site atomically: every file goes into a staging folder beside the output
/// (`.public.building` next to `public`), and only a complete build is swapped in, in one
/// `renameat2(RENAME_EXCHANGE)`. A build that fails or is killed leaves the previous output
/// untouched.
///
/// The staging folder is a back buffer (`SiteWriter+Back`): the tree the exchange takes out
/// stays there, and the next build updates it in place, so an unchanged viewer whose folder
/// there is already the live one costs nothing. A file whose bytes did not change is not
/// rewritten: the old file is hard-linked into the staging folder, so it keeps its inode and
/// modification time. Whatever it reuses, every file and folder of the new site has the modes of
/// this build's umask (`SiteWriter+Modes`).
public final class SiteWriter: @unchecked Sendable {
    /// What happened to one file.
    public enum Outcome: Sendable { case written, unchanged }

    /// Totals of a finished build.
    public struct Counts: Sendable, Hashable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
        /// Files hard-linked into the staging folder to carry a folder that was not already
        /// there (the back buffer held another version of it, or none).
        public var linked = 0
        /// Carried folders the back buffer already held as they are live: nothing to do.
        public var reusedFolders = 0
        /// Files deleted from the back buffer (its folders that were not the live ones, and
        /// those of viewers rendered again or gone).
        public var pruned = 0
        /// Top-level folders of the back buffer kept without comparing them with the live ones:
        /// every folder in both unchanged since the last build checked them (`OutputFolder+Seal`).
        public var sealedFolders = 0
        /// Files and folders whose permissions were set to this build's umask: reused from a
        /// site built under another (`SiteWriter+Modes`).
        public var modesSet = 0
    }

    /// The output folder (`public`), symbolic links followed: a link given as `--out` is kept
    /// and its target is what the build replaces.
    public let output: String
    /// The staging folder beside it.
    public let staging: String
    /// The output as the user named it (for messages).
    let shownAs: String
    let lock = NSLock()
    /// Folders known to exist in the staging tree; forgotten when large, so memory does not
    /// grow with the site (a forgotten folder costs one mkdir returning EEXIST).
    private var directories: Set<String> = [""]
    var counts = Counts()
    private var finished = false
    /// Top-level folders of the previous site carried into the new one.
    var kept: [String] = []
    /// What the back buffer holds that this build has not claimed yet.
    var back = BackBuffer()
    /// What the previous build in the output owns (nil: there was none).
    let ownership: OutputFolder.Ownership?
    /// Every file of the new site that is not a manifest page, for its marker.
    var otherFiles: Set<String> = []
    /// The build writes a part of the site or its manifest alone, as its marker says.
    var writesAPart = false
    /// The output folder's lock, held from `init` to `commit` or `abandon`.
    private let outputLock: BuildLock
    /// The staging folder, open: pages and their folders are made relative to it, so the
    /// kernel does not walk the staging folder's own path again for every one (-1 until open).
    private(set) var stagingFolder: Int32 = -1
    /// The instant (Unix nanoseconds) just before this build checked the output and the back
    /// buffer, for the build's record (`OutputFolder+Seal`).
    public private(set) var checkedAt: Int64 = 0
    /// This process's umask, which the new site's modes come from (`SiteWriter+Modes`).
    let umask: UInt32
    /// The live site or the back buffer was made under a umask that gives other modes, or one
    /// not recorded: `commit` sets the modes of the whole new tree.
    let bringsModes: Bool
    /// The output's own top-level dot-files carried into the new site (their modes are theirs).
    var carriedHidden: Set<String> = []

    /// Prepares a fresh staging folder beside `output` (creating `output`'s parent if needed),
    /// after taking the output's lock and checking that everything in the folder the build will
    /// replace is the previous build's (`OutputFolder`). `store`'s record of the last build lets
    /// the check trust the folders it sealed.
    ///
    /// `checked` is the command line's check of the same folder before the import
    /// (`OutputFolder.check`), taken instead of checking again when it still holds: the folder's
    /// top, manifest and marker are the same files, unchanged (another build swapping a site in,
    /// or a file added at the top, changes them).
    public convenience init(output: String, store: String = "", checked: OutputFolder.Inspection? = nil) throws {
        try self.init(Self.prepare(output: output, store: store, checked: checked))
    }

    /// Finishes what `prepare` began: the back buffer made what it was found to be, the
    /// staging folder opened. Takes over the preparation's lock.
    init(_ preparation: Preparation) throws {
        (output, staging, shownAs) = (preparation.output, preparation.staging, preparation.shownAs)
        (outputLock, checkedAt, ownership) = (preparation.lock, preparation.checkedAt, preparation.ownership)
        umask = preparation.umask
        // Files are hard-linked from the live site only when it is a site (`ownership`); the
        // back buffer's folders and the staging folder itself are reused whenever it is there.
        bringsModes = !Self.sameModes(preparation.backUmask, umask)
            || (preparation.ownership != nil && !Self.sameModes(preparation.ownership?.umask, umask))
        do {
            for stale in [staging + ".old", staging + ".manifest", staging + ".keep"] {
                try Self.removeStale(stale)
            }
            back = try Self.applyBackBuffer(preparation.backBuffer, staging: staging)
            stagingFolder = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard stagingFolder >= 0 else { throw posixError("cannot open '\(staging)'") }
            counts.pruned = back.pruned
            counts.sealedFolders = back.sealed
        } catch {
            outputLock.release()
            finished = true
            throw Self.preparing(shownAs, error)
        }
    }

    /// What preparing the output found before changing anything in it or in the back buffer:
    /// the output's lock (held), its check, what becomes of each of the back buffer's
    /// folders (`judgeBackBuffer`), this process's umask and the one the back buffer's marker
    /// records (the umask itself when there is no back buffer: it is made now).
    struct Preparation: @unchecked Sendable {
        let output: String, staging: String, shownAs: String
        let lock: BuildLock
        let checkedAt: Int64
        let ownership: OutputFolder.Ownership?
        let backBuffer: BackBufferState
        let umask: UInt32
        let backUmask: UInt32?
    }

    /// Takes the lock of `output` (as `prepare` names it) where its parent folder exists, for a
    /// caller that must hold it from before the build (the command line, across the import): a
    /// build refused because the output is in use or unlockable then changes nothing. Locks
    /// are counted per process, so `prepare` takes it again for free. Nil when the parent does
    /// not exist yet (no other build can be writing there; `prepare` creates it).
    public static func lockOutput(_ output: String) throws -> BuildLock? {
        let trimmed = OutputFolder.named(output)
        let url = URL(fileURLWithPath: try OutputFolder.resolve(URL(fileURLWithPath: trimmed).path))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder),
            isFolder.boolValue
        else { return nil }
        let lock = try BuildLock.acquire(BuildLock.outputLockPath(url.path), what: "the output folder '\(trimmed)'")
        restoreInterruptedSwap(output: url.path, staging: stagingPath(of: url))
        return lock
    }

    /// The staging folder (and back buffer) of the output at `url`: `.NAME.building` beside it.
    static func stagingPath(of url: URL) -> String {
        url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".building"
    }

    /// Where `renameat2(RENAME_EXCHANGE)` is not supported (some network file systems), the
    /// swap is two renames: the live site aside to `.NAME.building.old`, then the new one in.
    /// A build killed between them left no output and the previous site aside: with the
    /// output's lock held, it is put back, so the output is the previous site again.
    static func restoreInterruptedSwap(output: String, staging: String) {
        let old = staging + ".old"
        var info = stat()
        guard lstat(output, &info) != 0, errno == ENOENT, lstat(old, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        _ = rename(old, output)
    }

    /// Takes the output's lock, checks the output (or takes `checked`) and judges the back
    /// buffer, changing neither. (A journal an older version left of folders it moved at commit
    /// is played back first, so that the check sees the whole site.)
    static func prepare(output: String, store: String, checked: OutputFolder.Inspection?, stop: Stop? = nil) throws -> Preparation {
        let trimmed = OutputFolder.named(output)
        let resolved = try OutputFolder.resolve(URL(fileURLWithPath: trimmed).path)
        let url = URL(fileURLWithPath: resolved)
        let output = url.path
        let parent = url.deletingLastPathComponent().path
        let staging = stagingPath(of: url)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic.error("cannot prepare the output folder '\(trimmed)': \(error.localizedDescription)")
        }
        let lock = try BuildLock.acquire(BuildLock.outputLockPath(output), what: "the output folder '\(trimmed)'")
        restoreInterruptedSwap(output: output, staging: staging)
        do {
            // A build of an older vantage killed mid-commit may have left carried folders in
            // the staging tree: they go back first, so the check below sees the whole site.
            recoverKeptFolders(output: output, staging: staging)
            // Taken before either tree is looked at: a folder changed after it is listed by the
            // next build (OutputFolder+Seal).
            let checkedAt: Int64
            let ownership: OutputFolder.Ownership?
            if let checked, checked.holds(for: output) {
                (checkedAt, ownership) = (checked.checkedAt, checked.ownership)
            } else {
                checkedAt = OutputFolder.now()
                ownership = try OutputFolder.inspect(output, shownAs: trimmed, store: store.isEmpty ? nil : store)
            }
            // Read before the prune deletes the back buffer's marker with its other top-level files.
            let backMarker = SiteMarker.read(output: staging)
            let backBuffer = try judgeBackBuffer(staging: staging, output: output, ownership: ownership, stop: stop)
            let umask = currentUmask()
            var backUmask: UInt32? = umask
            if case .entries = backBuffer { backUmask = backMarker?.umask }
            return Preparation(
                output: output, staging: staging, shownAs: trimmed, lock: lock,
                checkedAt: checkedAt, ownership: ownership, backBuffer: backBuffer, umask: umask, backUmask: backUmask)
        } catch {
            lock.release()
            throw preparing(trimmed, error)
        }
    }

    /// Starts `prepare` on a thread of its own: a build runs it beside loading the site and the
    /// pass over the store (its folder checks are system calls, they are processor work), and
    /// takes the result when it prepares the output (`SiteWriter(_:)`), or stops it
    /// (`Preparing.stop`) when the build fails first. The output's lock is taken before
    /// anything is looked at, so no other vantage changes the back buffer meanwhile.
    ///
    /// Nil when the output's parent folder is not there yet: there is no site to check, and
    /// making the folder must wait until the plan has found the room.
    static func startPreparing(output: String, store: String, checked: OutputFolder.Inspection?) -> Preparing? {
        var isFolder: ObjCBool = false
        let parent = URL(fileURLWithPath: OutputFolder.named(output)).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let stopped = Stop()
        return Preparing(stopped: stopped, work: Concurrent { Result { try prepare(output: output, store: store, checked: checked, stop: stopped) } })
    }

    /// A `prepare` running on its own thread (`startPreparing`).
    final class Preparing: Sendable {
        private let stopped: Stop
        private let work: Concurrent<Result<Preparation, any Error>>

        fileprivate init(stopped: Stop, work: Concurrent<Result<Preparation, any Error>>) {
            (self.stopped, self.work) = (stopped, work)
        }

        /// Waits for the preparation: the output ready for a writer, or why not.
        func preparation() throws -> Preparation { try work.value.get() }

        /// For a build that failed before it prepared the output: the back buffer's check stops
        /// at its next top-level folder (a template's error is not kept waiting for it), and the
        /// lock is released.
        func stop() {
            stopped.set()
            if case .success(let preparation) = work.value { preparation.lock.release() }
        }
    }

    /// A flag set once, read from any thread.
    final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var isSet = false

        func set() {
            lock.lock()
            isSet = true
            lock.unlock()
        }

        var wasSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return isSet
        }
    }

    /// `error` as a message that names the output being prepared.
    private static func preparing(_ shownAs: String, _ error: any Error) -> any Error {
        if let diagnostic = error as? Diagnostic { return diagnostic }
        return Diagnostic.error("cannot prepare the output folder '\(shownAs)': \(error.localizedDescription)")
    }

    deinit {
        if stagingFolder >= 0 { close(stagingFolder) }
        if !finished { outputLock.release() }
    }

    /// Deletes what a failed or killed build left at `path`: a symbolic link as a link (never
    /// what it points to), a folder with what is in it.
    static func removeStale(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            removeTree(path)
            if lstat(path, &info) == 0 { throw posixError("cannot remove the stale '\(path)'") }
        } else if unlink(path) != 0 {
            throw posixError("cannot remove the stale '\(path)'")
        }
    }

    /// Puts `bytes` at `path` (relative to the output) in the new site; safe to call from
    /// several threads at once.
    @discardableResult
    public func write(_ path: String, bytes: [UInt8]) throws -> Outcome {
        try SafePath.check(path)
        try claimTopLevel(of: path)
        try makeParentDirectories(of: path)
        let outcome: Outcome
        // With no previous site, the output holds at most top-level dot-files
        // (`OutputFolder.inspect`): there is nothing else to compare with, and not opening it
        // saves a failed look-up per page.
        if ownership != nil || path.utf8.first == UInt8(ascii: "."), Self.file(at: output + "/" + path, equals: bytes),
            link(output + "/" + path, staging + "/" + path) == 0
        {
            outcome = .unchanged
        } else {
            try Self.create(path, in: stagingFolder, bytes: bytes)
            outcome = .written
        }
        lock.lock()
        if outcome == .written { counts.written += 1 } else { counts.unchanged += 1 }
        counts.bytes += bytes.count
        if !PageName.isPage(path) { otherFiles.insert(path) }
        lock.unlock()
        return outcome
    }

    /// Puts a file produced in pieces at `path` (for the manifest, which can be larger than is
    /// worth holding in memory): written to the staging tree, then replaced by a link to the
    /// previous file when the bytes turn out to be the same. `knownToDiffer`, asked once the
    /// file is written, says when they cannot be (the manifest's digest is not the previous
    /// one's): then the previous file is not read back to compare.
    @discardableResult
    public func write(
        _ path: String, producing body: (_ emit: ([UInt8]) throws -> Void) throws -> Void, knownToDiffer: () -> Bool = { false }
    ) throws -> Outcome {
        try SafePath.check(path)
        try claimTopLevel(of: path)
        try makeParentDirectories(of: path)
        let target = staging + "/" + path
        unlink(target)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
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
        if !knownToDiffer(), Self.files(target, previous, areEqualWithSize: size) {
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

    /// Swaps the new site in and keeps the old one as the next build's back buffer; returns
    /// the totals. Files of the old site that the new one no longer has are counted as removed.
    ///
    /// The staging tree is complete before the swap (carried folders were already there or
    /// hard-linked into it while the others rendered), so the one `renameat2(RENAME_EXCHANGE)`
    /// turns the old site into the new one: a kill at any moment leaves exactly one of them in
    /// place. Nothing after the exchange deletes anything.
    public func commit() throws -> Counts {
        lock.lock()
        defer { lock.unlock() }
        precondition(!finished, "a SiteWriter commits once")
        finished = true
        defer { outputLock.release() }
        try dropUnclaimedFolders()
        carryHiddenFiles()
        if bringsModes { try bringModes() }
        try bringTopFolder()
        try writeMarker()
        let files = FileManager.default
        guard files.fileExists(atPath: output) else {
            guard rename(staging, output) == 0 else { throw posixError("cannot move the new site into place") }
            return counts
        }
        if !Self.exchange(staging, output) {
            // No renameat2 here: two renames, with a moment without an output folder.
            let old = staging + ".old"
            guard rename(output, old) == 0 else { throw posixError("cannot move the old site aside") }
            guard rename(staging, output) == 0 else {
                let error = posixError("cannot move the new site into place")
                _ = rename(old, output)
                throw error
            }
            if rename(old, staging) != 0 { try? Self.removeStale(old) }
        }
        // The old site, now in the staging folder, is the next build's back buffer.
        counts.removed = Self.countMissing(staging, from: output, carried: Set(kept))
        return counts
    }

    /// The SHA-256 of each file besides pages written or carried into the folders of `people`
    /// (slugs), read back from the staging tree, sorted by path: a shard's record of them.
    /// Called once every file is in place, before `commit`.
    func stagedFileDigests(under people: Set<String>) throws -> [(path: String, sha256: String)] {
        lock.lock()
        let paths = otherFiles.filter { path in
            path.firstIndex(of: "/").map { people.contains(String(path[..<$0])) } ?? false
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        lock.unlock()
        return try paths.map { path in
            guard let data = FileManager.default.contents(atPath: staging + "/" + path) else {
                throw Diagnostic.error("cannot read back '\(staging)/\(path)'")
            }
            return (path, SHA256.hex([UInt8](data)))
        }
    }

    /// Writes the site's marker (a link to the previous one when it did not change), counted
    /// like any file. Called by `commit` with the lock held.
    private func writeMarker() throws {
        let bytes = SiteMarker(files: otherFiles, isPart: writesAPart, umask: umask).bytes
        let target = staging + "/" + SiteMarker.name
        let previous = output + "/" + SiteMarker.name
        if Self.file(at: previous, equals: bytes), link(previous, target) == 0 {
            counts.unchanged += 1
        } else {
            try Self.create(target, bytes: bytes)
            counts.written += 1
        }
        counts.bytes += bytes.count
    }

    /// Keeps the output's own top-level dot-files (`.gitkeep`, `.nojekyll`, …): they are not
    /// the build's, so the swap must not drop them. The marker is the build's own, and so is a
    /// dot-file copied from `content/static/` (`.htaccess`), by this build (its new bytes are in
    /// place: carrying the live one had put the old bytes back) or by the last one (removed
    /// from `static/` since, it goes).
    private func carryHiddenFiles() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        var info = stat()
        for name in entries.sorted() where name.hasPrefix(".") && name != SiteMarker.name {
            guard !otherFiles.contains(name), ownership?.files?.contains(name) != true else { continue }
            let source = output + "/" + name
            guard lstat(source, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if link(source, staging + "/" + name) != 0 { try? Self.copy(source, to: staging + "/" + name) }
            carriedHidden.insert(name)
        }
    }

    /// Ends a failed build; the previous output stays as it was. The staging folder stays as
    /// a back buffer: the next build keeps only what in it is the live site.
    public func abandon() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        // With no previous site there is nothing live to share files with: nothing is kept.
        if ownership == nil {
            try? Self.removeStale(staging)
        } else if !bringsModes {
            // Everything the build made or linked has the modes of its umask, as the back buffer
            // had: a marker says so, so the next build need not set them (`SiteWriter+Modes`).
            try? Self.create(staging + "/" + SiteMarker.name, bytes: SiteMarker(files: [], umask: umask).bytes)
        }
        outputLock.release()
    }

    // MARK: - Files

    private func makeParentDirectories(of path: String) throws {
        guard let slash = Self.slash(in: path, last: true) else { return }
        let directory = String(path[..<slash])
        lock.lock()
        let known = directories.contains(directory)
        lock.unlock()
        if known { return }
        try makeDirectory(directory[...])
        lock.lock()
        if directories.count > 4096 { directories.removeAll(keepingCapacity: true) }
        directories.insert(directory)
        lock.unlock()
    }

    /// The first (or last) "/" of `path`, where `firstIndex(of: "/")` (`lastIndex`) finds it:
    /// on the bytes when the path is ASCII (searching by `Character` cost about 5,000
    /// instructions a page), else by `Character` (where "/" and a combining mark after it are
    /// one character, not a slash).
    static func slash(in path: String, last: Bool) -> String.Index? {
        var ascii = true
        var found: Int? = nil
        let scanned = path.utf8.withContiguousStorageIfAvailable { bytes in
            for (offset, byte) in bytes.enumerated() {
                if byte >= 0x80 {
                    ascii = false
                    return
                }
                if byte == UInt8(ascii: "/"), last || found == nil { found = offset }
            }
        } != nil
        guard scanned, ascii else { return last ? path.lastIndex(of: "/") : path.firstIndex(of: "/") }
        return found.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    /// Makes the folder `directory` (relative to the staging tree) and the ones above it that
    /// are missing, deepest first: a page's folder is usually new while its parent is not, so
    /// this is one `mkdir` where making every level from the top was one per level.
    private func makeDirectory(_ directory: Substring) throws {
        if mkdirat(stagingFolder, String(directory), 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = directory.lastIndex(of: "/") else {
            throw posixError("cannot create the folder '\(directory)'")
        }
        try makeDirectory(directory[..<slash])
        if mkdirat(stagingFolder, String(directory), 0o755) != 0 && errno != EEXIST {
            throw posixError("cannot create the folder '\(directory)'")
        }
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

    /// Writes a new file at `path`: whatever is there is unlinked and the file created anew,
    /// never written through (a file of the back buffer may be a hard link of a live one).
    static func create(_ path: String, bytes: [UInt8]) throws {
        try create(path, in: AT_FDCWD, bytes: bytes)
    }

    /// `create`, with `path` relative to the open folder `folder` (or `AT_FDCWD`).
    static func create(_ path: String, in folder: Int32, bytes: [UInt8]) throws {
        // Created exclusively first: in a fresh staging folder nothing is there, and the unlink
        // (a failed look-up per page) is only needed when something is.
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = openat(folder, path, flags, 0o644)
        if descriptor < 0, errno == EEXIST {
            unlinkat(folder, path, 0)
            descriptor = openat(folder, path, flags, 0o644)
        }
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

}

/// An error naming the failed operation and the system's reason.
func posixError(_ what: String) -> Diagnostic {
    Diagnostic.error("\(what): \(String(cString: strerror(errno)))")
}
