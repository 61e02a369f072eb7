import Foundation
import VantageCore

/// Loading a templates folder from disk.
extension TemplateLibrary {
    /// Compiles every `*.mustache` file beneath `directory`; each is named by its path relative
    /// to `directory` without the extension ("partials/idea"). Throws a `Diagnostic` when a file
    /// cannot be read and a `TemplateError` for a syntax error (or, in strict mode, a partial or
    /// parent that does not exist).
    public convenience init(directory: String, mode: TemplateMode) throws {
        try self.init(sources: try TemplateLibrary.sources(in: directory), mode: mode)
    }

    /// Compiles one template file together with the templates it reaches beneath `partials`
    /// (for `vantage render`): the partials and parents it names, theirs in turn, and the
    /// `markdown/…` templates catalog strings write through. A broken or unrelated sibling is
    /// never compiled, so it cannot fail the render. A template using a dynamic name
    /// (`{{>*name}}`, `{{<*name}}`) may reach any of them, so then the whole folder is compiled.
    /// The template is named by its path relative to `partials` when it is inside it, otherwise
    /// by its file name; either way without ".mustache". Returns the library and that name.
    public static func load(template file: String, partials directory: String, mode: TemplateMode) throws
        -> (library: TemplateLibrary, name: String)
    {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let templatePath = URL(fileURLWithPath: file).standardizedFileURL.path
        var name = PathText.name(of: file)
        if templatePath.hasPrefix(root + "/") { name = String(templatePath.dropFirst(root.count + 1)) }
        if name.hasSuffix(fileExtension) { name = String(name.dropLast(fileExtension.count)) }
        let main = try source(atPath: file, name: name)
        let all = try sourcePaths(in: directory)
        var reached: [String: TemplateSource] = [name: main]
        var pending = [main]
        var usesDynamicNames = false
        while let next = pending.popLast() {
            let references = TemplateLibrary.references(in: try Parser.parse(next, templateIndex: [:]))
            usesDynamicNames = usesDynamicNames || references.dynamic
            for reference in references.names where reached[reference] == nil {
                guard let path = all[reference] else { continue }  // strict mode reports it, spec mode shows nothing
                let source = try source(atPath: path, name: reference)
                reached[reference] = source
                pending.append(source)
            }
        }
        if usesDynamicNames {
            let everything = try sources(in: directory).filter { $0.name != name }
            return (try TemplateLibrary(sources: everything + [main], mode: mode), name)
        }
        for (markdown, path) in all where markdown.hasPrefix("markdown/") && reached[markdown] == nil {
            reached[markdown] = try source(atPath: path, name: markdown)
        }
        return (try TemplateLibrary(sources: Array(reached.values), mode: mode), name)
    }

    /// The templates a tree names literally, and whether it uses a dynamic name.
    static func references(in nodes: [Node]) -> (names: [String], dynamic: Bool) {
        var names: [String] = []
        var dynamic = false
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .partial(let partial):
                    if partial.dynamicPath != nil { dynamic = true } else { names.append(partial.name) }
                case .parent(let parent):
                    if parent.dynamicPath != nil { dynamic = true } else { names.append(parent.name) }
                    for key in parent.overrides.keys.sorted() { walk(parent.overrides[key]!.children) }
                case .section(let section): walk(section.children)
                case .block(let block): walk(block.children)
                case .helper(let helper): walk(helper.fallback.children)
                default: break
                }
            }
        }
        walk(nodes)
        return (names, dynamic)
    }

    /// Whether any template shows a date relative to "now" (`{{#date}}path relative{{/date}}`).
    public var usesRelativeDates: Bool {
        compiled.contains { template in template.program.helpers.contains { $0.call.kind == .date(.relative) } }
    }

    /// The `.mustache` files beneath `directory`, sorted by name.
    static func sources(in directory: String) throws -> [TemplateSource] {
        try sourcePaths(in: directory).sorted { $0.key < $1.key }.map { try source(atPath: $0.value, name: $0.key) }
    }

    /// Throws unless `directory` is a folder that can be listed: what the templates folder
    /// must be, checked again when the templates are read (a build checks it before its import,
    /// so that a mistyped `--templates` leaves the store as it was).
    public static func checkFolder(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostic.error("no templates folder here", at: SourceLocation(file: directory))
        }
        guard access(directory, R_OK | X_OK) == 0 else {
            throw Diagnostic.error("cannot list the templates folder", at: SourceLocation(file: directory))
        }
    }

    /// The paths of the `.mustache` files beneath `directory`, by template name.
    static func sourcePaths(in directory: String) throws -> [String: String] {
        try checkFolder(directory)
        // Links followed, to files and folders (`FileTree`); what is not a template (a README, a
        // dot-file: an editor's lock or swap file, `.DS_Store`) is not read, so not refused.
        let relativePaths = try FileTree.files(
            under: directory, include: { !$0.hasPrefix(".") }, reads: { $0.hasSuffix(fileExtension) }
        ).filter { $0.hasSuffix(fileExtension) }
        var paths: [String: String] = [:]
        for relative in relativePaths { paths[String(relative.dropLast(fileExtension.count))] = PathText.joined(directory, relative) }
        return paths
    }

    /// Reads one template file (which must be UTF-8). A byte-order mark opening it (as Notepad
    /// saves UTF-8) is not text: it would be written before the doctype of every page, where
    /// no one sees it in an editor; columns on the first line count from after it.
    static func source(atPath path: String, name: String) throws -> TemplateSource {
        guard var data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("cannot read the template", at: SourceLocation(file: path))
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        guard let text = String(validating: data, as: UTF8.self) else {
            // Named where, as the data's reader names it (a Latin-1 "é" in a template saved so).
            let place = Array(data).withUnsafeBufferPointer { bytes -> (Int, Int, String?)? in
                UTF8Check.firstInvalid(in: bytes).map { JSONParser.lineAndColumn(of: $0, in: bytes) }
            }
            guard let (line, column, lineText) = place else {
                throw Diagnostic.error("the template is not valid UTF-8", at: SourceLocation(file: path))
            }
            throw Diagnostic.error(
                "the template is not valid UTF-8", at: SourceLocation(file: path, line: line, column: column), sourceLine: lineText)
        }
        return TemplateSource(name: name, path: path, text: text)
    }
}
