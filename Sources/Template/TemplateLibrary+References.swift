/// Strict mode checks, when the library is compiled, that every partial and parent named
/// literally exists, so a typo fails the build before any page is rendered.
extension TemplateLibrary {
    func checkReferences() throws(TemplateError) {
        for template in compiled { try check(template.nodes, in: template.source) }
    }

    private func check(_ nodes: [Node], in source: TemplateSource) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .partial(let partial) where partial.dynamicPath == nil:
                try require(partial.name, kind: "partial", at: partial.offset, in: source)
            case .parent(let parent):
                if parent.dynamicPath == nil { try require(parent.name, kind: "parent", at: parent.offset, in: source) }
                for name in parent.overrides.keys.sorted() { try check(parent.overrides[name]!.children, in: source) }
            case .section(let section): try check(section.children, in: source)
            case .block(let block): try check(block.children, in: source)
            default: break
            }
        }
    }

    private func require(_ name: String, kind: String, at offset: Int, in source: TemplateSource) throws(TemplateError) {
        guard indexByName[name] == nil else { return }
        throw source.error(
            "no \(kind) template named '\(name)'" + TemplateLibrary.suggestion(for: name, among: names), at: offset)
    }
}
