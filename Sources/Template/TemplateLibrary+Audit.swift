import VantageCore

/// Checks over compiled templates that the project's own rules need.
extension TemplateLibrary {
    /// Every `{{{name}}}` and `{{&name}}` in the library, as warnings located at the tag, sorted.
    /// The site's templates must show imported data escaped, so its tests expect none.
    public func unescapedTags() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for template in compiled {
            collectUnescaped(template.nodes, source: template.source, into: &found)
        }
        return found
    }

    private func collectUnescaped(_ nodes: [Node], source: TemplateSource, into found: inout [Diagnostic]) {
        for node in nodes {
            switch node {
            case .variable(let variable) where !variable.escaped:
                var diagnostic = source.error("'\(variable.path.text)' is written without escaping", at: variable.offset)
                    .diagnostic
                diagnostic.severity = .warning
                found.append(diagnostic)
            case .localeName(let name) where !name.fallback.escaped:
                var diagnostic = source.error(
                    "'\(name.fallback.path.text)' is written without escaping", at: name.fallback.offset
                ).diagnostic
                diagnostic.severity = .warning
                found.append(diagnostic)
            case .section(let section): collectUnescaped(section.children, source: source, into: &found)
            case .block(let block): collectUnescaped(block.children, source: source, into: &found)
            case .parent(let parent):
                for key in parent.overrides.keys.sorted() {
                    collectUnescaped(parent.overrides[key]!.children, source: source, into: &found)
                }
            default: break
            }
        }
    }
}
