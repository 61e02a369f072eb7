import Foundation
import VantageCore

/// Where the records of one type come from: the array `key` of a JSON document, or a JSON
/// Lines file streamed line by line (memory does not grow with the file).
enum RecordSource {
    case array(JSONDocument, key: String)
    case lines(ContentLayout.File)

    /// One record: where it is, its value or its syntax error, and its original text.
    struct Record {
        let location: RecordLocation
        let value: Result<JSONValue, Diagnostic>
        let text: () -> String
    }

    /// The file the records come from.
    var file: ContentLayout.File {
        switch self {
        case .array(let document, _): return document.file
        case .lines(let file): return file
        }
    }

    /// Throws when the JSON Lines `file` cannot be read at all (missing, a folder, a dangling
    /// link, UTF-16): the same errors `forEach` would throw before its first record.
    static func checkReadable(_ file: ContentLayout.File) throws(Diagnostic) {
        if let problem = FileCheck.problem(at: file.path) {
            throw Diagnostic.error(problem, at: SourceLocation(file: file.name))
        }
        if let handle = FileHandle(forReadingAtPath: file.path) {
            let head = (try? handle.read(upToCount: 4)) ?? Data()
            try? handle.close()
            try JSONDocument.checkEncoding(head, file: file)
        }
    }

    /// Calls `body` with each record in file order.
    func forEach(_ body: (Record) throws -> Void) throws {
        switch self {
        case .array(let document, let key):
            let base = RecordLocation(file: document.file.name).member(key)
            for index in 0..<document.count(of: key) {
                let element = try document.element(of: key, at: index)
                try body(Record(location: base.element(index), value: .success(element),
                                text: { document.text(of: key, at: index) }))
            }
        case .lines(let file):
            if let handle = FileHandle(forReadingAtPath: file.path) {
                let head = (try? handle.read(upToCount: 4)) ?? Data()
                try? handle.close()
                try JSONDocument.checkEncoding(head, file: file)
            }
            for line in JSONLinesReader(path: file.path, displayName: file.name) {
                if line.number == 0, case .failure(let error) = line.value { throw error }  // unreadable file
                let bytes = line.bytes
                try body(Record(location: RecordLocation(file: file.name, line: line.number), value: line.value,
                                text: { String(decoding: bytes, as: UTF8.self) }))
            }
        }
    }
}
