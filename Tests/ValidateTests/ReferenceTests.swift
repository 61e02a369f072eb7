import Testing
@testable import Validate

/// How a URL written in a page is read: which are files of the site, which are problems.
@Suite struct ReferenceTests {
    private func read(_ value: String, attribute: String = "href", element: String = "a",
                      page: String = "people/ana/home.html") -> Reference {
        Reference(value, attribute: attribute, element: element, pagePath: page)
    }

    @Test func relativePathsResolveAgainstThePageFolder() {
        #expect(read("ideas.html") == .file(path: "people/ana/ideas.html", fragment: nil))
        #expect(read("../../assets/site.css") == .file(path: "assets/site.css", fragment: nil))
        #expect(read("./x/../y.html#a%20b") == .file(path: "people/ana/y.html", fragment: "a b"))
        #expect(read("search.html?q=tree#top") == .file(path: "people/ana/search.html", fragment: "top"))
        #expect(read("caf%C3%A9.html") == .file(path: "people/ana/café.html", fragment: nil))
        #expect(read("  ideas.html \n") == .file(path: "people/ana/ideas.html", fragment: nil))
    }

    @Test func fragmentsAndQueriesOnThisPage() {
        #expect(read("#idea-3") == .fragment("idea-3"))
        #expect(read("?q=1") == .file(path: "people/ana/home.html", fragment: nil))
        #expect(read("#") == .problem(.brokenFragment, "href=\"#\" names an empty or malformed fragment"))
    }

    @Test func schemesAndHostsLeaveTheSite() {
        #expect(read("HTTPS://example.com") == .problem(.external, "href=\"HTTPS://example.com\" refers outside the site"))
        #expect(read("tel:+14155550100") == .problem(.external, "href=\"tel:+14155550100\" refers outside the site"))
        #expect(read("file:///etc/passwd") == .problem(.external, "href=\"file:///etc/passwd\" refers outside the site"))
        #expect(read("../../../x.html") == .problem(.external, "href=\"../../../x.html\" leads outside the site"))
    }

    @Test func scriptURLsAreCaughtHoweverTheyAreSpelled() {
        let message = "is a javascript: URL: behaviour belongs in a script file"
        #expect(read(" JavaScript:go()") == .problem(.scriptURL, "href=\" JavaScript:go()\" \(message)"))
        #expect(read("java\tscript:go()") == .problem(.scriptURL, "href=\"java\tscript:go()\" \(message)"))
    }

    @Test func dataURLsOnlyAsImages() {
        #expect(read("data:image/png;base64,AAAA", attribute: "src", element: "img") == .inlineImage)
        #expect(read("data:text/html,<p>x</p>", attribute: "src", element: "img")
            == .problem(.external, "src=\"data:text/html,<p>x</p>\" is a data: URL of type text/html, not an image"))
        #expect(read("data:image/png;base64,AAAA")
            == .problem(.external, "href=\"data:image/png;base64,AAAA\" is a data: URL: only img src may inline an image"))
    }

    /// An inline image is a URL too (the Nu checker: "illegal character in scheme data",
    /// "non-base64 input"): an SVG written out with its spaces and brackets, or base64 that is
    /// not whole groups of four, is a finding; percent-encoded, it is not.
    @Test func inlineImagesAreURLs() {
        func image(_ value: String) -> Reference { read(value, attribute: "src", element: "img") }
        let svg = "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%201%201%22/%3E"
        #expect(image(svg) == .inlineImage)
        #expect(image("data:image/png;base64,iVBORw0KGgo=") == .inlineImage)
        #expect(image("data:image/gif;BASE64,R0lGODlhAQABAAAAACw=") == .inlineImage)
        #expect(image("data:image/png;base64,iVBO%2Bw%3D%3D") == .inlineImage)
        #expect(image("data:image/svg+xml,<svg/>")
            == .problem(.brokenLink, "src=\"data:image/svg+xml,<svg/>\" holds '<', which a URL cannot hold: percent-encode it"))
        #expect(image("data:image/svg+xml,%3Csvg viewBox=%220 0 1 1%22/%3E")
            == .problem(.brokenLink, "src=\"data:image/svg+xml,%3Csvg viewBox=%220 0 1 1%22/%3E\" holds a space, which a URL cannot hold: percent-encode it"))
        let notBase64 = "holds data that is not base64 (groups of four of A–Z, a–z, 0–9, + and /, with = only to pad the last)"
        for value in ["data:image/png;base64,@@@@", "data:image/png;base64,abcde", "data:image/png;base64,ab=c", "data:image/png;base64,a==="] {
            #expect(image(value) == .problem(.brokenLink, "src=\"\(value)\" \(notBase64)"), "\(value)")
        }
        #expect(image("data:image/png;base64") == .problem(.brokenLink, "src=\"data:image/png;base64\" has no comma before its data"))
        for value in ["data:image/png;base64,AAAA#x", "data:image/svg+xml,%3Csvg/%3E#x"] {
            #expect(image(value) == .problem(.brokenLink, "src=\"\(value)\" has a fragment (#…), which a data: URL cannot have"), "\(value)")
        }
    }

    @Test func foldersAreNamedAsSuch() {
        #expect(read("../") == .problem(.folderLink, "href=\"../\" names a folder: every link names a file (people/index.html)"))
        #expect(read("..") == .problem(.folderLink, "href=\"..\" names a folder: every link names a file (people/index.html)"))
        #expect(read("") == .problem(.brokenLink, "href=\"\" is empty: every link names a file"))
    }

    /// What a browser reads past but HTML forbids in a URL is a finding, as the Nu checker
    /// reports it ("illegal character"); leading and trailing white space is allowed.
    @Test(arguments: [
        ("a b.html", "a space"), ("ind\tex.html", "a tab"), ("x.html?q=a b", "a space"), ("x.html?q=%zz", "a '%' without two hex digits after it"),
        ("x.html#a|b", "'|'"), ("#a b", "a space"), ("x{1}.html", "'{'"), ("x.html?%4", "a '%' without two hex digits after it"),
        ("a\\b.html", "'\\'"), ("x.html\n?q", "a line break"), ("x[1].css", "'['"), ("x.css?a[]=1", "'['"),
    ])
    func illegalCharactersInURLs(_ value: String, _ what: String) {
        #expect(read(value) == .problem(.brokenLink, "href=\"\(value)\" holds \(what), which a URL cannot hold: percent-encode it"))
    }

    @Test func whiteSpaceAroundAURLAndPercentEscapesAreFine() {
        #expect(read("  ideas.html \n") == .file(path: "people/ana/ideas.html", fragment: nil))
        #expect(read("a%20b.html?q=%C3%A9") == .file(path: "people/ana/a b.html", fragment: nil))
    }

    @Test func styleSheetURLs() {
        let css = """
            /* url(commented.png) */ @import "a.css"; .x { background: url( 'b.png' ) } .y { content: "url(no)"; background: URL(c.svg#i) }
            """
        #expect(StyleSheetURLs(css).urls == ["a.css", "b.png", "c.svg#i"])
        // What else a browser loads: the strings of image-set() and src(), and escapes read as a
        // browser reads them (in names, in URLs; an escaped quote or bracket is a letter).
        let loads = #"""
            main { background-image: image-set("http://x.test/a.png" 1x, url(b.png) 2x); }
            p { background: -webkit-image-set('//x.test/c.png' 1x) } q { content: "image-set('no')" }
            @font-face { src: src("d.woff2") } i { background: u\72l(\68ttps://x.test/e.png) }
            p { background-image: image-set("t.png" type("image/png") 1x) }
            @im\70ort "f.css"; b { background: url("g\"h.png") } s { background: url(a\)b.png) }
            """#
        #expect(StyleSheetURLs(loads).urls == [
            "http://x.test/a.png", "b.png", "//x.test/c.png", "d.woff2", "https://x.test/e.png", "t.png", "f.css", "g\"h.png", "a)b.png",
        ])
    }

    /// The scan's shortcut for plain links gives `Reference`'s file, or leaves the link to it.
    @Test func plainLinksResolveAsReferenceDoes() {
        let pieces = ["..", ".", "...", "a", "b.html", "", "x-y_z.css", "%41", "#f", "?q", ":", " ", "A9", "\\"]
        var links: [String] = []
        for first in pieces {
            for second in pieces { for third in ["", "/", "/c.html", "//d"] { links.append(first + "/" + second + third) } }
            links.append(first)
        }
        var shortcuts = 0
        for pagePath in ["index.html", "people/ana/home.html", "a/b/c/d/e.html"] {
            let page = PagePath(pagePath)
            for link in links {
                let target = Array(link.utf8).withUnsafeBufferPointer { page.plainTarget($0) }
                guard let target else { continue }
                shortcuts += 1
                #expect(Reference(link, attribute: "href", element: "a", page: page) == .file(path: target, fragment: nil), "\(link) on \(pagePath)")
            }
        }
        #expect(shortcuts > 50)
        #expect(Array("../../x.html".utf8).withUnsafeBufferPointer { PagePath("a/b.html").plainTarget($0) } == nil)
    }

    /// A page's folder, found on its bytes, resolves links as splitting its path by "/" does
    /// (empty segments, a trailing "/", non-ASCII names included).
    @Test func pageFoldersResolveAsSplittingDoes() {
        func naive(_ link: String, from page: String) -> String? {
            var segments = Array(page.split(separator: "/", omittingEmptySubsequences: false).dropLast())
            for segment in link.split(separator: "/", omittingEmptySubsequences: false) {
                switch segment {
                case ".", "": continue
                case "..":
                    guard !segments.isEmpty else { return nil }
                    segments.removeLast()
                default: segments.append(segment)
                }
            }
            return segments.joined(separator: "/")
        }
        // (Page paths are relative to the site root: none starts with "/".)
        let pages = ["index.html", "a/b.html", "a//b.html", "a/b/", "ü/é/ç.html", "a/b/c/d/e.html", ""]
        let links = ["x.html", "../x.html", "../../x.html", "../../../../x.html", "./x.html", "a/../b.html", "ü.html", "../ü/x.html", "x//y.html"]
        for page in pages {
            for link in links {
                #expect(PagePath(page).resolve(link) == naive(link, from: page), "\(link) on \(page)")
                let plain = Array(link.utf8).withUnsafeBufferPointer { PagePath(page).plainTarget($0) }
                if let plain { #expect(plain == naive(link, from: page), "\(link) on \(page)") }
            }
        }
    }
}
