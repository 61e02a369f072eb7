import Foundation

/// The few file-system calls the diff needs, on POSIX directly: `FileManager`'s enumerator
/// and `contents(atPath:)` go through URL and NSString bridging, which costs more than
/// hashing the file on sites of a hundred thousand pages.
enum FileSystem {
    /// The whole file, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while filled < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 { return false }
                if count == 0 { break }
                filled += count
            }
            return true
        }
        guard ok else { return nil }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
    }

    /// The relative paths of every regular file under `root` (symbolic links are not
    /// followed), in no particular order; nil when `root` cannot be listed.
    static func regularFiles(under root: String) -> [String]? {
        guard let top = opendir(root) else { return nil }
        closedir(top)
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    // Some file systems do not fill d_type: ask without following links.
                    var status = stat()
                    guard lstat(root + "/" + path, &status) == 0 else { continue }
                    type = (status.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (status.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : -1
                }
                if type == Int32(DT_DIR) { pending.append(path) } else if type == Int32(DT_REG) { result.append(path) }
            }
        }
        return result
    }

    /// `folder` without a trailing slash (but `/` stays `/`), so joined paths have one.
    static func withoutTrailingSlash(_ folder: String) -> String {
        folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}
