import Foundation
import Validate

/// `vantage-bench validate [--pages N] [--dir PATH] [--keep]`: generates a site of N valid
/// pages (half about 6 KB, half about 27 KB, from the markup in
/// Tests/ValidateTests/Fixtures/bench) into a tmpfs folder and prints pages per second for
/// parse only, parse + RELAX NG, and the full check with links, on one and two threads.
enum ValidateBench {
    static func run(arguments: [String]) throws {
        var pageCount = 20_000
        var directory = "/dev/shm/vantage-validate-bench"
        var keep = false
        var only: String?
        var source: String?
        var reuse = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--pages": pageCount = Int(rest.popFirst() ?? "") ?? pageCount
            case "--dir": directory = rest.popFirst() ?? directory
            case "--keep": keep = true
            case "--stage": only = rest.popFirst()
            case "--site": source = rest.popFirst()
            case "--reuse-structures": reuse = true
            default: throw BenchError("unknown argument \(argument); usage: vantage-bench validate [--pages N] [--dir PATH] [--keep] [--stage parse|content|full|sizes|check] [--site BUILT_SITE] [--reuse-structures]")
            }
        }
        let site = try source.map { try BenchSite(loading: $0) } ?? BenchSite(pageCount: pageCount)
        if let source { directory = source }
        let written = try source == nil ? measure { try site.write(to: directory) } : .zero
        defer { if !keep, source == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let small = site.pages.filter { $0.bytes.count < 12_000 }
        let large = site.pages.filter { $0.bytes.count >= 12_000 }
        let totalBytes = site.pages.reduce(0) { $0 + $1.bytes.count }
        print("validate: \(site.pages.count) pages: \(small.count) of \(kilobytes(small)) KB, \(large.count) of \(kilobytes(large)) KB; "
            + "\(totalBytes / 1_000_000) MB written to \(directory) in \(seconds(written))")
        if only == nil || ["parse", "content", "full", "check"].contains(only!) {
            print(pad("stage (pages/s wall clock)", 34) + pad("1 thread", 32) + "2 threads")
        }
        let stages: [(String, String, SiteValidator.Depth)] = [
            ("parse", "parse", .parse), ("content", "parse + content models (libxml2)", .contentModels),
            ("full", "full check, in memory", .full),
        ]
        for (key, name, depth) in stages where only == nil || only == key {
            var cells: [String] = []
            var validators: [SiteValidator] = []
            for threads in [1, 2] {
                let validator = SiteValidator(depth: depth, reusesStructures: reuse)
                validators.append(validator)
                var findings = 0
                let (time, cpu) = measureWithCPU { findings = validateInMemory(site, validator: validator, threads: threads) }
                guard findings == 0 else {
                    throw BenchError("\(name): \(findings) findings on the generated site; it must be valid")
                }
                cells.append(rate(site.pages.count, time) + " (\(Int(Double(site.pages.count) / cpu))/cpu-s)")
            }
            print(pad(name, 34) + pad(cells[0], 32) + cells[1])
            if reuse, depth == .full { printScans(validators[0], pages: site.pages.count) }
        }
        if only == nil || only == "sizes" {
            // Per page size, one thread, each page on its own (links between pages need the
            // whole site, so they are left to the table above).
            print("by page size, 1 thread (pages/s per CPU second)")
            print(pad("stage", 34) + pad("\(kilobytes(small)) KB pages", 32) + "\(kilobytes(large)) KB pages")
            for (_, name, depth) in stages {
                var cells: [String] = []
                for subset in [small, large] {
                    let validator = SiteValidator(depth: depth, reusesStructures: reuse)
                    var findings = 0
                    let (_, cpu) = measureWithCPU {
                        for page in subset { findings += validator.validatePage(path: page.path, bytes: page.bytes).findings.count }
                    }
                    guard findings == 0 else { throw BenchError("\(name): \(findings) findings on generated pages") }
                    cells.append("\(Int(Double(subset.count) / cpu))")
                }
                print(pad(depth == .full ? "page checks (no links)" : name, 34) + pad(cells[0], 32) + cells[1])
            }
        }
        guard only == nil || only == "check" else { return }
        var cells: [String] = []
        for threads in [1, 2] {
            var report: SiteReport?
            let (time, cpu) = try measureWithCPU { report = try SiteValidator().validate(directory: directory, threads: threads) }
            guard let report, report.isValid else {
                throw BenchError("vantage check found \(report?.findings.count ?? -1) findings, first: \(report?.findings.first?.diagnostic.description ?? "")")
            }
            cells.append(rate(site.pages.count, time) + " (\(Int(Double(site.pages.count) / cpu))/cpu-s)")
        }
        print(pad("full check, from files (check)", 34) + pad(cells[0], 32) + cells[1])
        print("peak resident memory: \(Int(Measure.peakResidentMegabytes())) MB (the generated pages themselves hold \(totalBytes / 1_000_000) MB)")
    }

    /// With `--reuse-structures`, the full check reads pages without a tree where it can
    /// (`SiteValidator.scansPages`): how many pages went which way in one pass. Structures
    /// are learnt once per process, so this is a build's count only with `--stage full`.
    private static func printScans(_ validator: SiteValidator, pages: Int) {
        let handed = validator.scanCounts.handedOver
        let reasons = handed.isEmpty ? "none" : handed.map { "\($0.pages) \($0.reason)" }.joined(separator: ", ")
        print("  1 thread: scanned without a tree: \(validator.scanCounts.scanned) of \(pages) pages; handed to the tree: \(reasons)")
    }

    /// Validates every page from memory (as the build does) and returns the number of findings.
    private static func validateInMemory(_ site: BenchSite, validator: SiteValidator, threads: Int) -> Int {
        let check = SiteCheck(validator: validator)
        for asset in site.assets { check.addFile(path: asset.path, bytes: asset.bytes) }
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = counter.next(below: site.pages.count) {
                let page = site.pages[index]
                if validator.depth == .full {
                    check.addPage(path: page.path, bytes: page.bytes)
                } else {
                    counter.add(findings: validator.validatePage(path: page.path, bytes: page.bytes).findings.count)
                }
            }
        }
        return validator.depth == .full ? check.finish().findings.count : counter.findings
    }

    private static func measure(_ body: () throws -> Void) rethrows -> Duration {
        try measureWithCPU(body).wall
    }

    /// Wall-clock time and the process's CPU time (user + system) of `body`: on a machine
    /// shared with other work, CPU seconds per page are the steadier figure.
    private static func measureWithCPU(_ body: () throws -> Void) rethrows -> (wall: Duration, cpu: Double) {
        let clock = ContinuousClock()
        let cpuStart = Measure.cpuSeconds()
        let start = clock.now
        try body()
        return (clock.now - start, Measure.cpuSeconds() - cpuStart)
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", Measure.seconds(duration))
    }

    private static func rate(_ count: Int, _ duration: Duration) -> String {
        let seconds = Measure.seconds(duration)
        return "\(Int((Double(count) / seconds).rounded())) pages/s"
    }

    private static func kilobytes(_ pages: [BenchSite.File]) -> String {
        guard !pages.isEmpty else { return "0" }
        return String(format: "%.1f", Double(pages.reduce(0) { $0 + $1.bytes.count }) / Double(pages.count) / 1000)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// Hands out page indexes to worker threads and adds up findings.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var index = 0
    private(set) var findings = 0

    func next(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard index < count else { return nil }
        defer { index += 1 }
        return index
    }

    func add(findings count: Int) {
        lock.lock()
        findings += count
        lock.unlock()
    }
}
