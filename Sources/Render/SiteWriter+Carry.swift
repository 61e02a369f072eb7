import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// Carrying a whole top-level folder of the previous site (a person whose inputs did not
/// change) into the new one without touching its files.
///
/// Hard-linking every file into the staging tree costs two file-system operations per file
/// (a link now, an unlink when the old tree is deleted): on the 10,000-person site that is
/// about as slow as a third of a full build. Instead the folder is moved whole at commit, one
/// rename per folder, immediately before the one atomic exchange of the two trees. The names
/// of the folders to move are written to a journal (`.public.building.keep`) first, so a
/// commit that fails moves them back before it reports the error, and a build killed between
/// the moves and the exchange has them moved back by the next build before it does anything
/// else. The window in which the previous site lacks those folders is those renames
/// (milliseconds to a fraction of a second), not the build.
extension SiteWriter {
    /// The journal of folders moved from the output into the staging tree at commit.
    var keepJournal: String { staging + ".keep" }

    /// Marks the previous site's top-level folder `directory` to be carried into the new site
    /// unchanged. False when the previous site has no such folder (the caller renders instead).
    func keep(directory: String) throws -> Bool {
        try SafePath.check(directory)
        guard !directory.contains("/") else { throw Diagnostic.error("only a top-level folder can be kept: '\(directory)'") }
        var info = stat()
        guard lstat(output + "/" + directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        lock.lock()
        kept.append(directory)
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

    /// Moves the kept folders from the output into the staging tree (the journal first).
    /// On failure moves back what was moved, then throws. Called by `commit` with the lock held.
    func moveKeptFolders() throws {
        guard !kept.isEmpty else { return }
        kept.sort()
        guard FileManager.default.createFile(atPath: keepJournal, contents: Data(kept.joined(separator: "\n").utf8)) else {
            throw posixError("cannot write the journal '\(keepJournal)'")
        }
        for (index, directory) in kept.enumerated() where rename(output + "/" + directory, staging + "/" + directory) != 0 {
            let error = posixError("cannot carry the folder '\(directory)' over from the previous site")
            for moved in kept[..<index] { _ = rename(staging + "/" + moved, output + "/" + moved) }
            unlink(keepJournal)
            throw error
        }
    }

    /// Puts the kept folders back into the output after a commit failed between the moves and
    /// the exchange. Called by `commit` with the lock held.
    func restoreKeptFolders() {
        for directory in kept { _ = rename(staging + "/" + directory, output + "/" + directory) }
        unlink(keepJournal)
    }

    /// Repairs what a build killed mid-commit left: every folder the journal names that is in
    /// the staging tree and missing from the output goes back to the output.
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
