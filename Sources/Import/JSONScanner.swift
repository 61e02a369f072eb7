import Foundation
import VantageCore

/// Finds the members of a JSON document's root object, and the byte range of every element of
/// its arrays, without building any value: an export's records can then be parsed one by one on
/// the reading thread instead of all at once into one large tree. It checks only the structure
/// it walks; anything it cannot read is left to `JSONParser`, which names the place exactly.
struct JSONScanner {
    /// One member of the root object: its value's range, and its elements' if it is an array.
    struct Member {
        let key: String
        let value: Range<Int>
        let elements: [Range<Int>]?
    }

    /// The root object's members, or nil when the document is not an object this scanner can
    /// walk (the caller then parses it fully for the exact error).
    static func members(of bytes: UnsafeBufferPointer<UInt8>) -> [Member]? {
        var scanner = JSONScanner(bytes: bytes)
        return scanner.rootMembers()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func rootMembers() -> [Member]? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var members: [Member] = []
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return finished() ? members : nil }
        while true {
            skipWhitespace()
            let keyStart = position
            guard skipString() else { return nil }
            guard let key = try? JSONParser.parse(Array(bytes[keyStart..<position]), file: "").stringValue else { return nil }
            // A repeated name: the parser reports it at its line and column.
            if members.contains(where: { $0.key == key }) { return nil }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let valueStart = position
            var elements: [Range<Int>]?
            if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
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
        return position == bytes.count
    }

    private mutating func arrayElements() -> [Range<Int>]? {
        position += 1
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return ranges }
        while true {
            skipWhitespace()
            let start = position
            guard skipValue() else { return nil }
            ranges.append(start..<position)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            if take(UInt8(ascii: "]")) { return ranges }
            return nil
        }
    }

    /// Skips one value of any kind; false at anything unexpected.
    private mutating func skipValue() -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                default:
                    break
                }
                position += 1
            }
            return false
        default:
            let start = position
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                    return position > start
                default:
                    position += 1
                }
            }
            return position > start
        }
    }

    /// Skips a string: `memchr` finds each double quote (the text of quotes and ideas is most
    /// of an export's bytes), and a quote after an odd number of backslashes is escaped.
    private mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        guard let base = bytes.baseAddress else { return false }
        while position < bytes.count {
            guard let found = memchr(base + position, 0x22, bytes.count - position) else {
                position = bytes.count
                return false
            }
            let quote = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 >= position, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            position = quote + 1
            if backslashes % 2 == 0 { return true }
        }
        return false
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }
}
