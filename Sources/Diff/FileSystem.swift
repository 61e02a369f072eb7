import Foundation
import VantageCore

/// The few file-system calls the diff needs, on POSIX directly: `FileManager`'s enumerator
/// and `contents(atPath:)` go through URL and NSString bridging, which costs more than
/// hashing the file on sites of a hundred thousand pages.
enum FileSystem {
    /// The whole file, or nil when it cannot be read or is no regular file (a pipe by the name
    /// is nil at once: `FileCheck.readRegularFile`).
    static func read(_ path: String) -> [UInt8]? { FileCheck.readRegularFile(path) }

    /// The relative paths of every regular file under `root` (symbolic links are not
    /// followed: `FileTree.regularFiles`), in no particular order. Throws, naming the folder as
    /// `shownAs`, when it or a folder in it cannot be listed, or it holds what no build writes (`FileTree.Stray`: a name
    /// a report cannot show as it is, a symbolic link, a pipe).
    static func regularFiles(under root: String, shownAs folder: String) throws(Diagnostic) -> [String] {
        guard let listing = FileTree.regularFiles(under: root) else {
            throw FileCheck.unlistable(root, shownAs: folder)
        }
        if let unlisted = listing.unlisted.min() {
            throw Diagnostic.error(unlisted.message, at: SourceLocation(file: PathText.joined(folder, unlisted.path)))
        }
        if let odd = listing.strays.min() {
            throw Diagnostic.error(odd.message, at: SourceLocation(file: PathText.joined(folder, odd.path)))
        }
        return listing.files
    }

    /// `folder` without a trailing slash (but `/` stays `/`), so joined paths have one.
    static func withoutTrailingSlash(_ folder: String) -> String {
        folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}
