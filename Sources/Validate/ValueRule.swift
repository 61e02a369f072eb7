import Foundation
@preconcurrency import CLibXML2

/// The values the schema allows for one attribute: any text, literals, or XML Schema patterns.
/// Patterns are matched by libxml2's own regular-expression engine (compiled once), so they
/// mean exactly what they mean to a RELAX NG validator; a pattern that only lists words
/// (`ltr|rtl`) becomes a set lookup.
struct ValueRule: @unchecked Sendable {
    var anyText = false
    private(set) var literals: Set<String> = []
    /// Literals in schema order, for messages.
    private(set) var orderedLiterals: [String] = []
    /// The literals' UTF-8 bytes, in the same order (for `accepts(bytes:)`).
    private var literalBytes: [[UInt8]] = []
    private(set) var patterns: [String] = []
    /// The schema's description in words (`v:expected`), when it gives one.
    var expected: String?
    private var compiled: [CompiledPattern] = []

    mutating func addLiteral(_ literal: String) {
        if literals.insert(literal).inserted {
            orderedLiterals.append(literal)
            literalBytes.append(Array(literal.utf8))
        }
    }

    mutating func addPattern(_ pattern: String) {
        if let words = Self.literalChoices(pattern) {
            for word in words { addLiteral(word) }
        } else {
            patterns.append(pattern)
            compiled.append(CompiledPattern(pattern))
        }
    }

    mutating func merge(_ other: ValueRule) {
        anyText = anyText || other.anyText
        for literal in other.orderedLiterals { addLiteral(literal) }
        for (pattern, compiledPattern) in zip(other.patterns, other.compiled) where !patterns.contains(pattern) {
            patterns.append(pattern)
            compiled.append(compiledPattern)
        }
        if expected == nil { expected = other.expected }
    }

    /// True when `value` is allowed.
    func accepts(_ value: String) -> Bool {
        if anyText { return true }
        // A short list is faster to compare than to hash into.
        if orderedLiterals.count <= 16 {
            if orderedLiterals.contains(value) { return true }
        } else if literals.contains(value) {
            return true
        }
        return compiled.contains { $0.matches(value) }
    }

    /// True when `value`, as UTF-8 bytes, is allowed. Literals are compared byte for byte, so
    /// this may refuse a value `accepts(_:)` takes (a canonically equivalent spelling), never
    /// the other way round; patterns see the same bytes either way.
    func accepts(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
        if anyText { return true }
        // Borrowed in place: this runs for most attributes of every page, and iterating the
        // arrays by value would count references to each literal and pattern.
        let literal = literalBytes.withUnsafeBufferPointer { literals in
            for literal in literals where literal.count == value.count {
                if literal.isEmpty || literal.withUnsafeBufferPointer({ memcmp($0.baseAddress!, value.baseAddress!, value.count) == 0 }) {
                    return true
                }
            }
            return false
        }
        if literal { return true }
        return compiled.withUnsafeBufferPointer { patterns in
            for pattern in patterns where pattern.matches(bytes: value) { return true }
            return false
        }
    }

    /// The allowed values in words: the schema's description, else the literal choices
    /// ("one of ltr, rtl"), else the patterns.
    var expectation: String {
        if let expected { return expected }
        let words = orderedLiterals.map { $0.isEmpty ? "\"\"" : $0 }
        if patterns.isEmpty { return words.count == 1 ? words[0] : "one of " + words.joined(separator: ", ") }
        let all = (words.isEmpty ? [] : ["one of " + words.joined(separator: ", ")]) + patterns.map { "a value matching \($0)" }
        return all.joined(separator: " or ")
    }

    /// The words of a pattern made only of alternatives of plain words (`a|b|c`, `(open)?`).
    private static func literalChoices(_ pattern: String) -> [String]? {
        var body = pattern
        var optional = false
        if body.hasPrefix("("), body.hasSuffix(")?") {
            body = String(body.dropFirst().dropLast(2))
            optional = true
        }
        let words = body.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let plain = words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
        }
        guard plain else { return nil }
        return (optional ? [""] : []) + words
    }
}

/// One compiled XML Schema regular expression, shared read-only by every thread (libxml2
/// matches with a context on the caller's stack).
final class CompiledPattern: @unchecked Sendable {
    private let regexp: xmlRegexpPtr?
    /// A quicker yes for the simplest patterns (`SimplePattern`) and for `datetime` and
    /// language tags (`KnownPattern`); libxml2 decides the rest.
    let simple: SimplePattern?
    let known: KnownPattern?

    init(_ pattern: String) {
        regexp = xmlRegexpCompile(pattern)
        simple = SimplePattern(pattern)
        known = KnownPattern(pattern)
    }

    deinit { if let regexp { xmlRegFreeRegexp(regexp) } }

    func matches(_ value: String) -> Bool {
        guard let regexp else { return true }
        return xmlRegexpExec(regexp, value) == 1
    }

    /// The same match on bytes that hold no NUL (an XML attribute value cannot).
    func matches(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard regexp != nil else { return true }
        if let known, known.surelyMatches(value) { return true }
        if let simple, simple.surelyMatches(value) { return true }
        return libxml2Matches(bytes: value)
    }

    /// libxml2's own verdict on bytes.
    func libxml2Matches(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let regexp else { return true }
        return withUnsafeTemporaryAllocation(of: xmlChar.self, capacity: value.count + 1) { buffer in
            if let base = value.baseAddress { buffer.baseAddress!.update(from: base, count: value.count) }
            buffer[value.count] = 0
            return xmlRegexpExec(regexp, buffer.baseAddress!) == 1
        }
    }
}
