import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Double buffering: the tree the exchange takes out of the output is not deleted but kept
/// beside it as the staging folder (`.public.building`), the back buffer, and the next build
/// updates it in place into the new site, so carrying an unchanged viewer costs nothing when
/// their folder there is already the live one.
///
/// The back buffer needs no record to be trusted: before a build touches it, every top-level
/// folder in it is compared with the live folder of the same name, entry by entry, by name,
/// type and inode (the files of a carried folder are hard links of the live ones). A folder
/// that is the live one file for file is kept ("clean"); anything else (a folder rendered by the
/// build before, a top-level file, a symbolic link, a foreign or half-written file left by a
/// killed build) is deleted first. Whatever state a kill left the back buffer in, what remains
/// of it is exactly a set of live folders, so the next build is the same as a clean one.
///
/// The two trees share inodes, so a file in either is never changed in place: every write
/// makes a new file (`create` unlinks first) and every removal unlinks.
extension SiteWriter {
    /// What the back buffer holds once pruned: its folders identical to the live ones, each
    /// with the files in it that are not pages (for the marker).
    struct BackBuffer {
        var clean: [String: [String]] = [:]
        var pruned = 0
        /// Clean folders known from their change times, not compared (`OutputFolder+Seal`).
        var sealed = 0
    }

    /// Makes `staging` the back buffer for a build of `output`: a real folder holding only
    /// top-level folders identical to the live ones (a symbolic link or a file there is
    /// removed as such, never followed).
    ///
    /// A top-level folder the check of the output found sealed (`ownership.sealed`) whose every
    /// folder is sealed in the back buffer too is kept without being compared: both trees hold
    /// it as the build that recorded the check time left them, the same.
    static func prepareBackBuffer(staging: String, output: String, ownership: OutputFolder.Ownership? = nil) throws -> BackBuffer {
        try applyBackBuffer(judgeBackBuffer(staging: staging, output: output, ownership: ownership), staging: staging)
    }

    /// What the back buffer at `staging` is found to be, before anything in it is changed.
    enum BackBufferState: Sendable {
        /// There is none yet.
        case absent
        /// Something that is not a real folder is in its place.
        case notAFolder
        /// A folder: what becomes of each of its entries, in name order.
        case entries([(name: String, type: UInt8, verdict: Verdict)])
    }

    /// Decides what becomes of every top-level entry of the back buffer, changing nothing: the
    /// read-only half of `prepareBackBuffer`, which a build starts early (`SiteWriter.prepare`)
    /// so that the folder checks share the cores with loading the site and the pass over the
    /// store. Which folders stay is worked out one top-level folder at a time on every core
    /// (`ParallelMap`); once `stop` is set, the folders left are not looked at and it throws.
    static func judgeBackBuffer(
        staging: String, output: String, ownership: OutputFolder.Ownership?, stop: Stop? = nil
    ) throws -> BackBufferState {
        var info = stat()
        guard lstat(staging, &info) == 0 else { return .absent }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .notAFolder }
        let back = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard back >= 0 else { throw posixError("cannot open '\(staging)'") }
        defer { close(back) }
        let live = open(output, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if live >= 0 { close(live) } }
        let children = children(of: dup(back)).sorted(by: { $0.name < $1.name })
        let verdicts = ParallelMap.map(count: children.count) { index -> Verdict in
            let child = children[index]
            guard child.type == OutputFolder.directory, live >= 0, stop?.wasSet != true else { return .remove }
            if let ownership, let before = ownership.sealedBefore, ownership.sealed.contains(child.name),
                OutputFolder.isSealed(backFolder: back, top: child.name, previous: ownership.previous, before: before)
            {
                return .sealed(ownership.previous.others(under: child.name).map { String(decoding: $0, as: UTF8.self) })
            }
            var others: [String] = []
            return sameTree(back, live, child.name, relative: child.name, others: &others) ? .same(others) : .remove
        }
        if stop?.wasSet == true { throw Diagnostic.error("the build stopped before the output was prepared") }
        return .entries(zip(children, verdicts).map { ($0.name, $0.type, $1) })
    }

    /// Makes the back buffer what `state` found it should be: created when absent, replaced
    /// when not a folder, its entries judged `.remove` deleted (in name order).
    static func applyBackBuffer(_ state: BackBufferState, staging: String) throws -> BackBuffer {
        var buffer = BackBuffer()
        switch state {
        case .notAFolder:
            try removeStale(staging)
            fallthrough
        case .absent:
            guard mkdir(staging, 0o755) == 0 else { throw posixError("cannot create '\(staging)'") }
        case .entries(let entries):
            let back = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard back >= 0 else { throw posixError("cannot open '\(staging)'") }
            defer { close(back) }
            for entry in entries {
                switch entry.verdict {
                case .sealed(let others):
                    buffer.clean[entry.name] = others
                    buffer.sealed += 1
                case .same(let others):
                    buffer.clean[entry.name] = others
                case .remove:
                    buffer.pruned += try removeEntry(back, entry.name, type: entry.type, in: staging)
                }
            }
        }
        return buffer
    }

    /// What becomes of a top-level folder of the back buffer: kept because every folder in it is
    /// sealed here and live, kept because it is the live one file for file, or deleted. A kept
    /// folder comes with its files that are not pages (for the marker).
    enum Verdict: Sendable {
        case sealed([String]), same([String]), remove
    }

    /// True when the folder `name` of `backParent` holds exactly what the same folder of
    /// `liveParent` holds: the same names, types and inodes, all the way down (regular files
    /// and folders only). Appends the files that are not pages to `others`.
    static func sameTree(_ backParent: Int32, _ liveParent: Int32, _ name: String, relative: String, others: inout [String]) -> Bool {
        let back = openat(backParent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard back >= 0 else { return false }
        defer { close(back) }
        let live = openat(liveParent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard live >= 0 else { return false }
        defer { close(live) }
        let backEntries = children(of: dup(back))
        let liveEntries = children(of: dup(live))
        guard backEntries.count == liveEntries.count else { return false }
        var liveByName: [String: (type: UInt8, inode: UInt64)] = [:]
        liveByName.reserveCapacity(liveEntries.count)
        for entry in liveEntries { liveByName[entry.name] = (entry.type, entry.inode) }
        var folders: [String] = []
        for entry in backEntries {
            guard let match = liveByName[entry.name], match.type == entry.type else { return false }
            if entry.type == OutputFolder.directory {
                folders.append(entry.name)
            } else if entry.type == OutputFolder.regular, match.inode == entry.inode {
                if !PageName.isPage(entry.name) { others.append(relative + "/" + entry.name) }
            } else {
                return false
            }
        }
        for folder in folders where !sameTree(back, live, folder, relative: relative + "/" + folder, others: &others) {
            return false
        }
        return true
    }

    /// Deletes the entry `name` of the open folder `parent` (a folder with what it holds, never
    /// following a link); returns how many files went. Throws when it is still there: what
    /// stayed of it would otherwise be published with the next site.
    static func removeEntry(_ parent: Int32, _ name: String, type: UInt8, in folder: String) throws -> Int {
        var files = 0
        if type == OutputFolder.directory {
            let inner = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if inner >= 0 { files = deleteContents(of: inner) }
            unlinkat(parent, name, AT_REMOVEDIR)
        } else if unlinkat(parent, name, 0) == 0 {
            files = 1
        }
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            throw posixError("cannot clear '\(name)' from '\(folder)' (delete that folder and build again)")
        }
        return files
    }

    /// Deletes a clean folder of the back buffer that this build writes into (a viewer
    /// rendered again): their folder is made anew, so no file of the old one stays behind.
    /// Called before the first file of the folder is written; cheap when it is not clean.
    func claimTopLevel(of path: String) throws {
        guard let slash = Self.slash(in: path, last: false) else { return }
        let top = String(path[..<slash])
        lock.lock()
        defer { lock.unlock() }
        guard back.clean.removeValue(forKey: top) != nil else { return }
        let root = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { throw posixError("cannot open '\(staging)'") }
        defer { close(root) }
        counts.pruned += try Self.removeEntry(root, top, type: OutputFolder.directory, in: staging)
    }

    /// Deletes the clean folders no viewer of this build claimed (people gone from the site):
    /// called just before the exchange, with the lock held.
    func dropUnclaimedFolders() throws {
        let root = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { throw posixError("cannot open '\(staging)'") }
        defer { close(root) }
        for name in back.clean.keys.sorted() {
            counts.pruned += try Self.removeEntry(root, name, type: OutputFolder.directory, in: staging)
        }
        back.clean = [:]
    }
}
