import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

extension SiteWriter {
    /// Carries the folder `directory` (relative to the output) of the previous site into the
    /// new one unchanged: every file is hard-linked into the staging tree (same inode, same
    /// modification time), so the previous output is never touched and a failed build still
    /// leaves it as it was. Returns the number of files carried, or nil when the previous site
    /// has no such folder (the caller renders instead). A file that cannot be linked fails the
    /// build: the staging tree would otherwise hold links into the previous site that a later
    /// write could truncate.
    func carry(directory: String) throws -> Int? {
        try SafePath.check(directory)
        var info = stat()
        guard lstat(output + "/" + directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var files = 0
        var bytes = 0
        try carryTree(directory, files: &files, bytes: &bytes)
        lock.lock()
        counts.unchanged += files
        counts.bytes += bytes
        lock.unlock()
        return files
    }

    private func carryTree(_ relative: String, files: inout Int, bytes: inout Int) throws {
        if mkdir(staging + "/" + relative, 0o755) != 0 && errno != EEXIST {
            throw posixError("cannot create the folder '\(relative)'")
        }
        guard let stream = opendir(output + "/" + relative) else { throw posixError("cannot read the folder '\(relative)'") }
        defer { closedir(stream) }
        var info = stat()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = relative + "/" + name
            guard lstat(output + "/" + child, &info) == 0 else { throw posixError("cannot read '\(child)'") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                try carryTree(child, files: &files, bytes: &bytes)
            case S_IFREG:
                guard link(output + "/" + child, staging + "/" + child) == 0 else {
                    throw posixError("cannot carry '\(child)' over from the previous site")
                }
                files += 1
                bytes += Int(info.st_size)
            default:
                continue  // the build writes nothing else; a stray link or device is not carried
            }
        }
    }
}
