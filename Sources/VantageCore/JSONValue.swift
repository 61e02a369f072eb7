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

    /// The value of the last member named `key` (JSON's usual duplicate rule), or nil.
    public subscript(key: String) -> JSONValue? {
        var index = keys.count - 1
        while index >= 0 {
            if keys[index] == key { return values[index] }
            index -= 1
        }
        return nil
    }

    /// Members in document order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }
}
