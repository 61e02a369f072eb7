import Foundation
import Import
import Render
import Store
import Template
import VantageCore

/// `vantage build`: imports `content/` into the store and renders the per-viewer site into
/// `public/`, swapped in only when complete.
struct BuildCommand: Command {
    static let name = "build"
    static let abstract = "Import content/ and render the per-viewer site into public/"
    static let help = """
        Usage: vantage build [--content DIR] [--templates DIR] [--out DIR] [--db FILE] [--locale L] [--full]
                             [--viewers SLUG[,SLUG…] | --shard K/N | --merge SHARD_DIR…]
                             [--manifest-only] [--no-import] [--quiet]

        Imports the exports in DIR into the store (as 'vantage import' does), then renders
        every person's part of the site, the "view as" index, the review report and
        manifest.json, validating every page as it is written (as 'vantage check' does). The
        site is built in a folder beside the output and swapped in only when complete and
        valid: a failed, invalid or interrupted build leaves the previous site as it was, and
        files whose bytes did not change are not rewritten.

        The output is replaced whole, so only a folder whose every file is the previous
        build's is replaced (it is recognised by its .vantage-site marker or its manifest.json
        in vantage's format); a file vantage did not write is never deleted: the build stops
        and names it. Files the site should carry (CNAME, downloads/, .well-known/) go in
        DIR/static/, copied verbatim into every build. A symbolic link as --out is followed.
        Phones and emails in texts are masked; a name that is only a phone or an email is
        replaced by the next naming rule, else "Unknown". One build at a time per output and
        per store (flock): a second one is refused, naming the first one's pid (a store with
        a second name, a hard link, is refused).

        "Now" (for relative dates) is site.json's buildDate, else SOURCE_DATE_EPOCH, else the
        latest timestamp in the data: the same inputs always give the same bytes.

        Rebuilds are incremental: the store records a fingerprint of everything each person's
        pages depend on (their quotes, hearers, names, address book, visit, locale and time
        zone; the ideas, settings, templates, catalog, assets and this vantage), and a person
        whose fingerprint did not change since the last build of the same output is not
        rendered again: their folder is carried over unchanged. The result is byte for byte
        what a clean build gives. --full renders everyone regardless.

        Options:
          --content DIR     the content directory (default: content)
          --templates DIR   templates, Localizable.xcstrings and assets/ (default: templates)
          --out DIR         the output folder (default: public)
          --db FILE         the store (default: \(Store.defaultPath))
          --locale L        render every page in locale L (a BCP 47 tag such as fr or pt-BR)
                            instead of each person's own
          --full            render every person's pages, ignoring the last build's record
          --viewers SLUGS   build only these people's parts (folder names, comma-separated;
                            repeated, the lists add up)
                            and the site-wide pages; each page is byte for byte the page of a
                            full build, but the index lists (and links to) only these homes
          --shard K/N       build the people of shard K of N (a person's shard is a function
                            of their folder name: the same on every machine) into the output,
                            with a manifest of those pages and shard.json; no site-wide pages
          --merge DIRS      join the shard builds in DIRS (all N of them) into the output:
                            validates every page and link again, renders the site-wide pages and
                            writes the whole manifest; the site is the one a plain build gives.
                            An incomplete set fails, naming the missing shards; so does a
                            shard built by another build of vantage (its executable's SHA-256),
                            or from another store, site.json, templates, catalog, --locale or
                            SOURCE_DATE_EPOCH than the merge's, naming what differs
          --manifest-only   render, validate and hash every page but write only manifest.json
                            (equal to a full build's), for 'vantage diff' in CI
                            (--viewers, --shard and --manifest-only refuse an output that holds
                            the whole site of the last build, exit 2: give them --out DIR)
          --no-import       build from the store as it is, without importing --content;
                            --viewers, --shard, --merge and --manifest-only then only read
                            it (shard builds share one imported store so), a whole-site
                            build records itself in it for the next incremental build
                            (not, with a warning, from a store it cannot write)
          --quiet           print nothing on standard output (no plan, no summary: its times
                            and free room differ from run to run); warnings and errors still
                            go to standard error

        Before writing, the build prints the pages and bytes it is about to write (measured on
        a sample of the people, then scaled up); when the output's file system lacks the room
        it refuses with exit 2 and leaves the site as it was (the store keeps what was
        imported).

        Prints what was built and the page to open on standard output; a progress line on
        standard error when it is a terminal; errors and validation findings
        (file:line:col: error: message (from template T)) on standard error, exit 1 on findings.

        \(VantageCLI.exitCodes)

        """

    var content = "content"
    /// True when `path` is a folder, or a link to one.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    /// True when `--content` was given (a folder named so must exist, even with --no-import).
    var contentGiven = false
    var templates = "templates"
    var output = "public"
    var store = Store.defaultPath
    var locale: String?
    var full = false
    var scope = SiteBuild.Scope.everyone
    var merge: [String] = []
    var manifestOnly = false
    var importContent = true
    var quiet = false

    init(arguments: inout Arguments) throws(UsageError) {
        if let value = try arguments.path("content") {
            content = value
            contentGiven = true
        }
        if let value = try arguments.path("templates") { templates = value }
        if let value = try arguments.path("out") { output = value }
        if let value = try arguments.filePath("db") { store = value }
        locale = try arguments.option("locale")
        full = try arguments.flag("full")
        manifestOnly = try arguments.flag("manifest-only")
        importContent = !(try arguments.flag("no-import"))
        quiet = try arguments.flag("quiet")
        // Repeated, the lists add up (`--viewers a --viewers b` is `--viewers a,b`).
        let viewerLists = try arguments.options("viewers")
        let viewers = viewerLists.isEmpty ? nil : viewerLists.joined(separator: ",")
        let shard = try arguments.single("shard")
        if let folders = try arguments.pathList("merge") {
            merge = folders
            if merge.isEmpty || merge.contains(where: \.isEmpty) {
                throw UsageError("--merge needs the shard folders to join", command: Self.name)
            }
        }
        if [viewers != nil, shard != nil, !merge.isEmpty].filter({ $0 }).count > 1 {
            throw UsageError("--viewers, --shard and --merge do not go together", command: Self.name)
        }
        if let viewers {
            let slugs = viewers.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            if let empty = slugs.firstIndex(where: \.isEmpty) {
                // Which name is empty, so that a stray comma (`ana-lima,`) is found at once.
                throw UsageError(
                    "--viewers needs folder names separated by commas, and name \(empty + 1) of \(slugs.count) in \(quoted(viewers)) is empty",
                    command: Self.name)
            }
            scope = .viewers(slugs)
        }
        if let shard {
            guard let parsed = SiteBuild.Shard(shard) else {
                throw UsageError(
                    "--shard needs K/N with 1 ≤ K ≤ N ≤ \(SiteBuild.Shard.maximumCount) (such as 2/3), not \(quoted(shard))",
                    command: Self.name)
            }
            scope = .shard(parsed)
        }
        for value in [content, templates, output, store] where value.isEmpty {
            throw UsageError("a path may not be empty", command: Self.name)
        }
        if let given = locale {
            // One rule for tags (LanguageTagCase, as the import reads a user's locale): `fr_FR`
            // is `fr-FR`.
            guard let tag = LanguageTagCase.canonical(given) else {
                throw UsageError("--locale needs a language tag such as en, fr or pt-BR, not '\(given)'", command: Self.name)
            }
            locale = tag
        }
    }

    /// What a failed build left of the output, for its last line: as it was, or, when there
    /// was none, still none (a first build of a folder says so, not "unchanged").
    private var outputState: String {
        FileCheck.exists(output) ? "\(output) is unchanged" : "nothing was written (there is no \(output))"
    }

    func run(console: Console) throws -> ExitCode {
        let started = Date()
        // Read now, not when the pages are dated: a malformed value found after the import
        // would leave the store changed by a build that failed.
        _ = try BuildClock.sourceDateEpoch(ProcessInfo.processInfo.environment)
        // So is a templates folder that is not there (a mistyped --templates).
        try TemplateLibrary.checkFolder(templates)
        try SiteBuild.checkOutput(output, against: [("content", content), ("store", store), ("templates", templates)])
        for folder in merge {
            try SiteBuild.checkOutput(output, against: [("shard build", folder)])
        }
        // The check of the output runs beside the import, which waits for its verdict before it
        // commits: a refused output leaves the store as it was (the import is rolled back), and
        // the check's error is the one reported, as if it had run first. Only an import into a
        // store that is already there at this schema runs beside it: creating or migrating a
        // store writes outside the import's transaction, so then the check comes first.
        let overlaps = importContent && Self.storeIsCurrent(store)
        // The output's lock, from before the import: an output in use by another build (or
        // whose lock cannot be taken) refuses the build before anything is stored.
        let outputLock = try SiteWriter.lockOutput(output)
        defer { outputLock?.release() }
        let pending = try OutputFolder.startCheck(output, store: store)
        let checkedOutput = overlaps ? nil : try pending.inspection()
        // Before the import: a part of the site does not replace the whole one (nothing changes).
        do {
            try SiteBuild.refusePartOverWhole(scope: scope, manifestOnly: manifestOnly, output: output, store: store)
        } catch let refused as SiteBuild.PartOverWhole {
            console.err("error: \(refused.description)")
            return .unusable
        }
        /// The check's verdict when it refuses the output, in place of `error`.
        func checkFirst(_ error: any Error) throws -> any Error {
            _ = try pending.inspection()
            return error
        }
        // One build at a time per store, from before the import to the record of the build;
        // a build that neither imports nor records (--no-import with --viewers, --shard,
        // --merge or --manifest-only) only reads the store, so shards can share one.
        let writesStore = importContent || (scope == .everyone && merge.isEmpty && !manifestOnly)
        // A store that cannot be written (a shared one, read-only) can still be built from
        // without importing: said where the import fails for that, and only then.
        let noImport = "to build from the store as it is, without importing --content, add --no-import"
        let existingStore = importContent && FileManager.default.fileExists(atPath: store)
        let storeLock: StoreLocking?
        do {
            if !writesStore {
                storeLock = nil
            } else if importContent {
                storeLock = try StoreLocking.lock(
                    store, whenUnwritable: existingStore ? "the store's folder cannot be written: \(noImport)" : nil)
            } else {
                storeLock = try StoreLocking.lockToRecord(store)
            }
        } catch {
            throw try checkFirst(error)
        }
        defer { storeLock?.release() }
        if importContent {
            let imported: ImportReport
            do {
                var importOptions = ImportOptions(contentDirectory: content, storePath: store, handles: SiteHandleRule())
                if overlaps { importOptions.beforeCommit = { _ = try pending.inspection() } }
                imported = try Importer.run(importOptions)
            } catch {
                _ = try checkFirst(error)
                for warning in error.warnings { console.err(warning.description) }
                var errors = error.errors
                if error.storeIsReadOnly, let last = errors.indices.last {
                    errors[last].message += "; the store cannot be written: \(noImport)"
                }
                for diagnostic in errors { console.err(diagnostic.description) }
                console.err("error: nothing was built; \(outputState)")
                return error.exitCode
            }
            for warning in imported.warnings { console.err(warning.description) }
        } else if !FileManager.default.fileExists(atPath: store) {
            console.err("error: --no-import: no store at \(store) (run vantage import first)")
            return .unusable
        } else if contentGiven, !Self.isFolder(content) {
            // Its static/ files are copied into the site: a mistyped folder would drop them.
            console.err("\(content): error: --content names no folder (with --no-import only its static/ files are read)")
            return .unusable
        }
        let inspected = try checkedOutput ?? pending.inspection()

        let line = ProgressLine(console: console)
        var progress: (@Sendable (Int, Int) -> Void)?
        if console.errorIsTerminal { progress = { done, total in line.update(done, total) } }
        var options = SiteBuild.Options(
            store: store, templates: templates, output: output, locale: locale,
            environment: ProcessInfo.processInfo.environment, progress: progress, full: full, tool: VantageCLI.version)
        options.scope = scope
        options.merge = merge
        options.manifestOnly = manifestOnly
        if !quiet { options.planned = { plan in console.out(Self.planLine(plan, manifestOnly: manifestOnly)) } }
        // As given, so that messages name it as the user wrote the content folder.
        options.staticFolder = PathText.joined(content, "static")
        options.checkedOutput = inspected
        options.refusedPartOverWhole = true
        let report: SiteBuild.Report
        do {
            report = try SiteBuild.run(options)
        } catch let noRoom as SiteBuild.NoRoom {
            console.endProgress()
            console.err("error: \(noRoom.description)")
            return .unusable
        } catch let failure as ValidationFailure {
            console.endProgress()
            for line in failure.formatted(root: output).split(separator: "\n") { console.err(String(line)) }
            console.err("error: \(failure.count == 1 ? "1 finding" : "\(failure.count) findings") in the \(failure.pages) pages "
                + "built; \(outputState)")
            return .findings
        } catch {
            console.endProgress()
            if let list = error as? DiagnosticList {
                for diagnostic in list.diagnostics { console.err(diagnostic.description) }
            } else {
                console.err((error as? Diagnostic)?.description ?? "error: \(error)")
            }
            console.err("error: the build failed; \(outputState)")
            return .unusable
        }
        console.endProgress()
        for warning in report.warnings { console.err(warning.description) }
        if let warning = report.recordWarning { console.err("warning: \(warning)") }
        let last: SummaryEnd
        if manifestOnly {
            last = .manifestOnly
        } else if case .shard(let shard) = scope {
            last = .shard(shard)
        } else {
            last = .site
        }
        if !quiet { console.out(Self.summary(report, output: output, seconds: Date().timeIntervalSince(started), last: last)) }
        return .success
    }

    /// True when `store` is a vantage store at this schema version (so an import writes it only
    /// inside its transaction).
    static func storeIsCurrent(_ store: String) -> Bool {
        FileManager.default.fileExists(atPath: store) && (try? Store(path: store, readOnly: true)) != nil
    }

    /// What the build is about to write, printed before it writes anything.
    static func planLine(_ plan: SiteBuild.Plan, manifestOnly: Bool) -> String {
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        let about = plan.estimated ? "about " : ""
        let people = "\(plan.viewers) \(plan.viewers == 1 ? "person" : "people")"
        let writes = manifestOnly
            ? "renders \(about)\(megabytes(plan.renderedBytes)), writes manifest.json only (\(about)\(megabytes(plan.writtenBytes)))"
            : "writes \(about)\(megabytes(plan.writtenBytes))"
                // A rebuild links what it keeps: that takes no new room (the refusal counts the rest).
                + (plan.reusableBytes > 0 ? ", about \(megabytes(min(plan.reusableBytes, plan.writtenBytes))) of it kept from the last build" : "")
        let free = plan.freeBytes == Int.max ? "" : "; \(megabytes(plan.freeBytes)) free"
        return "Planned: \(about)\(plan.pages) pages for \(people), \(writes)\(free)\n"
    }

    /// What the summary ends with: the page to open when the build wrote a site; else what it
    /// wrote instead (a manifest-only build's `manifest.json`, a shard's part for `--merge`).
    enum SummaryEnd {
        case site, manifestOnly, shard(SiteBuild.Shard)
    }

    /// What was built, in a few lines, and the page to open.
    static func summary(_ report: SiteBuild.Report, output: String, seconds: Double, last: SummaryEnd = .site) -> String {
        let counts = report.counts
        let megabytes = Double(counts.bytes) / 1_000_000
        let now = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(report.now)))
        // Of the people this build built (a part of the site: --viewers, a shard, is not all).
        let built = report.viewersRendered + report.viewersCarried
        let reuse = "\(report.viewersCarried) of \(built) \(built == 1 ? "person" : "people") unchanged"
            + (report.incremental ? "" : built < report.homes ? "; a part of the site" : "; full build")
        var text = """
            Built \(output) in \(String(format: "%.2f", seconds)) s
              people  \(report.homes) with a home (\(report.people) in the store)
              quotes  \(report.quotes)
              ideas   \(report.ideas)
              pages   \(report.pages) pages and \(report.otherFiles) other files, \(String(format: "%.1f", megabytes)) MB
              files   \(counts.written) written, \(counts.unchanged) unchanged, \(counts.removed) removed
              valid   \(report.validatedPages) pages checked
              reuse   pages rendered \(report.pagesRendered), carried over \(report.pagesCarried) \
            (\(reuse))
              now     \(now) (\(report.nowSource.rawValue))

            """
        switch last {
        case .site: text += "Open \(PathText.joined(output, "index.html"))\n"
        case .manifestOnly: text += "Wrote \(PathText.joined(output, "manifest.json")) only (no page was written)\n"
        case .shard(let shard): text += "Shard \(shard) of the site: join it with the other shards' folders with vantage build --merge\n"
        }
        return text
    }
}

/// A progress line on a terminal, redrawn at most ten times a second.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var last = Date.distantPast

    init(console: Console) { self.console = console }

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(last) >= 0.1 else { return }
        last = now
        console.progress("rendering viewers \(done)/\(total)")
    }
}
