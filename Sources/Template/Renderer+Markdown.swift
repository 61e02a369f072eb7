/// Inline Markdown from catalog strings, written through templates: `markdown/strong`,
/// `markdown/emphasis`, `markdown/code` and `markdown/link` receive `content` (the element's
/// inner text, already escaped, as trusted `.html`) and, for links, `destination`. So the markup
/// lives in `templates/`, and a library without these templates shows the plain text.
extension Renderer {
    /// The template that writes an element.
    static func markdownTemplate(_ kind: InlineMarkdown.Kind) -> String { "markdown/" + kind.rawValue }

    /// Writes parsed Markdown; without `links` (inside a link or button) a link is its text.
    mutating func writeMarkdown(_ nodes: [InlineMarkdown.Node], links: Bool) throws(TemplateError) {
        output.append(try Renderer.markdownHTML(nodes, library: library, links: links))
    }

    private static func markdownHTML(_ nodes: [InlineMarkdown.Node], library: TemplateLibrary, links: Bool)
        throws(TemplateError) -> String
    {
        var html = OutputBuffer(capacity: 64)
        for node in nodes {
            switch node {
            case .text(let text):
                html.appendEscaped(text)
            case .element(let kind, let destination, let children):
                let content = try markdownHTML(children, library: library, links: links)
                let name = markdownTemplate(kind)
                // A link to an absolute URL, or where no link may stand, shows as its text, as
                // does any element whose template the library lacks.
                guard kind != .link || (destination != nil && links), library.template(named: name) != nil else {
                    html.append(content)
                    continue
                }
                var context: [String: Value] = ["content": .html(content)]
                if let destination { context["destination"] = .string(destination) }
                html.append(try library.render(name, context: .map(context), localizer: nil))
            }
        }
        return html.string
    }
}
