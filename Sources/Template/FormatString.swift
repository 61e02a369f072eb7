import VantageCore

/// A catalog value split into literal text and printf-style specifiers as Xcode writes them:
/// `%@`, `%lld`, `%d`, `%1$@`, `%.1f`, `%%`, `%#@name@` and `%2$#@name@` (substitutions) and,
/// inside a substitution's variations, `%arg` (the substitution's own argument).
///
/// A string is only formatted when the tag gives it arguments (as on iOS, where a string
/// without arguments is shown as written: `100% accurate`, a lone `%`). So a value that is not
/// a valid format still loads: `problem` says why, and only a tag with arguments reports it.
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
        /// `%#@name@`, or `%n$#@name@` with an explicit position.
        case substitution(name: String, position: Int?)
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
        /// For arguments and substitutions: the explicit position (0 when none).
        var position: Int = 0
        /// For substitutions: the index in `substitutionNames`.
        var index: Int = 0
        var specifier = FormatSpecifier()
    }

    let text: String
    let segments: [Segment]
    let pieces: [Piece]
    let plain: [UInt8]
    let escaped: [UInt8]
    /// The whole text as written, escaped: what a tag without arguments shows.
    let escapedText: [UInt8]
    let substitutionNames: [String]
    /// Why the text is not a valid format string (nil when it is).
    let problem: String?
    /// Where `problem` is: the offset, in characters, of the `%` that starts the specifier at
    /// fault (nil when the text is a valid format).
    let problemOffset: Int?
    /// Whether the text plainly expects arguments (`%@`, `%lld`, `%ld`, `%2$@`, `%.1f`,
    /// `%#@n@`), so a tag giving none is probably a mistake. What text happens to contain does
    /// not count: "100% accurate" (`% a`), "20%off" (`%o`), "50%d" are shown as written without
    /// a word. A `%` that starts no specifier (`100 %, sûr`) hides none of the others: "Voir
    /// en tant que %@ – 100 %, sûr" still expects an argument for its `%@`.
    let expectsArguments: Bool
    /// Whether the literal text may hold inline Markdown (`*`, `_`, `` ` ``, `[`, `\`).
    let mayHoldMarkdown: Bool

    var isEmpty: Bool { text.isEmpty }

    struct SyntaxError: Error {
        let message: String
        /// The offset, in scalars, of the `%` that starts the specifier at fault, when known.
        var offset: Int? = nil
    }

    /// Parses a catalog value; a value that is not a valid format keeps its text and `problem`.
    convenience init(_ text: String) {
        var segments: [Segment]
        var problem: String? = nil
        var problemOffset: Int? = nil
        var specifiers: [Segment]
        do {
            segments = try FormatString.parse(text)
            specifiers = segments
        } catch {
            segments = text.isEmpty ? [] : [.literal(text)]
            problem = error.message
            problemOffset = error.offset.map { String(String.UnicodeScalarView(text.unicodeScalars.prefix($0))).count }
            // The specifiers that are well formed, each `%` that starts none taken as text.
            specifiers = FormatString.parseLeniently(text)
        }
        self.init(text: text, segments: segments, problem: problem, problemOffset: problemOffset, specifiers: specifiers)
    }

    /// Parses a catalog value, throwing when it is not a valid format.
    static func parsing(_ text: String) throws(SyntaxError) -> FormatString {
        let format = FormatString(text)
        if let problem = format.problem { throw SyntaxError(message: problem) }
        return format
    }

    /// Text taken as it is, without specifiers.
    convenience init(literal text: String) {
        let segments: [Segment] = text.isEmpty ? [] : [.literal(text)]
        self.init(text: text, segments: segments, problem: nil, problemOffset: nil, specifiers: segments)
    }

    /// `specifiers` are the segments `expectsArguments` reads: `segments` for a valid format,
    /// the well-formed specifiers among the text for one that is not.
    private init(text: String, segments: [Segment], problem: String?, problemOffset: Int?, specifiers: [Segment]) {
        self.text = text
        self.segments = segments
        self.problem = problem
        self.problemOffset = problemOffset
        self.expectsArguments = FormatString.plainlyExpectArguments(specifiers)
        var pieces: [Piece] = []
        var plain: [UInt8] = []
        var escaped = OutputBuffer(capacity: text.utf8.count + 16)
        var names: [String] = []
        var markdown = false
        for segment in segments {
            switch segment {
            case .literal(let literal):
                let plainStart = plain.count
                let escapedStart = escaped.count
                plain.append(contentsOf: literal.utf8)
                escaped.appendEscaped(literal)
                markdown = markdown || literal.utf8.contains { InlineMarkdown.isDelimiter($0) }
                pieces.append(
                    Piece(
                        kind: .literal, plainRange: plainStart..<plain.count,
                        escapedRange: escapedStart..<escaped.count))
            case .argument(let position, let specifier):
                pieces.append(Piece(kind: .argument, position: position ?? 0, specifier: specifier))
            case .substitution(let name, let position):
                pieces.append(Piece(kind: .substitution, position: position ?? 0, index: names.count))
                names.append(name)
            case .substitutedArgument:
                pieces.append(Piece(kind: .substitutedArgument))
            }
        }
        var whole = OutputBuffer(capacity: text.utf8.count + 16)
        whole.appendEscaped(text)
        self.pieces = pieces
        self.plain = plain
        self.escaped = escaped.bytes
        self.escapedText = whole.bytes
        self.substitutionNames = names
        self.mayHoldMarkdown = markdown || (problem != nil && text.utf8.contains { InlineMarkdown.isDelimiter($0) })
    }

    /// `problem` with the `%` at fault pointed at and the text quoted (around that `%` when the
    /// text is long), for a message that names no other copy of the value: `unknown format
    /// specifier after '%' (the '%' at character 4 of "100% %lld")`. Nil for a valid format.
    var problemPointed: String? {
        guard let problem else { return nil }
        guard let offset = problemOffset else { return "\(problem) in \(quoted(text))" }
        let shown = 60
        let start = text.count <= shown ? 0 : max(0, offset - shown / 2)
        let around = start == 0 ? String(text) : "…" + text.dropFirst(start)
        return "\(problem) (the '%' at character \(offset + 1) of \(quoted(around, cutAt: shown + (start == 0 ? 0 : 1))))"
    }

    static func == (lhs: FormatString, rhs: FormatString) -> Bool { lhs.text == rhs.text && lhs.segments == rhs.segments }

    /// The specifiers a tag's arguments fill, in the order they are consumed: explicit
    /// positions as written, the others counted from 1 (a substitution takes a position too).
    var argumentUses: [(position: Int, specifier: FormatSpecifier?)] {
        var next = 1
        var uses: [(Int, FormatSpecifier?)] = []
        for segment in segments {
            switch segment {
            case .argument(let position, let specifier):
                if let position { uses.append((position, specifier)) } else { uses.append((next, specifier)); next += 1 }
            case .substitution(_, let position):
                if let position { uses.append((position, nil)) } else { uses.append((next, nil)); next += 1 }
            default: break
            }
        }
        return uses
    }

    /// Whether any of `segments` is a specifier that plainly expects an argument: a
    /// substitution, a positional specifier, or one with a length (`%lld`), `%@`, or a
    /// floating-point one with a precision (`%.1f`), written without flags or width.
    private static func plainlyExpectArguments(_ segments: [Segment]) -> Bool {
        segments.contains { segment in
            switch segment {
            case .substitution: return true
            case .argument(let position, let specifier):
                if position != nil { return true }
                guard !specifier.hasFlags, specifier.width == nil else { return false }
                return specifier.conversion == UInt8(ascii: "@") || specifier.hasLength
                    || (specifier.isFloatingPoint && specifier.precision != nil)
            default: return false
            }
        }
    }

    private static func parse(_ text: String) throws(SyntaxError) -> [Segment] {
        try parse(text, lenient: false)
    }

    /// The segments of a text that is not a valid format: each `%` that starts no specifier is
    /// taken as text, so the well-formed specifiers around it are still found.
    private static func parseLeniently(_ text: String) -> [Segment] {
        (try? parse(text, lenient: true)) ?? []
    }

    /// Splits `text`; `lenient`, a `%` that starts no specifier is text instead of an error.
    private static func parse(_ text: String, lenient: Bool) throws(SyntaxError) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var scalars = Array(text.unicodeScalars)[...]
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { literal.unicodeScalars.append(scalar); continue }
            let percent = scalars.startIndex - 1
            if scalars.first == "%" {
                scalars.removeFirst()
                literal.append("%")
                continue
            }
            let afterPercent = scalars
            do {
                let segment = try specifier(after: &scalars)
                flush()
                segments.append(segment)
            } catch {
                guard lenient else { throw SyntaxError(message: error.message, offset: percent) }
                scalars = afterPercent
                literal.append("%")
            }
        }
        flush()
        return segments
    }

    /// The highest argument position (`%9999$@`): a tag gives a handful of arguments, and
    /// `argNum` has the same bound.
    static let maximumPosition = 9_999

    /// The specifier, substitution or `%arg` after a `%`, read from `scalars`.
    private static func specifier(after scalars: inout ArraySlice<Unicode.Scalar>) throws(SyntaxError) -> Segment {
        if scalars.starts(with: "arg".unicodeScalars) {
            scalars.removeFirst(3)
            return .substitutedArgument
        }
        var position: Int? = nil
        let digits = scalars.prefix(while: { ("0"..."9").contains($0) })
        if !digits.isEmpty, scalars.dropFirst(digits.count).first == "$" {
            position = Int(String(String.UnicodeScalarView(digits)))
            guard let written = position, written >= 1, written <= maximumPosition else {
                throw SyntaxError(message: "argument positions count from 1$ to \(maximumPosition)$, not \(String(String.UnicodeScalarView(digits)))$")
            }
            scalars.removeFirst(digits.count + 1)
        }
        if scalars.starts(with: "#@".unicodeScalars) {
            scalars.removeFirst(2)
            guard let end = scalars.firstIndex(of: "@") else {
                throw SyntaxError(message: "'%#@' starts a substitution that has no closing '@'")
            }
            let name = String(String.UnicodeScalarView(scalars[..<end]))
            scalars = scalars[scalars.index(after: end)...]
            return .substitution(name: name, position: position)
        }
        return .argument(position: position, try FormatSpecifier.parse(&scalars))
    }
}

/// The part of a printf specifier after `%` (and after a position): flags, width, precision,
/// length and conversion, as in `.1f` or `lld`. Plain data: the length modifier is checked but
/// not kept, since numbers are formatted by the locale whatever their C type.
struct FormatSpecifier: Sendable, Equatable {
    var width: Int? = nil
    var precision: Int? = nil
    /// Whether flags (`-+ #0'`) were written.
    var hasFlags = false
    /// `0`: pad a number with zeros to the width; `-` (align left) turns it off.
    var zeroPads = false
    /// `+`: a sign on a number that is not negative too; ` `: a space there instead.
    var plusSign = false
    var spaceSign = false
    /// Whether a length modifier (`l`, `ll`, `h`, `q`, `z`, …) was written.
    var hasLength = false
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

    /// The widest width and precision a specifier may give: an app's string pads a number to a
    /// few digits, and `%0999999999lld` would write a gigabyte of zeros.
    static let maximumWidth = 99

    private static func bounded(_ digits: ArraySlice<Unicode.Scalar>, _ what: String) throws(FormatString.SyntaxError)
        -> Int
    {
        let text = String(String.UnicodeScalarView(digits))
        guard let value = Int(text), value <= maximumWidth else {
            throw FormatString.SyntaxError(message: "a \(what) of \(text) is more than \(maximumWidth)")
        }
        return value
    }

    static func parse(_ scalars: inout ArraySlice<Unicode.Scalar>) throws(FormatString.SyntaxError) -> FormatSpecifier {
        var specifier = FormatSpecifier()
        var leftAligned = false
        while let first = scalars.first, "-+ #0'".unicodeScalars.contains(first) {
            scalars.removeFirst()
            specifier.hasFlags = true
            switch first {
            case "0": specifier.zeroPads = true
            case "+": specifier.plusSign = true
            case " ": specifier.spaceSign = true
            case "-": leftAligned = true
            default: break
            }
        }
        if leftAligned { specifier.zeroPads = false }
        let width = scalars.prefix(while: { ("0"..."9").contains($0) })
        if !width.isEmpty {
            specifier.width = try bounded(width, "width")
            scalars.removeFirst(width.count)
        }
        if scalars.first == "." {
            scalars.removeFirst()
            let precision = scalars.prefix(while: { ("0"..."9").contains($0) })
            specifier.precision = precision.isEmpty ? 0 : try bounded(precision, "precision")
            scalars.removeFirst(precision.count)
        }
        while let first = scalars.first, "hlqLzjt".unicodeScalars.contains(first) {
            scalars.removeFirst()
            specifier.hasLength = true
        }
        guard let conversion = scalars.popFirst(), "@dDiuUoOxXfFeEgGaAcCsSp".unicodeScalars.contains(conversion) else {
            throw FormatString.SyntaxError(message: "unknown format specifier after '%'")
        }
        specifier.conversion = UInt8(conversion.value)
        return specifier
    }
}

extension FormatSpecifier {
    /// `shown` (a number as the locale writes it for this specifier) with what the flags and an
    /// integer's precision add, as Foundation's formatting does: an integer's precision is its
    /// least number of digits (`%.3d` of 7: 007); `0` pads to the width with zeros, after the
    /// sign (`%02lld` of 5: 05; `%06.2f` of 3.14159: 003.14; not for an integer with a
    /// precision, as in C); `+` signs a number that is not negative (`%+lld` of 3: +3), ` `
    /// puts a space there. `zero` is the locale's zero digit. Width without `0` pads with spaces
    /// in C; a page collapses them, so it is left out.
    func applyingFlags(to shown: String, isNegative: Bool, zero: Character) -> String {
        guard zeroPads || plusSign || spaceSign || (isInteger && precision != nil) else { return shown }
        let scalars = Array(shown.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.properties.numericType == .decimal }) else { return shown }
        let digits = scalars[first...].filter { $0.properties.numericType == .decimal }.count
        let fraction = isInteger ? 0 : (precision ?? 6)
        let integerDigits = max(0, digits - fraction)
        let sign = isNegative ? "" : plusSign ? "+" : spaceSign ? " " : ""
        var least = 0
        if isInteger, let precision { least = precision }
        if zeroPads, let width, !(isInteger && precision != nil) {
            let signWidth = isNegative || !sign.isEmpty ? 1 : 0
            least = max(least, width - signWidth - (fraction > 0 ? fraction + 1 : 0))
        }
        var text = sign + String(String.UnicodeScalarView(scalars[..<first]))
        text += String(repeating: zero, count: max(0, least - integerDigits))
        text += String(String.UnicodeScalarView(scalars[first...]))
        return text
    }
}
