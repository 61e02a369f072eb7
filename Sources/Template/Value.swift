import VantageCore

/// A typed context value: what templates read. Built from JSON, from literals in tests, or by
/// the site's view models; never `Any` inspected by reflection.
public enum Value: Sendable {
    /// No value (JSON `null`): renders as the empty string and is falsy.
    case null
    /// A boolean: `false` hides a section.
    case bool(Bool)
    /// A number, rendered without a trailing ".0" when it is whole.
    case number(Double)
    /// Text, escaped when interpolated with `{{name}}`.
    case string(String)
    /// A list: a section repeats once per element; an empty list is falsy.
    case list([Value])
    /// A map of names to values: a section pushes it on the context stack.
    case map([String: Value])
    /// A small map kept as its members in the order written, with distinct names: read as a
    /// `map` is, everywhere. A list item the site builds for every entry of every page is one
    /// (a `[String: Value]` hashed each name when it was made, and the context stack only
    /// ever walks the members of a small map).
    case fields(Fields)
    /// Trusted markup produced by the engine's own helpers: interpolated without escaping.
    case html(String)
    /// A Swift closure following the Mustache `~lambdas` module.
    case lambda(Lambda)
}

extension Value {
    /// Converts parsed JSON; for duplicate object keys the last member wins, as JSON readers do.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .list(elements.map(Value.init(json:)))
        case .object(let object):
            var members: [String: Value] = [:]
            members.reserveCapacity(object.keys.count)
            for (key, value) in object.members { members[key] = Value(json: value) }
            self = .map(members)
        }
    }

    /// Whether a section shows its content: `null`, `false`, `""` and `[]` are falsy; every
    /// number (0 included), map and lambda is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number, .map, .fields, .lambda: return true
        case .string(let text): return !text.isEmpty
        case .html(let text): return !text.isEmpty
        case .list(let elements): return !elements.isEmpty
        }
    }

    /// The member named `key` when this is a map.
    @inlinable
    public subscript(key: String) -> Value? {
        switch self {
        case .map(let members): return members[key]
        case .fields(let fields): return fields.member(key)
        default: return nil
        }
    }

    /// The member named `key` of a map (nil for every other kind).
    @inline(__always)
    func member(_ key: String) -> Value? {
        switch self {
        case .map(let members):
            // A map of a few members (`speaker.name`, `speaker.href`) is read faster by
            // comparing its keys than by hashing the name.
            if members.count <= Value.scannedMapLimit {
                for (name, member) in members where name == key { return member }
                return nil
            }
            return members[key]
        case .fields(let fields): return fields.member(key)
        default: return nil
        }
    }

    /// Maps up to this size are searched by comparing keys (`member`).
    static let scannedMapLimit = 4

    /// The kind of value, for messages ("a list", "a map", …).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .map, .fields: return "a map"
        case .html: return "markup"
        case .lambda: return "a lambda"
        }
    }
}

extension Value {
    /// 2^53: every whole number up to it is a double exactly, and is shown as its digits.
    static let largestExactWhole = 9_007_199_254_740_992.0

    /// The text of a number as `{{n}}` shows it: "85", "1.21", "-3"; locale-independent
    /// (the `number` helper gives localised numbers).
    static func plainText(of number: Double) -> String {
        if number.rounded() == number, abs(number) <= largestExactWhole {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension Value: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// A number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Value: ExpressibleByFloatLiteral {
    /// A number value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// A list value from an array literal.
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// A map value from a dictionary literal (a repeated key keeps its last value).
    public init(dictionaryLiteral elements: (String, Value)...) {
        var members: [String: Value] = [:]
        for (key, value) in elements { members[key] = value }
        self = .map(members)
    }
}

extension Value: ExpressibleByNilLiteral {
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
}

/// The members of a `Value.fields` map, in the order written. Names are distinct (as in a
/// dictionary literal); the first of a repeated name would be the one read.
public struct Fields: Sendable, ExpressibleByDictionaryLiteral {
    /// The members, in order.
    public private(set) var members: [(String, Value)]

    /// Members from a dictionary literal, in its order.
    public init(dictionaryLiteral elements: (String, Value)...) { members = elements }

    /// Members from pairs, in their order.
    public init(_ members: [(String, Value)]) { self.members = members }

    /// How many members there are.
    public var count: Int { members.count }

    /// The member named `key`.
    @inlinable
    public func member(_ key: String) -> Value? {
        // The lengths first: most names differ in theirs, and comparing two strings costs
        // more than comparing two numbers.
        let length = key.utf8.count
        for (name, value) in members where name.utf8.count == length && name == key { return value }
        return nil
    }
}
