import Foundation

/// Streams a JSON Lines file one record at a time with a fixed-size read buffer, so memory
/// does not grow with the file. Blank lines are skipped.
public struct JSONLinesReader: Sequence {
    /// One non-blank line: its 1-based number, its raw bytes (for rejects) and the parsed value
    /// or the syntax error.
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

    /// Iterates lines; an unreadable file yields one failed line.
    public final class Iterator: IteratorProtocol {
        private let file: UnsafeMutablePointer<FILE>?
        private let displayName: String
        private var buffer: [UInt8] = []
        private var start = 0
        private var lineNumber = 0
        private var atEnd = false
        private var reportedOpenFailure = false
        private static let chunkSize = 1 << 16

        init(path: String, displayName: String) {
            self.file = fopen(path, "rb")
            self.displayName = displayName
        }

        deinit { if let file { fclose(file) } }

        public func next() -> Line? {
            guard let file else {
                if reportedOpenFailure { return nil }
                reportedOpenFailure = true
                return Line(number: 0, bytes: [], value: .failure(.error("cannot read the file", at: SourceLocation(file: displayName))))
            }
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    var end = newline
                    if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                    let line = Array(buffer[start..<end])
                    start = newline + 1
                    lineNumber += 1
                    if let parsed = parse(line) { return parsed }
                    continue
                }
                if atEnd {
                    guard start < buffer.count else { return nil }
                    let line = Array(buffer[start...])
                    start = buffer.count
                    lineNumber += 1
                    return parse(line)
                }
                if start > 0 {
                    buffer.removeSubrange(0..<start)
                    start = 0
                }
                let oldCount = buffer.count
                buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
                let read = buffer.withUnsafeMutableBufferPointer { pointer in
                    fread(pointer.baseAddress! + oldCount, 1, Self.chunkSize, file)
                }
                buffer.removeLast(Self.chunkSize - read)
                if read == 0 { atEnd = true }
            }
        }

        private func parse(_ line: [UInt8]) -> Line? {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
            do {
                let value = try JSONParser.parse(line, file: displayName, firstLine: lineNumber)
                return Line(number: lineNumber, bytes: line, value: .success(value))
            } catch {
                return Line(number: lineNumber, bytes: line, value: .failure(error))
            }
        }
    }
}
