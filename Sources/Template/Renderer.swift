/// Renders node trees into one growing buffer, walking a context stack. One renderer serves one
/// page; the library and localizer it reads are shared.
struct Renderer {
    let library: TemplateLibrary
    let localizer: Localizer?
    let strict: Bool
    var output: OutputBuffer
    var stack: [Value]
    /// The indentation of the standalone partials and blocks being expanded, written at each
    /// line start: `indentBuffer[indentStart...]`. Kept in one buffer that grows and shrinks, so
    /// expanding a partial allocates nothing.
    var indentBuffer: [UInt8] = []
    var indentStart = 0
    /// Block overrides of the parents being expanded, outermost first (the outermost wins).
    var overrides: [[String: Block]] = []
    /// The template whose nodes are being rendered, for error messages.
    var source: TemplateSource
    var depth = 0
    /// Reused for the arguments of `{{#t}}` calls.
    var scratchArguments: [(name: String?, value: Value)] = []

    /// Partials and parents nested deeper than this are taken for endless recursion.
    static let maximumDepth = 200

    init(library: TemplateLibrary, localizer: Localizer?, context: Value, source: TemplateSource, capacity: Int) {
        self.library = library
        self.localizer = localizer
        self.strict = library.mode == .strict
        self.output = OutputBuffer(capacity: capacity)
        self.stack = [context]
        self.stack.reserveCapacity(16)
        self.source = source
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let bytes): output.append(bytes)
            case .lineStart: if indentBuffer.count > indentStart { writeIndentation() }
            case .variable(let variable): try interpolate(variable)
            case .section(let section): try renderSection(section)
            case .partial(let partial): try renderPartial(partial)
            case .parent(let parent): try renderParent(parent)
            case .block(let block): try renderBlock(block)
            case .helper(let helper): try renderHelper(helper)
            case .localeName(let name): try renderLocaleName(name)
            }
        }
    }

    private mutating func writeIndentation() {
        indentBuffer.withUnsafeBufferPointer { buffer in
            output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[indentStart...]))
        }
    }

    // MARK: Lookup

    /// The value a name resolves to: the first frame (innermost first) holding the first part,
    /// then each further part inside it. Nil when it is missing.
    func lookup(_ path: Path) -> Value? {
        let components = path.components
        guard !components.isEmpty else { return stack.last }
        var index = stack.count - 1
        while index >= 0 {
            // Reading through the array in place avoids copying each frame.
            if let found = stack[index].member(components[0]) {
                if components.count == 1 { return found }
                var value = found
                for position in 1..<components.count {
                    guard let next = value.member(components[position]) else { return nil }
                    value = next
                }
                return value
            }
            index -= 1
        }
        return nil
    }

    /// Why a lookup failed, naming the part that is missing.
    func missingMessage(_ path: Path) -> String {
        var value: Value? = nil
        let first = path.components[0]
        for frame in stack.reversed() {
            if let found = frame[first] { value = found; break }
        }
        guard var current = value else { return "no value named '\(first)' in the context" }
        var reached = first
        for component in path.components.dropFirst() {
            guard let next = current[component] else {
                if case .map = current { return "'\(reached)' has no member '\(component)'" }
                return "'\(reached)' is \(current.kindDescription), not a map with member '\(component)'"
            }
            reached += "." + component
            current = next
        }
        return "no value named '\(path.text)'"
    }

    /// Looks a name up; in strict mode a missing name is an error at `offset`.
    func resolve(_ path: Path, at offset: Int) throws(TemplateError) -> Value? {
        if let value = lookup(path) { return value }
        if strict { throw source.error(missingMessage(path), at: offset) }
        return nil
    }

    // MARK: Interpolation and sections

    private mutating func interpolate(_ variable: Variable) throws(TemplateError) {
        guard let value = try resolve(variable.path, at: variable.offset) else { return }
        switch value {
        case .null: break
        case .string(let text): if variable.escaped { output.appendEscaped(text) } else { output.append(text) }
        case .number(let number): output.append(Value.plainText(of: number))
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .html(let markup): output.append(markup)
        case .lambda(let lambda):
            let text = try renderLambdaResult(lambda(""), delimiters: .standard, at: variable.offset)
            if variable.escaped { output.appendEscaped(text) } else { output.append(text) }
        case .list, .map:
            if strict {
                throw source.error(
                    "'\(variable.path.text)' is \(value.kindDescription): use a section to show its contents",
                    at: variable.offset)
            }
        }
    }

    mutating func renderSection(_ section: Section) throws(TemplateError) {
        let value = try resolve(section.path, at: section.offset) ?? .null
        if section.inverted {
            if !value.isTruthy { try render(section.children) }
            return
        }
        switch value {
        case .list(let elements):
            for element in elements {
                stack.append(element)
                defer { stack.removeLast() }
                try render(section.children)
            }
        case .lambda(let lambda):
            output.append(try renderLambdaResult(lambda(section.rawBody), delimiters: section.delimiters, at: section.offset))
        default:
            guard value.isTruthy else { return }
            stack.append(value)
            defer { stack.removeLast() }
            try render(section.children)
        }
    }

    /// Parses what a lambda returned and renders it against the current context.
    private mutating func renderLambdaResult(_ text: String, delimiters: Delimiters, at offset: Int) throws(TemplateError)
        -> String
    {
        let lambdaSource = TemplateSource(
            name: source.name, path: source.path + " (lambda at line \(source.position(of: offset).line))", text: text)
        let nodes = try Parser.parse(lambdaSource, delimiters: delimiters, templateIndex: library.indexByName)
        var nested = Renderer(
            library: library, localizer: localizer, context: .null, source: lambdaSource, capacity: text.utf8.count * 2)
        nested.stack = stack
        nested.overrides = overrides
        nested.depth = depth + 1
        try nested.render(nodes)
        return String(decoding: nested.output.bytes, as: UTF8.self)
    }
}
