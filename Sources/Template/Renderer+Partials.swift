/// Partials, parents and blocks: expanding other templates in place, with indentation and
/// block overrides.
extension Renderer {
    /// The template a partial or parent tag names, or nil (spec mode) when there is none.
    private func template(named name: String, dynamicPath: Path?, kind: String, at offset: Int) throws(TemplateError)
        -> CompiledTemplate?
    {
        var name = name
        if let dynamicPath {
            guard let value = try resolve(dynamicPath, at: offset) else { return nil }
            guard case .string(let resolved) = value else {
                if strict {
                    throw source.error(
                        "'\(dynamicPath.text)' is \(value.kindDescription), not the name of a \(kind)", at: offset)
                }
                return nil
            }
            name = resolved
        }
        if let template = library.template(named: name) { return template }
        if strict {
            throw source.error(
                "no \(kind) template named '\(name)'" + TemplateLibrary.suggestion(for: name, among: library.names),
                at: offset)
        }
        return nil
    }

    private mutating func expand(_ template: CompiledTemplate, indentation newIndentation: [UInt8], at offset: Int)
        throws(TemplateError)
    {
        guard depth < Renderer.maximumDepth else {
            throw source.error(
                "partials and parents nested more than \(Renderer.maximumDepth) deep: is '\(template.source.name)' including itself?",
                at: offset)
        }
        let savedSource = source
        let savedIndentation = indentation
        source = template.source
        indentation = newIndentation
        depth += 1
        defer {
            depth -= 1
            indentation = savedIndentation
            source = savedSource
        }
        try render(template.nodes)
    }

    mutating func renderPartial(_ partial: Partial) throws(TemplateError) {
        guard
            let template = try template(
                named: partial.name, dynamicPath: partial.dynamicPath, kind: "partial", at: partial.offset)
        else { return }
        // Only a standalone tag indents the partial; inline, its lines stay as written.
        try expand(template, indentation: partial.isStandalone ? indentation + partial.indentation : [], at: partial.offset)
    }

    mutating func renderParent(_ parent: Parent) throws(TemplateError) {
        guard
            let template = try template(
                named: parent.name, dynamicPath: parent.dynamicPath, kind: "parent", at: parent.offset)
        else { return }
        overrides.append(parent.overrides)
        defer { overrides.removeLast() }
        try expand(template, indentation: parent.isStandalone ? indentation + parent.indentation : [], at: parent.offset)
    }

    mutating func renderBlock(_ block: Block) throws(TemplateError) {
        var content = block
        for level in overrides {
            if let override = level[block.name] {
                content = override
                break
            }
        }
        let savedSource = source
        let savedIndentation = indentation
        source = content.source
        if block.isStandalone { indentation = indentation + block.siteIndentation }
        defer {
            indentation = savedIndentation
            source = savedSource
        }
        try render(content.children)
    }
}
