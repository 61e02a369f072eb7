import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Carrying a whole top-level folder of the previous site (a person whose inputs did not
/// change) into the new one without rewriting its files.
///
/// Every file of the folder is hard-linked into the staging tree (same inode, same bytes, same
/// modification time), on the rendering thread that decided to carry it, so the staging tree
/// is the complete new site before the one atomic exchange: the live site is never without a
/// folder, whenever the build is killed. (Earlier versions moved carried folders whole just
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
        var others: [String] = []
        try linkTree(directory, others: &others)
        lock.lock()
        kept.append(directory)
        otherFiles.formUnion(others)
        lock.unlock()
        return true
    }

    /// Links every regular file under the output's `relative` folder into the same place in the
    /// staging tree (folders made as needed); notes the files that are not pages in `others`.
    private func linkTree(_ relative: String, others: inout [String]) throws {
        let target = staging + "/" + relative
        if mkdir(target, 0o755) != 0 && errno != EEXIST { throw posixError("cannot create the folder '\(relative)'") }
        for entry in try OutputFolder.entries(of: output + "/" + relative) {
            let path = relative + "/" + entry.name
            if entry.type == OutputFolder.directory {
                try linkTree(path, others: &others)
            } else if entry.type == OutputFolder.regular {
                if link(output + "/" + path, staging + "/" + path) != 0 {
                    // A file system without hard links (or a file the kernel will not link): copy.
                    try Self.copy(output + "/" + path, to: staging + "/" + path)
                }
                if !path.hasSuffix(".html") { others.append(path) }
            } else {
                throw Diagnostic.error("cannot carry '\(path)' over from the previous site: it is not a file or a folder")
            }
        }
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
