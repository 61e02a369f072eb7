import Foundation
import Import
import VantageCore

/// `vantage-bench import`: generates a synthetic export and imports it into a fresh store,
/// printing normalised rows per second, input MB per second and peak memory; then imports it
/// again unchanged. With `--format both` each format runs in its own process, so that each
/// peak-memory figure is its own.
enum ImportBench {
    static let usage = """
        Usage: vantage-bench import [--people N] [--quotes N] [--ideas N] [--seed N]
                                    [--format json|jsonl|both] [--dir DIR] [--runs N]
          defaults: 10000 people, 200000 quotes, 20000 ideas, seed 1, both formats, 3 runs,
                    DIR /dev/shm/vantage-bench-import (a tmpfs: the disk is measured elsewhere)
        """

    static func run(arguments: [String]) throws {
        var people = 10_000, quotes = 200_000, ideas = 20_000, seed: UInt64 = 1
        var format = "both"
        var runs = 3
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
            case "--seed": seed = UInt64(try value()) ?? seed
            case "--format": format = try value()
            case "--dir": directory = try value()
            case "--runs": runs = max(1, Int(try value()) ?? runs)
            case "--help": print(usage); return
            default: throw BenchError("unknown argument \(arguments[index])\n\(usage)")
            }
            index += 1
        }
        guard format == "both" || SyntheticExport.Format(rawValue: format) != nil else { throw BenchError(usage) }
        if format == "both" {
            for each in SyntheticExport.Format.allCases {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                process.arguments = ["import", "--people", "\(people)", "--quotes", "\(quotes)", "--ideas", "\(ideas)",
                                     "--seed", "\(seed)", "--format", each.rawValue, "--dir", directory, "--runs", "\(runs)"]
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw BenchError("the \(each.rawValue) run failed") }
            }
            return
        }
        try measure(SyntheticExport(people: people, quotes: quotes, ideas: ideas, seed: seed),
                    format: SyntheticExport.Format(rawValue: format)!, directory: directory + "/" + format, runs: runs)
    }

    static func measure(_ export: SyntheticExport, format: SyntheticExport.Format, directory: String, runs: Int) throws {
        try? FileManager.default.removeItem(atPath: directory)
        let content = directory + "/content"
        let summary = try export.write(to: content, format: format)
        let options = ImportOptions(contentDirectory: content, storePath: directory + "/store.sqlite")

        // The best of `runs` imports into a fresh store: the machine is shared, and the best
        // run is the one least disturbed. CPU time (both threads) is reported beside it.
        var importSeconds = Double.infinity
        var cpuSeconds = 0.0
        var mainThreadSeconds = 0.0
        var best: ImportReport?
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: options.storePath)
            let cpuBefore = cpuTime()
            let threadBefore = threadCPUTime()
            let start = ContinuousClock.now
            do { best = try Importer.run(options) } catch { throw BenchError("import failed:\n\(error)") }
            let seconds = Self.seconds(since: start)
            if seconds < importSeconds {
                importSeconds = seconds
                cpuSeconds = cpuTime() - cpuBefore
                mainThreadSeconds = threadCPUTime() - threadBefore
            }
        }
        guard let report = best else { return }
        let rows = report.tables.reduce(0) { $0 + $1.stored }
        let megabytes = Double(summary.bytes) / 1_000_000
        let peak = peakResidentMegabytes()

        let again = ContinuousClock.now
        let second: ImportReport
        do { second = try Importer.run(options) } catch { throw BenchError("re-import failed:\n\(error)") }
        let reimportSeconds = Self.seconds(since: again)

        let breakdown = report.tables.filter { $0.stored > 0 }.map { "\($0.stored) \($0.name)" }.joined(separator: ", ")
        print("""
            import \(format.rawValue): \(export.people) people, \(export.quotes) quotes, \(export.ideas) ideas (seed \(export.seed))
              input      \(fixed(megabytes, 1)) MB in \(summary.files.count) files
              rows       \(rows) normalised rows (\(breakdown))
              time       \(fixed(importSeconds, 3)) s wall (best of \(runs)), \(fixed(cpuSeconds, 3)) s CPU on two threads, \(fixed(mainThreadSeconds, 3)) s of it on the storing thread
              speed      \(Int(Double(rows) / importSeconds)) rows/s, \(fixed(megabytes / importSeconds, 1)) MB/s (wall)
              bound      \(Int(Double(rows) / mainThreadSeconds)) rows/s, \(fixed(megabytes / mainThreadSeconds, 1)) MB/s (storing thread's CPU time)
              peak RSS   \(fixed(peak, 1)) MB (whole process, generation included)
              re-import  \(fixed(reimportSeconds, 3)) s unchanged, \(Int(Double(rows) / reimportSeconds)) rows/s checked, wrote nothing: \(second.changedNothing)
            """)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// User and system CPU seconds of the whole process so far.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// CPU seconds of the calling thread so far: the storing thread's time is what the import
    /// takes on an otherwise idle machine (the reading thread keeps ahead of it).
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The process's peak resident set size (Linux reports kilobytes).
    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func fixed(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
