/// One piece of a template as the scanner sees it: literal text or a tag. Offsets are bytes
/// into the template's source; `range` covers the delimiters.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case text
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case delimiters
    }

    var kind: Kind
    /// The whole token, delimiters included.
    var range: Range<Int>
    /// The tag's name, trimmed (without the `*` of a dynamic name); empty for text.
    var name: String = ""
    /// `{{>*name}}` and `{{<*name}}`: the name is looked up in the context.
    var isDynamic = false
    /// The delimiters in force where the tag was read (sections keep them for lambdas).
    var delimiters: Delimiters = .standard
    /// Set for tags found to stand alone on their line (their line is removed from output).
    var isStandalone = false
    /// Whitespace that preceded a standalone tag: the indentation of a partial, parent or block.
    var indentation: [UInt8] = []
    /// For text: true when it begins a line of output, where a partial's indentation goes.
    var startsLine = false

    /// Whether a tag of this kind may stand alone on a line (interpolations never do).
    var canStandAlone: Bool {
        switch kind {
        case .text, .variable: return false
        default: return true
        }
    }
}

/// The opening and closing tag delimiters, `{{` and `}}` unless a `{{=<% %>=}}` tag changed them.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]
    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
