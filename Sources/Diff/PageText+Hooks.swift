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
    /// a home page, the speaker on a "quotes said by" page. Nil when there is none.
    public static func firstHeading(_ bytes: [UInt8]) -> String? {
        var scanner = XHTMLScanner(bytes)
        var depth = 0
        var opaqueDepth = 0
        var text = ""
        while let token = scanner.next() {
            switch token {
            case .start(let name, _, let selfClosing):
                if depth == 0 {
                    if name == "h1", !selfClosing { depth = 1 }
                    continue
                }
                // A line break or a block inside the heading still separates words.
                if name == "br" || !inlineElements.contains(name) { text += " " }
                if !selfClosing {
                    if opaqueElements.contains(name) || opaqueDepth > 0 { opaqueDepth += 1 }
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
