import Render
import Testing
import VantageCore

/// `SafePath`, the writer's last check that every path stays inside the output folder.
@Suite("Safe output paths")
struct SafePathTests {
    @Test("Paths the build writes are safe", arguments: [
        "index.html", "ana/quotes/by/bo-berg/page-12.html", "assets/site.css", "a", "A_b-c.9/x.y.z",
        String(repeating: "a", count: 255) + "/index.html",
    ])
    func safe(_ path: String) throws {
        try SafePath.check(path)
    }

    @Test("Unsafe paths are refused with the first reason, in ASCII and beyond", arguments: [
        ("", "it is empty or too long"),
        (String(repeating: "a/", count: 512), "it is empty or too long"),
        ("/etc/passwd", "it has an empty component"),
        ("ana//index.html", "it has an empty component"),
        ("ana/", "it has an empty component"),
        ("../index.html", "a component starts with a dot"),
        ("ana/./index.html", "a component starts with a dot"),
        ("ana/.hidden", "a component starts with a dot"),
        (String(repeating: "a", count: 256) + "/x", "a component is too long"),
        ("ana/in dex.html", "it contains the byte 0x20"),
        ("ana\\index.html", "it contains the byte 0x5c"),
        ("ana/index.html\u{0}", "it contains the byte 0x0"),
        ("zoë/index.html", "it contains the byte 0xc3"),
        // A "/" carrying a combining mark is one Character: no separator, a byte 0x2f.
        ("ana/\u{301}x/..", "it contains the byte 0x2f"),
        ("ana/\u{301}x", "it contains the byte 0x2f"),
        ("ana/x/\u{301}", "it contains the byte 0x2f"),
        ("a/\u{301}", "it contains the byte 0x2f"),
        ("ab/\u{301}.x", "it contains the byte 0x2f"),
    ])
    func unsafe(_ path: String, _ reason: String) {
        do {
            try SafePath.check(path)
            Issue.record("'\(path)' was accepted")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.message == "refusing to write '\(path)' into the output folder: \(reason)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
