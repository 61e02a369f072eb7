import Foundation
import Testing
import VantageCore

@testable import Template

/// Finds the folders the tests read: the repository root (this file is in
/// `Tests/TemplateTests/`) and the shared folder that sits next to the repository (or next to
/// one of its parents, for a git worktree kept in a subfolder).
enum TestPaths {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var mustacheSpec: URL? {
        var directory = repositoryRoot.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/conformance/mustache-spec")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        // A clone without the shared folder beside it reads the copy kept with these tests
        // (the same spec commit, see mustache-spec/SOURCE).
        let copy = repositoryRoot.appendingPathComponent("Tests/TemplateTests/mustache-spec")
        return FileManager.default.fileExists(atPath: copy.path) ? copy : nil
    }
}

/// One test of the official Mustache specification.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let template: String
    let data: JSONValue
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// The spec files, read from disk once.
enum SpecSuite {
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
        "~dynamic-names",
    ]

    /// The template's own name in the library: none of the spec's partials use it.
    static let templateName = "spec-template-under-test"

    static let loaded: Result<[SpecCase], Diagnostic> = {
        guard let folder = TestPaths.mustacheSpec else {
            return .failure(Diagnostic.error("the shared folder with conformance/mustache-spec was not found"))
        }
        do {
            var cases: [SpecCase] = []
            for file in files {
                let path = folder.appendingPathComponent(file + ".json").path
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw Diagnostic.error("cannot read", at: SourceLocation(file: path))
                }
                let json = try JSONParser.parse(Array(data), file: path)
                for test in json.objectValue?["tests"]?.arrayValue ?? [] {
                    let object = test.objectValue!
                    var partials: [String: String] = [:]
                    for (name, text) in object["partials"]?.objectValue?.members ?? JSONObject().members {
                        partials[name] = text.stringValue!
                    }
                    cases.append(
                        SpecCase(
                            file: file, name: object["name"]!.stringValue!, template: object["template"]!.stringValue!,
                            data: object["data"]!, partials: partials, expected: object["expected"]!.stringValue!))
                }
            }
            return .success(cases)
        } catch let diagnostic as Diagnostic {
            return .failure(diagnostic)
        } catch {
            return .failure(Diagnostic.error("\(error)"))
        }
    }()

    static var cases: [SpecCase] { (try? loaded.get()) ?? [] }

    /// Renders a spec case in spec mode.
    static func render(_ specCase: SpecCase) throws -> String {
        var templates = specCase.partials
        templates[templateName] = specCase.template
        let library = try TemplateLibrary(templates: templates, mode: .spec)
        return try library.render(templateName, context: Value(json: specCase.data), localizer: nil)
    }
}
