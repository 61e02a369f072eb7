import Foundation
import Import
import VantageCore

/// `vantage-bench import`: generates a synthetic export and imports it into a fresh store,
/// printing normalised rows per second, input MB per second and peak memory; then imports it
/// again unchanged. With `--format both` each format runs in its own process, so that each
/// peak-memory figure is its own.
enum ImportBench {
    static let usage = """
        Usage: vantage-bench import [--shape peer|mixed] [--people N] [--quotes N] [--ideas N] [--seed N]
                                    [--format json|jsonl|both] [--dir DIR] [--runs N] [--threads N]
          defaults: the peer workload's shape (../shared/bench: 10000 people, 200000 quotes,
                    2000 ideas), seed 1, both formats, 3 runs, DIR /dev/shm/vantage-bench-import
                    (a tmpfs: the disk is measured elsewhere)
          --shape mixed  the synthetic family export instead (mixed phone spellings, address
                    books, reviews; 20000 ideas by default)
          --threads N  reading threads (default: one per processor, at most 4)
        """

    static func run(arguments: [String]) throws {
        var people = 10_000, quotes = 200_000, seed: UInt64 = 1
        var ideas: Int?
        var shape = "peer"
        var format = "both"
        var runs = 3
        var threads = ImportOptions.defaultReadingThreads
        var directory = "/dev/shm/vantage-bench-import"
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchError("\(arguments[index - 1]) needs a value\n\(usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--people": people = Int(try value()) ?? people
            case "--quotes": quotes = Int(try value()) ?? quotes
            case "--ideas": ideas = Int(try value()) ?? ideas
            case "--shape": shape = try value()
            case "--seed": seed = UInt64(try value()) ?? seed
            case "--format": format = try value()
            case "--dir": directory = try value()
            case "--runs": runs = max(1, Int(try value()) ?? runs)
            case "--threads": threads = max(1, Int(try value()) ?? threads)
            case "--help": print(usage); return
            default: throw BenchError("unknown argument \(arguments[index])\n\(usage)")
            }
            index += 1
        }
        guard format == "both" || SyntheticExport.Format(rawValue: format) != nil, ["peer", "mixed"].contains(shape) else {
            throw BenchError(usage)
        }
        let ideaCount = ideas ?? (shape == "peer" ? 2_000 : 20_000)
        if format == "both" {
            for each in SyntheticExport.Format.allCases {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                process.arguments = ["import", "--shape", shape, "--people", "\(people)", "--quotes", "\(quotes)", "--ideas", "\(ideaCount)",
                                     "--seed", "\(seed)", "--format", each.rawValue, "--dir", directory, "--runs", "\(runs)",
                                     "--threads", "\(threads)"]
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw BenchError("the \(each.rawValue) run failed") }
            }
            return
        }
        let chosen = SyntheticExport.Format(rawValue: format)!
        let content = directory + "/" + chosen.rawValue + "/content"
        try? FileManager.default.removeItem(atPath: directory + "/" + chosen.rawValue)
        if shape == "peer" {
            let export = PeerExport(people: people, quotes: quotes, ideas: ideaCount, seed: seed)
            let summary = try export.write(to: content, format: chosen)
            try measure(summary: summary, format: chosen, content: content, runs: runs, threads: threads,
                        title: "import \(chosen.rawValue), peer shape: \(people) people, \(quotes) quotes, \(ideaCount) ideas (seed \(seed))",
                        comparedRows: export.comparedRows)
        } else {
            let export = SyntheticExport(people: people, quotes: quotes, ideas: ideaCount, seed: seed)
            let summary = try export.write(to: content, format: chosen)
            try measure(summary: summary, format: chosen, content: content, runs: runs, threads: threads,
                        title: "import \(chosen.rawValue), mixed shape: \(people) people, \(quotes) quotes, \(ideaCount) ideas (seed \(seed))",
                        comparedRows: nil)
        }
    }

    /// Imports `content` `runs` times into a fresh store and once more unchanged; prints the
    /// figures. `comparedRows`: the rows as `compare.sh` counts them, when the shape is its.
    static func measure(
        summary: SyntheticExport.Summary, format: SyntheticExport.Format, content: String, runs: Int, threads: Int, title: String,
        comparedRows: Int?
    ) throws {
        let directory = PathText.parent(of: content)
        var options = ImportOptions(contentDirectory: content, storePath: directory + "/store.sqlite")
        options.readingThreads = threads

        // The best of `runs` imports into a fresh store: the machine is shared, and the best
        // run is the one least disturbed. CPU time (all threads) is reported beside it.
        var importSeconds = Double.infinity
        var cpuSeconds = 0.0
        var mainThreadSeconds = 0.0
        var best: ImportReport?
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: options.storePath)
            let cpuBefore = Measure.cpuSeconds()
            let threadBefore = Measure.threadCPUSeconds()
            let start = ContinuousClock.now
            do { best = try Importer.run(options) } catch { throw BenchError("import failed:\n\(error)") }
            let seconds = Measure.seconds(since: start)
            if seconds < importSeconds {
                importSeconds = seconds
                cpuSeconds = Measure.cpuSeconds() - cpuBefore
                mainThreadSeconds = Measure.threadCPUSeconds() - threadBefore
            }
        }
        guard let report = best else { return }
        let rows = report.tables.reduce(0) { $0 + $1.stored }
        let megabytes = Double(summary.bytes) / 1_000_000
        let peak = Measure.peakResidentMegabytes()

        let again = ContinuousClock.now
        let second: ImportReport
        do { second = try Importer.run(options) } catch { throw BenchError("re-import failed:\n\(error)") }
        let reimportSeconds = Measure.seconds(since: again)

        let breakdown = report.tables.filter { $0.stored > 0 }.map { "\($0.stored) \($0.name)" }.joined(separator: ", ")
        print("""
            \(title)
              input      \(Measure.fixed(megabytes, 1)) MB in \(summary.files.count) files
              rows       \(rows) normalised rows (\(breakdown))
              time       \(Measure.fixed(importSeconds, 3)) s wall (best of \(runs)), \(Measure.fixed(cpuSeconds, 3)) s CPU on \(threads) reading threads and the storing one, \(Measure.fixed(mainThreadSeconds, 3)) s of it on the storing thread
              speed      \(Int(Double(rows) / importSeconds)) rows/s, \(Measure.fixed(megabytes / importSeconds, 1)) MB/s (wall)\(comparedRows.map { "\n  compared   \($0) rows as compare.sh counts them: \(Int(Double($0) / importSeconds)) rows/s (wall)" } ?? "")
              bound      \(Int(Double(rows) / mainThreadSeconds)) rows/s, \(Measure.fixed(megabytes / mainThreadSeconds, 1)) MB/s (storing thread's CPU time)
              peak RSS   \(Measure.fixed(peak, 1)) MB (whole process, generation included)
              re-import  \(Measure.fixed(reimportSeconds, 3)) s unchanged, \(Int(Double(rows) / reimportSeconds)) rows/s checked, wrote nothing: \(second.changedNothing)
            """)
    }
}
