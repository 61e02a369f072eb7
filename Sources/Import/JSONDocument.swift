import Foundation
import VantageCore

/// One JSON document: its bytes (so a rejected record can be written back unchanged), its
/// root, and where the elements of its top-level arrays are (`ElementIndex`).
///
/// A `shallow` document (an export) is only scanned: its root holds every member except the
/// arrays, which stay empty, and each array element is parsed when it is read (on the reading
/// thread), so no tree of the whole export is ever built. A syntax error anywhere is still
/// reported exactly: on the first failure the whole document is parsed for its first error.
///
/// A `streamed` shallow document is scanned from its file a block at a time and never held: its
/// elements are read back from the file, a batch at a time (`span`). Every document of records
/// is read so (the Quotes export was 93 MB held for the whole import on the peer workload; a
/// Change Jar users document 20 MB at 160,000 people, at the highest point of a JSON Lines import).
struct JSONDocument: @unchecked Sendable {
    let file: ContentLayout.File
    /// The file's bytes; empty for a streamed document.
    let bytes: [UInt8]
    let root: JSONValue
    let elements: [String: ElementIndex]
    /// Where the root object's member values are in `bytes` (a document parsed whole only).
    let members: [String: Range<Int>]
    let isShallow: Bool
    /// The elements are read back from the file (`bytes` is empty).
    let isStreamed: Bool
    /// The whole file's syntax was checked before any of it is read (`validate`, for
    /// `--keep-going`): an element that still cannot be read holds a value that is no text (a
    /// lone surrogate escape, `\ud800`), which rejects that record, not the file.
    let isSyntaxChecked: Bool
    /// Of a document parsed whole with `recordValueErrors` (a review or submissions file, with
    /// `--keep-going`): the error of each element of a root array that holds a value no text or
    /// number holds (a lone surrogate escape, `1e400`), by array and index. Such an element is
    /// rejected, the file's other records read.
    private(set) var recordErrors: [String: [Int: Diagnostic]] = [:]

    /// Throws the error of element `index` of the root array `key`, when it has one
    /// (`recordErrors`).
    func checkRecord(_ key: String, at index: Int) throws(Diagnostic) {
        if let problem = recordErrors[key]?[index] { throw problem }
    }

    /// Reads and parses (or, `shallow`, scans) `file`; syntax errors name the line and column,
    /// text that is not UTF-8 is named as such.
    init(_ file: ContentLayout.File, shallow: Bool = false, validate: Bool = false, streamed: Bool = false,
         recordValueErrors: Bool = false) throws(Diagnostic) {
        self.file = file
        isSyntaxChecked = shallow && validate
        if let problem = FileCheck.problem(at: file.path) {
            throw Diagnostic.error(problem, at: SourceLocation(file: file.name))
        }
        // Streamed, the document is scanned from its file a block at a time and never held
        // whole; a document the scan cannot walk is read whole below, for the parser's error.
        if shallow, streamed, !validate {
            var stoppedAt = 0
            if let (root, elements) = try Self.scan(file, stoppedAt: &stoppedAt) {
                (self.root, self.elements, isShallow, isStreamed) = (root, elements, true, true)
                (bytes, members) = ([], [:])
                return
            }
            if let error = Self.firstError(before: stoppedAt, in: file) { throw error }
        }
        guard let bytes = Self.read(file.path) else {
            throw FileCheck.unreadable(file.path, shownAs: file.name)
        }
        try Self.checkEncoding(bytes, file: file)
        if shallow, validate { try JSONParser.validate(bytes, file: file.name) }
        if shallow, let (root, elements) = Self.scan(bytes, file: file) {
            (self.root, self.elements, isShallow, members) = (root, elements, true, [:])
            (self.bytes, isStreamed) = streamed ? ([], true) : (bytes, false)
        } else {
            self.bytes = bytes
            let parsed = try JSONParser.parseRecords(bytes, file: file.name, valueErrorsPerRecord: recordValueErrors)
            (self.root, self.elements, self.members) = (parsed.value, parsed.ranges.mapValues { ElementIndex($0) }, parsed.members)
            recordErrors = parsed.recordErrors
            (isShallow, isStreamed) = (false, false)
        }
    }

    /// Runs `checks` (the root's members and their kinds); when they fail on a document that
    /// was only scanned, the file's first syntax error, if it has one, is the error: a string
    /// left open on one line (a minified export) can make the scan read the strings after it
    /// inside out and succeed with members swallowed, which the checks then report as missing,
    /// with no place.
    func checkingRoot<T>(_ checks: () throws -> T) throws -> T {
        do {
            return try checks()
        } catch {
            if isShallow, let bytes = isStreamed ? Self.read(file.path) : self.bytes {
                try JSONParser.validate(bytes, file: file.name)
            }
            throw error
        }
    }

    /// The root member `name`'s value as written in the file (`9223372036854775808`, not the
    /// number it reads as), for messages; nil when the document was not parsed whole.
    func written(_ name: String) -> String? {
        guard let range = members[name], range.upperBound <= bytes.count else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Consecutive elements of an array, in one piece: read from the file for a streamed
    /// document (one read for a batch of records), else copied from its bytes.
    struct Span {
        let bytes: [UInt8]
        /// Where `bytes` starts in the file (element ranges are offsets in the file).
        let offset: Int
        /// The elements' ranges, in order (offsets in the file).
        let ranges: [Range<Int>]

        /// The bytes of the file's `range`, which lies in this span.
        subscript(range: Range<Int>) -> ArraySlice<UInt8> { bytes[(range.lowerBound - offset)..<(range.upperBound - offset)] }
    }

    /// The elements `indices` of the array `key`; nil when the file no longer holds them.
    func span(_ key: String, _ indices: Range<Int>) -> Span? {
        let elements = elements[key] ?? ElementIndex()
        if isStreamed { return Self.span(path: file.path, elements, indices) }
        return Self.span(elements, indices) { cover in cover.upperBound <= bytes.count ? Array(bytes[cover]) : nil }
    }

    /// The elements `indices` of an array with the index `elements` in the file at `path`,
    /// read from the file; nil when it no longer holds them.
    static func span(path: String, _ elements: ElementIndex, _ indices: Range<Int>) -> Span? {
        span(elements, indices) { cover in read(path, cover) }
    }

    /// The elements `indices` of the array `elements` indexes, from the bytes `read` gives for
    /// the range that covers them.
    private static func span(_ elements: ElementIndex, _ indices: Range<Int>, read: (Range<Int>) -> [UInt8]?) -> Span? {
        guard !indices.isEmpty else { return Span(bytes: [], offset: 0, ranges: []) }
        guard indices.upperBound <= elements.count else { return nil }
        let (cover, skip) = elements.cover(indices)
        return read(cover).flatMap { span($0, at: cover.lowerBound, skip: skip, count: indices.count) }
    }

    /// The span of `count` elements after the first `skip` in `bytes`, which starts at `offset`
    /// in the file with an element's first byte.
    private static func span(_ bytes: [UInt8], at offset: Int, skip: Int, count: Int) -> Span? {
        let found = bytes.withUnsafeBufferPointer { JSONScanner.elements(in: $0, skip: skip, count: count) }
        return found.map { Span(bytes: bytes, offset: offset, ranges: $0.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }) }
    }

    /// The bytes `range` of the file at `path` (an element read back); nil when it cannot be
    /// read or is shorter.
    static func read(_ path: String, _ range: Range<Int>) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        guard fseek(handle, range.lowerBound, SEEK_SET) == 0 else { return nil }
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            count = range.isEmpty ? 0 : fread(buffer.baseAddress!, 1, range.count, handle)
        }
        return bytes.count == range.count ? bytes : nil
    }

    /// The file's bytes, read straight into one array (no second copy of a large export).
    private static func read(_ path: String) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        guard FileCheck.problem(with: handle) == nil else { return nil }
        guard fseek(handle, 0, SEEK_END) == 0 else { return nil }
        let size = ftell(handle)
        guard size >= 0, fseek(handle, 0, SEEK_SET) == 0 else { return nil }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = size == 0 ? 0 : fread(buffer.baseAddress!, 1, size, handle)
            failed = count != size
        }
        return failed ? nil : bytes
    }

    /// The root with its arrays left empty, and where their elements are; nil when the scan
    /// or a member outside the arrays fails (the full parse then reports the error).
    private static func scan(_ bytes: [UInt8], file: ContentLayout.File) -> (JSONValue, [String: ElementIndex])? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let members = JSONScanner.members(of: buffer) else { return nil }
            return shallowRoot(members, file: file) { range in Array(buffer[range]) }
        }
    }

    /// `scan(_:file:)` from the file itself, a block at a time (a streamed document), the
    /// members outside the arrays read back by their ranges; nil as there, or when the file
    /// cannot be read (read whole then, for the error). Throws for UTF-16 and UTF-32 text.
    private static func scan(_ file: ContentLayout.File, stoppedAt: inout Int) throws(Diagnostic)
        -> (JSONValue, [String: ElementIndex])?
    {
        guard let handle = fopen(file.path, "rb") else { return nil }
        defer { fclose(handle) }
        guard FileCheck.problem(with: handle) == nil else { return nil }
        var head = [UInt8](repeating: 0, count: 4)
        head.removeLast(4 - fread(&head, 1, 4, handle))
        try checkEncoding(head, file: file)
        guard fseek(handle, 0, SEEK_SET) == 0, let members = JSONScanner.members(ofFile: handle, stoppedAt: &stoppedAt)
        else { return nil }
        return shallowRoot(members, file: file) { range in read(file.path, range) }
    }

    /// The parser's first error in a document the scan stopped in at `offset`, read from the
    /// file's start to a little past that offset (the error is at or before it): a broken file
    /// larger than memory (an export cut short and padded, a disk image) is not read whole for
    /// a message about its first bytes. Nil when that start holds no error of its own; the
    /// caller then reads the file whole, as for any other document.
    private static func firstError(before offset: Int, in file: ContentLayout.File) -> Diagnostic? {
        let end = offset + 65_536
        guard let handle = fopen(file.path, "rb") else { return nil }
        let size = fseek(handle, 0, SEEK_END) == 0 ? ftell(handle) : -1
        fclose(handle)
        guard size > end, var start = read(file.path, 0..<end) else { return nil }
        // Cut at a character's boundary: a character cut in two is no error of the file's.
        while let last = start.last, last & 0xC0 == 0x80 { start.removeLast() }
        if let last = start.last, last >= 0xC0 { start.removeLast() }
        return JSONParser.firstError(inStartOf: start, file: file.name)
    }

    /// The root of a shallow document from its scanned members: the arrays left empty (where
    /// their elements are returned), every other member parsed from its bytes (`bytes(range)`).
    private static func shallowRoot(
        _ members: [JSONScanner.Member], file: ContentLayout.File, bytes: (Range<Int>) -> [UInt8]?
    ) -> (JSONValue, [String: ElementIndex])? {
        var root = JSONObject()
        var arrays: [String: ElementIndex] = [:]
        for member in members {
            root.keys.append(member.key)
            if let elements = member.elements {
                root.values.append(.array([]))
                arrays[member.key] = elements
            } else {
                guard let value = bytes(member.value).flatMap({ bytes in
                    bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
                        var parser = JSONParser(bytes: buffer, file: file.name)
                        return try? parser.parseDocument()
                    }
                }) else { return nil }
                root.values.append(value)
            }
        }
        return (.object(root), arrays)
    }

    /// The number of elements of the top-level array `key`.
    func count(of key: String) -> Int {
        isShallow ? elements[key]?.count ?? 0 : root.objectValue?[key]?.arrayValue?.count ?? 0
    }

    /// Element `index` of the top-level array `key`, parsed now for a shallow document.
    func element(of key: String, at index: Int) throws(Diagnostic) -> JSONValue {
        guard isShallow else { return root.objectValue![key]!.arrayValue![index] }
        guard let span = span(key, index..<index + 1) else {
            throw FileCheck.unreadable(file.path, shownAs: file.name)
        }
        return try element(of: key, at: index, in: span[span.ranges[0]])
    }

    /// Element `index` of the array `key` parsed from `bytes` (its own bytes, or a span of
    /// the file: the slice's indices are offsets in the file). On failure, the whole file is
    /// parsed for its first syntax error, with its true line and column.
    func element(of key: String, at index: Int, in bytes: some RandomAccessCollection<UInt8>) throws(Diagnostic) -> JSONValue {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer -> JSONValue? in
            var parser = JSONParser(bytes: buffer, file: file.name)
            return try? parser.parseDocument()
        } ?? nil
        if let parsed { return parsed }
        let whole = isStreamed ? Self.read(file.path) ?? [] : self.bytes
        _ = try JSONParser.parse(whole, file: file.name)
        throw Diagnostic.error("the element \(key)[\(index)] cannot be read", at: SourceLocation(file: file.name))
    }

    /// The original text of element `index` of the top-level array `key` (empty when a
    /// streamed document's file no longer holds it).
    func text(of key: String, at index: Int) -> String {
        guard let span = span(key, index..<index + 1), let range = span.ranges.first else { return "" }
        return String(decoding: span[range], as: UTF8.self)
    }

    /// Rejects UTF-16 and UTF-32 text up front: the parser would only see stray bytes
    /// (`UTF8Check.looksWide`).
    static func checkEncoding(_ prefix: some Collection<UInt8>, file: ContentLayout.File) throws(Diagnostic) {
        if UTF8Check.looksWide(prefix) {
            throw Diagnostic.error(UTF8Check.wideMessage, at: SourceLocation(file: file.name))
        }
    }
}
