extension PageText {
    /// The hooks OUTPUT.md puts on `<body>`: the page kind and the viewer's slug, read from a
    /// page when the site has no manifest to say them.
    public static func bodyHooks(_ bytes: [UInt8]) -> (kind: String?, viewer: String?) {
        var scanner = XHTMLScanner(bytes)
        while let token = scanner.next() {
            guard case .start(let name, let attributes, _) = token, name == "body" else { continue }
            let kind = attributes.first { $0.name == "data-page" }?.value
            let viewer = attributes.first { $0.name == "data-viewer" }?.value
            return (kind.flatMap { $0.isEmpty ? nil : $0 }, viewer.flatMap { $0.isEmpty ? nil : $0 })
        }
        return (nil, nil)
    }

    /// The text of the page's first `<h1>`, whitespace collapsed: the viewer's display name on
    /// a home page, the speaker on a "quotes said by" page. Nil when there is none. The handle
    /// a heading shows beside a name two people share (`<small class="person-handle">`) is
    /// not part of the name: the report adds the slug its own way.
    public static func firstHeading(_ bytes: [UInt8]) -> String? {
        var scanner = XHTMLScanner(bytes)
        var depth = 0
        var opaqueDepth = 0
        var text = ""
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                if depth == 0 {
                    if name == "h1", !selfClosing { depth = 1 }
                    continue
                }
                // A line break or a block inside the heading still separates words.
                if name == "br" || !inlineElements.contains(name) { text += " " }
                if !selfClosing {
                    if opaqueElements.contains(name) || opaqueDepth > 0 || isPersonHandle(attributes) { opaqueDepth += 1 }
                    if name == "h1" { depth += 1 }
                }
            case .end(let name):
                guard depth > 0 else { continue }
                if opaqueDepth > 0 { opaqueDepth -= 1; continue }
                if !inlineElements.contains(name) { text += " " }
                if name == "h1" {
                    depth -= 1
                    if depth == 0 {
                        let heading = LineBuilder.collapse(text)
                        return heading.isEmpty ? nil : heading
                    }
                }
            case .text(let value):
                if depth > 0, opaqueDepth == 0 { text += value }
            }
        }
        return nil
    }
}

extension PageText {
    /// Whether an element is the handle shown beside a shared name (`class="person-handle"`).
    static func isPersonHandle(_ attributes: [(name: String, value: String)]) -> Bool {
        attributes.contains { $0.name == "class" && $0.value.split(separator: " ").contains("person-handle") }
    }

    /// The person a "quotes said by P" page is about. Its `<h1>` is a localised sentence
    /// ("Quotes said by Dad", "اقتباسات Dad"), so the name is taken as the text of a link on
    /// the page that leads back to the page's own list (each quote's speaker does) and that
    /// also appears in the heading; failing that, nil (`firstHeading` then names the page).
    public static func personHeading(_ bytes: [UInt8], path: String) -> String? {
        guard let heading = firstHeading(bytes) else { return nil }
        // A person's list: a file name's `-N` is part of the slug, not a page number.
        let ownStems = Set([PageSeries.stem(path)] + PageSeries.candidates(PageSeries.stem(path), fromFileName: false).map(\.0))
        var best: String?
        for (href, text) in links(bytes) where !text.isEmpty && heading.contains(text) {
            guard let target = resolve(href, from: path), ownStems.contains(PageSeries.stem(target)) else { continue }
            if best == nil || text.count > best!.count { best = text }
        }
        return best
    }

    /// Every `<a href>` with its text, whitespace collapsed.
    static func links(_ bytes: [UInt8]) -> [(href: String, text: String)] {
        var scanner = XHTMLScanner(bytes)
        var result: [(String, String)] = []
        var open: (href: String, text: String)?
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                if name == "a", !selfClosing, let href = attributes.first(where: { $0.name == "href" })?.value {
                    open = (href, "")
                }
            case .end(let name):
                if name == "a", let link = open {
                    result.append((link.href, LineBuilder.collapse(link.text)))
                    open = nil
                }
            case .text(let text):
                open?.text += text
            }
        }
        return result
    }

    /// A relative link from the page at `path` as a site path, or nil for links that leave
    /// the site (absolute, with a scheme) or climb above its root.
    static func resolve(_ href: String, from path: String) -> String? {
        let target = href.prefix { $0 != "#" && $0 != "?" }
        if target.isEmpty { return path }
        if target.hasPrefix("/") || target.contains(":") { return nil }
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in target.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        return components.joined(separator: "/")
    }
}
