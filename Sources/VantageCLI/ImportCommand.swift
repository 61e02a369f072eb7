import Import
import Render
import Store
import VantageCore

/// `vantage import`: reads the exported app data in a content directory into the SQLite store.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import the exported app data into the SQLite store"
    static let help = """
        Usage: vantage import [--content DIR] [--db FILE] [--keep-going] [--rejects FILE]

        Reads the Change Jar and Quotes exports, the review files and site.json in DIR and
        makes the store equal to them, in one transaction: records that did not change are
        not rewritten, records the export no longer has are removed. On any bad record the
        store is left exactly as it was, unless --keep-going is given.

        Options:
          --content DIR    the content directory (default: content)
                             changejar/ideas.json|.jsonl, changejar/users.json|.jsonl,
                             quotes/export.json or quotes/users.jsonl, quotes.jsonl,
                             contacts.jsonl; reviews/*.json; submissions/*.json;
                             site.json
          --db FILE        the store (default: \(Store.defaultPath), under the current
                           directory; created with its directory when missing; a file
                           that is not a Vantage store is refused and left untouched)
          --keep-going     store the valid records, write each rejected record unchanged
                           with its reason to the rejects file, and exit 1 if any; a file
                           that cannot be read at all is rejected whole and the records
                           it held before stay stored as they were
          --rejects FILE   where --keep-going writes rejected records, one JSON object a
                           line: {"file","line","path","reason","record"} ("line" for
                           a JSON Lines record, "path" for a JSON document's); a file
                           rejected whole has "record": null and "wholeFile": true
                           (default: rejects.jsonl beside the store)

        Prints the rows stored per record type and what changed on standard output;
        warnings (unknown fields, dropped password fields) and errors on standard error.

        \(VantageCLI.exitCodes)

        """

    var options: ImportOptions

    init(arguments: inout Arguments) throws(UsageError) {
        options = ImportOptions(handles: SiteHandleRule())
        if let content = try arguments.path("content") { options.contentDirectory = content }
        if let db = try arguments.filePath("db") { options.storePath = db }
        options.keepGoing = try arguments.flag("keep-going")
        options.rejectsPath = try arguments.path("rejects")
        if options.rejectsPath != nil, !options.keepGoing {
            throw UsageError("--rejects needs --keep-going", command: Self.name)
        }
        for value in [options.contentDirectory, options.storePath] + (options.rejectsPath.map { [$0] } ?? []) where value.isEmpty {
            throw UsageError("a path may not be empty", command: Self.name)
        }
    }

    func run(console: Console) throws -> ExitCode {
        // Never at the same time as a build or another import of the same store.
        let storeLock = try StoreLocking.lock(options.storePath)
        defer { storeLock.release() }
        do {
            let report = try Importer.run(options)
            for warning in report.warnings { console.err(warning.description) }
            for rejected in report.rejected { console.err(rejected.description) }
            console.out(report.summary(store: options.storePath))
            return report.exitCode
        } catch {
            for warning in error.warnings { console.err(warning.description) }
            for diagnostic in error.errors { console.err(diagnostic.description) }
            console.err("error: nothing was imported; the store is unchanged")
            return error.exitCode
        }
    }
}
