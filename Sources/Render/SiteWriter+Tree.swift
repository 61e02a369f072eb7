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
    static func children(of descriptor: Int32) -> [(name: String, type: UInt8)] {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return []
        }
        defer { closedir(stream) }
        var result: [(name: String, type: UInt8)] = []
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
            result.append((name, type))
        }
        return result
    }

    /// Hard-links every regular file of the folder `source` into the folder `target` (made),
    /// recursively; appends the relative paths (under `relative`) of files that are not pages
    /// to `others`. Copies when the file system refuses a link.
    static func linkTree(
        from parentSource: Int32, _ name: String, to parentTarget: Int32, relative: String, others: inout [String]
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
                try linkTree(from: source, child.name, to: target, relative: path, others: &others)
            } else if child.type == OutputFolder.regular {
                if linkat(source, child.name, target, child.name, 0) != 0 {
                    // A file system without hard links (or a file the kernel will not link): copy.
                    guard let data = readAll(source, child.name) else { throw posixError("cannot read '\(path)'") }
                    let out = openat(target, child.name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
                    guard out >= 0 else { throw posixError("cannot create '\(path)'") }
                    defer { close(out) }
                    try writeAll(out, data, path: path)
                }
                if !child.name.hasSuffix(".html") { others.append(path) }
            } else {
                throw Diagnostic.error("cannot carry '\(path)' over from the previous site: it is not a file or a folder")
            }
        }
    }

    private static func readAll(_ folder: Int32, _ name: String) -> [UInt8]? {
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

    /// Deletes the tree at `old` and returns how many of its regular files have no counterpart
    /// under `new` (the files the new site removed). Files under the top-level folders named in
    /// `carried` are in the new site by construction and are not looked up there.
    static func removeTree(_ old: String, countingFilesMissingFrom new: String, carried: Set<String> = []) -> Int {
        let root = open(old, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return 0 }
        let newRoot = open(new, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if newRoot >= 0 { close(newRoot) } }
        let missing = removeContents(of: root, newFolder: newRoot, carried: carried, topLevel: true)
        rmdir(old)
        return missing
    }

    /// Deletes what the open folder `folder` holds (and closes it); `newFolder` is the same
    /// folder in the new site, or -1 when the new site has none.
    private static func removeContents(of folder: Int32, newFolder: Int32, carried: Set<String>, topLevel: Bool) -> Int {
        let listing = dup(folder)
        defer { close(folder) }
        var missing = 0
        var info = stat()
        for child in children(of: listing) {
            if child.type == OutputFolder.directory {
                let inner = openat(folder, child.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                let isCarried = topLevel && carried.contains(child.name)
                let newInner = newFolder >= 0 && !isCarried
                    ? openat(newFolder, child.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1
                if inner >= 0 {
                    let gone = removeContents(of: inner, newFolder: newInner, carried: [], topLevel: false)
                    if !isCarried { missing += gone }
                }
                if newInner >= 0 { close(newInner) }
                unlinkat(folder, child.name, AT_REMOVEDIR)
            } else {
                if child.type == OutputFolder.regular,
                    newFolder < 0 || fstatat(newFolder, child.name, &info, AT_SYMLINK_NOFOLLOW) != 0
                {
                    missing += 1
                }
                unlinkat(folder, child.name, 0)
            }
        }
        return missing
    }
}
