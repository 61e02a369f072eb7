import Foundation
import Template
import VantageCore

/// The template engine benchmark: renders a feed page of 80 quotes (escaped text, a localised
/// date plus its ISO form, and a plural each, inside a layout) from the files in
/// `Benchmarks/TemplateBench/`, and prints pages/s and MB/s of output.
///
///     vantage-bench template [--pages N] [--locale TAG] [--time-zone TZ] [--threads N]
enum TemplateBench {
    static let quotesPerPage = 80
    /// Distinct quotes the pages draw from: instants repeat across pages, as on a real site.
    static let poolSize = 4_000
    /// Distinct page contexts, built before timing (building view models is Render's cost).
    static let contextCount = 64

    static func run(arguments: [String]) throws {
        var pages = 40_000
        var locale = "fr"
        var timeZone = "Europe/Paris"
        var threads = 2
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw Diagnostic.error("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--pages": pages = Int(try value()) ?? pages
            case "--locale": locale = try value()
            case "--time-zone": timeZone = try value()
            case "--threads": threads = max(1, Int(try value()) ?? threads)
            default: throw Diagnostic.error("unknown option '\(arguments[index])' for vantage-bench template")
            }
            index += 1
        }

        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/TemplateBench").path
        let compileStart = Date()
        let library = try TemplateLibrary(directory: folder + "/templates", mode: .strict)
        let catalog = try StringCatalog(path: folder + "/Localizable.xcstrings")
        let compileTime = Date().timeIntervalSince(compileStart)
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let localizer = Localizer(catalog: catalog, locale: locale, timeZone: timeZone, now: now, mode: .strict)
        // One set of view models per thread, as when threads render different viewers.
        let contexts = (0..<max(threads, 1)).map { _ in makeContexts(now: now.timeIntervalSince1970) }

        // Warm up: fills the formatter and date caches, as the first pages of a build do.
        var sample = try library.renderUTF8("feed", context: contexts[0][0], localizer: localizer)
        for page in 0..<min(pages, 2_000) {
            sample = try library.renderUTF8("feed", context: contexts[0][page % contextCount], localizer: localizer)
        }
        print("template: compiled \(library.names.count) templates and the catalog in \(milliseconds(compileTime)) ms")
        print("template: page of \(quotesPerPage) quotes, \(sample.count) bytes, locale \(locale), \(timeZone)")

        let single = try measure(pages: pages, threads: 1, library: library, localizer: localizer, contexts: contexts)
        report("1 thread", single)
        if threads > 1 {
            let parallel = try measure(
                pages: pages, threads: threads, library: library, localizer: localizer, contexts: contexts)
            report("\(threads) threads", parallel)
        }
    }

    private struct Measurement {
        let pages: Int
        let bytes: Int
        /// Wall-clock time.
        let seconds: Double
        /// CPU time of the rendering threads, summed: the machine is shared, so this is the
        /// figure that says what one core does.
        let cpuSeconds: Double
    }

    private static func measure(
        pages: Int, threads: Int, library: TemplateLibrary, localizer: Localizer, contexts: [[Value]]
    ) throws -> Measurement {
        let share = pages / threads
        let totals = Totals()
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var bytes = 0
            let cpuStart = Measure.threadCPUSeconds()
            defer { totals.addCPU(Measure.threadCPUSeconds() - cpuStart) }
            do {
                for page in 0..<share {
                    let context = contexts[thread][page % contextCount]
                    bytes += try library.renderUTF8("feed", context: context, localizer: localizer).count
                }
            } catch {
                totals.fail(error)
            }
            totals.add(bytes)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let error = totals.error { throw error }
        return Measurement(pages: share * threads, bytes: totals.bytes, seconds: seconds, cpuSeconds: totals.cpuSeconds)
    }

    private final class Totals: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var bytes = 0
        private(set) var error: Error?
        private(set) var cpuSeconds = 0.0
        func add(_ count: Int) { lock.lock(); bytes += count; lock.unlock() }
        func addCPU(_ seconds: Double) { lock.lock(); cpuSeconds += seconds; lock.unlock() }
        func fail(_ failure: Error) { lock.lock(); error = failure; lock.unlock() }
    }

    private static func report(_ label: String, _ run: Measurement) {
        func rate(_ seconds: Double) -> String {
            let pagesPerSecond = Double(run.pages) / seconds
            let megabytes = Double(run.bytes) / 1_000_000 / seconds
            return "\(Int(pagesPerSecond.rounded())) pages/s, \(String(format: "%.1f", megabytes)) MB/s"
        }
        print(
            "template: \(label): \(run.pages) pages; wall \(String(format: "%.3f", run.seconds)) s = \(rate(run.seconds)); "
                + "CPU \(String(format: "%.3f", run.cpuSeconds)) s = \(rate(run.cpuSeconds)) per core")
    }

    private static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    /// Deterministic page contexts: each page shows 80 quotes from the pool, with text that
    /// needs escaping, an instant within the last months and a count of hearers.
    private static func makeContexts(now: Double) -> [Value] {
        let phrases = [
            "Don't count the days, make the days count.", "Tom & Jerry <3 \"cheese\"", "Ça va? Oui — très bien!",
            "Если долго мучиться, что-нибудь получится.", "2 < 3 && 5 > 4: the best way out is always through.",
            "It's 5 o'clock somewhere & that's fine.", "Nobody said it'd be \"easy\", they said it'd be worth it.",
            "السعادة رحلة وليست محطة.", "七転び八起き — fall seven times, stand up eight.",
        ]
        let pool: [Value] = (0..<poolSize).map { number in
            var text = phrases[number % phrases.count]
            if number % 3 == 0 { text += " " + phrases[(number / 3) % phrases.count] }
            return [
                "id": .number(Double(number)), "text": .string(text),
                "speaker": .string(["Ana", "Ben O'Neil", "Cy \"the <3 guy\"", "Dóra"][number % 4]),
                "at": .number(now - Double(number * 3_607 % 8_000_000)),
                "hearers": .number(Double(number % 23)),
            ]
        }
        return (0..<contextCount).map { page in
            let quotes = (0..<quotesPerPage).map { pool[(page * 131 + $0 * 17) % poolSize] }
            return [
                "viewer": ["name": .string(["Ana", "Ben", "Cy"][page % 3])],
                "built": "2026-05-28", "quotes": .list(quotes),
            ]
        }
    }
}
