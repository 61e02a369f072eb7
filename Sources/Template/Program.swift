/// The form a template is rendered from: the node tree lowered into one flat array of plain
/// instructions and one pool of literal bytes, both in memory the program owns. The renderer
/// walks it with a program counter, so rendering touches no reference counts for literal text,
/// line starts or section bodies; the tree's node objects stay as the side tables instructions
/// point into (variables, sections, helpers, …).
final class Program: @unchecked Sendable {
    // @unchecked: the buffers are written once in `init` and only read afterwards.

    /// One instruction. `index` points into the side table of its kind; for a section or block
    /// its body is the instructions `start..<end` that follow it, and execution goes on at `end`.
    struct Instruction {
        enum Kind: UInt8 {
            case text, lineStart, variable, section, partial, parent, block, helper, localeName
        }
        var kind: Kind
        var index: Int32 = 0
        /// Text: the byte range in `text`. Section, block, helper: the body's instruction range.
        var start: Int32 = 0
        var end: Int32 = 0
    }

    let source: TemplateSource
    let instructions: UnsafeMutableBufferPointer<Instruction>
    let text: UnsafeMutableBufferPointer<UInt8>
    let variables: [Variable]
    let sections: [Section]
    let partials: [Partial]
    let parents: [ParentInfo]
    let blocks: [Block]
    let helpers: [HelperSection]
    let localeNames: [LocaleName]
    /// The same objects, unretained: the arrays above keep them alive as long as the program,
    /// and reading them this way lets the renderer use them without reference counting.
    let variableRefs: UnsafeMutableBufferPointer<Unmanaged<Variable>>
    let sectionRefs: UnsafeMutableBufferPointer<Unmanaged<Section>>
    let partialRefs: UnsafeMutableBufferPointer<Unmanaged<Partial>>
    let helperRefs: UnsafeMutableBufferPointer<Unmanaged<HelperSection>>

    /// A parent tag with its overriding blocks' bodies (instruction ranges in this program).
    struct ParentInfo: Sendable {
        let parent: Parent
        let overrides: [String: BlockBody]
    }

    /// The content of a block: where its instructions are in its program.
    struct BlockBody: Sendable {
        let block: Block
        let start: Int
        let end: Int
    }

    init(nodes: [Node], source: TemplateSource) {
        var lowering = Lowering()
        lowering.lower(nodes)
        self.source = source
        instructions = .allocate(capacity: max(1, lowering.instructions.count))
        _ = instructions.initialize(from: lowering.instructions)
        text = .allocate(capacity: max(1, lowering.text.count))
        _ = text.initialize(from: lowering.text)
        variables = lowering.variables
        sections = lowering.sections
        partials = lowering.partials
        parents = lowering.parents
        blocks = lowering.blocks
        helpers = lowering.helpers
        localeNames = lowering.localeNames
        count = lowering.instructions.count
        variableRefs = Program.unretained(lowering.variables)
        sectionRefs = Program.unretained(lowering.sections)
        partialRefs = Program.unretained(lowering.partials)
        helperRefs = Program.unretained(lowering.helpers)
    }

    private static func unretained<Object: AnyObject>(_ objects: [Object])
        -> UnsafeMutableBufferPointer<Unmanaged<Object>>
    {
        let buffer = UnsafeMutableBufferPointer<Unmanaged<Object>>.allocate(capacity: max(1, objects.count))
        for (index, object) in objects.enumerated() { buffer[index] = Unmanaged.passUnretained(object) }
        return buffer
    }

    /// The number of top-level-and-nested instructions (the whole program runs `0..<count`).
    let count: Int

    deinit {
        instructions.deallocate()
        text.deallocate()
        variableRefs.deallocate()
        sectionRefs.deallocate()
        partialRefs.deallocate()
        helperRefs.deallocate()
    }
}

/// Builds a program's tables from a node tree.
private struct Lowering {
    var instructions: [Program.Instruction] = []
    var text: [UInt8] = []
    var variables: [Variable] = []
    var sections: [Section] = []
    var partials: [Partial] = []
    var parents: [Program.ParentInfo] = []
    var blocks: [Block] = []
    var helpers: [HelperSection] = []
    var localeNames: [LocaleName] = []
    /// The text instruction the next literal may extend (same body, nothing in between).
    private var extendable: Int?

    mutating func lower(_ nodes: [Node]) {
        for node in nodes {
            if case .text = node {} else { extendable = nil }
            switch node {
            case .text(let bytes):
                // Adjacent literals become one copy.
                if let extendable {
                    text.append(contentsOf: bytes)
                    instructions[extendable].end = Int32(text.count)
                } else {
                    let start = text.count
                    text.append(contentsOf: bytes)
                    extendable = instructions.count
                    instructions.append(.init(kind: .text, start: Int32(start), end: Int32(text.count)))
                }
            case .lineStart:
                instructions.append(.init(kind: .lineStart))
            case .variable(let variable):
                instructions.append(.init(kind: .variable, index: Int32(variables.count)))
                variables.append(variable)
            case .section(let section):
                let index = sections.count
                sections.append(section)
                body(.section, index: index, section.children)
            case .partial(let partial):
                instructions.append(.init(kind: .partial, index: Int32(partials.count)))
                partials.append(partial)
            case .parent(let parent):
                // The overriding blocks' bodies are laid out after a jump-over instruction pair:
                // the parent instruction's own range holds them and execution skips it.
                let at = instructions.count
                instructions.append(.init(kind: .parent, index: Int32(parents.count)))
                parents.append(Program.ParentInfo(parent: parent, overrides: [:]))
                var overrides: [String: Program.BlockBody] = [:]
                for name in parent.overrides.keys.sorted() {
                    let block = parent.overrides[name]!
                    let start = instructions.count
                    lower(block.children)
                    extendable = nil
                    overrides[name] = Program.BlockBody(block: block, start: start, end: instructions.count)
                }
                extendable = nil
                instructions[at].start = Int32(at + 1)
                instructions[at].end = Int32(instructions.count)
                parents[Int(instructions[at].index)] = Program.ParentInfo(parent: parent, overrides: overrides)
            case .block(let block):
                let index = blocks.count
                blocks.append(block)
                body(.block, index: index, block.children)
            case .helper(let helper):
                let index = helpers.count
                helpers.append(helper)
                body(.helper, index: index, helper.fallback.children)
            case .localeName(let name):
                instructions.append(.init(kind: .localeName, index: Int32(localeNames.count)))
                localeNames.append(name)
            }
        }
    }

    /// An instruction followed by its body; its range covers the body.
    private mutating func body(_ kind: Program.Instruction.Kind, index: Int, _ children: [Node]) {
        let at = instructions.count
        instructions.append(.init(kind: kind, index: Int32(index)))
        lower(children)
        extendable = nil
        instructions[at].start = Int32(at + 1)
        instructions[at].end = Int32(instructions.count)
    }
}
