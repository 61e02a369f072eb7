/// Renders programs into one growing buffer, walking a context stack. One renderer serves one
/// page; the library and localizer it reads are shared.
struct Renderer: ~Copyable {
    let library: TemplateLibrary
    let localizer: Localizer?
    let strict: Bool
    var output: OutputBuffer
    var stack: ContextStack
    /// The indentation written at each line start.
    var indentation = Indentation()
    /// Block overrides of the parents being expanded, outermost first (the outermost wins).
    var overrides: [OverrideLevel] = []
    /// The template being rendered, for error messages.
    var source: TemplateSource
    var depth = 0
    /// Dates and translations remembered from earlier pages (checked out of the Localizer).
    var memo: PageMemo
    /// The key of a date or list in the Localizer's `SharedFormatMemo`, made in place.
    var sharedKey = SharedFormatMemo.Key()
    /// Where names were found in list items, to try first.
    var hints = LookupHints()
    /// What HTML allows where the partial or block being expanded stands: every translated
    /// string writes at most that, whatever the markup around its own tag.
    var place = TextPlace.markup

    /// The blocks one parent tag overrides, with the program their bodies are in.
    struct OverrideLevel {
        let program: Program
        let bodies: [String: Program.BlockBody]
    }

    /// Partials and parents nested deeper than this are taken for endless recursion.
    static let maximumDepth = 200
    /// The most one rendering may write before another partial or parent is expanded in it:
    /// partials that each include the next twice double the page at every level (forty levels
    /// asked for a terabyte, and the process was stopped by a failed allocation).
    static let maximumOutput = 256 << 20
    /// Sections open at once, across every template being expanded (each level costs stack).
    static let maximumSectionDepth = 1_000
    var sectionDepth = 0

    /// The program the page starts from.
    let root: Program

    init(library: TemplateLibrary, localizer: Localizer?, context: Value, root: Program, capacity: Int) {
        self.library = library
        self.localizer = localizer
        self.strict = library.mode == .strict
        self.output = OutputBuffer(capacity: capacity)
        self.stack = ContextStack(root: context)
        self.source = root.source
        self.root = root
        self.memo = localizer?.checkOutMemo() ?? PageMemo(limitedTo: 0)
    }

    /// Returns the memo to the Localizer for the next page.
    mutating func finish() {
        guard let localizer else { return }
        var memo = PageMemo.placeholder()
        swap(&memo, &self.memo)
        localizer.checkIn(memo)
    }

    /// Renders the page.
    mutating func runRoot() throws(TemplateError) {
        try run(root)
    }

    /// Runs a whole program.
    mutating func run(_ program: Program) throws(TemplateError) {
        try run(program, from: 0, to: program.count)
    }

    /// Runs the instructions `start..<end` of a program.
    mutating func run(_ program: Program, from start: Int, to end: Int) throws(TemplateError) {
        let instructions = program.instructions
        var counter = start
        while counter < end {
            let instruction = instructions[counter]
            switch instruction.kind {
            case .text:
                output.append(
                    program.text.baseAddress! + Int(instruction.start), count: Int(instruction.end - instruction.start))
            case .lineStart:
                if !indentation.isEmpty { indentation.write(into: &output) }
            case .variable:
                try Renderer.guaranteed(program.variableRefs[Int(instruction.index)]) { variable throws(TemplateError) in
                    try interpolate(variable)
                }
            case .section:
                try Renderer.guaranteed(program.sectionRefs[Int(instruction.index)]) { section throws(TemplateError) in
                    try renderSection(section, program, Int(instruction.start), Int(instruction.end))
                }
                counter = Int(instruction.end)
                continue
            case .partial:
                try Renderer.guaranteed(program.partialRefs[Int(instruction.index)]) { partial throws(TemplateError) in
                    try renderPartial(partial)
                }
            case .parent:
                try renderParent(program.parents[Int(instruction.index)], in: program)
                counter = Int(instruction.end)
                continue
            case .block:
                try renderBlock(
                    program.blocks[Int(instruction.index)], program, Int(instruction.start), Int(instruction.end))
                counter = Int(instruction.end)
                continue
            case .helper:
                try Renderer.guaranteed(program.helperRefs[Int(instruction.index)]) { helper throws(TemplateError) in
                    try renderHelper(helper, program, Int(instruction.start), Int(instruction.end))
                }
                counter = Int(instruction.end)
                continue
            case .localeName:
                try renderLocaleName(program.localeNames[Int(instruction.index)])
            }
            counter += 1
        }
    }

    /// Runs `body` with an object the program keeps alive, without retaining it.
    @inline(__always)
    private static func guaranteed<Object: AnyObject>(
        _ reference: Unmanaged<Object>, _ body: (Object) throws(TemplateError) -> Void
    ) throws(TemplateError) {
        let failure: TemplateError? = reference._withUnsafeGuaranteedRef { object in
            do throws(TemplateError) {
                try body(object)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    // MARK: Lookup

    /// The value a name resolves to: the first frame (innermost first) holding the first part,
    /// then each further part inside it. Nil when it is missing.
    mutating func lookup(_ path: Path) -> Value? {
        guard !path.isImplicit else { return stack.top }
        var hint = hints.hint(for: path)
        let before = hint
        guard var value = stack.lookup(path.first, hint: &hint) else { return nil }
        if hint != before { hints.set(hint, for: path) }
        let components = path.components
        if components.count > 1 {
            for position in 1..<components.count {
                guard let next = value.member(components[position]) else { return nil }
                value = next
            }
        }
        return value
    }

    /// Why a lookup failed, naming the part that is missing.
    func missingMessage(_ path: Path) -> String {
        let first = path.components[0]
        guard var current = stack.lookup(first) else {
            // `{{#t}}{{key}}{{/t}}`: with a tag inside, a helper's name is read as a section's.
            if path.components.count == 1, HelperCall.names.contains(first) {
                return "no value named '\(first)' in the context ('{{#\(first)}}' is a localisation helper only when its body is a key and arguments, without tags)"
            }
            return "no value named '\(first)' in the context"
        }
        var reached = first
        for component in path.components.dropFirst() {
            guard let next = current[component] else {
                switch current {
                case .map, .fields: return "'\(reached)' has no member '\(component)'"
                default: break
                }
                return "'\(reached)' is \(current.kindDescription), not a map with member '\(component)'"
            }
            reached += "." + component
            current = next
        }
        return "no value named '\(path.text)'"
    }

    /// Looks a name up; in strict mode a missing name is an error at `offset`.
    mutating func resolve(_ path: Path, at offset: Int) throws(TemplateError) -> Value? {
        if let value = lookup(path) { return value }
        if strict { throw source.error(missingMessage(path), at: offset) }
        // `{{#t}}nav.{{x}}{{/t}}`: with a tag inside, a helper's name is read as a section's,
        // which no data has; in spec mode too it is said, not left an empty page without a word.
        if path.components.count == 1, HelperCall.names.contains(path.components[0]), let localizer {
            var warning = source.error(missingMessage(path), at: offset).diagnostic
            warning.severity = .warning
            localizer.warn(warning)
        }
        return nil
    }

    // MARK: Interpolation and sections

    private mutating func interpolate(_ variable: Variable) throws(TemplateError) {
        guard let value = try resolve(variable.path, at: variable.offset) else { return }
        switch value {
        case .null: break
        case .string(let text): if variable.escaped { output.appendEscaped(text) } else { output.append(text) }
        case .number(let number): output.appendPlainNumber(number)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .html(let markup): output.append(markup)
        case .lambda(let lambda):
            let text = try renderLambdaResult(lambda(""), delimiters: .standard, at: variable.offset)
            if variable.escaped { output.appendEscaped(text) } else { output.append(text) }
        case .list, .map, .fields:
            if strict {
                throw source.error(
                    "'\(variable.path.text)' is \(value.kindDescription): use a section to show its contents",
                    at: variable.offset)
            }
        }
    }

    /// A section whose body is the instructions `start..<end` of `program`.
    mutating func renderSection(_ section: Section, _ program: Program, _ start: Int, _ end: Int) throws(TemplateError) {
        // Each template's sections nest at most `Parser.maximumNesting` deep, but partials can
        // stack them further: the depth is counted across templates too, before the stack runs out.
        guard sectionDepth < Renderer.maximumSectionDepth else {
            throw source.error(
                "sections nest more than \(Renderer.maximumSectionDepth) deep here, counting those of the partials and parents around this one: is a partial including itself inside a section?",
                at: section.offset)
        }
        sectionDepth += 1
        defer { sectionDepth -= 1 }
        let value = try resolve(section.path, at: section.offset) ?? .null
        if section.inverted {
            if !value.isTruthy { try run(program, from: start, to: end) }
            return
        }
        switch value {
        case .list(let elements):
            for element in elements {
                // Lists inside lists multiply (1,000 × 1,000 × 100 repetitions stopped the
                // process on a failed allocation): stopped at the size a partial is stopped at.
                guard output.count <= Renderer.maximumOutput else {
                    throw source.error(
                        "the output has grown past \(Renderer.maximumOutput >> 20) MB in the section '\(section.path.text)': "
                            + "do lists inside lists repeat more than a page can hold?",
                        at: section.offset)
                }
                stack.push(element)
                defer { stack.pop() }
                try run(program, from: start, to: end)
            }
        case .lambda(let lambda):
            output.append(
                try renderLambdaResult(lambda(section.rawBody), delimiters: section.delimiters, at: section.offset))
        default:
            guard value.isTruthy else { return }
            stack.push(value)
            defer { stack.pop() }
            try run(program, from: start, to: end)
        }
    }

    /// Parses what a lambda returned and renders it against the current context.
    private mutating func renderLambdaResult(_ text: String, delimiters: Delimiters, at offset: Int)
        throws(TemplateError) -> String
    {
        let lambdaSource = TemplateSource(
            name: source.name, path: source.path + " (lambda at line \(source.position(of: offset).line))", text: text)
        let program = Program(
            nodes: try Parser.parse(lambdaSource, delimiters: delimiters, templateIndex: library.indexByName),
            source: lambdaSource)
        var nested = Renderer(
            library: library, localizer: localizer, context: .null, root: program, capacity: text.utf8.count * 2)
        nested.stack = stack
        nested.overrides = overrides
        nested.depth = depth + 1
        try nested.runRoot()
        return nested.output.string
    }
}
