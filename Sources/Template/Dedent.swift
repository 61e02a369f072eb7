/// Removes a standalone block's own indentation from its content, as if `n` leading spaces
/// were cut from every line of its text: text at the start of a line loses them, and so do the
/// indentations recorded for standalone partials, parents and nested blocks. Nested standalone
/// blocks have already stripped their content; only their recorded indentation shrinks.
enum Dedent {
    static func apply(_ count: Int, to nodes: [Node]) -> [Node] {
        guard count > 0 else { return nodes }
        var result: [Node] = []
        result.reserveCapacity(nodes.count)
        var atLineStart = false
        for node in nodes {
            defer { if case .lineStart = node { atLineStart = true } else { atLineStart = false } }
            switch node {
            case .text(let bytes) where atLineStart:
                result.append(.text(strip(count, bytes)))
            case .section(let section):
                result.append(
                    .section(
                        Section(
                            path: section.path, inverted: section.inverted, children: apply(count, to: section.children),
                            rawBody: section.rawBody, delimiters: section.delimiters, offset: section.offset)))
            case .partial(let partial):
                result.append(
                    .partial(
                        Partial(
                            name: partial.name, target: partial.target, dynamicPath: partial.dynamicPath,
                            indentation: strip(count, partial.indentation), isStandalone: partial.isStandalone,
                            offset: partial.offset, place: partial.place)))
            case .parent(let parent):
                result.append(
                    .parent(
                        Parent(
                            name: parent.name, target: parent.target, dynamicPath: parent.dynamicPath,
                            indentation: strip(count, parent.indentation), isStandalone: parent.isStandalone,
                            overrides: parent.overrides.mapValues { block(count, $0) }, offset: parent.offset)))
            case .block(let nested):
                result.append(.block(block(count, nested)))
            default:
                result.append(node)
            }
        }
        return result
    }

    private static func block(_ count: Int, _ block: Block) -> Block {
        Block(
            name: block.name, children: block.isStandalone ? block.children : apply(count, to: block.children),
            isStandalone: block.isStandalone, tagIndentation: strip(count, block.tagIndentation),
            contentIndentation: strip(count, block.contentIndentation), offset: block.offset,
            place: block.place)
    }

    /// Drops up to `count` leading spaces or tabs.
    private static func strip(_ count: Int, _ bytes: [UInt8]) -> [UInt8] {
        var index = 0
        while index < count, index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return index == 0 ? bytes : Array(bytes[index...])
    }
}
