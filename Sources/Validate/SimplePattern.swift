/// A fast way to say yes for the simplest XML Schema patterns, such as `[^\s#]+` (an id) or
/// `[A-Za-z0-9][A-Za-z0-9_.:\-]*`: a sequence of character classes, each once, optional
/// (`?`), any number of times (`*`) or at least once (`+`), over ASCII.
///
/// It only ever says yes (the value matches) or "ask libxml2": a greedy match that succeeds
/// has found a way to match the whole value, so the value is in the pattern's language; a
/// greedy match that fails, a value with a byte outside ASCII, or a pattern outside this
/// subset leaves the answer to libxml2's own engine, so the meaning is libxml2's throughout.
struct SimplePattern: Sendable {
    /// One class and how many times it may repeat.
    private struct Item: Sendable {
        /// `members[byte]` for ASCII bytes.
        var members: [Bool]
        var minimum: Int
        var unbounded: Bool
    }

    private let items: [Item]

    /// Nil when `pattern` is outside the subset.
    init?(_ pattern: String) {
        var scalars = Array(pattern.unicodeScalars)[...]
        var items: [Item] = []
        while let first = scalars.first {
            var members = [Bool](repeating: false, count: 128)
            if first == "[" {
                scalars.removeFirst()
                guard let parsed = Self.bracket(&scalars) else { return nil }
                members = parsed
            } else if first == "\\" {
                scalars.removeFirst()
                guard let escaped = scalars.popFirst(), let set = Self.escape(escaped) else { return nil }
                members = set
            } else if first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) || "-_:/".unicodeScalars.contains(first) {
                scalars.removeFirst()
                members[Int(first.value)] = true
            } else {
                return nil
            }
            var item = Item(members: members, minimum: 1, unbounded: false)
            switch scalars.first {
            case "?": item.minimum = 0; scalars.removeFirst()
            case "*": item.minimum = 0; item.unbounded = true; scalars.removeFirst()
            case "+": item.unbounded = true; scalars.removeFirst()
            case "{": return nil
            default: break
            }
            // `?`/`*`/`+` right after a quantifier is not XML Schema syntax libxml2 would read
            // the same way; leave such patterns alone.
            if let next = scalars.first, "?*+{".unicodeScalars.contains(next) { return nil }
            items.append(item)
        }
        guard !items.isEmpty else { return nil }
        self.items = items
    }

    /// True when the value surely matches; false means "ask libxml2".
    func surelyMatches(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        for item in items {
            var count = 0
            while index < value.count, value[index] < 0x80, item.members[Int(value[index])], item.unbounded || count < 1 {
                index += 1
                count += 1
            }
            if count < item.minimum { return false }
        }
        return index == value.count
    }

    /// The members of a class after its `[`, up to and including `]`.
    private static func bracket(_ scalars: inout ArraySlice<Unicode.Scalar>) -> [Bool]? {
        var members = [Bool](repeating: false, count: 128)
        var negated = false
        if scalars.first == "^" {
            negated = true
            scalars.removeFirst()
        }
        var empty = true
        while let scalar = scalars.popFirst() {
            if scalar == "]" {
                guard !empty else { return nil }
                return negated ? members.map { !$0 } : members
            }
            empty = false
            var set: [Bool]
            var low: Unicode.Scalar?
            if scalar == "\\" {
                guard let escaped = scalars.popFirst(), let escapedSet = escape(escaped) else { return nil }
                set = escapedSet
                if escapedSet.filter({ $0 }).count == 1 { low = Unicode.Scalar(UInt8(escapedSet.firstIndex(of: true)!)) }
            } else {
                // `[`, and `-` outside a range (class subtraction, or a bare hyphen), are left
                // to libxml2.
                guard scalar.isASCII, scalar != "[", scalar != "-", scalar != "^" else { return nil }
                set = [Bool](repeating: false, count: 128)
                set[Int(scalar.value)] = true
                low = scalar
            }
            if scalars.first == "-" {
                scalars.removeFirst()
                guard let low, let high = scalars.popFirst(), high.isASCII, high != "\\", high != "[", high != "]", high != "-",
                    low.value <= high.value
                else { return nil }
                for value in low.value...high.value { set[Int(value)] = true }
            }
            for index in 0..<128 where set[index] { members[index] = true }
        }
        return nil
    }

    /// The members of an escape: `\s`, `\d`, `\n`, `\t`, `\r`, or escaped punctuation.
    private static func escape(_ scalar: Unicode.Scalar) -> [Bool]? {
        var set = [Bool](repeating: false, count: 128)
        switch scalar {
        case "s": for byte in [0x20, 0x09, 0x0A, 0x0D] { set[byte] = true }
        case "n": set[0x0A] = true
        case "t": set[0x09] = true
        case "r": set[0x0D] = true
        default:
            // `\d` is any Unicode digit: its ASCII members are 0-9, and a value with other
            // bytes is never judged here.
            if scalar == "d" {
                for byte in 0x30...0x39 { set[byte] = true }
                return set
            }
            guard "\\|.-^?*+{}()[]".unicodeScalars.contains(scalar) else { return nil }
            set[Int(scalar.value)] = true
        }
        return set
    }
}
