/// A catalog value split into literal text and printf-style specifiers as Xcode writes them:
/// `%@`, `%lld`, `%d`, `%1$@`, `%.1f`, `%%`, `%#@name@` (a substitution) and, inside a
/// substitution's variations, `%arg` (the substitution's own argument).
///
/// Parsed once when the catalog loads into `pieces` of plain data plus two byte pools (the
/// literal text as it is and HTML-escaped), so filling it in a page copies bytes and touches
/// no reference counts.
final class FormatString: Sendable, Equatable {
    /// The parts of the string, as parsed (for tests and messages).
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A specifier; `position` is the explicit `n$` (1-based), if any.
        case argument(position: Int?, FormatSpecifier)
        /// `%#@name@`.
        case substitution(name: String)
        /// `%arg` inside a substitution's variation.
        case substitutedArgument
    }

    /// One part in the compact form used while rendering.
    struct Piece: Sendable {
        enum Kind: UInt8, Sendable { case literal, argument, substitution, substitutedArgument }
        var kind: Kind
        /// For literals: the range in `plain`; `escapedRange` in `escaped`.
        var plainRange: Range<Int> = 0..<0
        var escapedRange: Range<Int> = 0..<0
        /// For arguments: the explicit position (0 when none). For substitutions: the index in
        /// `substitutionNames`.
        var index: Int = 0
        var specifier = FormatSpecifier()
    }

    let text: String
    let segments: [Segment]
    let pieces: [Piece]
    let plain: [UInt8]
    let escaped: [UInt8]
    let substitutionNames: [String]

    var isEmpty: Bool { text.isEmpty }

    struct SyntaxError: Error { let message: String }

    /// Parses a catalog value.
    convenience init(_ text: String) throws(SyntaxError) {
        self.init(text: text, segments: try FormatString.parse(text))
    }

    /// Text taken as it is, without specifiers.
    convenience init(literal text: String) {
        self.init(text: text, segments: text.isEmpty ? [] : [.literal(text)])
    }

    private init(text: String, segments: [Segment]) {
        self.text = text
        self.segments = segments
        var pieces: [Piece] = []
        var plain: [UInt8] = []
        var escaped = OutputBuffer(capacity: text.utf8.count + 16)
        var names: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let literal):
                let plainStart = plain.count
                let escapedStart = escaped.count
                plain.append(contentsOf: literal.utf8)
                escaped.appendEscaped(literal)
                pieces.append(
                    Piece(
                        kind: .literal, plainRange: plainStart..<plain.count,
                        escapedRange: escapedStart..<escaped.count))
            case .argument(let position, let specifier):
                pieces.append(Piece(kind: .argument, index: position ?? 0, specifier: specifier))
            case .substitution(let name):
                pieces.append(Piece(kind: .substitution, index: names.count))
                names.append(name)
            case .substitutedArgument:
                pieces.append(Piece(kind: .substitutedArgument))
            }
        }
        self.pieces = pieces
        self.plain = plain
        self.escaped = escaped.bytes
        self.substitutionNames = names
    }

    static func == (lhs: FormatString, rhs: FormatString) -> Bool { lhs.segments == rhs.segments }

    private static func parse(_ text: String) throws(SyntaxError) -> [Segment] {
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
        return segments
    }
}

/// The part of a printf specifier after `%` (and after a position): flags, width, precision,
/// length and conversion, as in `.1f` or `lld`. Plain data: the length modifier is checked but
/// not kept, since numbers are formatted by the locale whatever their C type.
struct FormatSpecifier: Sendable, Equatable {
    var width: Int? = nil
    var precision: Int? = nil
    /// The conversion character's ASCII code (`@`, `d`, `f`, …).
    var conversion = UInt8(ascii: "@")

    /// Integer conversions (`d i u o x X c`), shown as whole numbers.
    var isInteger: Bool {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "c"),
            UInt8(ascii: "C"):
            return true
        default: return false
        }
    }

    /// Floating-point conversions (`f F e E g G a A`).
    var isFloatingPoint: Bool {
        switch conversion {
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            return true
        default: return false
        }
    }

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
        while let first = scalars.first, "-+ #0'".unicodeScalars.contains(first) { scalars.removeFirst() }
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
        while let first = scalars.first, "hlqLzjt".unicodeScalars.contains(first) { scalars.removeFirst() }
        guard let conversion = scalars.popFirst(), "@dDiuUoOxXfFeEgGaAcCsSp".unicodeScalars.contains(conversion) else {
            throw FormatString.SyntaxError(message: "unknown format specifier after '%'")
        }
        specifier.conversion = UInt8(conversion.value)
        return specifier
    }
}
