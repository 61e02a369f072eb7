import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// The rules for the folder a build replaces (README, "The output folder"). The swap replaces
/// the folder whole, so the build must know that everything in it is its own:
///
/// - a missing folder is created; an empty one, or one holding only top-level dot-files
///   (`.nojekyll`, `.gitkeep`, a worktree's `.git` file), is built into (the dot-files are
///   carried over);
/// - a previous build is recognised by what only vantage writes: the marker `.vantage-site`
///   (naming the tool and the store) or a `manifest.json` in vantage's own format, never by a
///   file name; every file in it must then be one that build wrote (a page in its manifest, a
///   file in its marker's list, a top-level dot-file), else the build is refused, naming them;
/// - anything else (a web app's `public/`, a folder of dot-folders, a home folder) is refused.
///
/// A symbolic link given as `--out` is followed: the build happens beside the link's target and
/// the swap replaces the target; the link is never replaced or deleted through.
public enum OutputFolder {
    /// Throws when a build could not replace `output` without losing a file (the checks
    /// `SiteWriter` makes again under the output's lock); for the command line to refuse before
    /// it imports anything.
    ///
    /// `store` (the store the build records itself in) lets the check skip the folders the
    /// last build recorded there checked and that have not changed since (`OutputFolder+Seal`).
    ///
    /// Returns what it found, for the build to use instead of checking again
    /// (`SiteBuild.Options.checkedOutput`): the build takes it only while the folder's top, its
    /// manifest and its marker are still the same files, unchanged.
    @discardableResult
    public static func check(_ output: String, store: String? = nil) throws -> Inspection {
        try startCheck(output, store: store).inspection()
    }

    /// Refuses an output whose nearest existing parent is not a folder (`site.txt/public`), before
    /// the build imports anything: the folder could never be made there.
    static func refuseFileAbove(_ path: String, shownAs name: String) throws {
        var parent = (path as NSString).deletingLastPathComponent
        while parent.count > 1 {
            var info = stat()
            if stat(parent, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw Diagnostic.error("the output '\(name)' cannot be made: '\(parent)' is a file, not a folder; choose another --out")
                }
                return
            }
            parent = (parent as NSString).deletingLastPathComponent
        }
    }

    /// The output as messages name it: as given, without trailing slashes ("/" stays "/").
    static func named(_ output: String) -> String {
        var trimmed = output
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Starts the same check on another thread and returns at once, for the command line to
    /// import meanwhile (the check is a system call per folder, the import mostly SQLite). What
    /// the check reads from the store, the last build's record, is read before this returns, so
    /// the import's transaction never stands in its way and it sees the record as it was before
    /// the import. The import must not commit before `PendingCheck.inspection()` has returned.
    public static func startCheck(_ output: String, store: String? = nil) throws -> PendingCheck {
        let trimmed = named(output)
        let path = try resolve(URL(fileURLWithPath: trimmed).path)
        try refuseMountPoint(path, shownAs: trimmed)
        try refuseFileAbove(path, shownAs: trimmed)
        let checkedAt = now()
        let identity = Inspection.identity(of: path)
        let record = store.flatMap { sealRecord(store: $0, output: path) }
        let shown = trimmed
        return PendingCheck(Concurrent {
            Result {
                let ownership = try inspect(path, shownAs: shown, seal: store == nil ? .none : .read(record))
                return Inspection(path: path, checkedAt: checkedAt, identity: identity, ownership: ownership)
            }
        })
    }

    /// A check of the output running on another thread (`startCheck`).
    public final class PendingCheck: Sendable {
        private let work: Concurrent<Result<Inspection, any Error>>

        init(_ work: Concurrent<Result<Inspection, any Error>>) { self.work = work }

        /// Waits for the check: what it found, or the error that refuses the output.
        public func inspection() throws -> Inspection { try work.value.get() }
    }

    /// What a check of an output folder found, and when it began.
    public struct Inspection: Sendable {
        /// The folder checked (symbolic links followed).
        let path: String
        /// Unix nanoseconds just before the check began (recorded for the next build's seals).
        let checkedAt: Int64
        /// The folder's top, manifest and marker as the check began (`identity(of:)`).
        let identity: [Int64]
        /// What the previous build in it owns (nil: none).
        let ownership: Ownership?

        /// Device, inode, size, and modification and change times of the folder, its manifest
        /// and its marker: a build swapped in, a file added at the top or a manifest edited
        /// since changes one of them.
        static func identity(of path: String) -> [Int64] {
            var result: [Int64] = []
            var info = stat()
            for file in [path, path + "/" + SitePath.manifest, path + "/" + SiteMarker.name] {
                guard lstat(file, &info) == 0 else {
                    result += [-1, -1, -1, -1, -1, -1, -1]
                    continue
                }
                result += [
                    Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec),
                    Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
                ]
            }
            return result
        }

        /// True when this check still describes the folder at `path`.
        func holds(for path: String) -> Bool { path == self.path && Self.identity(of: path) == identity }
    }

    /// `d_type` values.
    static let regular = UInt8(DT_REG), directory = UInt8(DT_DIR), symbolicLink = UInt8(DT_LNK), unknown = UInt8(DT_UNKNOWN)

    /// What a previous build owns, for the check and for carrying folders over.
    struct Ownership: Sendable {
        /// Its pages (from its manifest) and, with a marker, its other files.
        var previous: PreviousFiles
        /// Other files it wrote (from its marker); nil for a build older than the marker, whose
        /// other files are recognised by their places (`assets/…`, `<viewer>/search-index.js`).
        var files: Set<String>?
        /// The top-level folders found sealed: every folder in them unchanged since the last
        /// recorded build checked it (`OutputFolder+Seal`), so neither listed nor compared.
        var sealed: Set<String> = []
        /// The top-level folders a file of the previous build was removed from (by hand): not
        /// carried, their people are rendered again.
        var damaged: Set<String> = []
        /// The record's check time the seals were measured against (nil: none was used).
        var sealedBefore: Int64?
        /// The manifest's digest, when it was compared with the record's (with `sealedBefore`).
        var manifestDigest: String?
        /// The umask its files and folders have their permissions from, as its marker records
        /// it (nil: not recorded; `SiteWriter+Modes`).
        var umask: UInt32?

        /// True when the previous build wrote `path`.
        func owns(_ path: String) -> Bool {
            if path == SitePath.manifest || path == SiteMarker.name { return true }
            let bytes = Array(path.utf8)
            if previous.containsPage(bytes) { return true }
            if let files { return files.contains(path) }
            if path.hasPrefix(SitePath.assets) { return true }
            // A viewer's search index (`SitePath.searchIndex`) is theirs when their home is.
            let searchIndex = "/" + SearchIndexScript.fileName
            if path.hasSuffix(searchIndex) {
                let viewer = String(path.dropLast(searchIndex.count))
                return !viewer.contains("/") && previous.containsPage(Array(SitePath.home(viewer).utf8))
            }
            return false
        }
    }

    /// `output` with a symbolic link at its end (or in its parents) followed; throws for a
    /// link whose target does not exist or is not a folder.
    static func resolve(_ output: String) throws -> String {
        var info = stat()
        guard lstat(output, &info) == 0 else {
            // Missing: its parent may be a link, which is followed when the folder is made.
            let url = URL(fileURLWithPath: output)
            let parent = url.deletingLastPathComponent().resolvingSymlinksInPath().path
            return (parent == "/" ? "" : parent) + "/" + url.lastPathComponent
        }
        guard (info.st_mode & S_IFMT) == S_IFLNK else { return URL(fileURLWithPath: output).resolvingSymlinksInPath().path }
        guard let resolved = realpath(output, nil) else {
            throw Diagnostic.error(
                "the output '\(output)' is a symbolic link to '\(linkTarget(output))', which does not exist; "
                    + "create that folder or choose another --out")
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        guard stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Diagnostic.error("the output '\(output)' is a symbolic link to '\(target)', which is not a folder")
        }
        return target
    }

    /// Throws when the folder at `path` is a mount point (a Docker volume, a tmpfs): the build
    /// writes the new site beside the output and swaps the two by renaming, which cannot move a
    /// mount point, nor a folder across file systems. Refused before anything is imported or
    /// rendered (it failed at the swap, after the whole render).
    static func refuseMountPoint(_ path: String, shownAs shown: String) throws {
        var folder = stat()
        var parent = stat()
        let parentPath = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard path != "/", stat(path, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR, stat(parentPath, &parent) == 0,
              folder.st_dev != parent.st_dev
        else { return }
        throw Diagnostic.error(
            "the output '\(shown)' is a mount point: the build makes the new site beside it and swaps the two, which a "
                + "mount point cannot take part in; build into a folder inside it (--out \(shown)/site)")
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    /// Checks the existing folder at `path` (already resolved) before a build replaces it and
    /// returns what its previous build owns (nil: no previous build, nothing to check). Throws,
    /// naming the folder and what is in the way, when replacing it could lose a file.
    ///
    /// With `store`, the folders the last build recorded there checked and that have not
    /// changed since are not listed (`OutputFolder+Seal`); the rest are, as without it.
    static func inspect(_ path: String, shownAs name: String, store: String? = nil) throws -> Ownership? {
        try inspect(path, shownAs: name, seal: store.map { .store($0) } ?? .none)
    }

    /// Where the check finds the last build's record for the seals: nowhere (no store), in a
    /// store it reads itself, or already read (`startCheck`).
    enum SealSource {
        case none
        case store(String)
        case read(SealRecord?)
    }

    static func inspect(_ path: String, shownAs name: String, seal: SealSource) throws -> Ownership? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Diagnostic.error("the output '\(name)' exists and is not a folder; choose another --out")
        }
        let entries = try entries(of: path, shownAs: name)
        // Empty, or only top-level dot-files (carried over by the build): nothing to lose.
        if entries.allSatisfy({ $0.name.hasPrefix(".") && $0.type == regular }) { return nil }
        let marker = SiteMarker.read(output: path)
        let manifest = readFile(path + "/" + SitePath.manifest)
        // The manifest's digest (for the seals, below) is worked out while its paths are indexed.
        let record: SealRecord?
        switch seal {
        case .none: record = nil
        case .store(let store): record = marker == nil ? nil : sealRecord(store: store, output: path)
        case .read(let read): record = read
        }
        let digest = manifest.flatMap { bytes in marker != nil && record != nil ? Concurrent { SHA256.hex(bytes) } : nil }
        defer { _ = digest?.value }
        let previous = manifest.flatMap { PreviousFiles(manifest: $0, markerFiles: marker?.files) }
        if marker != nil, previous == nil {
            let what = manifest == nil
                ? "its \(SitePath.manifest) is missing (removed by hand?)"
                : "its \(SitePath.manifest) is no longer in vantage's format (edited by hand?)"
            throw Diagnostic.error(
                "refusing to replace '\(name)': vantage built it, but \(what), so which of its files are vantage's "
                    + "is not known; remove the folder or choose another --out")
        }
        guard let previous else {
            let shown = entries.map { $0.type == directory ? $0.name + "/" : $0.name }.sorted()
            throw Diagnostic.error(
                "refusing to replace '\(name)': it is not a site vantage built (it has no \(SiteMarker.name) marker "
                    + "and no manifest.json in vantage's format) and holds \(listing(shown)); the build replaces "
                    + "the output whole, so remove it or choose another --out")
        }
        var ownership = Ownership(previous: previous, files: marker?.files)
        ownership.umask = marker?.umask
        var foreign = ForeignFiles()
        if marker != nil, let record, let digest, let seal = record.sealing(manifestDigest: digest.value) {
            ownership.sealedBefore = seal.before
            ownership.manifestDigest = seal.manifestDigest
            (ownership.sealed, ownership.damaged) = try checkSealed(path, entries: entries, ownership: ownership, foreign: &foreign)
        } else {
            // Each top-level folder's files of the previous build that are still there, to find
            // the folders a file was removed from.
            var found: [Substring: Int] = [:]
            walk(path, relative: "") { relative, type in
                if type == directory { return }
                let isCarriedDotFile = type == regular && !relative.contains("/") && relative.hasPrefix(".")
                if type == regular, let slash = relative.firstIndex(of: "/"),
                    previous.containsPage(Array(relative.utf8)) || previous.containsOther(Array(relative.utf8))
                {
                    found[relative[..<slash], default: 0] += 1
                }
                if type == regular && ownership.owns(relative) || isCarriedDotFile { return }
                foreign.add(relative, type: type)
            }
            for entry in entries where entry.type == directory {
                let expected = previous.pages(under: entry.name).count + previous.others(under: entry.name).count
                if found[entry.name[...], default: 0] < expected { ownership.damaged.insert(entry.name) }
            }
        }
        let (count, shown) = (foreign.count, foreign.shown)
        guard count == 0 else {
            throw Diagnostic.error(
                "refusing to replace '\(name)': \(count == 1 ? "1 file in it was" : "\(count) files in it were") not "
                    + "written by vantage: \(listing(shown.sorted(), more: count - shown.count)); put files the "
                    + "site should carry in static/ in the content folder (copied into every build), or move them out of '\(name)'")
        }
        return ownership
    }

    /// The bytes of the regular file at `path` (nil when it cannot be read), read straight into
    /// one array.
    ///
    /// The array is not zeroed first and its pages are given to the kernel as huge pages where it
    /// takes the advice (`LargeBuffer`): a large site's manifest is 150 MB, and filling it a 4 KB
    /// page fault at a time cost more than reading it (0.4 CPU-s in a virtual machine).
    static func readFile(_ path: String) -> [UInt8]? {
        // Opened without waiting: a pipe by the name (a `manifest.json` made with mkfifo) would
        // block the build for ever; it is no file, and nil.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            LargeBuffer.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            var offset = 0
            while offset < size {
                let read = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }  // cut short while read
                offset += read
            }
            complete = offset == size
            count = offset
        }
        return complete ? bytes : nil
    }

    /// "a, b and 3 more".
    static func listing(_ names: [String], more: Int = 0) -> String {
        let shown = names.prefix(5).map { "'\($0)'" }
        let rest = more + max(0, names.count - 5)
        return shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    /// One folder's entries (name and `d_type`, `DT_UNKNOWN` resolved with `lstat`).
    static func entries(of path: String, shownAs name: String? = nil) throws -> [(name: String, type: UInt8)] {
        guard let stream = opendir(path) else {
            throw posixError("cannot read the output folder '\(name ?? path)'")
        }
        defer { closedir(stream) }
        var result: [(name: String, type: UInt8)] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if entryName == "." || entryName == ".." { continue }
            var type = entry.pointee.d_type
            if type == unknown {
                var info = stat()
                if lstat(path + "/" + entryName, &info) == 0 {
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = directory
                    case S_IFREG: type = regular
                    case S_IFLNK: type = symbolicLink
                    default: type = unknown
                    }
                }
            }
            result.append((entryName, type))
        }
        return result
    }

    /// Calls `visit` with every entry below `root` (relative path, type), folders before their
    /// contents; never follows a symbolic link.
    static func walk(_ root: String, relative: String, _ visit: (String, UInt8) -> Void) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let children = try? entries(of: folder) else { return }
        for child in children {
            let path = relative.isEmpty ? child.name : relative + "/" + child.name
            visit(path, child.type)
            if child.type == directory { walk(root, relative: path, visit) }
        }
    }
}
