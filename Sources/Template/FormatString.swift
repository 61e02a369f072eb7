/// A catalog value split into literal text and printf-style specifiers as Xcode writes them:
/// `%@`, `%lld`, `%d`, `%1$@`, `%.1f`, `%%`, `%#@name@` (a substitution) and, inside a
/// substitution's variations, `%arg` (the substitution's own argument).
struct FormatString: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A specifier; `position` is the explicit `n$` (1-based), if any.
        case argument(position: Int?, FormatSpecifier)
        /// `%#@name@`.
        case substitution(name: String)
        /// `%arg` inside a substitution's variation.
        case substitutedArgument
    }

    let segments: [Segment]
    let text: String
    /// For each literal segment, its HTML-escaped UTF-8 (empty for the other segments), so a
    /// template writes catalog text with one copy.
    let escapedLiterals: [[UInt8]]

    var isEmpty: Bool { text.isEmpty }

    struct SyntaxError: Error { let message: String }

    init(_ text: String) throws(SyntaxError) {
        self.text = text
        var segments: [Segment] = []
        var literal = ""
        var scalars = Array(text.unicodeScalars)[...]
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { literal.unicodeScalars.append(scalar); continue }
            if scalars.first == "%" {
                scalars.removeFirst()
                literal.append("%")
                continue
            }
            if scalars.starts(with: "arg".unicodeScalars) {
                scalars.removeFirst(3)
                flush()
                segments.append(.substitutedArgument)
                continue
            }
            if scalars.starts(with: "#@".unicodeScalars) {
                scalars.removeFirst(2)
                guard let end = scalars.firstIndex(of: "@") else {
                    throw SyntaxError(message: "'%#@' starts a substitution that has no closing '@'")
                }
                let name = String(String.UnicodeScalarView(scalars[..<end]))
                scalars = scalars[scalars.index(after: end)...]
                flush()
                segments.append(.substitution(name: name))
                continue
            }
            flush()
            var position: Int? = nil
            let digits = scalars.prefix(while: { ("0"..."9").contains($0) })
            if !digits.isEmpty, scalars.dropFirst(digits.count).first == "$" {
                position = Int(String(String.UnicodeScalarView(digits)))
                scalars.removeFirst(digits.count + 1)
            }
            let specifier = try FormatSpecifier.parse(&scalars)
            segments.append(.argument(position: position, specifier))
        }
        flush()
        self.segments = segments
        self.escapedLiterals = FormatString.escape(segments)
    }

    static func escape(_ segments: [Segment]) -> [[UInt8]] {
        segments.map { segment in
            guard case .literal(let literal) = segment else { return [] }
            var buffer = OutputBuffer(capacity: literal.utf8.count + 8)
            buffer.appendEscaped(literal)
            return buffer.bytes
        }
    }

    static func == (lhs: FormatString, rhs: FormatString) -> Bool { lhs.segments == rhs.segments }
}

/// The part of a printf specifier after `%` (and after a position): flags, width, precision,
/// length and conversion, as in `.1f` or `lld`.
struct FormatSpecifier: Sendable, Equatable {
    var flags: String = ""
    var width: Int? = nil
    var precision: Int? = nil
    var length: String = ""
    var conversion: Character = "@"

    /// Integer conversions (`d i u o x X`), shown as whole numbers.
    var isInteger: Bool { "diuoxXcC".contains(conversion) }
    /// Floating-point conversions (`f F e E g G a A`).
    var isFloatingPoint: Bool { "fFeEgGaA".contains(conversion) }
    /// Whether the argument is a number (so it can choose a plural variation).
    var isNumeric: Bool { isInteger || isFloatingPoint }

    /// Parses a specifier written without its `%`, such as the `formatSpecifier` of a
    /// substitution ("lld").
    static func parse(_ text: String) throws(FormatString.SyntaxError) -> FormatSpecifier {
        var scalars = Array(text.unicodeScalars)[...]
        let specifier = try parse(&scalars)
        guard scalars.isEmpty else {
            throw FormatString.SyntaxError(message: "'\(text)' is not a format specifier")
        }
        return specifier
    }

    static func parse(_ scalars: inout ArraySlice<Unicode.Scalar>) throws(FormatString.SyntaxError) -> FormatSpecifier {
        var specifier = FormatSpecifier()
        while let first = scalars.first, "-+ #0'".unicodeScalars.contains(first) {
            specifier.flags.unicodeScalars.append(first)
            scalars.removeFirst()
        }
        let width = scalars.prefix(while: { ("0"..."9").contains($0) })
        if !width.isEmpty {
            specifier.width = Int(String(String.UnicodeScalarView(width)))
            scalars.removeFirst(width.count)
        }
        if scalars.first == "." {
            scalars.removeFirst()
            let precision = scalars.prefix(while: { ("0"..."9").contains($0) })
            specifier.precision = Int(String(String.UnicodeScalarView(precision))) ?? 0
            scalars.removeFirst(precision.count)
        }
        while let first = scalars.first, "hlqLzjt".unicodeScalars.contains(first) {
            specifier.length.unicodeScalars.append(first)
            scalars.removeFirst()
        }
        guard let conversion = scalars.popFirst(), "@dDiuUoOxXfFeEgGaAcCsSp".unicodeScalars.contains(conversion) else {
            throw FormatString.SyntaxError(message: "unknown format specifier after '%'")
        }
        specifier.conversion = Character(conversion)
        return specifier
    }
}

extension FormatString {
    /// Text taken as it is, without specifiers.
    init(literal text: String) {
        self.text = text
        self.segments = text.isEmpty ? [] : [.literal(text)]
        self.escapedLiterals = FormatString.escape(segments)
    }
}
