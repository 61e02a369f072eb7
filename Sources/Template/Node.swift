/// The compiled form of a template: a tree of nodes made once and rendered many times.
/// Everything is immutable, so compiled templates are shared freely across threads. Payloads
/// are final classes so that walking the tree retains one reference per node instead of
/// copying every field.
enum Node: Sendable {
    /// Literal text, as UTF-8 bytes ready to copy.
    case text([UInt8])
    /// The start of an output line: where a standalone partial's indentation is written.
    case lineStart
    /// `{{name}}`, `{{{name}}}`, `{{&name}}`.
    case variable(Variable)
    /// `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}`.
    case section(Section)
    /// `{{>name}}` and `{{>*name}}`.
    case partial(Partial)
    /// `{{<name}}…{{/name}}`: a parent template with block overrides.
    case parent(Parent)
    /// `{{$name}}…{{/name}}`: an overridable block.
    case block(Block)
    /// `{{#t}}…{{/t}}` and the other localisation helpers, compiled from their argument list.
    case helper(HelperSection)
    /// `{{lang}}` and `{{dir}}`, answered by the Localizer.
    case localeName(LocaleName)
}

/// A dotted name as written in a tag: `.` or `a.b.c`.
final class Path: Sendable {
    /// The name as written, for messages.
    let text: String
    /// The parts between dots; empty for `.`.
    let components: [String]
    /// The first part ("" for `.`), read on every lookup.
    let first: String

    init(text: String, components: [String]) {
        self.text = text
        self.components = components
        self.first = components.first ?? ""
    }

    var isImplicit: Bool { components.isEmpty }
}

final class Variable: Sendable {
    let path: Path
    let escaped: Bool
    /// Byte offset of the tag in its template, for errors.
    let offset: Int

    init(path: Path, escaped: Bool, offset: Int) {
        self.path = path
        self.escaped = escaped
        self.offset = offset
    }
}

final class Section: Sendable {
    let path: Path
    let inverted: Bool
    let children: [Node]
    /// The unprocessed text between the tags, handed to lambdas.
    let rawBody: String
    /// The delimiters in force at the opening tag, used to parse what a lambda returns.
    let delimiters: Delimiters
    let offset: Int

    init(path: Path, inverted: Bool, children: [Node], rawBody: String, delimiters: Delimiters, offset: Int) {
        self.path = path
        self.inverted = inverted
        self.children = children
        self.rawBody = rawBody
        self.delimiters = delimiters
        self.offset = offset
    }
}

final class Partial: Sendable {
    /// The template name, or the path to look it up in the context when dynamic.
    let name: String
    /// The index of the named template in its library, resolved when compiling.
    let target: Int?
    let dynamicPath: Path?
    /// Set when the tag stands alone: every line of the partial is indented by this.
    let indentation: [UInt8]
    let isStandalone: Bool
    let offset: Int
    /// The tag stands where HTML allows text only: every string the partial translates is
    /// written as plain text, whatever its own markup around the tag.
    let textOnly: Bool

    init(
        name: String, target: Int?, dynamicPath: Path?, indentation: [UInt8], isStandalone: Bool, offset: Int,
        textOnly: Bool = false
    ) {
        self.name = name
        self.target = target
        self.dynamicPath = dynamicPath
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.offset = offset
        self.textOnly = textOnly
    }
}

final class Parent: Sendable {
    let name: String
    let target: Int?
    let dynamicPath: Path?
    let indentation: [UInt8]
    let isStandalone: Bool
    /// The blocks given inside the tag, by name (text around them is ignored).
    let overrides: [String: Block]
    let offset: Int

    init(
        name: String, target: Int?, dynamicPath: Path?, indentation: [UInt8], isStandalone: Bool,
        overrides: [String: Block], offset: Int
    ) {
        self.name = name
        self.target = target
        self.dynamicPath = dynamicPath
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.overrides = overrides
        self.offset = offset
    }
}

final class Block: Sendable {
    let name: String
    /// The default content (or, inside a parent tag, the overriding content), already stripped
    /// of its own indentation when the block stands alone.
    let children: [Node]
    let isStandalone: Bool
    /// Whitespace before the standalone opening tag.
    let tagIndentation: [UInt8]
    /// The indentation the content had before it was stripped.
    let contentIndentation: [UInt8]
    let offset: Int
    /// The block stands where HTML allows text only (a layout's `<title>{{$title}}…`): what is
    /// rendered in its place, an override written in another template included, translates
    /// to plain text.
    let textOnly: Bool

    /// What a standalone block's content is indented by where it is expanded.
    var siteIndentation: [UInt8] { contentIndentation.isEmpty ? tagIndentation : contentIndentation }

    init(
        name: String, children: [Node], isStandalone: Bool, tagIndentation: [UInt8], contentIndentation: [UInt8],
        offset: Int, textOnly: Bool = false
    ) {
        self.name = name
        self.children = children
        self.isStandalone = isStandalone
        self.tagIndentation = tagIndentation
        self.contentIndentation = contentIndentation
        self.offset = offset
        self.textOnly = textOnly
    }
}

final class HelperSection: Sendable {
    let call: HelperCall
    /// How the section renders when there is no Localizer (spec mode: an ordinary section).
    let fallback: Section

    /// The tag stands where HTML allows text only (an attribute value, `<title>`, a comment…):
    /// a string with Markdown is written as its plain text there, never as markup.
    let textOnly: Bool

    init(call: HelperCall, fallback: Section, textOnly: Bool = false) {
        self.call = call
        self.fallback = fallback
        self.textOnly = textOnly
    }
}

final class LocaleName: Sendable {
    /// `{{lang}}`, `{{dir}}`, and `{{formatLocale}}` (the tag dates and numbers are formatted
    /// for, extensions and all: `ar-SA-u-nu-latn`, for the page's scripts).
    enum Kind: Sendable { case language, direction, formatting }
    let kind: Kind
    let fallback: Variable

    init(kind: Kind, fallback: Variable) {
        self.kind = kind
        self.fallback = fallback
    }
}
