/// The context stack a page is rendered against. A small map pushed by a section (a list item,
/// typically) is copied into flat key and member arrays, so the names read inside the section
/// are found by comparing a few short strings instead of hashing each one (hashing a `String`
/// costs several hundred instructions; a list item is read five or six times). The arrays keep
/// their capacity from item to item, so pushing allocates nothing after the first item.
struct ContextStack {
    /// The frames, innermost last.
    private(set) var values: [Value] = []
    /// Per frame: where its members start in `keys`/`members`, or -1 for a frame read through
    /// its dictionary (large maps, the root) or holding no members (lists, strings, …).
    private var starts: [Int] = []
    private var keys: [String] = []
    private var keyLengths: [Int] = []
    private var members: [Value] = []

    /// Maps up to this size are flattened when pushed.
    static let flattenLimit = 16

    init(root: Value) {
        values.reserveCapacity(16)
        starts.reserveCapacity(16)
        keys.reserveCapacity(64)
        keyLengths.reserveCapacity(64)
        members.reserveCapacity(64)
        values.append(root)
        starts.append(-1)
    }

    var top: Value { values[values.count - 1] }

    mutating func push(_ value: Value) {
        values.append(value)
        if case .map(let dictionary) = value, dictionary.count <= ContextStack.flattenLimit {
            starts.append(keys.count)
            for (key, member) in dictionary {
                keys.append(key)
                keyLengths.append(key.utf8.count)
                members.append(member)
            }
        } else {
            starts.append(-1)
        }
    }

    mutating func pop() {
        let start = starts.removeLast()
        if start >= 0 {
            let count = keys.count - start
            keys.removeLast(count)
            keyLengths.removeLast(count)
            members.removeLast(count)
        }
        values.removeLast()
    }

    /// The value of `key` in the innermost frame that has it.
    func lookup(_ key: String) -> Value? {
        let length = key.utf8.count
        var frame = values.count - 1
        var end = keys.count
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
