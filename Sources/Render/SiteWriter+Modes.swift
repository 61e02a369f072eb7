import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// The permissions of the output are a function of the umask the build runs under, as its bytes
/// are of its inputs: every file `0644 & ~umask`, every folder `0755 & ~umask`, what a clean
/// build creates them with, whatever the builds before it ran under.
///
/// Unchanged files are hard-linked from the live site and the back buffer's folders are reused,
/// so both keep the modes of the build that made them. Each site therefore records its umask in
/// its marker (`SiteMarker.umask`), and a build whose umask gives other modes than the live
/// site's or the back buffer's recorded one (or where either is not recorded) sets the modes of
/// every file and folder of the new tree just before the exchange. A steady rebuild costs no
/// system call for this; a build after a umask change (and the one after it, whose back buffer
/// is the site made before the change) costs one `fstatat` per file and a `fchmodat` per file
/// whose mode differs. The files set are shared with the live site (hard links): that is the
/// one change the live site sees before the exchange, and it is the mode the exchange publishes.
///
/// The new site's own folder is the one exception to "no system call": the user may change the
/// live folder's mode or group, and it becomes the next build's back buffer, so its mode and
/// group are set on every build (`bringTopFolder`).
///
/// A failed build leaves its back buffer's marker recorded only when it had nothing to set
/// (every file and folder it made or linked has the modes of its umask); a killed one leaves
/// none, and the next build sets every mode.
extension SiteWriter {
    /// The permission bits of the site's files under `umask`.
    static func fileMode(_ umask: UInt32) -> mode_t { mode_t(0o644 & ~umask) }

    /// The permission bits of the site's folders under `umask`.
    static func folderMode(_ umask: UInt32) -> mode_t { mode_t(0o755 & ~umask) }

    /// True when a site recorded under `recorded` has the modes a build under `umask` gives
    /// (the umasks agree on the bits of `0755`); false when none was recorded.
    static func sameModes(_ recorded: UInt32?, _ umask: UInt32) -> Bool {
        guard let recorded else { return false }
        return recorded & 0o755 == umask & 0o755
    }

    /// This process's umask, from `/proc/self/status` (reading it with `umask(2)` sets it, for a
    /// moment, for every thread); where that line is missing, set and restored, the moment's
    /// value the strictest one.
    static func currentUmask() -> UInt32 {
        if let status = FileCheck.readRegularFile("/proc/self/status") {
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
                if let value = UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
                    return value & 0o777
                }
            }
        }
        let value = Glibc.umask(0o077)
        Glibc.umask(value)
        return UInt32(value) & 0o777
    }

    /// Gives every file and folder of the staging tree the modes of this build's umask, the
    /// staging folder included; the top-level dot-files carried from the output (`.nojekyll`,
    /// not the build's) keep theirs, as in a clean build. One top-level entry at a time on
    /// every core. Called by `commit`, with the lock held, before the marker is written: a
    /// marker in the tree says its modes are right.
    func bringModes() throws {
        let (file, folder) = (Self.fileMode(umask), Self.folderMode(umask))
        let root = stagingFolder
        var changed = try Self.setMode(of: root, to: folder, relative: ".")
        let entries = Self.children(of: dup(root)).filter { !carriedHidden.contains($0.name) || otherFiles.contains($0.name) }
        let results = ParallelMap.map(count: entries.count) { index -> Result<Int, any Error> in
            Result {
                let entry = entries[index]
                return try Self.bringModes(of: entry.name, type: entry.type, in: root, file: file, folder: folder, relative: entry.name)
            }
        }
        for result in results { changed += try result.get() }
        counts.modesSet += changed
    }

    /// Gives the new site's own folder `0755 & ~umask` and the group a new folder beside it
    /// gets, on every build. The back buffer's root is the folder the last exchange took out,
    /// which the user may have changed (`chmod 700 public`) while it was live: reused as it is,
    /// the output's own mode and group alternated from build to build. One `fstat` (and a
    /// change only when it differs), so a steady rebuild still walks nothing. Called by
    /// `commit`, after `bringModes` when that runs.
    func bringTopFolder() throws {
        var changed = try Self.setMode(of: stagingFolder, to: Self.folderMode(umask), relative: ".")
        changed += Self.setGroup(of: stagingFolder, to: Self.newFolderGroup(in: PathText.parent(of: staging)))
        counts.modesSet += changed
    }

    /// The group `mkdir` gives a new folder in `parent`: the parent's when it has the set-group-ID
    /// bit, else this process's effective group.
    static func newFolderGroup(in parent: String) -> gid_t {
        var info = stat()
        if stat(parent.isEmpty ? "." : parent, &info) == 0, info.st_mode & S_ISGID != 0 { return info.st_gid }
        return getegid()
    }

    /// Sets the group of the open folder `descriptor` to `group` when it differs; 1 when it was
    /// set. A group this user may not give (one they are not in, whom a set-group-ID parent
    /// gives new folders) is left as it is: the folder's modes and files are right either way.
    private static func setGroup(of descriptor: Int32, to group: gid_t) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_gid != group else { return 0 }
        return fchown(descriptor, uid_t.max, group) == 0 ? 1 : 0
    }

    /// Sets the modes of the entry `name` of the open folder `parent` and, for a folder, of
    /// everything in it; returns how many entries changed.
    private static func bringModes(
        of name: String, type: UInt8, in parent: Int32, file: mode_t, folder: mode_t, relative: String
    ) throws -> Int {
        if type == OutputFolder.directory {
            let inner = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard inner >= 0 else { throw posixError("cannot open the folder '\(relative)'") }
            defer { close(inner) }
            var changed = try setMode(of: inner, to: folder, relative: relative)
            for child in children(of: dup(inner)) {
                changed += try bringModes(of: child.name, type: child.type, in: inner, file: file, folder: folder, relative: relative + "/" + child.name)
            }
            return changed
        }
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw posixError("cannot read the mode of '\(relative)'") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        if info.st_mode & 0o777 == file { return 0 }
        if fchmodat(parent, name, (info.st_mode & 0o7000) | file, 0) == 0 { return 1 }
        // A file linked from a live site another user built: a copy of it is this build's.
        guard errno == EPERM, let bytes = readAll(parent, name) else { throw posixError("cannot set the mode of '\(relative)'") }
        try create(name, in: parent, bytes: bytes)
        return 1
    }

    /// Sets the permission bits of the open folder `descriptor` to `mode` when they differ (so
    /// a folder already right keeps its change time, and its seal); 1 when they were set.
    private static func setMode(of descriptor: Int32, to mode: mode_t, relative: String) throws -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw posixError("cannot read the mode of '\(relative)'") }
        if info.st_mode & 0o777 == mode { return 0 }
        guard fchmod(descriptor, (info.st_mode & 0o7000) | mode) == 0 else { throw posixError("cannot set the mode of '\(relative)'") }
        return 1
    }
}
