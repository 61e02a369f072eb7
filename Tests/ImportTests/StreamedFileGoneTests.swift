import Foundation
import Testing
import VantageCore

@testable import Import

/// A streamed export (`JSONDocument`, `streamed`) is scanned first and its records read back
/// from the file later: a file that can no longer be read by then is named with the reason, as
/// everywhere else in the tool (`FileCheck.unreadable`); the importer said only "cannot read
/// the file". (Root reads a file closed to all, so the file is taken away instead of closed.)
struct StreamedFileGoneTests {
    @Test(arguments: [
        ("removed", "cannot read the file: it does not exist"),
        ("replaced by a folder", "expected a file, found a folder"),
    ])
    func aStreamedExportThatCannotBeReadBackSaysWhy(_ change: String, _ why: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-gone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("export.json").path
        try Data(#"{"users": [{"phone": "+14155550100", "firstName": "Ana"}, {"phone": "+12125550147", "firstName": "Cat"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let file = ContentLayout.File(path: path, name: "content/quotes/export.json")
        let document = try JSONDocument(file, shallow: true, streamed: true)
        #expect(document.isStreamed && document.count(of: "users") == 2)

        try FileManager.default.removeItem(atPath: path)
        if change == "replaced by a folder" { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let expected = "content/quotes/export.json: error: \(why)"
        do {
            _ = try document.element(of: "users", at: 1)
            Issue.record("the element was read")
        } catch {
            #expect(error.description == expected)
        }
        let source = RecordSource.array(document, key: "users")
        let failure = source.records(in: .elements(0..<2)) { _ in Issue.record("a record was read") }
        #expect((failure as? Diagnostic)?.description == expected)
        let fastFailure = source.records(in: .elements(0..<2), fast: { _, _ -> Int? in nil }) { _, _ in Issue.record("a record was read") }
        #expect((fastFailure as? Diagnostic)?.description == expected)
    }
}
