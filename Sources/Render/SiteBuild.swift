import Foundation
import Template
import VantageCore

/// The render half of `vantage build`, as a literal list of named steps: read the store, compile
/// the templates, render every viewer (in parallel), render the site-wide pages, write the
/// manifest, swap the new site in. An error is re-thrown tagged with the step it came from.
public enum SiteBuild {
    /// What to build from and where to.
    public struct Options: Sendable {
        /// The SQLite store (already imported).
        public var store: String
        /// The templates folder (`*.mustache`, `Localizable.xcstrings`, `assets/`).
        public var templates: String
        /// The output folder, swapped in whole at the end.
        public var output: String
        /// `--locale`: one locale for every page.
        public var locale: String?
        /// The environment (for `SOURCE_DATE_EPOCH`).
        public var environment: [String: String]
        /// Threads rendering viewers; nil: one per core.
        public var workers: Int?
        /// Called after each viewer with (viewers done, viewers in all).
        public var progress: (@Sendable (Int, Int) -> Void)?
        /// Validates every page as it is written (libxml2, the schema, links); a finding fails
        /// the build and keeps the previous output.
        public var validate = true
        /// Renders only every `viewerStride`-th person's part of the site (1: everyone). For
        /// benchmarks whose full output would not fit in memory; never for a real site.
        public var viewerStride = 1
        /// `--full`: render every viewer even when the previous build's record says their
        /// inputs did not change (the fingerprints are still recorded for the next build).
        public var full = false
        /// The tool's version, part of every viewer's fingerprint.
        public var tool = ""
        /// `content/static/`: files copied verbatim into the site (nil or missing: none).
        public var staticFolder: String?

        public init(
            store: String, templates: String, output: String, locale: String? = nil,
            environment: [String: String] = [:], workers: Int? = nil,
            progress: (@Sendable (Int, Int) -> Void)? = nil, viewerStride: Int = 1, validate: Bool = true,
            full: Bool = false, tool: String = ""
        ) {
            self.store = store
            self.templates = templates
            self.output = output
            self.locale = locale
            self.environment = environment
            self.workers = workers
            self.progress = progress
            self.viewerStride = viewerStride
            self.validate = validate
            self.full = full
            self.tool = tool
        }
    }

    /// What a build did.
    public struct Report: Sendable {
        /// People with a home.
        public var homes = 0
        /// Homes whose pages were rendered (all of them unless `viewerStride` > 1).
        public var viewersRendered = 0
        /// Everyone in the store (homes, contacts, idea authors).
        public var people = 0
        public var quotes = 0
        public var ideas = 0
        /// HTML pages rendered.
        public var pages = 0
        /// Other files (search indexes, assets, the manifest).
        public var otherFiles = 0
        public var counts = SiteWriter.Counts()
        /// The build's now and where it came from.
        public var now: Int64 = 0
        public var nowSource: BuildClock.Source = .epoch
        /// Seconds spent rendering and writing (excluding loading the store and compiling).
        public var renderSeconds: Double = 0
        /// Pages validated (0 when validation is off).
        public var validatedPages = 0
        /// Homes whose part of the site was carried over from the previous build unrendered
        /// (their inputs had not changed), and the pages and other files that came with them.
        public var viewersCarried = 0
        public var pagesCarried = 0
        public var otherFilesCarried = 0
        /// HTML pages rendered by this build (`pages` less the carried ones).
        public var pagesRendered: Int { pages - pagesCarried }
        /// True when the build could use a previous build's record (it was not `--full`, and
        /// the store's record matched the output folder's manifest).
        public var incremental = false
        /// Why the build could not be recorded for the next incremental build, if it could not.
        public var recordWarning: String?
    }

    /// Throws when the output folder is, or holds, one of the inputs (`name`, `path` pairs):
    /// the build replaces the output whole, and must never take its own inputs with it.
    /// It also throws when the output is inside an input folder (`--out content/reviews/x.json`
    /// would put the site among the exports).
    public static func checkOutput(_ output: String, against inputs: [(name: String, path: String)]) throws {
        func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        func isInside(_ path: String, _ folder: String) -> Bool {
            path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
        let out = absolute(output)
        for input in inputs {
            let path = absolute(input.path)
            if isInside(path, out) {
                throw Diagnostic.error("the output '\(output)' holds the \(input.name) '\(input.path)'; choose another --out")
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                isInside(out, path)
            {
                throw Diagnostic.error(
                    "the output '\(output)' is inside the \(input.name) '\(input.path)'; choose an --out outside it")
            }
        }
    }

    /// Builds the site. On any error the previous output is left as it was.
    public static func run(_ options: Options) throws -> Report {
        // One build at a time per store (the output folder is locked by its writer).
        let storeLock = try BuildLock.acquire(BuildLock.storeLockPath(options.store), what: "the store '\(options.store)'")
        defer { storeLock.release() }
        var (report, fingerprints, output) = try build(options)
        // Recorded once the build's read connections are closed (a reader would hold off the
        // write), and only after the swap: the record describes the site now in the output.
        report.recordWarning = PreviousBuild.record(store: options.store, output: output, viewers: fingerprints)
        return report
    }

    /// The build itself; returns the report, every rendered or carried viewer's fingerprint
    /// and the output folder's normalised path.
    static func build(
        _ options: Options
    ) throws -> (Report, [PreviousBuild.Viewer], String) {
        try checkOutput(options.output, against: [("store", options.store), ("templates", options.templates)])
        var report = Report()
        let store = try step("open the store \(options.store)") { try SiteStore(path: options.store) }
        let site = try step("load the site from the store") { () -> SiteModel in
            let settings = try store.settings()
            let now = try BuildClock.now(
                settings: settings, environment: options.environment, latestInData: store.latestTimestamp())
            report.now = now.seconds
            report.nowSource = now.source
            return SiteModel(
                settings: settings, now: now.seconds, people: try store.people(), ideas: try store.ideas(),
                mask: try PersonalDataMask(store: store.database))
        }
        report.homes = site.homes.count
        report.people = site.personCount
        report.ideas = site.ideas.count
        report.quotes = try step("count the quotes") { try store.quoteCount() }
        let renderer = try step("compile the templates in \(options.templates)") { () -> PageRenderer in
            let library = try TemplateLibrary(directory: options.templates, mode: .strict)
            let catalogPath = URL(fileURLWithPath: options.templates).appendingPathComponent("Localizable.xcstrings").path
            let catalog = FileManager.default.fileExists(atPath: catalogPath) ? try StringCatalog(path: catalogPath) : nil
            return PageRenderer(library: library, catalog: catalog, now: site.now)
        }
        let decisions = try step("read the reviews") { try store.reviews() }
        let validation = options.validate ? PageValidation(siteFiles: siteFiles(options, hasReviews: !decisions.isEmpty)) : nil
        let writer = try step("prepare the output \(options.output)") { try SiteWriter(output: options.output, store: options.store) }
        // The mask's digest is part of every page's inputs: a phone added to the export changes
        // how texts that hold it are masked.
        let siteDigest = BuildFingerprint.site(
            site, templates: options.templates, forcedLocale: options.locale,
            tool: options.tool + "\u{0}" + site.mask.digest, validate: options.validate)
        let previous = options.full ? nil : PreviousBuild.load(store: options.store, output: writer.output)
        report.incremental = previous != nil
        do {
            let started = Date()
            let spool = try ManifestSpool(spoolPath: writer.staging + ".manifest")
            let viewers = try step("render every viewer's pages") {
                try renderViewers(
                    site: site, renderer: renderer, writer: writer, spool: spool, validation: validation, options: options,
                    siteDigest: siteDigest, previous: previous)
            }
            report.pages += viewers.pages
            report.otherFiles += viewers.files
            report.viewersRendered = viewers.viewers
            report.viewersCarried = viewers.carried.viewers
            report.pagesCarried = viewers.carried.pages
            report.otherFilesCarried = viewers.carried.files
            try step("render the site-wide pages") {
                let check = validation?.check(
                    extraFiles: site.homes.flatMap { [SitePath.home($0.slug), ListLocation.quoteReview($0.slug).path(page: 1)] })
                let output = RecordingOutput(writer: writer, check: check)
                let pages = SitePages(site: site, renderer: renderer, output: output, forcedLocale: options.locale)
                try pages.renderIndex(hasReviews: !decisions.isEmpty)
                try pages.renderIdeaReview()
                if !decisions.isEmpty {
                    let texts = try store.quoteTexts(ids: Array(Set(decisions.map(\.item))).sorted())
                    try pages.renderReviews(decisions, quoteTexts: texts)
                }
                try pages.copyAssets(from: options.templates)
                for entry in output.entries { try spool.add([entry], key: entry.path) }
                report.pages += output.entries.count
                report.otherFiles += output.files
                if let folder = options.staticFolder {
                    report.otherFiles += try StaticFiles.copy(from: folder, into: writer, check: check, mask: site.mask)
                }
                if let check { validation?.finish(check) }
            }
            if let validation {
                let result = validation.result
                report.validatedPages = result.pages
                if result.count > 0 {
                    throw ValidationFailure(findings: result.findings, count: result.count, pages: result.pages)
                }
            }
            try step("write the manifest") {
                try writer.write(SitePath.manifest) { emit in try spool.document(emit) }
                report.otherFiles += 2  // the manifest, and the marker the commit writes
            }
            report.counts = try step("swap the new site into \(options.output)") { try writer.commit() }
            report.renderSeconds = Date().timeIntervalSince(started)
            return (report, viewers.fingerprints, writer.output)
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// The files outside any viewer's folder that viewer pages may link to.
    static func siteFiles(_ options: Options, hasReviews: Bool) -> [String] {
        var files = [SitePath.index, SitePath.manifest]
        if hasReviews { files.append(SitePath.reviews) }
        files += SitePages.assetFiles(in: options.templates).map { "assets/" + $0 }
        return files
    }

    /// Runs `body`, tagging any error with the step's name.
    static func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RenderError {
            throw error.diagnostic
        } catch let failure as ValidationFailure {
            throw failure
        } catch let diagnostic as Diagnostic {
            throw Diagnostic(diagnostic.severity, "\(name): \(diagnostic.message)", at: diagnostic.location,
                             sourceLine: diagnostic.sourceLine)
        } catch {
            throw Diagnostic.error("\(name): \(error)")
        }
    }
}
