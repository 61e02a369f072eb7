import Foundation
import Testing
@testable import Validate

/// `vantage check` reads a site a part at a time (`SiteValidator.validate(directory:)`: the
/// pages of one top folder, then the next), letting each part's ids and links go once its links
/// are checked, and reads a page of another part again only for a fragment into it. What it
/// finds must be what one check holding the whole site finds (`SiteCheck` with every page).
struct SiteByPartsTests {
    /// A page at `path` of the fixture site whose body holds `body`.
    static func page(_ body: String, viewer: Bool = true) -> [UInt8] {
        Array("""
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" dir="ltr">
            <head>
            <meta charset="utf-8"/>
            <title>Links</title>
            </head>
            <body data-page="home"\(viewer ? " data-viewer=\"ana-lima\"" : "")>
            <main>
            <h1 id="top">Links</h1>
            \(body)
            </main>
            </body>
            </html>

            """.utf8)
    }

    /// Links from parts before and after the one they point into, and at the top: fragments
    /// present and missing in pages of other parts, in a sprite, in a page that cannot be read,
    /// folder links and files that are not there.
    static let extra: [String: [UInt8]] = {
        let links = """
            <p><a href="../people/ana-lima/home.html#quotes-title">here</a> <a href="../people/ana-lima/home.html#nope">gone</a>
            <a href="../index.html#top">top</a> <a href="../index.html#nowhere">nowhere</a>
            <a href="../zeta/links.html#top">zeta</a> <a href="../alpha/links.html#gone">alpha</a>
            <a href="../people/ana-lima/">folder</a> <a href="../people/ana-lima/missing.html#x">missing</a>
            <a href="../assets/site.css#x">style</a> <a href="#top">self</a> <a href="#self-gone">self gone</a></p>
            """
        var pages: [String: [UInt8]] = [
            "alpha/links.html": page(links), "zeta/links.html": page(links),
            "zeta/deeper/more.html": page(links.replacingOccurrences(of: "../", with: "../../")),
        ]
        // Every broken fixture in the person's folder too.
        for name in (try? Fixtures.brokenPages()) ?? [] {
            pages["people/ana-lima/" + name] = (try? Fixtures.bytes(Fixtures.broken + "/" + name)) ?? []
        }
        return pages
    }()

    @Test func partByPartFindsWhatTheWholeSiteCheckFinds() throws {
        let folder = NSTemporaryDirectory() + "vantage-parts-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.site, toPath: folder)
        for (path, bytes) in Self.extra {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        }
        let whole = try Fixtures.check(adding: Self.extra).findings.map(\.diagnostic.description)
        let byParts = try SiteValidator().validate(directory: folder, threads: 2)
        #expect(byParts.findings.map(\.diagnostic.description) == whole)
        // The links of the extra pages are among them, across parts both ways.
        #expect(whole.contains { $0.hasPrefix("alpha/links.html:") && $0.contains("no id \"gone\" on alpha/links.html") } == false)
        #expect(whole.contains { $0.hasPrefix("zeta/links.html:") && $0.contains("no id \"gone\" on alpha/links.html") })
        #expect(whole.contains { $0.hasPrefix("alpha/links.html:") && $0.contains("no id \"nope\" on people/ana-lima/home.html") })
        #expect(whole.contains { $0.contains("names a fragment, but assets/site.css is not a page") })
        #expect(byParts.pageCount == (try Fixtures.sitePages()).count + Self.extra.count)
        #expect(byParts.fileCount == (try Fixtures.siteFiles()).count + Self.extra.count)
    }
}
