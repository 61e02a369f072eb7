import Foundation
import Store
import VantageCore

/// How to import.
public struct ImportOptions: Sendable {
    /// The content directory (DATA.md layout), named in messages as given.
    public var contentDirectory: String
    /// The store file; created (with its directory) when missing.
    public var storePath: String
    /// Store the valid records and write each rejected one to `rejectsPath` (exit 1), instead
    /// of storing nothing when any record is bad (exit 2).
    public var keepGoing: Bool
    /// Where `--keep-going` writes rejected records; by default `rejects.jsonl` beside the store.
    public var rejectsPath: String?
    /// The site's handle rule (`Render.SiteHandleRule`), needed to read `content/submissions/`.
    public var handles: (any SubmissionHandleRule)?
    /// Threads that parse and check records while another stores them; by default one per
    /// processor (at most 4). Any count stores the same rows and reports the same errors.
    public var readingThreads: Int = ImportOptions.defaultReadingThreads
    /// Whether quote records are first offered to the reader that fills a record straight from
    /// its bytes (`QuoteRecord(bytes:…)`). Off, every quote goes through the JSON tree and
    /// `Fields`; the store, the messages and the rejects file are the same either way
    /// (`QuoteBytesTests` compares the two).
    var readsQuoteBytes = true
    /// Whether a first import writes the hearers on a thread of their own (`HearerStaging`).
    /// Off, they are inserted one by one on the storing thread; the store is the same either way
    /// (`HearerStagingTests` compares the two).
    var stagesHearers = true
    /// Called inside the import's one transaction, after the last row is written and just before
    /// it commits: an error it throws rolls everything back (the store is as it was) and fails
    /// the import. `vantage build` waits here for its check of the output folder, which runs
    /// while the import reads and writes, so that a refused output changes nothing stored.
    public var beforeCommit: (@Sendable () throws -> Void)?

    /// Options with the defaults of `vantage import`.
    public init(contentDirectory: String = "content", storePath: String = Store.defaultPath, keepGoing: Bool = false,
                rejectsPath: String? = nil, handles: (any SubmissionHandleRule)? = nil) {
        self.handles = handles
        self.contentDirectory = contentDirectory
        self.storePath = storePath
        self.keepGoing = keepGoing
        self.rejectsPath = rejectsPath
    }

    /// One reading thread per processor, at most 4 (the storing thread is the bound beyond).
    public static var defaultReadingThreads: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The rejects file `--keep-going` writes.
    public var effectiveRejectsPath: String {
        if let rejectsPath { return rejectsPath }
        let directory = PathText.parent(of: storePath)
        return directory.isEmpty ? "rejects.jsonl" : directory + "/rejects.jsonl"
    }
}

extension Importer {
    /// Refuses a rejects file that would replace what the import reads or writes: the store
    /// (or its journal, write-ahead log or lock), or anything in the content directory (an
    /// export file, which `--keep-going` would empty; and the next import would read it).
    static func checkRejectsPath(_ options: ImportOptions) throws(Diagnostic) {
        let rejects = options.effectiveRejectsPath
        func absolute(_ path: String) -> String {
            PathText.resolved(path)
        }
        func sameFile(_ one: String, _ other: String) -> Bool {
            var a = stat(), b = stat()
            return stat(one, &a) == 0 && stat(other, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
        }
        // A folder (or a pipe, a device) named as the rejects file: found now, not when the
        // finished file is moved into place after the store has been written.
        if rejects.hasSuffix("/") {
            throw Diagnostic.error("expected a file for the rejects, found a folder's name; name a file with --rejects",
                                   at: SourceLocation(file: rejects))
        }
        if let problem = FileCheck.kindProblem(at: rejects) {
            throw Diagnostic.error(problem + " for the rejects; name a file with --rejects", at: SourceLocation(file: rejects))
        }
        let target = absolute(rejects)
        let store = absolute(options.storePath)
        for suffix in ["", "-journal", "-wal", "-shm", ".lock"] where target == store + suffix || sameFile(rejects, options.storePath + suffix) {
            throw Diagnostic.error(
                "the rejects file would replace the store\(suffix.isEmpty ? "" : "'s \(suffix.dropFirst()) file") '\(options.storePath + suffix)'; name another file with --rejects",
                at: SourceLocation(file: rejects))
        }
        let content = absolute(options.contentDirectory)
        if target == content || target.hasPrefix(content == "/" ? "/" : content + "/") {
            throw Diagnostic.error(
                "the rejects file is inside the content directory '\(options.contentDirectory)', whose files the import reads; name a file outside it with --rejects",
                at: SourceLocation(file: rejects))
        }
        // A page of the published site, a template or a catalog named by mistake would be lost,
        // and a build would carry the emptied page over.
        if !RejectsFile.mayReplace(rejects) {
            throw Diagnostic.error(
                "the file is there and is not a rejects file (its first line is not a rejected record); "
                    + "name another file with --rejects, or remove it first",
                at: SourceLocation(file: rejects))
        }
    }
}

/// Imports a content directory into the store in one transaction: either the store ends up
/// equal to the export (rows that did not change are not written), or — on any error — it is
/// exactly as it was. With `keepGoing`, bad records are rejected instead and the rest stored.
public enum Importer {
    /// Runs the import. Throws `ImportFailure` (exit 2) when nothing was stored.
    public static func run(_ options: ImportOptions) throws(ImportFailure) -> ImportReport {
        let storeExisted = FileCheck.exists(options.storePath)
        // The folders the store's path needs that are not there yet (deepest first): a failed
        // first import removes exactly these again, and nothing else.
        var missingFolders: [String] = []
        for file in [options.storePath] + (options.keepGoing ? [options.effectiveRejectsPath] : []) {
            var folder = PathText.parent(of: file)
            while !folder.isEmpty, folder != "/", !FileCheck.exists(folder) {
                if !missingFolders.contains(folder) { missingFolders.append(folder) }
                folder = PathText.parent(of: folder)
            }
        }
        // Deepest first, so that each folder is empty by the time its turn comes.
        missingFolders.sort { $0.count > $1.count }
        var warnings: [Diagnostic] = []
        var rejects: RejectsFile?
        do {
            if options.keepGoing { try checkRejectsPath(options) }
            let layout = try ContentLayout(directory: options.contentDirectory)
            MemoryArenas.configure(streaming: layout.streamsRecords, threads: options.readingThreads + 1)
            // What runs after the import in this process (`vantage build`'s rendering threads)
            // gets arenas of its own again: on one arena they waited for each other's allocations.
            defer { MemoryArenas.restore() }
            let store = try Store(path: options.storePath)
            // The hearers' scratch file (HearerStaging) of an import that was killed: never the
            // store, and nothing else writes it while the store is ours.
            unlink(options.storePath + "-hearers")
            if options.keepGoing { rejects = try RejectsFile(path: options.effectiveRejectsPath) }
            // Into an empty store every reference the import writes is to a row it wrote itself,
            // and none is removed: checking each again would be a B-tree search per row. Into a
            // store with data, rows are replaced and removed, and every reference is checked
            // (deferred to the commit, see below).
            let importInto = { (database: Database) throws -> ImportReport in
                // References to people are checked at commit: a person row may be replaced
                // while quotes that point to it are still being rewritten.
                try database.execute("PRAGMA defer_foreign_keys = ON")
                // The deferred indexes are built by sorting; let SQLite sort on two threads.
                try database.execute("PRAGMA threads = 2")
                let session = ImportSession(database: database, layout: layout, keepGoing: options.keepGoing, rejects: rejects,
                                            handles: options.handles, readingThreads: options.readingThreads)
                session.readsQuoteBytes = options.readsQuoteBytes
                session.stagesHearers = options.stagesHearers
                do {
                    try session.run()
                } catch {
                    warnings = session.warnings
                    throw error
                }
                warnings = session.warnings
                if !options.keepGoing, !session.reportedErrors.isEmpty {
                    throw ImportFailure(errors: session.reportedErrors, warnings: warnings)
                }
                var report = ImportReport()
                report.tables = try session.reportTables()
                report.recordsRead = session.recordsRead
                report.stagedHearers = session.stagedHearers
                report.warnings = warnings
                report.rejected = options.keepGoing ? session.reportedErrors : []
                report.rejectedFiles = options.keepGoing ? session.unreadableFiles : 0
                report.rejectedCount = options.keepGoing ? session.errors.count + session.omittedErrors : 0
                report.rejectsPath = options.keepGoing ? options.effectiveRejectsPath : nil
                // Every rejected record is on disk before the store commits: a rejects file that
                // cannot be written (a full disk) rolls the import back, so nothing is lost.
                try rejects?.flush()
                try options.beforeCommit?()
                return report
            }
            // A side database of hearers the import attached stays attached until its transaction
            // has ended (SQLite keeps the attached file's lock until then): detached here.
            var connection: Database?
            defer { if let connection { HearerStaging.detach(from: connection) } }
            var report = try store.isEmpty
                ? store.writeUncheckedReferences { connection = $0; return try importInto($0) }
                : store.write { connection = $0; return try importInto($0) }
            // The store is written: a rename that fails now must not be reported as an import
            // that changed nothing. The records are in the unfinished file, named.
            if let rejects {
                do {
                    try rejects.commit()
                } catch {
                    report.warnings.append(Diagnostic.warning(
                        "the store was updated, but the rejects file could not be moved into place (\(error.message)); "
                            + "the rejected records are in '\(rejects.partialPath)'",
                        at: SourceLocation(file: rejects.path)))
                    rejects.keepPartial()
                }
            }
            return report
        } catch {
            rejects?.discard()
            if !storeExisted {
                // The store did not exist before: leave no empty one behind.
                try? FileManager.default.removeItem(atPath: options.storePath)
                for suffix in ["-journal", "-wal", "-shm", "-hearers"] { try? FileManager.default.removeItem(atPath: options.storePath + suffix) }
            }
            // Only folders left empty: rmdir never removes what someone else put there meanwhile.
            for created in missingFolders { _ = rmdir(created) }
            switch error {
            case let failure as ImportFailure: throw failure
            case let diagnostic as Diagnostic: throw ImportFailure(errors: [diagnostic], warnings: warnings)
            case let list as DiagnosticList: throw ImportFailure(errors: list.diagnostics, warnings: warnings)
            case let storeError as StoreError:
                throw ImportFailure(errors: [.error(storeError.message, at: SourceLocation(file: storeError.path))], warnings: warnings)
            case let databaseError as DatabaseError:
                throw ImportFailure(
                    errors: [.error("the store refused the import: \(databaseError)", at: SourceLocation(file: options.storePath))],
                    warnings: warnings, storeIsReadOnly: databaseError.isReadOnly)
            default:
                throw ImportFailure(errors: [.error("\(error)", at: SourceLocation(file: options.storePath))], warnings: warnings)
            }
        }
    }
}

/// glibc gives each thread that allocates its own malloc arena (up to eight a core), and each
/// arena keeps its own high-water mark, so the number of arenas bounds a streaming import's
/// peak: a JSON Lines import gets one per thread of the import (the readers and the storing
/// thread), whatever the machine. Fewer cost far more than they save: on one arena every
/// allocation of the three threads took its lock, about a tenth of each thread's time and a quarter
/// of the import's wall time (peer workload, `perf`), for 2 MB less peak (59 MB against 61).
/// A JSON document is in memory whole anyway, and an import of one keeps glibc's default.
enum MemoryArenas {
    /// For an import: `threads` arenas when it streams records, else glibc's default.
    static func configure(streaming: Bool, threads: Int) {
        set(streaming ? max(1, threads) : defaultLimit)
    }

    /// glibc's default, for what runs after the import in the same process (`vantage build`'s
    /// rendering threads), so that the threads made then get arenas of their own.
    static func restore() { set(defaultLimit) }

    /// Eight a core, glibc's own default, spelled out: it ignores 0.
    private static var defaultLimit: Int { 8 * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Hands the pages of freed memory back to the system (glibc keeps them, and the holes the
    /// users' phase leaves in the heap stay resident otherwise).
    static func trim() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }

    private static func set(_ limit: Int) {
        #if os(Linux)
        // M_ARENA_MAX from <malloc.h>, which Swift's Glibc module leaves out. It counts for the
        // arenas made from now on.
        _ = glibcMallopt(-8, Int32(clamping: limit))
        #endif
    }
}

#if os(Linux)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
