import Foundation
import Store
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Sealed folders: checking an output of 770,000 files without listing them.
///
/// The check that every file of the output is the previous build's, and the back buffer's
/// prune, used to list every folder of both trees (about 700,000 each on the peer workload then;
/// 90,000 since a speaker's page is a file), which cost more than the rest of an incremental
/// rebuild. A folder's change time (`st_ctime`) moves whenever an entry is added to it, removed
/// from it or renamed in it, and nobody can set it back (setting the times sets it to now). So a
/// build records the instant just before it checks both trees (`BuildRecord.checkedAt`), and the
/// next build, trusting that record as it trusts the fingerprints (same output, same manifest
/// digest), lists only the folders whose change time is not older than that instant by a
/// margin: every other folder holds exactly
/// what the recorded build checked (or later builds checked and carried unchanged). A folder is
/// found by `fstatat` from the paths the manifest and marker list, one call per folder and none
/// per file; a file dropped anywhere changes its folder's change time, so that folder is listed
/// and the file refused by name, as before.
///
/// A top-level folder whose every folder is sealed in the output and in the back buffer is also
/// known to be the same in both (the build that recorded the instant left them so), so the
/// back buffer keeps it without comparing it file by file.
extension OutputFolder {
    /// How much older than the recorded check a folder's change time must be: file systems keep
    /// times with a coarse clock (a tick of a few milliseconds, two seconds on FAT), and a change
    /// made just after the check must never look older than it.
    static let sealMargin: Int64 = 2_000_000_000

    /// The instant to seal against: the record's check time, when the store's record of the last
    /// build names this output and the digest of the manifest in it (`manifestDigest`). Returns
    /// it with that digest.
    static func sealTime(store: String, output: String, manifestDigest: String) -> (before: Int64, manifestDigest: String)? {
        sealRecord(store: store, output: output)?.sealing(manifestDigest: manifestDigest)
    }

    /// What the store's record of the last build says about `output`, for the seals: read on its
    /// own (before the import opens its transaction, `startCheck`), compared with the manifest
    /// later (`SealRecord.sealing`).
    static func sealRecord(store: String, output: String) -> SealRecord? {
        guard FileManager.default.fileExists(atPath: store),
            let record = try? Store(path: store, readOnly: true).buildRecord(), record.output == output,
            let checkedAt = record.checkedAt
        else { return nil }
        return SealRecord(checkedAt: checkedAt, manifestDigest: record.manifestDigest)
    }

    /// The last build's check time and manifest digest, as its record holds them.
    struct SealRecord: Sendable {
        var checkedAt: Int64
        var manifestDigest: String

        /// The instant to seal against, when the manifest found has the recorded digest (and the
        /// clock has not been set back past the record).
        func sealing(manifestDigest digest: String) -> (before: Int64, manifestDigest: String)? {
            guard checkedAt < OutputFolder.now(), digest == manifestDigest else { return nil }
            return (checkedAt, manifestDigest)
        }
    }

    /// Now, in Unix nanoseconds (the clock file systems stamp change times with).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// True when the folder `info` describes is sealed against `before`.
    static func isSealed(_ info: stat, before: Int64) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
            && Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec) < before - sealMargin
    }

    /// The files found that vantage did not write: how many, and the first few.
    struct ForeignFiles: Sendable {
        var count = 0
        var shown: [String] = []

        mutating func add(_ path: String, type: UInt8) {
            count += 1
            if shown.count < 5 { shown.append(type == OutputFolder.symbolicLink ? path + " (a symbolic link)" : path) }
        }

        /// Adds what another check found after this one's.
        mutating func add(_ other: ForeignFiles) {
            count += other.count
            shown += other.shown.prefix(max(0, 5 - shown.count))
        }
    }

    /// Checks the output `root` (its top-level `entries` already read) folder by folder: a
    /// folder sealed against the record's instant is not listed; any other folder is, and each
    /// of its entries must be a folder of the previous build or one of its files. Returns the
    /// top-level folders whose every folder was sealed.
    ///
    /// The top-level entries are checked on one thread per core (`ParallelMap`), each on its
    /// own; what they find is gathered in the entries' order, as one thread would gather it.
    static func checkSealed(
        _ root: String, entries: [(name: String, type: UInt8)], ownership: Ownership, foreign: inout ForeignFiles
    ) throws -> (sealed: Set<String>, damaged: Set<String>) {
        guard let before = ownership.sealedBefore else { return ([], []) }
        let rootFolder = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard rootFolder >= 0 else { throw posixError("cannot read the output folder '\(root)'") }
        defer { close(rootFolder) }
        let verdicts = ParallelMap.map(count: entries.count) { index -> (sealed: Bool, damaged: Bool, foreign: ForeignFiles) in
            let entry = entries[index]
            var found = ForeignFiles()
            switch entry.type {
            case directory:
                let previous = ownership.previous
                guard !previous.pages(under: entry.name).isEmpty || !previous.others(under: entry.name).isEmpty else {
                    // No file of the previous build is in it: everything in it is foreign.
                    walkForeign(root, entry.name, &found)
                    return (false, false, found)
                }
                let verdict = checkFolder(rootFolder, root, top: entry.name, ownership: ownership, before: before, foreign: &found)
                return (verdict.sealed, verdict.damaged, found)
            case regular:
                if !entry.name.hasPrefix(".") && !ownership.owns(entry.name) { found.add(entry.name, type: entry.type) }
            default:
                found.add(entry.name, type: entry.type)
            }
            return (false, false, found)
        }
        var sealed: Set<String> = []
        var damaged: Set<String> = []
        for (entry, verdict) in zip(entries, verdicts) {
            if verdict.sealed { sealed.insert(entry.name) }
            if verdict.damaged { damaged.insert(entry.name) }
            foreign.add(verdict.foreign)
        }
        return (sealed, damaged)
    }

    /// Checks the top-level folder `top` of the output: `sealed` when all of it is, `damaged` when
    /// a file the previous build wrote in one of its changed folders is gone (removed by hand:
    /// the folder cannot be carried, and its person is rendered again).
    private static func checkFolder(
        _ rootFolder: Int32, _ root: String, top: String, ownership: Ownership, before: Int64, foreign: inout ForeignFiles
    ) -> (sealed: Bool, damaged: Bool) {
        var unsealed: [String] = []
        var info = stat()
        ownership.previous.forEachFolder(under: top) { path in
            if fstatat(rootFolder, path, &info, AT_SYMLINK_NOFOLLOW) != 0 || !isSealed(info, before: before) {
                unsealed.append(String(cString: path))
            }
            return true
        }
        guard !unsealed.isEmpty else { return (true, false) }
        // Some folders changed (or are gone): list those, against this folder's files.
        var folders: Set<String> = []
        ownership.previous.forEachFolder(under: top) { path in
            folders.insert(String(cString: path))
            return true
        }
        for folder in unsealed {
            guard lstat(root + "/" + folder, &info) == 0 else { continue }  // gone: nothing to lose
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                // A file where the previous build had a folder; its parent is listed too and would
                // name it again, unless the parent is sealed (it cannot be: the entry changed).
                continue
            }
            guard let children = try? entries(of: root + "/" + folder) else { continue }
            for child in children {
                let path = folder + "/" + child.name
                if child.type == directory {
                    if !folders.contains(path) { walkForeign(root, path, &foreign) }
                } else if child.type != regular || !ownership.owns(path) {
                    foreign.add(path, type: child.type)
                }
            }
        }
        return (false, isDamaged(rootFolder, top: top, unsealed: Set(unsealed), previous: ownership.previous))
    }

    /// True when a file the previous build wrote directly in one of the `unsealed` folders of
    /// `top` is no longer a file there (a sealed folder holds all of its files).
    private static func isDamaged(_ rootFolder: Int32, top: String, unsealed: Set<String>, previous: PreviousFiles) -> Bool {
        var info = stat()
        func gone(_ path: ArraySlice<UInt8>) -> Bool {
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")),
                unsealed.contains(String(decoding: path[..<slash], as: UTF8.self))
            else { return false }
            let missing = (Array(path) + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { fstatat(rootFolder, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) != 0 }
            }
            return missing || (info.st_mode & S_IFMT) != S_IFREG
        }
        for index in previous.pages(under: top) where gone(previous.page(index)) { return true }
        for other in previous.others(under: top) where gone(other[...]) { return true }
        return false
    }

    /// Counts every file under `relative` (a folder no file of the previous build is in), and
    /// the folder itself when it holds none (an empty folder made by hand is not the build's
    /// either, and would be published).
    private static func walkForeign(_ root: String, _ relative: String, _ foreign: inout ForeignFiles) {
        let before = foreign.count
        walk(root + "/" + relative, relative: "") { path, type in
            if type != directory { foreign.add(relative + "/" + path, type: type) }
        }
        if foreign.count == before { foreign.add(relative + "/", type: directory) }
    }

    /// True when every folder of the top-level folder `top` of the back buffer (open as
    /// `backFolder`) is sealed against `before`: the back buffer then holds it as it is live.
    static func isSealed(backFolder: Int32, top: String, previous: PreviousFiles, before: Int64) -> Bool {
        var sealed = true
        var info = stat()
        previous.forEachFolder(under: top) { path in
            sealed = fstatat(backFolder, path, &info, AT_SYMLINK_NOFOLLOW) == 0 && isSealed(info, before: before)
            return sealed
        }
        return sealed
    }
}
