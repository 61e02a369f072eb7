import Foundation
import Testing

@testable import Render

/// Golden files: a few pages of the small fixture site compared byte for byte with the files
/// in `Fixtures/small/expected/`. After an intended change, re-record with
/// `VANTAGE_RECORD_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@Suite("Golden pages of the small fixture site")
struct GoldenTests {
    static let pages = [
        "index.html",
        "reviews.html",
        "ana-lima/index.html",
        "ana-lima/ideas/all/index.html",
        "ana-lima/ideas/all/page-2.html",
        "ana-lima/ideas/new/index.html",
        "ana-lima/quotes/index.html",
        "ana-lima/quotes/by/papa.html",
        "ana-lima/search.html",
        "ana-lima/search-index.js",
        "ana-lima/quotes/add.html",
        "ahmd-hsn/ideas/submit.html",
        "lea-martin/settings.html",
        "lea-martin/quotes/said.html",
        "ahmd-hsn/index.html",
        "con-2/quotes/by/etc-passwd.html",
        "manifest.json",
    ]

    @Test("Each golden page is byte-identical to its expected file")
    func goldenPages() throws {
        let store = try FixtureStore(sql: smallStoreSQL)
        defer { store.remove() }
        let site = try BuiltSite(store: store.path)
        defer { site.remove() }
        let expected = fixturesFolder.appendingPathComponent("small/expected")
        let record = ProcessInfo.processInfo.environment["VANTAGE_RECORD_GOLDEN"] == "1"
        for page in Self.pages {
            let actual = site.text(page)
            #expect(!actual.isEmpty, "\(page) was not built")
            let file = expected.appendingPathComponent(page)
            if record {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            guard let wanted = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("\(page) has no golden file at \(file.path) (record it: see above)")
                continue
            }
            if actual != wanted {
                let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let w = wanted.split(separator: "\n", omittingEmptySubsequences: false)
                let line = (0..<min(a.count, w.count)).first { a[$0] != w[$0] } ?? min(a.count, w.count)
                Issue.record("""
                    \(page) differs from its golden file at line \(line + 1):
                      expected: \(line < w.count ? String(w[line]) : "<end of file>")
                      actual:   \(line < a.count ? String(a[line]) : "<end of file>")
                    """)
            }
        }
    }
}
