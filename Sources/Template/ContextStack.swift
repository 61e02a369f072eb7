/// The context stack a page is rendered against. A small map pushed by a section (a list item,
/// typically) is copied into flat key and member arrays, so the names read inside the section
/// are found by comparing a few short strings instead of hashing each one (hashing a `String`
/// costs several hundred instructions; a list item is read five or six times).
///
/// The arrays only grow: popping a frame moves a logical end back and the next push overwrites
/// the slots, so after the first list item nothing is allocated or shifted.
struct ContextStack {
    /// The frames, innermost last (`values[0..<depth]`).
    private var values: [Value] = []
    /// Per frame: where its members start in `keys`/`members`, or -1 for a frame read through
    /// its dictionary (large maps, the root) or holding no members (lists, strings, …).
    private var starts: [Int] = []
    private var depth = 0
    private var keys: [String] = []
    private var keyLengths: [Int] = []
    private var members: [Value] = []
    /// The logical end of `keys`, `keyLengths` and `members`.
    private var memberEnd = 0

    /// Maps up to this size are flattened when pushed.
    static let flattenLimit = 16

    init(root: Value) {
        values.reserveCapacity(16)
        starts.reserveCapacity(16)
        push(root, flatten: false)
    }

    /// The innermost frame.
    var top: Value { values[depth - 1] }

    /// The frames, innermost last.
    var frames: ArraySlice<Value> { values[0..<depth] }

    mutating func push(_ value: Value) { push(value, flatten: true) }

    private mutating func push(_ value: Value, flatten: Bool) {
        var start = -1
        if flatten, case .map(let dictionary) = value, dictionary.count <= ContextStack.flattenLimit {
            start = memberEnd
            for (key, member) in dictionary {
                if memberEnd < keys.count {
                    keys[memberEnd] = key
                    keyLengths[memberEnd] = key.utf8.count
                    members[memberEnd] = member
                } else {
                    keys.append(key)
                    keyLengths.append(key.utf8.count)
                    members.append(member)
                }
                memberEnd += 1
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

    mutating func pop() {
        depth -= 1
        let start = starts[depth]
        if start >= 0 { memberEnd = start }
    }

    /// The value of `key` in the innermost frame that has it.
    func lookup(_ key: String) -> Value? {
        let length = key.utf8.count
        var frame = depth - 1
        var end = memberEnd
        while frame >= 0 {
            let start = starts[frame]
            if start >= 0 {
                var index = start
                while index < end {
                    if keyLengths[index] == length, keys[index] == key { return members[index] }
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
}
