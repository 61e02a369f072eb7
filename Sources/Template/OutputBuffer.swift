#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one growing byte buffer a page is rendered into. It owns raw memory (hence
/// noncopyable): appending is a capacity check and a copy, without the generic bookkeeping of
/// `Array.append(contentsOf:)`, and escaping writes entities straight into it.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of what was written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written since `start`, valid until the next append.
    func written(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Whether nothing was written from `offset` on, or what was starts with a line break.
    func isBlank(from offset: Int) -> Bool {
        offset == count || base[offset] == UInt8(ascii: "\n")
            || (base[offset] == UInt8(ascii: "\r") && offset + 1 < count && base[offset + 1] == UInt8(ascii: "\n"))
    }

    /// Takes `range` out of what was written, moving the bytes after it back.
    mutating func remove(_ range: Range<Int>) {
        memmove(base + range.lowerBound, base + range.upperBound, count - range.upperBound)
        count -= range.count
    }

    /// What was written, as a string (the bytes are UTF-8 by construction).
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        (base, capacity) = OutputBuffer.grown(base, used: count, capacity: capacity, needed: needed)
    }

    /// Byte storage grown by doubling (the page buffer, `ByteMemo`'s arena, a
    /// `SharedFormatMemo.Key`): a new buffer of at least `needed` bytes and at least twice
    /// `capacity`, holding the `used` bytes of `old`, which is freed.
    static func grown(_ old: UnsafeMutablePointer<UInt8>, used: Int, capacity: Int, needed: Int)
        -> (UnsafeMutablePointer<UInt8>, capacity: Int)
    {
        var newCapacity = max(capacity * 2, 1)
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: old, count: used)
        old.deallocate()
        return (bigger, newCapacity)
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        OutputBuffer.copy(source, to: base + count, length)
        count += length
    }

    /// Copies bytes; short runs (most literals between tags, entities, dates) without calling
    /// `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, _ length: Int) {
        if length > 16 {
            destination.update(from: source, count: length)
        } else if length >= 8 {
            // Two overlapping eight-byte moves cover 8…16 bytes.
            let raw = UnsafeRawPointer(source)
            let target = UnsafeMutableRawPointer(destination)
            let head = raw.loadUnaligned(as: UInt64.self)
            let tail = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else {
            var index = 0
            while index < length {
                destination[index] = source[index]
                index += 1
            }
        }
    }

    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        append(start, count: buffer.count)
    }

    @inline(__always)
    mutating func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends text as it is.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends a number as `{{n}}` shows it: whole numbers as digits (written directly, this is
    /// the common case), others as Swift prints them ("1.21").
    mutating func appendPlainNumber(_ number: Double) {
        guard number.rounded() == number, abs(number) <= Value.largestExactWhole else {
            append(Value.plainText(of: number))
            return
        }
        var whole = Int64(number)
        reserve(17)
        if whole < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
            whole = -whole
        }
        var digits = 1
        var probe = whole / 10
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        } while whole > 0
    }

    /// Appends text with `& < > " '` replaced by entities, safe in element content and in quoted
    /// attribute values.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let length = utf8.count
        // Room for the worst case (every byte an entity of six bytes), so the loop never checks.
        reserve(length * 6)
        let table = OutputBuffer.escapeTable
        let raw = UnsafeRawPointer(source)
        var output = base + count
        var runStart = 0
        var index = 0
        while index < length {
            // Eight bytes at a time: most text has no special character in a given word.
            var stop = index + 1
            if index + 8 <= length {
                if !OutputBuffer.mayHoldSpecial(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                stop = index + 8
            }
            while index < stop {
                let entity = table[Int(source[index])]
                if entity != 0 {
                    let run = index - runStart
                    if run > 0 {
                        OutputBuffer.copy(source + runStart, to: output, run)
                        output += run
                    }
                    let replacementLength = OutputBuffer.entityLengths[Int(entity) - 1]
                    OutputBuffer.copy(OutputBuffer.entityText[Int(entity) - 1], to: output, replacementLength)
                    output += replacementLength
                    runStart = index + 1
                }
                index += 1
            }
        }
        let run = length - runStart
        if run > 0 {
            OutputBuffer.copy(source + runStart, to: output, run)
            output += run
        }
        count = output - base
    }

    /// Whether a word of eight bytes may contain `"` (0x22), `&` (0x26), `'` (0x27), `<` (0x3C)
    /// or `>` (0x3E). Setting bit 0 folds `&` onto `'` and bit 1 folds `<` onto `>`, so three
    /// zero-byte tests cover the five characters.
    @inline(__always)
    static func mayHoldSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
        return hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte((word | ones) ^ (ones &* 0x27))
            || hasZeroByte((word | (ones &* 2)) ^ (ones &* 0x3E))
    }

    /// For each byte, 0 or 1 + the index of its entity: one load per byte decides.
    nonisolated(unsafe) private static let escapeTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for (index, character) in ["&", "<", ">", "\"", "'"].enumerated() {
            table[Int(Character(character).asciiValue!)] = UInt8(index + 1)
        }
        return UnsafePointer(table)
    }()

    /// The entities for `&`, `<`, `>`, `"` and `'`, in memory that lives as long as the process.
    nonisolated(unsafe) private static let entityText: [UnsafePointer<UInt8>] = [
        "&amp;", "&lt;", "&gt;", "&quot;", "&#39;",
    ].map { entity in
        let bytes = Array(entity.utf8)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(copy)
    }
    private static let entityLengths = [5, 4, 4, 6, 5]
}

/// HTML escaping for text and attribute values, the same as `{{name}}` applies.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public static func escape(_ text: String) -> String {
        var buffer = OutputBuffer(capacity: text.utf8.count + 16)
        buffer.appendEscaped(text)
        return buffer.string
    }
}
