import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Walking trees by directory descriptor (`openat`, `linkat`, `unlinkat`, `d_type`): the
/// carried folders hold hundreds of thousands of files, and a path resolved from the root for
/// each one costs more than the operation itself.
extension SiteWriter {
    /// The entries of the open folder `descriptor` (closed by the walk), `d_type` resolved.
    static func children(of descriptor: Int32) -> [(name: String, type: UInt8, inode: UInt64)] {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return []
        }
        defer { closedir(stream) }
        var result: [(name: String, type: UInt8, inode: UInt64)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == OutputFolder.unknown {
                var info = stat()
                if fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? OutputFolder.directory
                        : (info.st_mode & S_IFMT) == S_IFREG ? OutputFolder.regular : OutputFolder.symbolicLink
                }
            }
            result.append((name, type, UInt64(entry.pointee.d_ino)))
        }
        return result
    }

    /// Hard-links every regular file of the folder `source` into the folder `target` (made),
    /// recursively; appends the relative paths (under `relative`) of files that are not pages
    /// to `others` and counts the files in `files`. Copies when the file system refuses a link.
    /// A file already at a target name is unlinked first, never written through (it may be a
    /// link of a live file).
    static func linkTree(
        from parentSource: Int32, _ name: String, to parentTarget: Int32, relative: String, others: inout [String],
        files: inout Int
    ) throws {
        if mkdirat(parentTarget, name, 0o755) != 0 && errno != EEXIST { throw posixError("cannot create the folder '\(relative)'") }
        let source = openat(parentSource, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { throw posixError("cannot open '\(relative)' of the previous site") }
        let target = openat(parentTarget, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard target >= 0 else {
            close(source)
            throw posixError("cannot open the folder '\(relative)'")
        }
        defer { close(target) }
        let listing = dup(source)
        defer { close(source) }
        for child in children(of: listing) {
            let path = relative + "/" + child.name
            if child.type == OutputFolder.directory {
                try linkTree(from: source, child.name, to: target, relative: path, others: &others, files: &files)
            } else if child.type == OutputFolder.regular {
                var linked = linkat(source, child.name, target, child.name, 0) == 0
                if !linked, errno == EEXIST {
                    unlinkat(target, child.name, 0)
                    linked = linkat(source, child.name, target, child.name, 0) == 0
                }
                files += 1
                if !linked {
                    // A file system without hard links (or a file the kernel will not link): copy.
                    guard let data = readAll(source, child.name) else { throw posixError("cannot read '\(path)'") }
                    unlinkat(target, child.name, 0)
                    let out = openat(target, child.name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                    guard out >= 0 else { throw posixError("cannot create '\(path)'") }
                    defer { close(out) }
                    try writeAll(out, data, path: path)
                }
                if !PageName.isPage(child.name) { others.append(path) }
            } else {
                throw Diagnostic.error("cannot carry '\(path)' over from the previous site: it is not a file or a folder")
            }
        }
    }

    /// The bytes of the file `name` of the open folder `folder` (nil when it cannot be read).
    static func readAll(_ folder: Int32, _ name: String) -> [UInt8]? {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// How many regular files of the tree at `old` have no counterpart under `new` (the files
    /// the new site removed). The top-level folders named in `carried` are in the new site by
    /// construction and are not visited: the count costs what changed, not the whole site.
    static func countMissing(_ old: String, from new: String, carried: Set<String>) -> Int {
        let root = open(old, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return 0 }
        let newRoot = open(new, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if newRoot >= 0 { close(newRoot) } }
        return countMissing(in: root, newFolder: newRoot, carried: carried)
    }

    /// Counts what the open folder `folder` (closed here) holds that `newFolder` (-1: none)
    /// does not.
    private static func countMissing(in folder: Int32, newFolder: Int32, carried: Set<String>) -> Int {
        let listing = dup(folder)
        defer { close(folder) }
        var missing = 0
        var info = stat()
        for child in children(of: listing) where !carried.contains(child.name) {
            if child.type == OutputFolder.directory {
                let inner = openat(folder, child.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                let newInner = newFolder >= 0 ? openat(newFolder, child.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1
                if inner >= 0 { missing += countMissing(in: inner, newFolder: newInner, carried: []) }
                if newInner >= 0 { close(newInner) }
            } else if child.type == OutputFolder.regular,
                newFolder < 0 || fstatat(newFolder, child.name, &info, AT_SYMLINK_NOFOLLOW) != 0
            {
                missing += 1
            }
        }
        return missing
    }

    /// Deletes the tree at `path` (never following a link in it); returns how many files went.
    @discardableResult
    static func removeTree(_ path: String) -> Int {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return 0 }
        let files = deleteContents(of: root)
        rmdir(path)
        return files
    }

    /// Deletes what the open folder `folder` holds (and closes it); returns how many files went.
    static func deleteContents(of folder: Int32) -> Int {
        let listing = dup(folder)
        defer { close(folder) }
        var files = 0
        for child in children(of: listing) {
            if child.type == OutputFolder.directory {
                let inner = openat(folder, child.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if inner >= 0 { files += deleteContents(of: inner) }
                unlinkat(folder, child.name, AT_REMOVEDIR)
            } else if unlinkat(folder, child.name, 0) == 0 {
                files += 1
            }
        }
        return files
    }
}
