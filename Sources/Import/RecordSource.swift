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

    /// The error of a streamed document whose file can no longer be read, with the reason
    /// (`FileCheck.unreadable`).
    private static func unreadable(_ file: ContentLayout.File) -> Diagnostic {
        FileCheck.unreadable(file.path, shownAs: file.name)
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
        try checkHead(file)
    }

    /// What the start of a JSON Lines file tells: UTF-16 or UTF-32 text, or lines ended by a
    /// carriage return alone (old Mac files), which a reader by line feeds would take for one
    /// record, every record of the file rejected as one. A lone CR where the file also has line
    /// feeds is only white space inside a record, as JSON has it.
    /// The file is read until its first line feed, so that a first record longer than a block
    /// (a quote with many hearers, or padded with white space) does not hide the carriage
    /// returns after it: such a file was read as one record, its records all rejected as one
    /// and removed from the store. The search stops where the reader would refuse the line.
    static func checkHead(_ file: ContentLayout.File) throws(Diagnostic) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return }
        defer { try? handle.close() }
        let blockSize = 64 * 1024
        var block = Array((try? handle.read(upToCount: blockSize)) ?? Data())
        try JSONDocument.checkEncoding(block, file: file)
        var read = 0  // bytes before `block`
        var characters = 0  // characters before `block`
        var carriageReturn: (offset: Int, column: Int)?  // the first one, where and in which column
        while !block.isEmpty {
            if block.contains(0x0A) { return }
            if carriageReturn == nil, let index = block.firstIndex(of: 0x0D) {
                carriageReturn = (read + index, characters + block[..<index].count { $0 & 0xC0 != 0x80 } + 1)
            }
            read += block.count
            characters += block.count { $0 & 0xC0 != 0x80 }
            if read > JSONLinesReader.Iterator.longestLine { break }
            block = Array((try? handle.read(upToCount: blockSize)) ?? Data())
        }
        // A carriage return that is the last byte read ends the file's one line.
        guard let carriageReturn, carriageReturn.offset + 1 < read else { return }
        throw Diagnostic.error(
            "the lines end with a carriage return alone (as old Mac files do); JSON Lines needs line feeds (LF or CRLF) between records: save the file with LF line ends",
            at: SourceLocation(file: file.name, line: 1, column: carriageReturn.column))
    }

    /// About how many records the source holds, for reserving room before collecting them:
    /// an array's element count; for JSON Lines the file's line feeds (blank lines count too),
    /// at most one record per 16 bytes of the file, so that a file of blank lines reserves
    /// little. 0 when the file cannot be read.
    var expectedCount: Int {
        switch self {
        case .array(let document, let key): return document.count(of: key)
        case .lines(let file): return JSONLinesReader.lineFeeds(path: file.path).map { min($0.lineFeeds + 1, $0.bytes / 16) } ?? 0
        }
    }

    /// A run of consecutive records, cut in file order by `Cutter` and parsed by `records(in:)`.
    enum Batch {
        /// Elements of the document's array, by index.
        case elements(Range<Int>)
        /// Lines of a JSON Lines file, not parsed yet.
        case lines([JSONLinesReader.Line])
    }

    /// Cuts a source into batches of about `size` records, in file order. Cheap and
    /// sequential (element ranges are already known; lines are only searched for their end):
    /// the parsing happens in `records(in:)`, on any thread.
    final class Cutter {
        private let source: RecordSource
        private let size: Int
        private var nextElement = 0
        private let elementCount: Int
        private let lines: JSONLinesReader.Iterator?

        fileprivate init(_ source: RecordSource, size: Int) throws {
            self.source = source
            self.size = max(1, size)
            switch source {
            case .array(let document, let key):
                elementCount = document.count(of: key)
                lines = nil
            case .lines(let file):
                try RecordSource.checkHead(file)
                elementCount = 0
                lines = JSONLinesReader(path: file.path, displayName: file.name).makeIterator()
            }
        }

        /// The next batch; nil at the end. Throws when the file cannot be read (further).
        func next() throws -> Batch? {
            guard let lines else {
                guard nextElement < elementCount else { return nil }
                let end = min(nextElement + size, elementCount)
                defer { nextElement = end }
                return .elements(nextElement..<end)
            }
            var batch: [JSONLinesReader.Line] = []
            batch.reserveCapacity(size)
            while batch.count < size, let line = lines.nextRawLine() {
                if line.number == 0, case .failure(let error) = line.value { throw error }  // unreadable file
                batch.append(line)
            }
            return batch.isEmpty ? nil : .lines(batch)
        }
    }

    /// A cutter over this source's records (throws when a JSON Lines file cannot be read at all).
    func cutter(batchSize: Int) throws -> Cutter { try Cutter(self, size: batchSize) }

    /// Calls `body` with each record of `batch`, parsed, in order. Returns the error that
    /// stops the batch (an element of a document that cannot be parsed: the document's first
    /// syntax error), after the records before it.
    func records(in batch: Batch, _ body: (Record) -> Void) -> Error? {
        switch (self, batch) {
        case (.array(let document, let key), .elements(let indices)):
            let base = RecordLocation(file: document.file.name).member(key)
            guard document.isShallow else {
                for index in indices {
                    let element: JSONValue
                    do { element = try document.element(of: key, at: index) } catch { return error }
                    body(Record(location: base.element(index), value: .success(element), text: { document.text(of: key, at: index) }))
                }
                return nil
            }
            // The batch is read in one piece (from the file, for a streamed document).
            guard let span = document.span(key, indices) else { return Self.unreadable(document.file) }
            for (index, range) in zip(indices, span.ranges) {
                let element: Result<JSONValue, Diagnostic>
                do {
                    element = .success(try document.element(of: key, at: index, in: span[range]))
                } catch {
                    // Past a check of the file's syntax, the record's own problem (`isSyntaxChecked`).
                    guard document.isSyntaxChecked else { return error }
                    element = .failure(error)
                }
                body(Record(location: base.element(index), value: element, text: { document.text(of: key, at: index) }))
            }
        case (.lines(let file), .lines(let lines)):
            for line in lines {
                let parsed = JSONLinesReader.parse(line.bytes, number: line.number, displayName: file.name)
                let bytes = line.bytes
                body(Record(location: RecordLocation(file: file.name, line: line.number), value: parsed.value,
                            text: { String(decoding: bytes, as: UTF8.self) }))
            }
        default:
            preconditionFailure("a batch of another source")
        }
        return nil
    }

    /// How a record was read by `records(in:fast:_:)`.
    enum Reading<Fast> {
        /// Straight from its bytes.
        case fast(Fast)
        /// Parsed, because the fast reader declined it: its value or its syntax error.
        case parsed(Result<JSONValue, Diagnostic>)
    }

    /// Like `records(in:_:)`, but offers each record's bytes to `fast` first: a record is
    /// parsed only when `fast` declines it (returns nil). What `fast` accepts is valid JSON,
    /// so a batch stops at the same record either way.
    /// A record's location is made only when asked for (`location()`): a record read without
    /// a problem never needs it, and each one made is an allocation and references shared by
    /// every thread.
    func records<Fast>(
        in batch: Batch, fast: (UnsafeBufferPointer<UInt8>, () -> RecordLocation) -> Fast?,
        _ body: (() -> RecordLocation, Reading<Fast>) -> Void
    ) -> Error? {
        switch (self, batch) {
        case (.array(let document, let key), .elements(let indices)):
            guard document.isShallow else {
                return records(in: batch) { record in body({ record.location }, .parsed(record.value)) }
            }
            let base = RecordLocation(file: document.file.name).member(key)
            // The batch is read in one piece (from the file, for a streamed document); the
            // ranges are offsets in the file, so in the span they are moved back by where it starts.
            guard let span = document.span(key, indices) else { return Self.unreadable(document.file) }
            return span.bytes.withUnsafeBufferPointer { buffer -> Error? in
                for (index, range) in zip(indices, span.ranges) {
                    let location = { base.element(index) }
                    let inSpan = (range.lowerBound - span.offset)..<(range.upperBound - span.offset)
                    if let value = fast(UnsafeBufferPointer(rebasing: buffer[inSpan]), location) {
                        body(location, .fast(value))
                        continue
                    }
                    let element: Result<JSONValue, Diagnostic>
                    do throws(Diagnostic) {
                        element = .success(try document.element(of: key, at: index, in: span[range]))
                    } catch {
                        // Past a check of the file's syntax, the record's own problem (`isSyntaxChecked`).
                        guard document.isSyntaxChecked else { return error }
                        element = .failure(error)
                    }
                    body(location, .parsed(element))
                }
                return nil
            }
        case (.lines(let file), .lines(let lines)):
            for line in lines {
                let location = { RecordLocation(file: file.name, line: line.number) }
                if let value = line.bytes.withUnsafeBufferPointer({ fast($0, location) }) {
                    body(location, .fast(value))
                    continue
                }
                body(location, .parsed(JSONLinesReader.parse(line.bytes, number: line.number, displayName: file.name).value))
            }
            return nil
        default:
            preconditionFailure("a batch of another source")
        }
    }

    /// Where the first record whose `id` is `id` is, read again from the file in file order:
    /// for the error of an id met a second time, which names where it was met first. Only a
    /// record whose bytes hold the id, or an escape that could spell it, is parsed. Nil when
    /// no record has it (the file changed since, or it came from elsewhere).
    func firstRecord(withID id: String) -> RecordLocation? {
        guard let cutter = try? cutter(batchSize: 256) else { return nil }
        let needle = Array(id.utf8)
        while let batch = try? cutter.next() {
            var found: RecordLocation?
            let stop = records(in: batch, fast: { bytes, _ -> Bool? in
                guard found == nil else { return false }
                return bytes.contains(UInt8(ascii: "\\")) || bytes.holds(needle) ? nil : false  // nil: parse it
            }) { location, reading in
                guard found == nil, case .parsed(.success(let value)) = reading, value.objectValue?["id"]?.stringValue == id
                else { return }
                found = location()
            }
            if let found { return found }
            if stop != nil { return nil }
        }
        return nil
    }

    /// Calls `body` with the bytes of each record of `batch`, unparsed, in order (the
    /// re-import's digests, docs/IMPORT.md).
    func forEachBytes(in batch: Batch, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch (self, batch) {
        case (.array(let document, let key), .elements(let indices)):
            guard let span = document.span(key, indices) else { return }
            for range in span.ranges { span[range].withUnsafeBufferPointer(body) }
        case (.lines, .lines(let lines)):
            for line in lines { line.bytes.withUnsafeBufferPointer(body) }
        default:
            preconditionFailure("a batch of another source")
        }
    }

    /// Where record `offset` of `batch` is, and its original text.
    func record(in batch: Batch, at offset: Int) -> (location: RecordLocation, text: () -> String) {
        switch (self, batch) {
        case (.array(let document, let key), .elements(let indices)):
            let index = indices.lowerBound + offset
            return (RecordLocation(file: document.file.name).member(key).element(index), { document.text(of: key, at: index) })
        case (.lines(let file), .lines(let lines)):
            let bytes = lines[offset].bytes
            return (RecordLocation(file: file.name, line: lines[offset].number), { String(decoding: bytes, as: UTF8.self) })
        default:
            preconditionFailure("a batch of another source")
        }
    }
}

/// The original text of JSON Lines records kept for long (the users, until people are
/// merged), read again from the file by line number when a record is rejected late, instead
/// of keeping every line's bytes in memory: for 20,000 users that was 3.5 MB of the import's
/// highest point. Lines are read forward from the last one asked for, so rejections in file
/// order read the file at most once; asking for an earlier line starts again from the top.
final class LineTexts {
    private let file: ContentLayout.File
    private var reader: JSONLinesReader.Iterator?
    private var current: JSONLinesReader.Line?

    init(_ file: ContentLayout.File) { self.file = file }

    /// The text of line `number` (1-based), as `RecordSource` gives a record's text: its bytes
    /// without the line end. Empty when the file no longer holds that line.
    func text(ofLine number: Int) -> String {
        if let current, current.number > number { reader = nil }
        if reader == nil {
            reader = JSONLinesReader(path: file.path, displayName: file.name).makeIterator()
            current = nil
        }
        while (current?.number ?? 0) < number {
            guard let line = reader?.nextRawLine(), line.number > 0 else {
                reader = nil
                current = nil
                return ""
            }
            current = line
        }
        guard let current, current.number == number else { return "" }
        return String(decoding: current.bytes, as: UTF8.self)
    }
}

/// The original text of a JSON document's records kept for long (the users, until people are
/// merged), by element index, read again from the file when a record is rejected late: only
/// where the elements are is kept, not the document (at 40,000 Change Jar users, keeping the
/// document for the merge kept 5 MB of the import's highest point).
final class DocumentTexts {
    private let file: ContentLayout.File
    private let elements: ElementIndex

    init(_ document: JSONDocument, key: String) {
        file = document.file
        elements = document.elements[key] ?? ElementIndex()
    }

    /// The element's text; empty when the file no longer holds it.
    func text(at index: Int) -> String {
        guard index >= 0, let span = JSONDocument.span(path: file.path, elements, index..<index + 1), let range = span.ranges.first
        else { return "" }
        return String(decoding: span[range], as: UTF8.self)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when `needle` (not empty) occurs in these bytes.
    func holds(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return false }
        var start = startIndex
        let last = endIndex - needle.count
        while start <= last {
            guard let at = self[start...last].firstIndex(of: first) else { return false }
            if self[at..<(at + needle.count)].elementsEqual(needle) { return true }
            start = at + 1
        }
        return false
    }
}
