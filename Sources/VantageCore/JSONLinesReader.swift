import Foundation

/// Streams a JSON Lines file one record at a time with a fixed-size read buffer, so memory
/// does not grow with the file (only with its longest line). Blank lines are skipped.
///
/// Reading is linear in the file's size: every byte is examined once for a line end, however
/// long the line (a 100 MB line is searched chunk by chunk, never again from its start).
public struct JSONLinesReader: Sequence {
    /// One non-blank line: its 1-based number, its raw bytes (for rejects) and the parsed value
    /// or the syntax error. Line 0 is the file itself, when it cannot be read at all.
    public struct Line {
        public var number: Int
        public var bytes: [UInt8]
        public var value: Result<JSONValue, Diagnostic>
    }

    public let path: String
    public let displayName: String

    /// Reads `path`; `displayName` is the name used in diagnostics.
    public init(path: String, displayName: String? = nil) {
        self.path = path
        self.displayName = displayName ?? path
    }

    public func makeIterator() -> Iterator { Iterator(path: path, displayName: displayName) }

    /// Iterates lines; a file that cannot be read (missing, a folder, a read error) yields one
    /// failed line numbered 0 and nothing else.
    public final class Iterator: IteratorProtocol {
        private let file: UnsafeMutablePointer<FILE>?
        private let displayName: String
        private var openFailure: Diagnostic?
        private var buffer: [UInt8] = []
        private var start = 0
        /// Bytes before this index (from `start`) hold no line feed: the search resumes here.
        private var searched = 0
        private var lineNumber = 0
        private var atEnd = false
        private static let chunkSize = 1 << 16
        /// The longest line read: no record of an export comes near it (a quote heard by 10,000
        /// people is about 600 KB), and a file with a longer one (a stray binary file, an export
        /// cut short and padded with NUL bytes) is refused whole rather than held in memory.
        public static let longestLine = 16 << 20
        /// How many bytes were examined for a line end so far: at most the file's size, which is
        /// what makes the reader linear (the tests check it).
        public private(set) var bytesSearched = 0

        init(path: String, displayName: String) {
            self.displayName = displayName
            var file = fopen(path, "rb")
            if let opened = file, let problem = FileCheck.problem(with: opened) {
                fclose(opened)
                file = nil
                openFailure = .error(problem, at: SourceLocation(file: displayName))
            } else if file == nil {
                openFailure = FileCheck.unreadable(path, shownAs: displayName)
            }
            self.file = file
        }

        deinit { if let file { fclose(file) } }

        public func next() -> Line? {
            guard let raw = nextRawLine() else { return nil }
            if raw.number == 0 { return raw }
            return JSONLinesReader.parse(raw.bytes, number: raw.number, displayName: displayName)
        }

        /// The next non-blank line, not parsed (its `value` is `.success(.null)`), or the
        /// failure numbered 0 when the file cannot be read; nil at the end. Cutting lines is
        /// cheap and sequential; `JSONLinesReader.parse` can then run on any thread.
        public func nextRawLine() -> Line? {
            while let line = nextLine() {
                if line.number == 0 { return line }
                if !Self.isBlank(line.bytes) { return line }
            }
            return nil
        }

        private static func isBlank(_ line: [UInt8]) -> Bool {
            line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }

        /// The file refused whole at the line being cut, longer than `longestLine`: nothing more is read.
        private func refuse() -> Line {
            atEnd = true
            buffer = []
            start = 0
            searched = 0
            return Line(number: 0, bytes: [], value: .failure(JSONLinesReader.overlongLine(lineNumber + 1, displayName: displayName)))
        }

        private func nextLine() -> Line? {
            guard let file else {
                guard let failure = openFailure else { return nil }
                openFailure = nil
                return Line(number: 0, bytes: [], value: .failure(failure))
            }
            while true {
                let from = Swift.max(start, searched)
                if let newline = buffer[from...].firstIndex(of: 0x0A) {
                    bytesSearched += newline + 1 - from
                    // Longer than any record though its line feed came in the same block.
                    if newline - start > Self.longestLine { return refuse() }
                    var end = newline
                    if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                    let line = Array(buffer[start..<end])
                    start = newline + 1
                    searched = start
                    lineNumber += 1
                    return Line(number: lineNumber, bytes: line, value: .success(.null))
                }
                bytesSearched += buffer.count - from
                searched = buffer.count
                if atEnd {
                    guard start < buffer.count else { return nil }
                    if buffer.count - start > Self.longestLine { return refuse() }
                    let line = Array(buffer[start...])
                    start = buffer.count
                    lineNumber += 1
                    return Line(number: lineNumber, bytes: line, value: .success(.null))
                }
                if start > 0 {
                    buffer.removeSubrange(0..<start)
                    searched -= start
                    start = 0
                }
                if buffer.count > Self.longestLine { return refuse() }
                let oldCount = buffer.count
                buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
                let read = buffer.withUnsafeMutableBufferPointer { pointer in
                    fread(pointer.baseAddress! + oldCount, 1, Self.chunkSize, file)
                }
                buffer.removeLast(Self.chunkSize - read)
                if read == 0 {
                    if ferror(file) != 0 {
                        atEnd = true
                        buffer.removeAll()
                        start = 0
                        searched = 0
                        return Line(number: 0, bytes: [], value: .failure(.error(
                            "cannot read the file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName))))
                    }
                    atEnd = true
                }
            }
        }

    }

    /// The line feeds in the file at `path` and its size in bytes, counted in one pass without
    /// keeping the file; nil when it cannot be read.
    public static func lineFeeds(path: String) -> (lineFeeds: Int, bytes: Int)? {
        scanLines(path: path, stoppingAtLineLongerThan: nil).map { ($0.lineFeeds, $0.bytes) }
    }

    /// One pass over the file at `path` by its line feeds, a block at a time without keeping the
    /// file: how many there are and its size, or, with `limit`, the number of the first line
    /// longer than `limit` bytes (its line feed not counted), where the pass stops. Nil when
    /// the file cannot be read.
    private static func scanLines(path: String, stoppingAtLineLongerThan limit: Int?)
        -> (lineFeeds: Int, bytes: Int, overlongLine: Int?)?
    {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        let size = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var feeds = 0
        var total = 0
        var length = 0  // bytes of the current line so far
        let limit = limit ?? Int.max
        while true {
            let read = fread(buffer, 1, size, file)
            if read == 0 { return ferror(file) != 0 ? nil : (feeds, total, nil) }
            total += read
            var from = UnsafeRawPointer(buffer)
            let end = from + read
            while from < end {
                guard let feed = memchr(from, 0x0A, end - from) else {
                    length += end - from
                    if length > limit { return (feeds, total, feeds + 1) }
                    break
                }
                length += UnsafeRawPointer(feed) - from
                if length > limit { return (feeds, total, feeds + 1) }
                feeds += 1
                length = 0
                from = UnsafeRawPointer(feed) + 1
            }
        }
    }

    /// The error for line `line`, longer than `Iterator.longestLine` bytes (its line feed not
    /// counted): the file is refused whole there, by the reader and by `--keep-going`'s check
    /// before anything of the file is stored.
    public static func overlongLine(_ line: Int, displayName: String) -> Diagnostic {
        .error(
            "line \(line) is longer than \(Iterator.longestLine >> 20) MB with no line break, longer than any record: "
                + "a JSON Lines file holds one record a line",
            at: SourceLocation(file: displayName, line: line, column: 1))
    }

    /// The number of the first line of the file at `path` longer than `Iterator.longestLine`
    /// bytes (its line feed not counted), the line the reader refuses the file at; nil when
    /// there is none or the file cannot be read.
    public static func firstOverlongLine(path: String) -> Int? {
        scanLines(path: path, stoppingAtLineLongerThan: Iterator.longestLine)?.overlongLine
    }

    /// Where the file at `path` first stops being UTF-8 (its line and column, counted in
    /// characters as syntax errors are), read a block at a time without keeping the file; nil
    /// when it is UTF-8 throughout or cannot be read. A file that is not UTF-8 cannot be read
    /// as text at all, so with `--keep-going` it is rejected whole (DATA.md, Bad input), not
    /// line by line with its bytes replaced.
    public static func firstInvalidUTF8(path: String) -> (line: Int, column: Int)? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        let size = 1 << 16
        var buffer = [UInt8](repeating: 0, count: size + 4)
        var carried = 0  // bytes of a sequence cut by the end of the last block, moved to the front
        var line = 1
        var column = 1
        while true {
            let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress! + carried, 1, size, file) }
            let available = carried + read
            if available == 0 { return nil }
            // Up to the last whole sequence, unless the file ends here (then all of it).
            var end = available
            if read > 0 {
                var back = available - 1
                while back > 0, available - back < 4, buffer[back] & 0xC0 == 0x80 { back -= 1 }
                if buffer[back] >= 0xC0 { end = back }
            }
            let invalid = buffer.withUnsafeBufferPointer { UTF8Check.firstInvalid(in: UnsafeBufferPointer(rebasing: $0[0..<end])) }
            // The place of the block's end, or of the first byte that is not UTF-8: lines by
            // their feeds, the column from the last of them.
            let counted = invalid ?? end
            var lastFeed = -1
            buffer.withUnsafeBytes { raw in
                var from = raw.baseAddress!
                let stop = from + counted
                while from < stop, let feed = memchr(from, 0x0A, stop - from) {
                    line += 1
                    lastFeed = UnsafeRawPointer(feed) - raw.baseAddress!
                    from = UnsafeRawPointer(feed) + 1
                }
            }
            if lastFeed >= 0 { column = 1 }
            for index in (lastFeed + 1)..<counted where buffer[index] & 0xC0 != 0x80 { column += 1 }
            if invalid != nil { return (line, column) }
            if read == 0 { return nil }
            carried = available - end
            for offset in 0..<carried { buffer[offset] = buffer[end + offset] }
        }
    }

    /// Parses one line cut by `nextRawLine`: its value, or its syntax error at its line.
    public static func parse(_ line: [UInt8], number: Int, displayName: String) -> Line {
        do {
            let value = try JSONParser.parse(line, file: displayName, firstLine: number, line: true)
            return Line(number: number, bytes: line, value: .success(value))
        } catch {
            return Line(number: number, bytes: line, value: .failure(error))
        }
    }
}
