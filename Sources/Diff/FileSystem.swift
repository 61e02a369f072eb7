import Foundation
import VantageCore

/// The few file-system calls the diff needs, on POSIX directly: `FileManager`'s enumerator
/// and `contents(atPath:)` go through URL and NSString bridging, which costs more than
/// hashing the file on sites of a hundred thousand pages.
enum FileSystem {
    /// The whole file, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        // Without waiting: a pipe by the name would block the diff for ever; it is no file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
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
    /// followed: `FileTree.regularFiles`), in no particular order. Throws, naming the folder as
    /// `shownAs`, when it cannot be listed or holds what no build writes (`FileTree.Stray`: a name
    /// a report cannot show as it is, a symbolic link, a pipe).
    static func regularFiles(under root: String, shownAs folder: String) throws(Diagnostic) -> [String] {
        guard let listing = FileTree.regularFiles(under: root) else {
            throw Diagnostic.error("cannot list the folder", at: SourceLocation(file: folder))
        }
        if let odd = listing.strays.min() {
            throw Diagnostic.error(odd.message, at: SourceLocation(file: Manifest.join(folder, odd.path)))
        }
        return listing.files
    }

    /// `folder` without a trailing slash (but `/` stays `/`), so joined paths have one.
    static func withoutTrailingSlash(_ folder: String) -> String {
        folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}
