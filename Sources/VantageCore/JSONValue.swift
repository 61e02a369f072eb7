#if canImport(Glibc)
    import Glibc
#endif

/// A parsed JSON value. Objects keep their keys in document order, so nothing downstream
/// depends on the (per-process random) order of a `Dictionary`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, when this is a number.
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The bool, when this is a bool.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, when this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// True for `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The JSON type name used in messages ("a string", "an object", …).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object whose members keep document order; lookups by key are linear, which is
/// faster than hashing for the handful of keys a record has.
public struct JSONObject: Sendable, Equatable {
    public var keys: [String]
    public var values: [JSONValue]

    public init(keys: [String] = [], values: [JSONValue] = []) {
        self.keys = keys
        self.values = values
    }

    /// The value of the last member named `key` (JSON's usual duplicate rule), or nil. Names
    /// are compared by their code points (`sameName`): a member written `"\u212Aey"` (KELVIN
    /// SIGN) is not the member `"Key"`, which Swift's `==` would take it for.
    public subscript(key: String) -> JSONValue? {
        var index = keys.count - 1
        while index >= 0 {
            if JSONObject.sameName(keys[index], key) { return values[index] }
            index -= 1
        }
        return nil
    }

    /// Whether two member names are the same name: the same code points, as JSON (RFC 8259)
    /// and every other reader of the file compare them. Swift's `String` equality is canonical
    /// equivalence, under which "Café" in NFC and in NFD are one.
    @inline(__always)
    public static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Native strings hold their UTF-8 in one piece: one `memcmp` (a field's name is looked up
        // for every member of every record read through a `JSONObject`).
        let compared: Bool?? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        if let compared, let compared { return compared }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Members in document order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }
}

/// A member name that hashes and compares by its code points (`JSONObject.sameName`), for sets
/// of names: a `Set<String>` takes two canonically-equivalent names for one.
public struct JSONName: Hashable, Sendable {
    /// The name as written (escapes read).
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: JSONName, rhs: JSONName) -> Bool { JSONObject.sameName(lhs.text, rhs.text) }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
