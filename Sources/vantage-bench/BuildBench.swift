import Foundation
import Import
import Render
import Store
import Validate

/// `vantage-bench build`: the render half of `vantage build` on a synthetic export. A child
/// process generates and imports the export (so the import's memory is not this process's
/// peak); this process then builds the site twice: from scratch, and again unchanged.
/// Prints pages/s, MB/s of HTML, files written and peak memory (excluding the import).
enum BuildBench {
    static let usage = """
        Usage: vantage-bench build [--shape peer|mixed] [--people N] [--quotes N] [--ideas N] [--page-size N]
                                   [--every K] [--workers N] [--dir DIR] [--seed N] [--no-validate]
                                   [--parse-only] [--incremental] [--manifest-only] [--no-reuse] [--once]
          defaults: the peer workload's shape (../shared/bench), 10000 people, 200000 quotes,
                    2000 ideas (--ideas 0: the quotes shape), page size 50, every viewer,
                    one thread per core, DIR /dev/shm/vantage-bench-build (a tmpfs)
          --shape mixed  the synthetic family export (mixed phones, address books, reviews)
          --every K   render every K-th person's part only (the whole site of the default
                      export is people × ideas entries, tens of GB: see docs/SITE.md)
          --no-validate  skip the in-build validation of every page (on by default, as in
                      vantage build)
          --parse-only  in validation's place, only parse each page with libxml2 (callbacks
                      that do nothing, no check): the floor under what validation can cost
          --manifest-only  render, validate and hash every page, write only manifest.json (the
                      whole site's size is printed, not written)
          --incremental  then change one quote's text in the store and rebuild: prints the
                      incremental rebuild's time against the first (full) build's, and
                      how many viewers and pages were rendered and carried over
          --no-reuse  render every idea list entry in full instead of once per idea, locale,
                      time zone and variant (the pages are the same; this measures the reuse)
          --once      build once (no unchanged rebuild): for callgrind, which counts everything
        """

    struct Settings {
        var people = 10_000, quotes = 200_000, ideas = 2_000, pageSize = 50, every = 1, seed: UInt64 = 1
        var workers: Int?
        var directory = "/dev/shm/vantage-bench-build"
        var prepareOnly = false
        var shape = "peer"
        var validate = true
        var parseOnly = false
        var incremental = false
        var manifestOnly = false
        var reuse = true
        var once = false
    }

    static func run(arguments: [String]) throws {
        var settings = Settings()
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchError("\(arguments[index - 1]) needs a value\n\(usage)") }
            return arguments[index]
        }
        func number() throws -> Int {
            let text = try value()
            guard let number = Int(text), number > 0 else { throw BenchError("\(arguments[index - 1]) needs a positive number") }
            return number
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--people": settings.people = try number()
            case "--quotes": settings.quotes = try number()
            case "--ideas":
                settings.ideas = Int(try value()) ?? -1
                guard settings.ideas >= 0 else { throw BenchError("--ideas needs a number") }
            case "--shape":
                settings.shape = try value()
                guard ["peer", "mixed"].contains(settings.shape) else { throw BenchError(usage) }
            case "--page-size": settings.pageSize = try number()
            case "--every": settings.every = try number()
            case "--workers": settings.workers = try number()
            case "--seed": settings.seed = UInt64(try number())
            case "--dir": settings.directory = try value()
            case "--prepare-only": settings.prepareOnly = true
            case "--no-validate": settings.validate = false
            case "--parse-only": settings.parseOnly = true
            case "--incremental": settings.incremental = true
            case "--manifest-only": settings.manifestOnly = true
            case "--no-reuse": settings.reuse = false
            case "--once": settings.once = true
            case "--help": print(usage); return
            default: throw BenchError("unknown argument \(arguments[index])\n\(usage)")
            }
            index += 1
        }
        if settings.prepareOnly { return try prepare(settings) }
        try prepareInChild(arguments: arguments, settings: settings)
        try measure(settings)
    }

    /// The store of a benchmark folder.
    static func store(_ settings: Settings) -> String { settings.directory + "/store.sqlite" }

    /// Generates the export and imports it (in the child process).
    static func prepare(_ settings: Settings) throws {
        try? FileManager.default.removeItem(atPath: settings.directory)
        let content = settings.directory + "/content"
        if settings.shape == "peer" {
            try PeerExport(people: settings.people, quotes: settings.quotes, ideas: settings.ideas, seed: settings.seed)
                .write(to: content, format: .jsonl)
        } else {
            try SyntheticExport(people: settings.people, quotes: settings.quotes, ideas: settings.ideas, seed: settings.seed)
                .write(to: content, format: .jsonl)
        }
        let started = ContinuousClock.now
        do {
            _ = try Importer.run(ImportOptions(contentDirectory: content, storePath: store(settings)))
        } catch {
            throw BenchError("import failed:\n\(error)")
        }
        let database = try Database(path: store(settings))
        try database.execute("UPDATE site SET page_size = \(settings.pageSize)")
        print("  import     \(Measure.fixed(Measure.seconds(since: started), 2)) s (child process; not counted below)")
    }

    /// The parameters a prepared folder was made with: an unchanged folder is reused.
    static func stamp(_ settings: Settings) -> String {
        "\(settings.shape) \(settings.people) \(settings.quotes) \(settings.ideas) \(settings.seed) \(settings.pageSize)"
    }

    static func prepareInChild(arguments: [String], settings: Settings) throws {
        let stampPath = settings.directory + "/prepared"
        if (try? String(contentsOfFile: stampPath, encoding: .utf8)) == stamp(settings) {
            print("  import     reusing \(settings.directory)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["build"] + arguments + ["--prepare-only"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("preparing the export failed") }
        try stamp(settings).write(toFile: stampPath, atomically: true, encoding: .utf8)
    }

    static func measure(_ settings: Settings) throws {
        let templates = FileManager.default.currentDirectoryPath + "/templates"
        guard FileManager.default.fileExists(atPath: templates + "/layout.mustache") else {
            throw BenchError("run from the repository root (templates/ not found)")
        }
        let output = settings.directory + "/public"
        var options = SiteBuild.Options(store: store(settings), templates: templates, output: output, environment: [:])
        options.manifestOnly = settings.manifestOnly
        var tuning = SiteBuild.Tuning(
            workers: settings.workers, validate: settings.validate, viewerStride: settings.every,
            reusesIdeaEntries: settings.reuse)
        tuning.parseOnly = settings.parseOnly
        // The first build starts from nothing: no site, and no back buffer left by an earlier run
        // (the build would delete it while preparing the output, inside the timed figures).
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: settings.directory + "/.public.building")
        ScanCounts.build.reset()
        let first = try timed { try SiteBuild.run(options, tuning: tuning) }
        let scans = (
            scanned: ScanCounts.build.scanned, handed: ScanCounts.build.handedOver, folded: ScanCounts.build.foldedAcceptances,
            compacted: ScanCounts.build.compactedAcceptances)
        let peakAfterFirst = Measure.peakResidentMegabytes()
        let second = settings.once ? first : try timed { try SiteBuild.run(options, tuning: tuning) }
        let report = first.report
        let reuse = report.ideaEntries
        let siteBytes = settings.manifestOnly ? report.viewerBytes : report.counts.bytes
        let megabytes = Double(siteBytes) / 1_000_000
        let htmlMegabytes = megabytes  // pages dominate; search indexes are included
        let viewers = report.viewersRendered
        let perViewerPages = Double(report.pages) / Double(max(1, viewers))
        let perViewerBytes = Double(siteBytes) / Double(max(1, viewers))
        print("""
            build: \(settings.people) people, \(settings.quotes) quotes, \(settings.ideas) ideas, page size \(settings.pageSize), \
            \(settings.workers.map(String.init) ?? "\(ProcessInfo.processInfo.activeProcessorCount)") threads, \
            \(settings.parseOnly ? "every page parsed by libxml2, nothing checked" : settings.validate ? "every page validated" : "no validation")\(settings.manifestOnly ? ", manifest only (pages hashed, not written)" : "")
              viewers    \(viewers) of \(report.homes) rendered\(settings.every > 1 ? " (every \(settings.every)th)" : "")
              output     \(report.pages) pages + \(report.otherFiles) other files, \(Measure.fixed(megabytes, 1)) MB \
            (\(Measure.fixed(perViewerPages, 1)) pages, \(Measure.fixed(perViewerBytes / 1_000, 1)) KB per viewer)
              first      \(Measure.fixed(first.seconds, 2)) s render+write: \(Int(Double(report.pages) / report.renderSeconds)) pages/s, \
            \(Measure.fixed(htmlMegabytes / report.renderSeconds, 1)) MB/s, \(report.counts.written) files written \
            (\(Measure.fixed(first.seconds - report.renderSeconds, 2)) s loading the store and compiling templates)
              cpu        \(Measure.fixed(first.cpu, 2)) s: \(Int(Double(report.pages) / first.cpu)) pages per CPU-second, \
            \(Measure.fixed(htmlMegabytes / first.cpu, 1)) MB per CPU-second
              unchanged  \(Measure.fixed(second.seconds, 2)) s (\(Measure.fixed(second.cpu, 2)) CPU s): \
            \(Int(Double(second.report.pages) / second.report.renderSeconds)) pages/s, \
            \(second.report.counts.written) written, \(second.report.counts.unchanged) unchanged
              peak RSS   \(Measure.fixed(peakAfterFirst, 1)) MB after the first build, \(Measure.fixed(Measure.peakResidentMegabytes(), 1)) MB after both
              entries    \(settings.reuse ? """
                \(reuse.spliced) idea entries spliced from \(reuse.fragments) fragments \
                (\(Measure.fixed(Double(reuse.fragmentBytes) / 1_000_000, 1)) MB), \(reuse.rendered) rendered in full
                """ : "every idea entry rendered in full (--no-reuse)")\
            \(reuse.refused ? "; REFUSED: a fragment failed its check, the rest were rendered in full" : "")
            """)
        if settings.validate, !settings.parseOnly {
            // How the first build's pages went through validation: a page of a structure not
            // accepted yet costs a skeleton and a RELAX NG run (docs/SCALE.md).
            let handed = scans.handed.map { "\($0.pages) \($0.reason)" }.joined(separator: ", ")
            let fresh = scans.handed.first { $0.reason == "structure not accepted yet" }?.pages ?? 0
            print("""
                  scan       \(scans.scanned) pages scanned clean; handed on: \(handed.isEmpty ? "none" : handed) \
                (new structures: \(Measure.fixed(100 * Double(fresh) / Double(max(1, report.pages)), 1))% of the pages; \
                \(scans.folded) of them accepted by their folded structure, \(fresh - scans.folded) by RELAX NG, \
                \(scans.compacted) of those on a compacted skeleton)
                """)
        }
        if settings.incremental { try measureIncremental(options, tuning: tuning, first: first) }
        if settings.every > 1 {
            let total = Double(report.homes)
            print("""
                  whole site (extrapolated from \(viewers) viewers): \(Int(perViewerPages * total)) pages, \
                \(Measure.fixed(perViewerBytes * total / 1_000_000_000, 1)) GB
                """)
        }
    }

    /// Changes the text of the newest quote said by the first home (always among the viewers
    /// rendered, whatever `--every`), rebuilds, and compares with the first, full build.
    static func measureIncremental(
        _ options: SiteBuild.Options, tuning: SiteBuild.Tuning,
        first: (report: SiteBuild.Report, seconds: Double, cpu: Double)
    ) throws {
        // The reader is closed before the write (its open statements would hold the write off).
        let firstHome = try { () -> Int64? in
            try Store(path: options.store, readOnly: true).readSite { reader in
                SiteModel(settings: try reader.settings(), now: 0, people: try reader.people(), ideas: []).homes.first?.person.id
            }
        }()
        guard let speaker = firstHome else { throw BenchError("no homes") }
        let database = try Database(path: options.store)
        guard case .text(let quote)? = try database.scalar(
            "SELECT id FROM quote WHERE said_by = ? ORDER BY said_at DESC, id LIMIT 1", [.integer(speaker)])
        else { throw BenchError("the first home said nothing") }
        try database.statement("UPDATE quote SET text = text || ' (edited)' WHERE id = ?").run([.text(quote)])
        var viewers = "?"
        if case .integer(let count)? = try database.scalar(
            "SELECT count(DISTINCT viewer_id) FROM visible_quote WHERE quote_id = ?", [.text(quote)])
        {
            viewers = "\(count)"
        }
        let rebuilt = try timed { try SiteBuild.run(options, tuning: tuning) }
        let report = rebuilt.report
        print("""
              incremental  one quote changed (\(quote), seen by \(viewers) people): \
            \(Measure.fixed(rebuilt.seconds, 2)) s (\(Measure.fixed(rebuilt.cpu, 2)) CPU s); viewers rendered \(report.viewersRendered), \
            carried over \(report.viewersCarried); pages rendered \(report.pagesRendered), carried over \(report.pagesCarried); \
            \(report.counts.written) files written
              ratio        \(Measure.fixed(100 * rebuilt.seconds / first.seconds, 2))% of the full build's time, \
            \(Measure.fixed(100 * rebuilt.cpu / first.cpu, 2))% of its CPU time (goal: at most 5%)
            """)
    }

    static func timed(_ body: () throws -> SiteBuild.Report) throws -> (report: SiteBuild.Report, seconds: Double, cpu: Double) {
        let started = ContinuousClock.now
        let cpuStarted = Measure.cpuSeconds()
        let report = try body()
        return (report, Measure.seconds(since: started), Measure.cpuSeconds() - cpuStarted)
    }
}
