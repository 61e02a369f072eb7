import Diff
import Foundation
import VantageCore

/// `vantage-bench diff`: two synthetic built sites of N people (about 11 pages each) that
/// differ in a given share of their pages, and how long `vantage diff` takes on them.
///
/// The sites are generated on a tmpfs (`/dev/shm`) because the disk of these machines makes
/// many-small-file timings noisy; unchanged pages of the new site are hard links to the old
/// one, which the diff cannot tell apart from copies (it trusts the manifests' hashes).
enum DiffBench {
    static func run(arguments: [String]) throws {
        var people = 10_000
        var percent = 1.0
        var folder = "/dev/shm/vantage-diff-bench"
        var keep = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--people": people = Int(value) ?? people; index += 1
            case "--changed-percent": percent = Double(value) ?? percent; index += 1
            case "--out": folder = value; index += 1
            case "--keep": keep = true
            default: throw Diagnostic.error("vantage-bench diff: unknown argument '\(argument)'")
            }
            index += 1
        }
        try? FileManager.default.removeItem(atPath: folder)
        let old = folder + "/old", new = folder + "/new"

        print("vantage diff benchmark: \(people) people, \(percent)% of pages changed, sites in \(folder)")
        let block = [UInt8](repeating: 0x61, count: 64 << 20)
        let hashed = measure { SHA256.hex(block) }
        print(String(format: "  SHA-256: %.0f MB/s on one core", Double(block.count) / 1e6 / hashed.seconds))
        // The Myers worst case: two pages with nothing in common (D = N + M).
        var seed = Hasher(state: 7)
        var unrelated: [[String]] = [[], []]
        for side in 0..<2 { for _ in 0..<10_000 { unrelated[side].append("line \(side) \(seed.next() % 1000)") } }
        let worst = measure { LineDiff(old: unrelated[0], new: unrelated[1]).counts }
        print(String(format: "  line diff of two unrelated 10,000-line pages: %.2f s (%d deleted, %d inserted)",
                     worst.seconds, worst.value.deletions, worst.value.insertions))
        let edited = unrelated[0].enumerated().map { $0.offset % 100 == 0 ? $0.element + " (edited)" : $0.element }
        let typical = measure { LineDiff(old: unrelated[0], new: edited).counts }
        print(String(format: "  line diff of a 10,000-line page with 1%% of its lines edited: %.4f s", typical.seconds))
        let generated = try measure { try SyntheticSite.generate(people: people, changedPercent: percent, old: old, new: new) }
        print(String(format: "  generated: %d pages per site, %.0f MB per site, %d pages changed, in %.1f s",
                     generated.value.pages, Double(generated.value.bytes) / 1e6, generated.value.changed, generated.seconds))

        // In process, phase by phase (manifests of pages only, as the build writes them: the
        // search indexes beside the pages are found by listing the folders).
        let opened = try measure { try BuiltSite.open(old: old, new: new) }
        let (oldSite, newSite) = opened.value
        let compared = try measure { try SiteDiff.compare(old: oldSite, new: newSite) }
        let rendered = measure { compared.value.text }
        print(String(format: "  in process: manifests read + folders listed %.3f s, compare + read + diff %.3f s, text %.3f s (%.1f MB of output)",
                     opened.seconds, compared.seconds, rendered.seconds, Double(rendered.value.utf8.count) / 1e6))
        print("  found: " + compared.value.summaryLine)
        let stat = try measure { try SiteDiff.compare(old: oldSite, new: newSite, options: .init(statOnly: true)) }
        print(String(format: "  --stat compare: %.3f s", stat.seconds))

        // End to end, as a user runs it: the release `vantage` next to this binary.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("vantage").path
        if FileManager.default.isExecutableFile(atPath: binary) {
            for (label, extra) in [("text", [String]()), ("json", ["--format", "json"]), ("github", ["--format", "github"]),
                                   ("--stat", ["--stat"])] {
                let run = try measure { try runProcess(binary, ["diff", old, new] + extra) }
                print(String(format: "  vantage diff %@: %.2f s wall, %.2f s CPU, exit %d, peak RSS so far %.0f MB",
                             label, run.seconds, run.value.cpu, run.value.exit, run.value.peakMB))
            }
            // Manifests that list every file (search indexes too): no folder walk.
            for side in [old, new] {
                try FileManager.default.moveItem(atPath: side + "/manifest.json", toPath: side + ".pages-manifest.json")
                try FileManager.default.moveItem(atPath: side + ".complete-manifest.json", toPath: side + "/manifest.json")
            }
            for (label, extra) in [("text", [String]()), ("--stat", ["--stat"])] {
                let run = try measure { try runProcess(binary, ["diff", old, new] + extra) }
                print(String(format: "  with complete manifests, vantage diff %@: %.2f s wall, %.2f s CPU, exit %d",
                             label, run.seconds, run.value.cpu, run.value.exit))
            }
            let manifests = try measure { try runProcess(binary, ["diff", old + "/manifest.json", new + "/manifest.json"]) }
            print(String(format: "  vantage diff of the two manifest.json files: %.2f s wall, %.2f s CPU",
                         manifests.seconds, manifests.value.cpu))
            // Without manifests every file is hashed: a figure for that fallback, not the goal.
            try FileManager.default.moveItem(atPath: old + "/manifest.json", toPath: folder + "/old-manifest.json")
            try FileManager.default.moveItem(atPath: new + "/manifest.json", toPath: folder + "/new-manifest.json")
            let walked = try measure { try runProcess(binary, ["diff", old, new, "--stat"]) }
            print(String(format: "  vantage diff --stat without manifests (hash every file): %.2f s wall, %.2f s CPU, peak RSS so far %.0f MB",
                         walked.seconds, walked.value.cpu, walked.value.peakMB))
        } else {
            print("  (build the release `vantage` too for end-to-end figures: swift build -c release)")
        }
        if !keep { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// The value of `work` and the wall time it took.
    static func measure<T>(_ work: () throws -> T) rethrows -> (value: T, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try work()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// Runs a child with its output discarded; its exit status, CPU seconds (user + system)
    /// and peak memory.
    static func runProcess(_ path: String, _ arguments: [String]) throws -> (exit: Int32, cpu: Double, peakMB: Double) {
        let before = Measure.children().cpu
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        // The peak is the largest child's so far.
        let (after, peak) = Measure.children()
        return (process.terminationStatus, after - before, peak)
    }
}

/// A synthetic built site shaped like Vantage's output (OUTPUT.md kinds, hooks and a
/// manifest), written twice: the old site, and a new one where a share of pages changed.
/// Markup is assembled by a tiny element writer: this is test data, not the site's templates.
enum SyntheticSite {
    struct Summary: Sendable { var pages = 0, bytes = 0, changed = 0 }

    /// One page of one person: its path, kind and content for the old or the new site.
    struct Page {
        var path: String
        var kind: String
        var make: @Sendable (_ changed: Bool) -> [UInt8]
    }

    static func generate(people: Int, changedPercent: Double, old: String, new: String) throws -> Summary {
        let slugs = (0..<people).map { String(format: "person-%05d", $0) }
        let threshold = UInt64(changedPercent * 100)   // out of 10,000
        let results = Results(count: people)
        DispatchQueue.concurrentPerform(iterations: people) { person in
            var entries: [(old: ManifestEntry, new: ManifestEntry)] = []
            var failure: String?
            for page in pages(person: person, slugs: slugs) {
                var hasher = Hasher.stable(page.path)
                let changed = hasher.next() % 10_000 < threshold
                let before = page.make(false)
                let oldEntry = ManifestEntry(path: page.path, kind: page.kind, viewer: page.kind == "index" ? nil : slugs[person],
                                            sha256: SHA256.hex(before), bytes: before.count)
                var newEntry = oldEntry
                if !write(before, to: old + "/" + page.path) { failure = page.path }
                if changed {
                    let after = page.make(true)
                    newEntry.sha256 = SHA256.hex(after)
                    newEntry.bytes = after.count
                    if !write(after, to: new + "/" + page.path) { failure = page.path }
                } else if !link(old + "/" + page.path, new + "/" + page.path) {
                    failure = page.path
                }
                entries.append((oldEntry, newEntry))
            }
            results.set(person, entries, failure)
        }
        if let failure = results.failures.first { throw Diagnostic.error("cannot write the synthetic page", at: SourceLocation(file: failure)) }
        let all = results.entries
        var summary = Summary()
        summary.pages = all.count
        summary.bytes = all.reduce(0) { $0 + $1.old.bytes }
        summary.changed = all.filter { $0.old.sha256 != $0.new.sha256 }.count
        // Like the build, the manifest lists pages: the search indexes are files beside them.
        // A complete manifest (every file) is kept beside the site for the second round.
        for (folder, side) in [(old, all.map(\.old)), (new, all.map(\.new))] {
            _ = write(ManifestCodec.encode(side.filter { $0.kind != "search-index" }), to: folder + "/manifest.json")
            _ = write(ManifestCodec.encode(side), to: folder + ".complete-manifest.json")
        }
        return summary
    }

    /// Person `person`'s pages (the first person also carries the site-wide index).
    static func pages(person: Int, slugs: [String]) -> [Page] {
        let slug = slugs[person]
        let name = "Person \(person) Example"
        let friend = slugs[(person * 7 + 1) % slugs.count]
        func page(_ path: String, _ kind: String, _ heading: String, items: Int, words: Int) -> Page {
            Page(path: slug + "/" + path, kind: kind) { changed in
                var rows: [String] = []
                for item in 0..<items {
                    var text = Words.sentence(seed: Hasher.stable(path).state &+ UInt64(item), count: words)
                    if changed && item == 2 { text += " (edited)" }
                    let time = El.tag("time", ["datetime": "2026-05-0\(1 + item % 9)T08:30:00+09:00"], "\(1 + item % 9) May 2026")
                    rows.append(El.tag("li", ["data-id": "\(kind.prefix(1))-\(person)-\(item)", "class": "item"],
                                       El.tag("p", [:], text) + El.tag("p", ["class": "meta"], El.tag("a", ["href": "../index.html"], name) + ", " + time)))
                }
                if changed { rows.insert(El.tag("li", ["data-id": "new-\(person)", "data-new": ""], "A brand new entry"), at: 0) }
                return El.document(kind: kind, viewer: slug, title: heading, body: El.tag("h1", [:], heading) + El.tag("ol", [:], rows.joined()))
            }
        }
        var result = [
            page("index.html", "home", name, items: 4, words: 4),
            page("settings.html", "settings", "Settings", items: 3, words: 3),
            page("ideas/new/index.html", "ideas-new", "New Ideas", items: 10, words: 12),
            page("ideas/mine/index.html", "ideas-mine", "My Ideas", items: 5, words: 12),
            page("ideas/all/index.html", "ideas-all", "All Ideas", items: 20, words: 12),
            page("ideas/all/page-2.html", "ideas-all", "All Ideas", items: 20, words: 12),
            page("quotes/index.html", "quotes-feed", "Quotes", items: 40, words: 14),
            page("quotes/said.html", "quotes-said", "Said By", items: 8, words: 14),
            page("quotes/heard.html", "quotes-heard", "Heard By", items: 30, words: 14),
            page("quotes/by/\(friend).html", "quotes-by", "Quotes said by Person \((person * 7 + 1) % slugs.count) Example", items: 10, words: 14),
        ]
        result.append(Page(path: slug + "/search-index.json", kind: "search-index") { changed in
            let entries: [JSONValue] = (0..<60).map { item in
                var text = Words.sentence(seed: UInt64(person) &* 7919 &+ UInt64(item), count: 10)
                if changed && item == 5 { text += " (edited)" }
                return .object(JSONObject(keys: ["id", "text"], values: [.string("e-\(person)-\(item)"), .string(text)]))
            }
            return Array(JSONWriter.string(.object(JSONObject(keys: ["entries"], values: [.array(entries)]))).utf8)
        })
        if person == 0 {
            result.append(Page(path: "index.html", kind: "index") { changed in
                let rows = slugs.prefix(changed ? 51 : 50).map { El.tag("li", [:], El.tag("a", ["href": $0 + "/index.html"], $0)) }
                return El.document(kind: "index", viewer: nil, title: "View as", body: El.tag("ul", [:], rows.joined()))
            })
        }
        return result
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let folder = PathText.parent(of: path)
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
    }

    static func link(_ from: String, _ to: String) -> Bool {
        let folder = PathText.parent(of: to)
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return Foundation.link(from, to) == 0
    }

    /// Per-person results written by concurrent workers.
    final class Results: @unchecked Sendable {
        private var slots: [[(old: ManifestEntry, new: ManifestEntry)]]
        private var failed: [String] = []
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: [], count: count) }
        func set(_ index: Int, _ value: [(old: ManifestEntry, new: ManifestEntry)], _ failure: String?) {
            lock.lock(); defer { lock.unlock() }
            slots[index] = value
            if let failure { failed.append(failure) }
        }
        var entries: [(old: ManifestEntry, new: ManifestEntry)] { slots.flatMap { $0 } }
        var failures: [String] { failed.sorted() }
    }
}

/// A few hundred words, picked deterministically.
enum Words {
    static let list = ("tea world dinner eight sharp keys moved rock roll never dies paint fence blue bake bread sunday board game "
        + "night garden rain music window coffee story river mountain city friend letter morning quiet jar idea quote").split(separator: " ")

    static func sentence(seed: UInt64, count: Int) -> String {
        var state = Hasher(state: seed)
        return (0..<count).map { _ in String(list[Int(state.next() % UInt64(list.count))]) }.joined(separator: " ")
    }
}

/// SplitMix64: a stable pseudo-random stream (Swift's `Hasher` is seeded per process).
struct Hasher {
    var state: UInt64
    static func stable(_ text: String) -> Hasher {
        Hasher(state: text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes elements from names, attributes and escaped text, for the synthetic pages.
enum El {
    static func tag(_ name: String, _ attributes: [String: String], _ content: String) -> String {
        let attributeText = attributes.keys.sorted().map { " \($0)=\"\(escape(attributes[$0]!))\"" }.joined()
        return "<" + name + attributeText + ">" + content + "</" + name + ">"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func document(kind: String, viewer: String?, title: String, body: String) -> [UInt8] {
        var bodyAttributes = ["data-page": kind]
        if let viewer { bodyAttributes["data-viewer"] = viewer }
        let head = tag("head", [:], tag("title", [:], escape(title)))
        let page = tag("html", ["xmlns": "http://www.w3.org/1999/xhtml", "lang": "en", "dir": "ltr"], head + tag("body", bodyAttributes, body))
        return Array(page.utf8)
    }
}
