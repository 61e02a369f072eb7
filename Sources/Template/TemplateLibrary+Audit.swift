import VantageCore

/// Checks over compiled templates that the project's own rules need.
extension TemplateLibrary {
    /// The first place a template holds `scalar`, as an error saying `why`: the site's pages
    /// reserve a character that no text of theirs may carry (the mask's marker).
    public func firstUse(of scalar: Unicode.Scalar, why: String) -> TemplateError? {
        var encoded: [UInt8] = []
        encoded.append(contentsOf: String(Character(scalar)).utf8)
        for template in compiled {
            let bytes = template.source.bytes
            guard bytes.count >= encoded.count else { continue }
            for offset in 0...(bytes.count - encoded.count)
            where bytes[offset] == encoded[0] && bytes[offset..<(offset + encoded.count)].elementsEqual(encoded) {
                return template.source.error("\(codePointName(scalar.value)) \(why)", at: offset)
            }
        }
        return nil
    }

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
