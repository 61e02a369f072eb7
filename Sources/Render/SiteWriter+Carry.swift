import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Carrying a whole top-level folder of the previous site (a person whose inputs did not
/// change) into the new one without rewriting its files.
///
/// When the back buffer (`SiteWriter+Back`) already holds the folder as it is live, there is
/// nothing to do. Otherwise every file of the folder is hard-linked into the staging tree (same
/// inode, same bytes, same modification time), on the rendering thread that decided to carry
/// it, so the staging tree is the complete new site before the one atomic exchange: the live
/// site is never without a folder, whenever the build is killed. (Earlier versions moved carried folders whole just
/// before the exchange, one rename per folder, which left the live site without them during the
/// moves; the cost of linking instead is measured in docs/SITE.md, "Carrying folders".)
extension SiteWriter {
    /// The journal an earlier version wrote of the folders it moved at commit.
    var keepJournal: String { staging + ".keep" }

    /// Carries the previous site's top-level folder `directory` into the new site unchanged:
    /// every file hard-linked into the staging tree now. False when the previous site has no
    /// such folder (the caller renders instead).
    func keep(directory: String) throws -> Bool {
        try SafePath.check(directory)
        guard !directory.contains("/") else { throw Diagnostic.error("only a top-level folder can be kept: '\(directory)'") }
        var info = stat()
        guard lstat(output + "/" + directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        // A file of it was removed from the live site: render it again rather than carry the gap.
        if ownership?.damaged.contains(directory) ?? false { return false }
        lock.lock()
        if let others = back.clean.removeValue(forKey: directory) {
            kept.append(directory)
            otherFiles.formUnion(others)
            counts.reusedFolders += 1
            lock.unlock()
            return true
        }
        lock.unlock()
        var others: [String] = []
        var files = 0
        let source = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard source >= 0 else { throw posixError("cannot open the previous site '\(output)'") }
        defer { close(source) }
        let target = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard target >= 0 else { throw posixError("cannot open '\(staging)'") }
        defer { close(target) }
        try Self.linkTree(from: source, directory, to: target, relative: directory, others: &others, files: &files)
        lock.lock()
        kept.append(directory)
        counts.linked += files
        otherFiles.formUnion(others)
        lock.unlock()
        return true
    }

    /// Counts a kept folder's files as unchanged (their number and size come from the record
    /// of the build that wrote them: counting them here would mean visiting every file).
    func countKept(files: Int, bytes: Int) {
        lock.lock()
        counts.unchanged += files
        counts.bytes += bytes
        lock.unlock()
    }

    /// Repairs what a build of an earlier version killed mid-commit left: every folder its
    /// journal names that is in the staging tree and missing from the output goes back.
    static func recoverKeptFolders(output: String, staging: String) {
        let journal = staging + ".keep"
        guard let data = FileManager.default.contents(atPath: journal) else { return }
        var info = stat()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let directory = String(line)
            guard (try? SafePath.check(directory)) != nil, !directory.contains("/") else { continue }
            if lstat(staging + "/" + directory, &info) == 0, lstat(output + "/" + directory, &info) != 0 {
                _ = rename(staging + "/" + directory, output + "/" + directory)
            }
        }
        unlink(journal)
    }
}
