import Foundation
import VantageCore

/// Finds the members of a JSON document's root object, and where the elements of its arrays
/// are (`ElementIndex`), without building any value: an export's records can then be parsed one
/// by one on the reading thread instead of all at once into one large tree. It checks only the
/// structure it walks; anything it cannot read is left to `JSONParser`, which names the place
/// exactly.
///
/// It reads forward only, a window of bytes at a time: the whole document when it is already in
/// memory (`members(of:)`), or a file one block at a time (`members(ofFile:)`), so that a
/// streamed document is scanned without ever being held whole (a Change Jar users document is
/// about 125 bytes a person: 20 MB at 160,000 people, once the highest point of a JSON Lines
/// import). Ranges are offsets in the document either way.
struct JSONScanner {
    /// One member of the root object: its value's range, and where its elements are if it is
    /// an array.
    struct Member {
        let key: String
        let value: Range<Int>
        let elements: ElementIndex?
    }

    /// The size of a file's blocks.
    static let blockSize = 1 << 20

    /// The root object's members, or nil when the document is not an object this scanner can
    /// walk (the caller then parses it fully for the exact error).
    static func members(of bytes: UnsafeBufferPointer<UInt8>) -> [Member]? {
        var scanner = JSONScanner(window: bytes, refill: nil)
        return scanner.rootMembers()
    }

    /// The members of the document in the open file `handle`, read from where it stands in
    /// blocks of `blockSize` bytes (only one block is held); nil as for `members(of:)`, or when
    /// the file cannot be read.
    static func members(ofFile handle: UnsafeMutablePointer<FILE>, blockSize: Int = blockSize) -> [Member]? {
        var stoppedAt = 0
        return members(ofFile: handle, blockSize: blockSize, stoppedAt: &stoppedAt)
    }

    /// `members(ofFile:)`, and the offset the scan stopped at when it could not walk the
    /// document (the parser's first error is at or before it).
    static func members(ofFile handle: UnsafeMutablePointer<FILE>, blockSize: Int = blockSize, stoppedAt: inout Int)
        -> [Member]?
    {
        let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, blockSize))
        defer { block.deallocate() }
        var failed = false
        var scanner = JSONScanner(window: UnsafeBufferPointer(start: block.baseAddress, count: 0)) {
            let count = fread(block.baseAddress!, 1, block.count, handle)
            if count == 0, ferror(handle) != 0 { failed = true }
            return UnsafeBufferPointer(start: block.baseAddress, count: count)
        }
        let members = scanner.rootMembers()
        stoppedAt = scanner.position
        return failed ? nil : members
    }

    /// The bytes at hand, and where they start in the document.
    private var window: UnsafeBufferPointer<UInt8>
    private var windowStart = 0
    /// The next byte's index in `window`.
    private var index = 0
    /// The next window (empty at the end of the document); nil when `window` is all there is.
    private let refill: (() -> UnsafeBufferPointer<UInt8>)?

    private init(window: UnsafeBufferPointer<UInt8>, refill: (() -> UnsafeBufferPointer<UInt8>)?) {
        self.window = window
        self.refill = refill
    }

    /// The offset of the next byte in the document.
    var position: Int { windowStart + index }

    /// True when a byte is at hand (reading the next window when this one is used up).
    private mutating func more() -> Bool {
        if index < window.count { return true }
        guard let refill else { return false }
        windowStart += window.count
        index = 0
        window = refill()
        return !window.isEmpty
    }

    /// The next byte, not taken; nil at the end.
    private mutating func peek() -> UInt8? { more() ? window[index] : nil }

    private mutating func rootMembers() -> [Member]? {
        if peek() == 0xEF {  // a byte-order mark, or nothing this scanner reads
            for byte: UInt8 in [0xEF, 0xBB, 0xBF] { guard take(byte) else { return nil } }
        }
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var members: [Member] = []
        var keys: Set<JSONName> = []  // (a look across the members for each was quadratic)
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return finished() ? members : nil }
        while true {
            skipWhitespace()
            var keyBytes: [UInt8] = []
            guard skipString(keeping: &keyBytes) else { return nil }
            guard let key = try? JSONParser.parse(keyBytes, file: "").stringValue else { return nil }
            // A repeated name: the parser reports it at its line and column.
            guard keys.insert(JSONName(key)).inserted else { return nil }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let valueStart = position
            var elements: ElementIndex?
            if peek() == UInt8(ascii: "[") {
                guard let ranges = arrayElements() else { return nil }
                elements = ranges
            } else {
                guard skipValue() else { return nil }
            }
            members.append(Member(key: key, value: valueStart..<position, elements: elements))
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            if take(UInt8(ascii: "}")) { break }
            return nil
        }
        return finished() ? members : nil
    }

    private mutating func finished() -> Bool {
        skipWhitespace()
        return !more()
    }

    private mutating func arrayElements() -> ElementIndex? {
        index += 1  // the `[`, at hand
        var elements = ElementIndex()
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return elements }
        while true {
            skipWhitespace()
            let start = position
            guard skipValue() else { return nil }
            elements.append(start..<position)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            if take(UInt8(ascii: "]")) { return elements }
            return nil
        }
    }

    /// The ranges of `count` consecutive elements of an array in `bytes`, which begins with the
    /// first byte of an element: the first `skip` are passed over, the rest returned (offsets
    /// in `bytes`); nil when `bytes` does not hold them (a file changed since it was scanned).
    static func elements(in bytes: UnsafeBufferPointer<UInt8>, skip: Int, count: Int) -> [Range<Int>]? {
        var scanner = JSONScanner(window: bytes, refill: nil)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        for element in 0..<(skip + count) {
            if element > 0 {
                scanner.skipWhitespace()
                guard scanner.take(UInt8(ascii: ",")) else { return nil }
                scanner.skipWhitespace()
            }
            let start = scanner.position
            guard scanner.skipValue() else { return nil }
            if element >= skip { ranges.append(start..<scanner.position) }
        }
        return ranges
    }

    /// Skips one value of any kind; false at anything unexpected.
    private mutating func skipValue() -> Bool {
        guard let first = peek() else { return false }
        switch first {
        case UInt8(ascii: "\""):
            var none: [UInt8]?
            return skipString(keeping: &none)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while more() {
                switch window[index] {
                case UInt8(ascii: "\""):
                    var none: [UInt8]?
                    guard skipString(keeping: &none) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            // A number or a literal: its bytes are digits, signs, points and letters (`nul` and
            // `True` too, for the parser to name). Anything else ends it, and no value is made
            // of it: a run of NUL bytes is not walked to the end of a file of gigabytes as one
            // element, to be read back whole for the error at its first byte.
            let start = position
            while more() {
                let byte = window[index]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    index += 1
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                    return position > start
                default:
                    return false
                }
            }
            return position > start
        }
    }

    /// Skips a string, appending its bytes (quotes included) to `kept` when there is one.
    /// `memchr` finds each double quote (the text of quotes and ideas is most of an export's
    /// bytes); a quote after an odd number of backslashes is escaped. Backslashes are counted
    /// back only to where this window's search began: a run that ends a window carries its
    /// parity into the next (`escaped`), whose first byte it then escapes.
    private mutating func skipString(keeping kept: inout [UInt8]?) -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        kept?.append(UInt8(ascii: "\""))
        var escaped = false
        while more() {
            if escaped {
                kept?.append(window[index])
                index += 1
                escaped = false
                continue
            }
            let base = window.baseAddress!
            let searched = index
            guard let found = memchr(base + index, 0x22, window.count - index) else {
                // No quote in the rest of this window: the string goes on in the next.
                if Self.holdsControlCharacter(base + index, count: window.count - index) { return false }
                var backslashes = 0
                while window.count - backslashes - 1 >= searched, base[window.count - backslashes - 1] == 0x5C { backslashes += 1 }
                escaped = backslashes % 2 == 1
                kept?.append(contentsOf: UnsafeBufferPointer(start: base + index, count: window.count - index))
                index = window.count
                continue
            }
            let quote = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            // A line feed (any control character) cannot be in a string: where one is, a quote
            // is missing before it, and every string after it would be read inside out, so that
            // the walk could succeed with members swallowed ("the field is missing", no place).
            // The parser names the place instead.
            if Self.holdsControlCharacter(base + index, count: quote - index) { return false }
            var backslashes = 0
            while quote - backslashes - 1 >= searched, base[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            kept?.append(contentsOf: UnsafeBufferPointer(start: base + index, count: quote + 1 - index))
            index = quote + 1
            if backslashes % 2 == 0 { return true }
        }
        return false
    }

    /// Whether any of the `count` bytes at `start` is below U+0020, eight at a time: a word
    /// holds a byte below 0x20 exactly when `(w - 0x20…20) & ~w & 0x80…80` is not zero.
    static func holdsControlCharacter(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            offset += 8
        }
        while offset < count {
            if start[offset] < 0x20 { return true }
            offset += 1
        }
        return false
    }

    private mutating func skipString(keeping kept: inout [UInt8]) -> Bool {
        var some: [UInt8]? = kept
        defer { kept = some ?? [] }
        return skipString(keeping: &some)
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard more(), window[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while more() {
            switch window[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}

/// Where the elements of one of a document's arrays are: how many, and the offset of every
/// 64th one's first byte and of the last one's end. A run of elements is found again by
/// reading from the anchor before it (`JSONScanner.elements(in:skip:count:)`): 8 bytes per 64
/// elements rather than 16 bytes each (a range per element was 12.8 MB of a 40,000-person JSON
/// export's 800,000 quotes, and grew with them).
struct ElementIndex: Sendable, Equatable {
    static let stride = 64

    private(set) var count = 0
    /// `anchors[g]`: where element `g * stride` starts.
    private(set) var anchors: [Int] = []
    /// Where the last element ends.
    private(set) var end = 0

    init() {}

    /// The index of the elements at `ranges`, in order.
    init(_ ranges: [Range<Int>]) {
        for range in ranges { append(range) }
    }

    /// Adds the next element, at `range`.
    mutating func append(_ range: Range<Int>) {
        if count % Self.stride == 0 { anchors.append(range.lowerBound) }
        count += 1
        end = range.upperBound
    }

    /// The bytes that hold the elements `indices` (from the anchor at or before the first, to
    /// the anchor after the last or the end), and how many elements come first in them.
    func cover(_ indices: Range<Int>) -> (bytes: Range<Int>, skip: Int) {
        let group = indices.lowerBound / Self.stride
        let next = (indices.upperBound + Self.stride - 1) / Self.stride
        let upper = indices.upperBound < count && next < anchors.count ? anchors[next] : end
        return (anchors[group]..<upper, indices.lowerBound - group * Self.stride)
    }
}
