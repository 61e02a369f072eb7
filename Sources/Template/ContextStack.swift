/// The context stack a page is rendered against. A small map pushed by a section (a list item,
/// typically) is copied into one flat array of entries, so the names read inside the section
/// are found by comparing a few short strings instead of hashing each one (hashing a `String`
/// costs several hundred instructions; a list item is read five or six times).
///
/// The arrays only grow: popping a frame moves a logical end back and the next push overwrites
/// the slots, so after the first list item nothing is allocated or shifted.
struct ContextStack {
    private struct Entry {
        var key: String
        var length: Int
        var value: Value
    }

    /// The frames, innermost last (`values[0..<depth]`).
    private var values: [Value] = []
    /// Per frame: where its entries start, or -1 for a frame read through its dictionary
    /// (large maps) or holding no members (lists, strings, …).
    private var starts: [Int] = []
    private var depth = 0
    private var entries: [Entry] = []
    /// The logical end of `entries`.
    private var entryEnd = 0

    /// Maps up to this size are flattened when pushed.
    static let flattenLimit = 16

    init(root: Value) {
        values.reserveCapacity(16)
        starts.reserveCapacity(16)
        // A page's own members and a list item's or two: grown from empty, five or six
        // reallocations a page.
        entries.reserveCapacity(32)
        // A page's own context is a small map too (its fields and the frame's links, viewer,
        // kind, …), read for every name not found in a list item: flattened, with the hints, a
        // name is found at its slot without hashing it.
        push(root, flatten: true)
    }

    /// The innermost frame.
    var top: Value { values[depth - 1] }

    /// The frames, innermost last.
    var frames: ArraySlice<Value> { values[0..<depth] }

    mutating func push(_ value: Value) { push(value, flatten: true) }

    private mutating func push(_ value: Value, flatten: Bool) {
        var start = -1
        if flatten {
            switch value {
            case .map(let dictionary) where dictionary.count <= ContextStack.flattenLimit:
                start = entryEnd
                for (key, member) in dictionary { append(Entry(key: key, length: key.utf8.count, value: member)) }
            case .fields(let fields) where fields.count <= ContextStack.flattenLimit:
                start = entryEnd
                for (key, member) in fields.members { append(Entry(key: key, length: key.utf8.count, value: member)) }
            default:
                break
            }
        }
        if depth < values.count {
            values[depth] = value
            starts[depth] = start
        } else {
            values.append(value)
            starts.append(start)
        }
        depth += 1
    }

    @inline(__always)
    private mutating func append(_ entry: Entry) {
        if entryEnd < entries.count { entries[entryEnd] = entry } else { entries.append(entry) }
        entryEnd += 1
    }

    mutating func pop() {
        depth -= 1
        let start = starts[depth]
        if start >= 0 { entryEnd = start }
    }

    /// The value of `key` in the innermost frame that has it. `hint` is where the key was found
    /// in its frame last time (list items are built alike, so it is usually there again); it is
    /// updated.
    func lookup(_ key: String, hint: inout Int) -> Value? {
        let length = key.utf8.count
        var frame = depth - 1
        var end = entryEnd
        while frame >= 0 {
            let start = starts[frame]
            if start >= 0 {
                let guess = start + hint
                if guess < end, entries[guess].length == length, entries[guess].key == key {
                    return entries[guess].value
                }
                var index = start
                while index < end {
                    if entries[index].length == length, entries[index].key == key {
                        hint = index - start
                        return entries[index].value
                    }
                    index += 1
                }
                end = start
            } else if let found = values[frame].member(key) {
                return found
            }
            frame -= 1
        }
        return nil
    }

    /// The value of `key` in the innermost frame that has it.
    func lookup(_ key: String) -> Value? {
        var hint = 0
        return lookup(key, hint: &hint)
    }
}

/// Where each name was last found in its frame, per path object: a direct-mapped table keyed
/// by the path's address (collisions only cost a hint).
struct LookupHints {
    private var keys = [UInt](repeating: 0, count: 256)
    private var hints = [Int](repeating: 0, count: 256)

    @inline(__always)
    private static func slot(_ key: UInt) -> Int { Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12)) & 255 }

    @inline(__always)
    func hint(for path: Path) -> Int {
        let key = UInt(bitPattern: ObjectIdentifier(path))
        let slot = LookupHints.slot(key)
        return keys[slot] == key ? hints[slot] : 0
    }

    @inline(__always)
    mutating func set(_ hint: Int, for path: Path) {
        let key = UInt(bitPattern: ObjectIdentifier(path))
        let slot = LookupHints.slot(key)
        keys[slot] = key
        hints[slot] = hint
    }
}
