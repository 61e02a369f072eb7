import Foundation
import VantageCore

/// One JSON document read whole: its bytes (so a rejected record can be written back
/// unchanged), its parsed value, and the byte ranges of the elements of its top-level arrays.
struct JSONDocument {
    let file: ContentLayout.File
    let bytes: [UInt8]
    let root: JSONValue
    let ranges: [String: [Range<Int>]]

    /// Reads and parses `file`; syntax errors name the line and column, text that is not
    /// UTF-8 is named as such.
    init(_ file: ContentLayout.File) throws(Diagnostic) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Diagnostic.error("cannot read the file", at: SourceLocation(file: file.name))
        }
        bytes = [UInt8](data)
        try Self.checkEncoding(bytes, file: file)
        (root, ranges) = try JSONParser.parseRecords(bytes, file: file.name)
    }

    /// The original text of element `index` of the top-level array `key`.
    func text(of key: String, at index: Int) -> String {
        guard let range = ranges[key]?[index] else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Rejects UTF-16 and UTF-32 text up front: the parser would only see stray bytes.
    static func checkEncoding(_ prefix: some Collection<UInt8>, file: ContentLayout.File) throws(Diagnostic) {
        let head = Array(prefix.prefix(4))
        let utf16 = (head.count >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF)))
            || (head.count >= 2 && (head[0] == 0 || head[1] == 0))
        if utf16 {
            throw Diagnostic.error("the file is not UTF-8 text (it looks like UTF-16 or UTF-32); save it as UTF-8",
                                   at: SourceLocation(file: file.name))
        }
    }
}

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

    /// Calls `body` with each record in file order.
    func forEach(_ body: (Record) throws -> Void) throws {
        switch self {
        case .array(let document, let key):
            guard let elements = document.root.objectValue?[key]?.arrayValue else { return }
            let base = RecordLocation(file: document.file.name).member(key)
            for (index, element) in elements.enumerated() {
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
