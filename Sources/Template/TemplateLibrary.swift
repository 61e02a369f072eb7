import VantageCore

/// One compiled template: its source (for error messages) and its node tree.
final class CompiledTemplate: Sendable {
    let source: TemplateSource
    let nodes: [Node]
    let program: Program
    /// Bytes of literal text, a first guess at the size of the output.
    let literalSize: Int
    /// The largest page rendered from this template so far: the buffer of the next page starts
    /// that big, so it never grows while rendering.
    private let largestOutput = Locked(0)

    var capacityHint: Int { max(1024, literalSize * 2, largestOutput.withLock { $0 }) }

    func noteOutputSize(_ size: Int) {
        largestOutput.withLock { if size > $0 { $0 = size } }
    }

    init(source: TemplateSource, nodes: [Node]) {
        self.source = source
        self.nodes = nodes
        self.program = Program(nodes: nodes, source: source)
        self.literalSize = CompiledTemplate.literalSize(of: nodes)
    }

    private static func literalSize(of nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .text(let bytes): return total + bytes.count
            case .section(let section): return total + literalSize(of: section.children)
            case .block(let block): return total + literalSize(of: block.children)
            default: return total
            }
        }
    }
}

/// Compiled templates, shareable across threads. Names are paths relative to the root without
/// ".mustache" ("layout", "partials/idea"); `{{>name}}` and `{{<name}}` resolve the same way.
public final class TemplateLibrary: Sendable {
    /// The ending of a template's file: the template `partials/idea` is `partials/idea.mustache`.
    public static let fileExtension = ".mustache"

    /// Spec or strict: what a missing variable, partial or parent does.
    public let mode: TemplateMode
    /// The templates in name order; partial tags hold indexes into it.
    let compiled: [CompiledTemplate]
    let indexByName: [String: Int]

    /// Every template name, sorted.
    public var names: [String] { compiled.map(\.source.name) }

    /// Compiles in-memory templates by name (tests, the spec suite, `vantage render`).
    public convenience init(templates: [String: String], mode: TemplateMode) throws(TemplateError) {
        try self.init(
            sources: templates.map { TemplateSource(name: $0.key, path: $0.key, text: $0.value) }, mode: mode)
    }

    init(sources: [TemplateSource], mode: TemplateMode) throws(TemplateError) {
        self.mode = mode
        let sorted = sources.sorted(by: { $0.name < $1.name })
        var indexByName: [String: Int] = [:]
        for (index, source) in sorted.enumerated() { indexByName[source.name] = index }
        var compiled: [CompiledTemplate] = []
        for source in sorted {
            compiled.append(CompiledTemplate(source: source, nodes: try Parser.parse(source, templateIndex: indexByName)))
        }
        self.compiled = compiled
        self.indexByName = indexByName
        if mode == .strict { try checkReferences() }
    }

    /// Renders the template `name` with `context` as the root of the context stack; the
    /// helpers are available when a `localizer` is given.
    public func render(_ name: String, context: Value, localizer: Localizer?) throws(TemplateError) -> String {
        try render(name, context: context, localizer: localizer) { $0.string }
    }

    /// Renders into UTF-8 bytes, ready to write to a file.
    public func renderUTF8(_ name: String, context: Value, localizer: Localizer?) throws(TemplateError) -> [UInt8] {
        try render(name, context: context, localizer: localizer) { $0.bytes }
    }

    /// Renders the template `name` and hands what was written to `take`.
    private func render<Result>(
        _ name: String, context: Value, localizer: Localizer?, _ take: (borrowing OutputBuffer) -> Result
    ) throws(TemplateError) -> Result {
        let template = try self.template(requiring: name)
        var renderer = makeRenderer(template, context: context, localizer: localizer)
        try renderer.runRoot()
        renderer.finish()
        template.noteOutputSize(renderer.output.count)
        return take(renderer.output)
    }

    private func makeRenderer(_ template: CompiledTemplate, context: Value, localizer: Localizer?) -> Renderer {
        Renderer(
            library: self, localizer: localizer, context: context, root: template.program,
            capacity: template.capacityHint)
    }

    private func template(requiring name: String) throws(TemplateError) -> CompiledTemplate {
        guard let template = template(named: name) else {
            throw TemplateError(
                template: name, line: 0, column: 0,
                message: "no template named '\(name)'" + TemplateLibrary.suggestion(for: name, among: names),
                sourceLine: "")
        }
        return template
    }

    func template(named name: String) -> CompiledTemplate? {
        indexByName[name].map { compiled[$0] }
    }

    static func suggestion(for name: String, among names: [String]) -> String {
        names.isEmpty
            ? " (the library is empty)"
            : " (known: \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : ""))"
    }
}
