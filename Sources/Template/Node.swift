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
    /// What HTML allows where the tag stands: every string the partial translates is written
    /// as this place allows at most, whatever its own markup around the tag.
    let place: TextPlace

    init(
        name: String, target: Int?, dynamicPath: Path?, indentation: [UInt8], isStandalone: Bool, offset: Int,
        place: TextPlace = .markup
    ) {
        self.name = name
        self.target = target
        self.dynamicPath = dynamicPath
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.offset = offset
        self.place = place
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
    /// What HTML allows where the block stands (a layout's `<title>{{$title}}…` allows text
    /// only): what is rendered in its place, an override written in another template
    /// included, translates as this place allows.
    let place: TextPlace

    /// What a standalone block's content is indented by where it is expanded.
    var siteIndentation: [UInt8] { contentIndentation.isEmpty ? tagIndentation : contentIndentation }

    init(
        name: String, children: [Node], isStandalone: Bool, tagIndentation: [UInt8], contentIndentation: [UInt8],
        offset: Int, place: TextPlace = .markup
    ) {
        self.name = name
        self.children = children
        self.isStandalone = isStandalone
        self.tagIndentation = tagIndentation
        self.contentIndentation = contentIndentation
        self.offset = offset
        self.place = place
    }
}

final class HelperSection: Sendable {
    let call: HelperCall
    /// How the section renders when there is no Localizer (spec mode: an ordinary section).
    let fallback: Section

    /// What HTML allows where the tag stands: in an attribute value, `<title>` or a comment a
    /// string with Markdown is written as its plain text, never as markup; in a link or button
    /// its links are written as their text.
    let place: TextPlace

    init(call: HelperCall, fallback: Section, place: TextPlace = .markup) {
        self.call = call
        self.fallback = fallback
        self.place = place
    }
}

final class LocaleName: Sendable {
    /// `{{lang}}`, `{{dir}}`, `{{formatLocale}}` (the tag dates and numbers are formatted
    /// for, extensions and all: `ar-SA-u-nu-latn`, for the page's scripts) and `{{listPattern}}`
    /// (what the locale writes between listed names, for the page's scripts).
    enum Kind: Sendable { case language, direction, formatting, listPattern }
    let kind: Kind
    let fallback: Variable

    init(kind: Kind, fallback: Variable) {
        self.kind = kind
        self.fallback = fallback
    }
}

/// What HTML allows where a template's tag stands, read from the template's own markup around
/// it (the Parser's `MarkupState`): the most a translated string may write there. A partial or
/// block expanded in a place passes it on, so the stricter of the two applies.
enum TextPlace: UInt8, Comparable, Sendable {
    /// Phrasing content: the catalog's Markdown is written as markup.
    case markup = 0
    /// Inside `<a>`, `<button>`, `<label>` or `<summary>`, which allow no interactive content:
    /// Markdown's links are written as their text (HTML has no link in a link), its other
    /// elements as markup.
    case noLinks = 1
    /// An attribute value, a comment, or an element whose content is text alone (`<title>`,
    /// `<textarea>`, `<option>`, `<script>`, `<style>`): Markdown is written as its plain text.
    case text = 2
    /// The `value` or `placeholder` of an `<input>`, which HTML allows one line only: plain
    /// text, and a line break in it is reported, naming the string.
    case singleLine = 3

    static func < (left: TextPlace, right: TextPlace) -> Bool { left.rawValue < right.rawValue }

    /// Whether Markdown is written as its plain text here.
    var isPlain: Bool { self >= .text }
}
