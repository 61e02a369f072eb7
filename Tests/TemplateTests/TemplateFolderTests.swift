import Foundation
import Testing
import VantageCore

@testable import Template

/// What is in the templates folder and cannot be read is refused, named with the reason, as an
/// export's files are: skipped, a pipe as a partial gave "no partial template named …", and a
/// loop of links as the layout, a missing layout.
@Suite("Templates that cannot be read")
struct TemplateFolderTests {
    func expectRefusal(_ folder: TemporaryFolder, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try TemplateLibrary(directory: folder.path, mode: .spec)
            Issue.record("the templates were read", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)" == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func aPipeAsAPartialIsRefusedNamingIt() throws {
        let folder = try TemporaryFolder(files: ["page.mustache": "{{>partials/bar}}"])
        try FileManager.default.createDirectory(atPath: folder.path + "/partials", withIntermediateDirectories: true)
        #expect(mkfifo(folder.path + "/partials/bar.mustache", 0o644) == 0)
        expectRefusal(folder, "\(folder.path)/partials/bar.mustache: error: expected a file, found a named pipe")
    }

    /// The library reads templates only: what else the folder holds and cannot be read is the
    /// build's to refuse if the build reads it (a pipe among the assets, `UnreadableTemplatesTests`),
    /// and otherwise no one's: an editor's lock (Emacs keeps `.#layout.mustache`, a dangling link,
    /// while the file is open), a README without permission, a dot-file.
    @Test func whatIsNotATemplateIsNotRead() throws {
        let folder = try TemporaryFolder(files: ["page.mustache": "{{>layout}}", "layout.mustache": "ok", "README.md": "notes"])
        try FileManager.default.createDirectory(atPath: folder.path + "/assets", withIntermediateDirectories: true)
        #expect(mkfifo(folder.path + "/assets/site.css", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/.#layout.mustache", withDestinationPath: "ana@host.12345:1700000000")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/notes.txt", withDestinationPath: "gone.txt")
        #expect(mkfifo(folder.path + "/.hidden.mustache", 0o644) == 0)
        let library = try TemplateLibrary(directory: folder.path, mode: .spec)
        #expect(library.names.sorted() == ["layout", "page"])
        #expect(try library.render("page", context: [:], localizer: nil) == "ok")
    }

    @Test func aLoopOfLinksAsTheLayoutIsRefusedNamingIt() throws {
        let folder = try TemporaryFolder(files: ["page.mustache": "ok"])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/layout.mustache", withDestinationPath: "layout.mustache")
        expectRefusal(
            folder,
            "\(folder.path)/layout.mustache: error: cannot read the file: it is a symbolic link to layout.mustache, which leads back to itself through symbolic links")
    }

    @Test func aDanglingLinkAsAPartialIsRefusedNamingIt() throws {
        let folder = try TemporaryFolder(files: ["page.mustache": "{{>bar}}"])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/bar.mustache", withDestinationPath: "gone.mustache")
        expectRefusal(folder, "\(folder.path)/bar.mustache: error: cannot read the file: it is a symbolic link to gone.mustache, which does not exist")
    }
}
