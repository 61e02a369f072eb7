import Foundation
import Store
import Template
import VantageCore

/// The render half of `vantage build`, as a literal list of named steps (`steps`) over one
/// `BuildContext`, the way Publish runs a site: read the store, compile the templates, prepare
/// the output, render every viewer (in parallel), render the site-wide pages, check them, write
/// the manifest, swap the new site in. An error is re-thrown tagged with the step it came from,
/// and leaves the previous output as it was.
public enum SiteBuild {
    /// What to build from and where to: what `vantage build` decides.
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
        /// Called after each viewer with (viewers done, viewers in all).
        public var progress: (@Sendable (Int, Int) -> Void)?
        /// `--full`: render every viewer even when the previous build's record says their
        /// inputs did not change (the fingerprints are still recorded for the next build).
        public var full = false
        /// The tool's version, part of every viewer's fingerprint.
        public var tool = ""
        /// Whose parts to render (`--viewers`, `--shard`); everyone by default.
        public var scope = Scope.everyone
        /// `--manifest-only`: render, validate and hash every page, write only `manifest.json`.
        public var manifestOnly = false
        /// `--merge`: the shard builds to join into the output (no page is rendered but the
        /// site-wide ones).
        public var merge: [String] = []
        /// Called once the build knows what it will write, before it writes anything.
        public var planned: (@Sendable (Plan) -> Void)?
        /// `content/static/`: files copied verbatim into the site (nil or missing: none).
        public var staticFolder: String?
        /// The command line's check of the output before the import (`OutputFolder.check`): the
        /// build uses it instead of checking again while the folder is as it was.
        public var checkedOutput: OutputFolder.Inspection?
        /// The command line refused a part over a whole site before the import
        /// (`refusePartOverWhole`): the build does not read and hash the manifest again.
        public var refusedPartOverWhole = false

        public init(
            store: String, templates: String, output: String, locale: String? = nil,
            environment: [String: String] = [:], progress: (@Sendable (Int, Int) -> Void)? = nil,
            full: Bool = false, tool: String = ""
        ) {
            self.store = store
            self.templates = templates
            self.output = output
            self.locale = locale
            self.environment = environment
            self.progress = progress
            self.full = full
            self.tool = tool
        }
    }

    /// Switches for benchmarks and tests, which `vantage build` never sets: the defaults are
    /// the real build.
    public struct Tuning: Sendable {
        /// Threads rendering viewers; nil: one per core.
        public var workers: Int?
        /// Validates every page as it is written (libxml2, the schema, links); a finding fails
        /// the build and keeps the previous output. Off only to measure the render alone.
        public var validate = true
        /// Renders only every `viewerStride`-th person's part of the site (1: everyone), for
        /// benchmarks whose full output would not fit in memory.
        public var viewerStride = 1
        /// Renders each idea's list entry once per locale, time zone and variant and splices
        /// it into every list (`IdeaEntryCache`); off renders every entry in full, to prove
        /// the pages are the same and to measure what the reuse saves.
        public var reusesIdeaEntries = true
        /// In validation's place, each page is only parsed by libxml2, with callbacks that do
        /// nothing (`BareParse`): nothing is checked. For measuring the floor under the
        /// validation's cost (libxml2 must parse every page); never for a real build.
        public var parseOnly = false

        public init(workers: Int? = nil, validate: Bool = true, viewerStride: Int = 1, reusesIdeaEntries: Bool = true) {
            self.workers = workers
            self.validate = validate
            self.viewerStride = viewerStride
            self.reusesIdeaEntries = reusesIdeaEntries
        }
    }

    /// The build's steps, in order.
    static func steps(_ options: Options) -> [Step] {
        if !options.merge.isEmpty {
            return [
                Step("open the store \(options.store)", openStore),
                Step("load the site from the store", loadSite),
                Step("read the shards", readShards),
                Step("compile the templates in \(options.templates)", compileTemplates),
                Step("plan the output", planMerge),
                Step("prepare the output \(options.output)", prepareOutput),
                Step("join the shards' pages", joinShards),
                Step("render the site-wide pages", renderSitePages),
                Step("check the pages", checkPages),
                Step("write the manifest", writeManifest),
                Step("swap the new site into \(options.output)", swap),
            ]
        }
        return [
            Step("open the store \(options.store)", openStore),
            Step("load the site from the store", loadSite),
            Step("choose the people to build", choosePeople),
            Step("start the pass over the store", startFingerprintPass),
            Step("compile the templates in \(options.templates)", compileTemplates),
            Step("plan the output", planOutput),
            Step("prepare the output \(options.output)", prepareOutput),
            Step("render every viewer's pages", renderViewers),
        ] + (options.scope.isShard ? [] : [Step("render the site-wide pages", renderSitePages)]) + [
            Step("check the pages", checkPages),
            Step("write the manifest", writeManifest),
            Step("swap the new site into \(options.output)", swap),
        ]
    }

    /// Builds the site. On any error the previous output is left as it was.
    public static func run(_ options: Options, tuning: Tuning = Tuning()) throws -> Report {
        try checkOutput(options.output, against: [("store", options.store), ("templates", options.templates)])
        var options = options
        // A part of the site, or a manifest alone, is not what the record of a whole site in
        // the output describes: such builds neither use nor leave one.
        let whole = options.scope == .everyone && !options.manifestOnly && options.merge.isEmpty
        if !whole {
            options.full = true
            if !options.refusedPartOverWhole {
                try refusePartOverWhole(scope: options.scope, manifestOnly: options.manifestOnly, output: options.output,
                                        store: options.store)
            }
        }
        // One build at a time per store (the output folder is locked by its writer); a build that
        // does not record itself only reads the store, and shards share one read-only store (a
        // whole build too, without its record, when the store's folder cannot be written).
        let storeLock = whole
            ? try BuildLock.acquireStoreToRecord(options.store) : nil
        defer { storeLock?.release() }
        var (report, record) = try build(BuildContext(options: options, tuning: tuning))
        // Recorded once the build's read connections are closed (a reader would hold off the
        // write), and only after the swap: the record describes the site now in the output.
        if whole {
            report.recordWarning = PreviousBuild.record(
                store: options.store, output: record.output, viewers: record.viewers, checkedAt: record.checkedAt,
                manifestDigest: record.manifestDigest)
        }
        return report
    }

    /// Runs every step over `context`; returns the report and what to record for the next
    /// build. The context, and with it every store connection, is gone when this returns.
    private static func build(_ context: BuildContext) throws -> (
        Report, (output: String, viewers: [BuildRecord.Viewer], checkedAt: Int64, manifestDigest: String?)
    ) {
        // The output's lock and folder checks, beside the first steps (taken by "prepare the
        // output").
        let options = context.options
        context.preparing = SiteWriter.startPreparing(output: options.output, store: options.store, checked: options.checkedOutput)
        do {
            for step in steps(context.options) { try step.run(context) }
        } catch {
            _ = context.pass?.value  // no thread of the build outlives it
            _ = context.sitePages?.value
            context.preparing?.stop()  // never taken over by a writer
            context.writer?.abandon()
            throw error
        }
        return (context.report, (context.writer.output, context.fingerprints, context.writer.checkedAt, context.spool.digest))
    }

    /// Throws when the output folder is, or holds, one of the inputs (`name`, `path` pairs):
    /// the build replaces the output whole, and must never take its own inputs with it.
    /// It also throws when the output is inside an input folder (`--out content/reviews/x.json`
    /// would put the site among the exports).
    public static func checkOutput(_ output: String, against inputs: [(name: String, path: String)]) throws {
        // Symbolic links followed in the longest part of the path that exists: a folder not made
        // yet under a linked parent (`clink/pub`, `clink` → `content`) is where the link leads.
        let absolute = PathText.resolved
        func isInside(_ path: String, _ folder: String) -> Bool {
            path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
        let out = absolute(output)
        // The build stages the new site beside the output and empties whatever is there.
        let staging = SiteWriter.stagingPath(of: URL(fileURLWithPath: out))
        for input in inputs {
            let path = absolute(input.path)
            if isInside(path, out) {
                throw Diagnostic.error("the output '\(output)' holds the \(input.name) '\(input.path)'; choose another --out")
            }
            for folder in [staging, staging + ".old"] where isInside(path, folder) {
                throw Diagnostic.error(
                    "the \(input.name) '\(input.path)' is in '\(folder)', where the build of '\(output)' stages the new site and which it empties; move it, or choose another --out")
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
}
