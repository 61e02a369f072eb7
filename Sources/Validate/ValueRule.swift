@preconcurrency import CLibXML2

/// The values the schema allows for one attribute: any text, literals, or XML Schema patterns.
/// Patterns are matched by libxml2's own regular-expression engine, so they mean exactly what
/// they mean to the RELAX NG validator.
struct ValueRule: @unchecked Sendable {
    var anyText = false
    var literals: [String] = []
    var patterns: [String] = []
    /// The schema's description in words (`v:expected`), when it gives one.
    var expected: String?
    private var compiled: [CompiledPattern] = []

    mutating func addPattern(_ pattern: String) {
        patterns.append(pattern)
        compiled.append(CompiledPattern(pattern))
    }

    mutating func merge(_ other: ValueRule) {
        anyText = anyText || other.anyText
        literals += other.literals
        patterns += other.patterns
        compiled += other.compiled
        if expected == nil { expected = other.expected }
    }

    /// True when `value` is allowed.
    func accepts(_ value: String) -> Bool {
        if anyText || literals.contains(value) { return true }
        return compiled.contains { $0.matches(value) }
    }

    /// The allowed values in words: the schema's description, or the literal choices of a
    /// pattern such as `ltr|rtl` ("one of ltr, rtl"), or the pattern itself.
    var expectation: String {
        if let expected { return expected }
        var words: [String] = literals.map { $0.isEmpty ? "\"\"" : $0 }
        var others: [String] = []
        for pattern in patterns {
            if let choices = Self.literalChoices(pattern) {
                words += choices
            } else {
                others.append(pattern)
            }
        }
        words = Self.unique(words)
        others = Self.unique(others)
        if others.isEmpty { return words.count == 1 ? words[0] : "one of " + words.joined(separator: ", ") }
        let all = words + others.map { "a value matching \($0)" }
        return all.joined(separator: " or ")
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
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
            !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0) }
        }
        guard plain else { return nil }
        return (optional ? ["\"\""] : []) + words
    }
}

/// One compiled XML Schema regular expression (freed with the model, which lives for the
/// process).
private final class CompiledPattern: @unchecked Sendable {
    private let regexp: xmlRegexpPtr?

    init(_ pattern: String) {
        regexp = xmlRegexpCompile(pattern)
    }

    deinit { if let regexp { xmlRegFreeRegexp(regexp) } }

    func matches(_ value: String) -> Bool {
        guard let regexp else { return true }
        return xmlRegexpExec(regexp, value) == 1
    }
}
