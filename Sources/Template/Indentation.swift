/// The indentation of the standalone partials and blocks being expanded, written at the start
/// of each output line: `bytes[start..<end]`. Expanding a standalone partial appends its
/// indentation; an inline one starts an empty indentation on top. Restoring is setting two
/// integers back, so nothing is shifted or freed while rendering.
struct Indentation {
    private var bytes: [UInt8] = []
    private(set) var start = 0
    private(set) var end = 0

    var isEmpty: Bool { start == end }

    /// Where to return to after an expansion.
    var mark: (start: Int, end: Int) { (start, end) }

    mutating func restore(_ mark: (start: Int, end: Int)) {
        start = mark.start
        end = mark.end
    }

    /// Adds to the current indentation.
    mutating func extend(by more: [UInt8]) {
        for byte in more {
            if end < bytes.count { bytes[end] = byte } else { bytes.append(byte) }
            end += 1
        }
    }

    /// Starts over with no indentation (until `restore`).
    mutating func clear() { start = end }

    /// Writes the current indentation.
    func write(into output: inout OutputBuffer) {
        bytes.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
