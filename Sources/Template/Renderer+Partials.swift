/// Partials, parents and blocks: expanding other templates in place, with indentation and
/// block overrides.
extension Renderer {
    /// The template a partial or parent tag names, or nil (spec mode) when there is none.
    private mutating func template(named name: String, target: Int?, dynamicPath: Path?, kind: String, at offset: Int)
        throws(TemplateError) -> CompiledTemplate?
    {
        if let target { return library.compiled[target] }
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

    /// Renders another template in place. A standalone tag indents every line of it by the
    /// tag's indentation (on top of the current one); an inline tag leaves its lines unindented.
    private mutating func expand(
        _ template: CompiledTemplate, standalone: Bool, indentation: [UInt8], at offset: Int
    ) throws(TemplateError) {
        guard depth < Renderer.maximumDepth else {
            throw source.error(
                "partials and parents nested more than \(Renderer.maximumDepth) deep: is '\(template.source.name)' including itself?",
                at: offset)
        }
        guard output.count <= Renderer.maximumOutput else {
            throw source.error(
                "the output has grown past \(Renderer.maximumOutput >> 20) MB at '\(template.source.name)': "
                    + "do partials include each other more than once at each level?",
                at: offset)
        }
        let savedSource = source
        let mark = self.indentation.mark
        source = template.source
        if standalone { self.indentation.extend(by: indentation) } else { self.indentation.clear() }
        depth += 1
        defer {
            depth -= 1
            self.indentation.restore(mark)
            source = savedSource
        }
        try run(template.program)
    }

    mutating func renderPartial(_ partial: Partial) throws(TemplateError) {
        guard
            let template = try template(
                named: partial.name, target: partial.target, dynamicPath: partial.dynamicPath, kind: "partial",
                at: partial.offset)
        else { return }
        let savedPlace = place
        place = max(place, partial.place)
        defer { place = savedPlace }
        try expand(template, standalone: partial.isStandalone, indentation: partial.indentation, at: partial.offset)
    }

    mutating func renderParent(_ info: Program.ParentInfo, in program: Program) throws(TemplateError) {
        let parent = info.parent
        guard
            let template = try template(
                named: parent.name, target: parent.target, dynamicPath: parent.dynamicPath, kind: "parent",
                at: parent.offset)
        else { return }
        overrides.append(OverrideLevel(program: program, bodies: info.overrides))
        defer { overrides.removeLast() }
        try expand(template, standalone: parent.isStandalone, indentation: parent.indentation, at: parent.offset)
    }

    /// A block whose default content is the instructions `start..<end` of `program`; the
    /// outermost override, if any, is rendered instead.
    mutating func renderBlock(_ block: Block, _ program: Program, _ start: Int, _ end: Int) throws(TemplateError) {
        var contentProgram = program
        var range = start..<end
        var override: Block?
        for level in overrides {
            if let body = level.bodies[block.name] {
                contentProgram = level.program
                range = body.start..<body.end
                override = body.block
                break
            }
        }
        let savedSource = source
        let savedPlace = place
        let mark = indentation.mark
        source = contentProgram.source
        place = max(place, block.place)
        if block.isStandalone { indentation.extend(by: block.siteIndentation) }
        defer {
            indentation.restore(mark)
            source = savedSource
            place = savedPlace
        }
        guard block.isStandalone, let override, !override.isStandalone, !indentation.isEmpty else {
            try run(contentProgram, from: range.lowerBound, to: range.upperBound)
            return
        }
        // A standalone block's content starts a line, but an override written inline
        // (`{{$b}}text{{/b}}`) carries no line start of its own: its first line is indented here,
        // unless it turns out empty or starts with a line break (blank lines stay unindented).
        let indented = output.count
        indentation.write(into: &output)
        let content = output.count
        try run(contentProgram, from: range.lowerBound, to: range.upperBound)
        if output.isBlank(from: content) { output.remove(indented..<content) }
    }
}
