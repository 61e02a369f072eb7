#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files under a folder, as the templates folder is read (templates, the catalog, assets):
/// symbolic links are followed, to files and to folders (a shared theme linked in, or the
/// whole folder given as a link), a folder reached twice through links is read once, and the
/// paths come relative to the folder, sorted by their bytes. Foundation's enumerator does not
/// descend into a linked folder, so a linked templates folder read as empty.
public enum FileTree {
    /// Relative paths of the regular files under `root` (nothing when `root` is not a folder).
    /// `include` is asked of each file and folder name (a folder left out is not entered).
    public static func files(under root: String, include: (String) -> Bool = { _ in true }) -> [String] {
        var files: [String] = []
        var visited: Set<[UInt64]> = []
        func walk(_ folder: String, _ relative: String) {
            var info = stat()
            guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                  visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted,
                  let directory = opendir(folder)
            else { return }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where include(name) {
                let path = folder + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                var target = stat()
                guard stat(path, &target) == 0 else { continue }  // a dangling link: nothing to read
                switch target.st_mode & S_IFMT {
                case S_IFDIR: walk(path, child)
                case S_IFREG: files.append(child)
                default: continue
                }
            }
        }
        walk(root, "")
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
