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

    /// Compiles one template file together with the `.mustache` files beneath `partials` (for
    /// `vantage render`). The template is named by its path relative to `partials` when it is
    /// inside it, otherwise by its file name; either way without ".mustache". Returns the
    /// library and that name.
    public static func load(template file: String, partials directory: String, mode: TemplateMode) throws
        -> (library: TemplateLibrary, name: String)
    {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let templatePath = URL(fileURLWithPath: file).standardizedFileURL.path
        var name = (file as NSString).lastPathComponent
        if templatePath.hasPrefix(root + "/") { name = String(templatePath.dropFirst(root.count + 1)) }
        if name.hasSuffix(".mustache") { name = String(name.dropLast(".mustache".count)) }
        let main = try source(atPath: file, name: name)
        let partials = try sources(in: directory).filter { $0.name != name }
        return (try TemplateLibrary(sources: partials + [main], mode: mode), name)
    }

    /// Whether any template shows a date relative to "now" (`{{#date}}path relative{{/date}}`).
    public var usesRelativeDates: Bool {
        compiled.contains { template in template.program.helpers.contains { $0.call.kind == .date(.relative) } }
    }

    /// The `.mustache` files beneath `directory`, sorted by name.
    static func sources(in directory: String) throws -> [TemplateSource] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostic.error("no templates folder here", at: SourceLocation(file: directory))
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw Diagnostic.error("cannot list the templates folder", at: SourceLocation(file: directory))
        }
        var relativePaths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".mustache") { relativePaths.append(relative) }
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return try relativePaths.sorted().map { relative in
            try source(atPath: prefix + relative, name: String(relative.dropLast(".mustache".count)))
        }
    }

    /// Reads one template file (which must be UTF-8).
    static func source(atPath path: String, name: String) throws -> TemplateSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("cannot read the template", at: SourceLocation(file: path))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Diagnostic.error("the template is not valid UTF-8", at: SourceLocation(file: path))
        }
        return TemplateSource(name: name, path: path, text: text)
    }
}
