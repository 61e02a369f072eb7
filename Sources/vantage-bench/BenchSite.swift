import Foundation

/// A generated site for the validation benchmark: per person five small pages (home,
/// settings, three "new ideas" pages of 7 ideas) and five large ones ("all ideas" pages of
/// 38 ideas), linked to each other as the real site is (menus, pagers, previous/next idea),
/// so the full check resolves every link and fragment. The markup comes from
/// Tests/ValidateTests/Fixtures/bench; this file only fills in the blanks.
struct BenchSite {
    struct File {
        var path: String
        var bytes: [UInt8]
    }

    private(set) var pages: [File] = []
    private(set) var assets: [File] = []

    static let markup = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/ValidateTests/Fixtures").standardizedFileURL

    private let page: String, item: String, stepPrev: String, stepNext: String, pagerLink: String, newFlag: String

    init(pageCount: Int) throws {
        func read(_ name: String) throws -> String {
            try String(contentsOf: Self.markup.appendingPathComponent(name), encoding: .utf8)
        }
        page = try read("bench/page.html")
        item = try read("bench/item.html")
        stepPrev = try read("bench/step-prev.html")
        stepNext = try read("bench/step-next.html")
        pagerLink = try read("bench/pager-link.html")
        newFlag = try read("bench/new-flag.html")
        for asset in ["assets/site.css", "assets/site.js", "assets/icons.svg"] {
            assets.append(File(path: asset, bytes: Array(try read("site/" + asset).utf8)))
        }
        pages.append(File(path: "index.html", bytes: Array(try read("bench/index.html").utf8)))
        // Whole persons only (a cut-off series would have broken links): N rounds up to 10k + 1.
        var person = 0
        while pages.count < pageCount {
            person += 1
            addPerson(String(format: "person-%05d", person))
        }
    }

    /// The pages (`.html`) and other files of a site already built into `directory` (for
    /// measuring the validation of real build output rather than generated markup).
    init(loading directory: String) throws {
        page = ""; item = ""; stepPrev = ""; stepNext = ""; pagerLink = ""; newFlag = ""
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        var paths: [String] = []
        while let path = walker.nextObject() as? String { paths.append(path) }
        for path in paths.sorted() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            if path.hasSuffix(".html") { pages.append(File(path: path, bytes: bytes)) } else { assets.append(File(path: path, bytes: bytes)) }
        }
    }

    /// Writes the site into `directory`, replacing what was there.
    func write(to directory: String) throws {
        try? FileManager.default.removeItem(atPath: directory)
        for file in assets + pages {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
    }

    private mutating func addPerson(_ slug: String) {
        let series: [(kind: String, file: String, pages: Int, items: Int, title: String)] = [
            ("home", "home", 1, 7, "Início"), ("settings", "settings", 1, 7, "Ajustes"),
            ("ideas-new", "ideas-new", 3, 7, "Novas ideias"), ("ideas-all", "ideas-all", 5, 38, "Todas as ideias"),
        ]
        for list in series {
            for number in 1...list.pages {
                let name = list.pages == 1 ? list.file : "\(list.file)-\(number)"
                let html = render(list: list, name: name, number: number, slug: slug)
                pages.append(File(path: "people/\(slug)/\(name).html", bytes: Array(html.utf8)))
            }
        }
    }

    private func render(
        list: (kind: String, file: String, pages: Int, items: Int, title: String), name: String, number: Int, slug: String
    ) -> String {
        func pageName(_ n: Int) -> String { list.pages == 1 ? list.file : "\(list.file)-\(n)" }
        func ideaID(_ n: Int, _ i: Int) -> String { "idea-\(list.file)-\(n)-\(i)" }
        var items = ""
        for index in 0..<list.items {
            let id = ideaID(number, index)
            var prev = ""
            if index > 0 {
                prev = fill(stepPrev, ["href": "#idea-" + ideaID(number, index - 1)])
            } else if number > 1 {
                prev = fill(stepPrev, ["href": pageName(number - 1) + ".html#idea-" + ideaID(number - 1, list.items - 1)])
            }
            var next = ""
            if index < list.items - 1 {
                next = fill(stepNext, ["href": "#idea-" + ideaID(number, index + 1)])
            } else if number < list.pages {
                next = fill(stepNext, ["href": pageName(number + 1) + ".html#idea-" + ideaID(number + 1, 0)])
            }
            let day = (index % 28) + 1
            items += fill(item, [
                "id": id, "new": index % 3 == 0 ? newFlag : "", "prev": prev, "next": next,
                "text": "Caminhar até o trabalho às sextas-feiras, número \(index + 1) da lista de \(slug)",
                "author": index % 2 == 0 ? "Anônimo" : "Ana Lima",
                "datetime": String(format: "2015-05-%02dT09:30:00-03:00", day), "date": "\(day) de mai. de 2015",
                "whom": index % 2 == 0 ? "mim" : "alguém", "n": "\(index + 1)", "total": "\(list.items)",
            ])
        }
        var pager = ""
        if number > 1 { pager += fill(pagerLink, ["href": pageName(number - 1) + ".html", "rel": "prev", "label": "Anterior"]) }
        if number < list.pages { pager += fill(pagerLink, ["href": pageName(number + 1) + ".html", "rel": "next", "label": "Seguinte"]) }
        return fill(page, [
            "title": list.title, "kind": list.kind, "viewer": slug, "count": "\(list.items / 3)", "items": items,
            "pager": pager,
        ])
    }

    /// Replaces every `{{key}}` with its value (values here never contain markup characters).
    private func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            result += values[String(rest[open.upperBound..<close.lowerBound])] ?? ""
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }
}
