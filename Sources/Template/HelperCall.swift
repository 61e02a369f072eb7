/// A localisation helper section compiled from its small argument list, for example
/// `{{#t}}comments count=post.comments{{/t}}` or `{{#date}}post.at relative{{/date}}`.
final class HelperCall: Sendable {
    /// The helpers, by the reserved root name that invokes them.
    enum Kind: Sendable, Equatable {
        case translate(key: String)
        case date(DateStyle)
        case number
        case andList
    }

    /// A value handed to a helper: a path into the context, or a literal in quotes.
    enum Argument: Sendable {
        case path(Path)
        case literal(String)
    }

    let kind: Kind
    /// Positional arguments have no name (`date`, `number`, `andList` take one); `t` takes
    /// named ones, in the order written.
    let arguments: [(name: String?, value: Argument)]
    let offset: Int
    /// The first argument (what `date`, `number` and `andList` read).
    let first: Argument?
    /// The first argument's name as a small number, the same for the same name in every
    /// template of the process (0: no name): a translation memoised for one number is the
    /// translation for that number *under that name* (`n=` and `count=` may bind to other
    /// placeholders of one string).
    let firstNameNumber: UInt64

    init(kind: Kind, arguments: [(name: String?, value: Argument)], offset: Int) {
        self.kind = kind
        self.arguments = arguments
        self.offset = offset
        self.first = arguments.first?.value
        self.firstNameNumber = arguments.first?.name.map(Self.number(ofName:)) ?? 0
    }

    private static let nameNumbers = Locked<[String: UInt64]>([:])

    /// The number of an argument name, handed out from 1 in the order names are first met.
    static func number(ofName name: String) -> UInt64 {
        nameNumbers.withLock { numbers in
            if let known = numbers[name] { return known }
            let number = UInt64(numbers.count + 1)
            numbers[name] = number
            return number
        }
    }

    /// The names that start a helper section.
    static let names: Set<String> = ["t", "date", "number", "andList"]

    /// Compiles the body of `{{#name}}body{{/name}}`.
    static func parse(name: String, body: String, offset: Int, source: TemplateSource) throws(TemplateError)
        -> HelperCall
    {
        let words: [HelperWord]
        do { words = try HelperWord.split(body) } catch { throw source.error("\(name): \(error.message)", at: offset) }
        func fail(_ message: String) -> TemplateError { source.error("\(name): \(message)", at: offset) }
        func argument(_ word: HelperWord) throws(TemplateError) -> Argument {
            if word.quoted { return .literal(word.text) }
            return .path(try Parser.path(word.text, source: source, offset: offset))
        }
        switch name {
        case "t":
            guard let key = words.first, key.name == nil else {
                throw fail("expected a string key first, as in {{#t}}key name=path{{/t}}")
            }
            var arguments: [(String?, Argument)] = []
            for word in words.dropFirst() {
                guard let argumentName = word.name else {
                    throw fail("expected name=path or name=\"literal\" after the key, found '\(word.text)'")
                }
                // One value per name: which of two would a translation get?
                if arguments.contains(where: { $0.0 == argumentName }) {
                    throw fail("the argument '\(argumentName)' is given twice; give each name once")
                }
                arguments.append((argumentName, try argument(word)))
            }
            return HelperCall(kind: .translate(key: key.text), arguments: arguments, offset: offset)
        case "date":
            guard (1...2).contains(words.count), words.allSatisfy({ $0.name == nil }) else {
                throw fail("expected a path and a style, as in {{#date}}post.at medium{{/date}}")
            }
            var style = DateStyle.medium
            if words.count == 2 {
                guard let chosen = DateStyle(rawValue: words[1].text), !words[1].quoted else {
                    let all = DateStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("unknown date style '\(words[1].text)': expected one of \(all)")
                }
                style = chosen
            }
            return HelperCall(kind: .date(style), arguments: [(nil, try argument(words[0]))], offset: offset)
        default:
            guard words.count == 1, words[0].name == nil else {
                throw fail("expected one path, as in {{#\(name)}}path{{/\(name)}}")
            }
            return HelperCall(
                kind: name == "number" ? .number : .andList, arguments: [(nil, try argument(words[0]))], offset: offset)
        }
    }
}

/// How the `date` helper shows an instant.
public enum DateStyle: String, Sendable, CaseIterable {
    /// Numeric date and time: "5/2/2026, 5:30 PM".
    case short
    /// Abbreviated month: "May 2, 2026 at 5:30 PM".
    case medium
    /// Weekday and full month: "Saturday, May 2, 2026 at 5:30 PM".
    case long
    /// Relative to the build's "now": "3 days ago", "yesterday".
    case relative
    /// ISO 8601 with the viewer's UTC offset, for `<time datetime>`: "2026-05-02T08:30:00+09:00".
    case iso
    /// The day alone, abbreviated month: "May 2, 2026". A date without a time (`2026-06-01`)
    /// is a day of the calendar, the same wherever the viewer is; an instant is shown as the
    /// day it is in the viewer's time zone.
    case day

    /// A small number per style, for memo keys.
    var index: UInt8 {
        switch self {
        case .short: return 0
        case .medium: return 1
        case .long: return 2
        case .relative: return 3
        case .iso: return 4
        case .day: return 5
        }
    }
}

/// One whitespace-separated word of a helper's argument list: `word`, `"quoted text"`,
/// `name=path` or `name="literal"`.
struct HelperWord: Equatable {
    var name: String?
    var text: String
    var quoted: Bool

    struct SyntaxError: Error { let message: String }

    static func split(_ body: String) throws(SyntaxError) -> [HelperWord] {
        var words: [HelperWord] = []
        var characters = Array(body)[...]
        func isSpace(_ character: Character) -> Bool { character.isWhitespace }
        while true {
            while let first = characters.first, isSpace(first) { characters.removeFirst() }
            guard !characters.isEmpty else { break }
            var word = HelperWord(name: nil, text: "", quoted: false)
            var current = ""
            while let first = characters.first, !isSpace(first), first != "\"" {
                if first == "=", word.name == nil {
                    guard !current.isEmpty else { throw SyntaxError(message: "an argument needs a name before '='") }
                    word.name = current
                    current = ""
                } else {
                    current.append(first)
                }
                characters.removeFirst()
            }
            if characters.first == "\"" {
                guard current.isEmpty else { throw SyntaxError(message: "unexpected '\"' after '\(current)'") }
                characters.removeFirst()
                while let first = characters.first, first != "\"" {
                    characters.removeFirst()
                    if first == "\\", let escaped = characters.first {
                        current.append(escaped)
                        characters.removeFirst()
                    } else {
                        current.append(first)
                    }
                }
                guard characters.first == "\"" else { throw SyntaxError(message: "a quoted argument is never closed") }
                characters.removeFirst()
                if let next = characters.first, !isSpace(next) {
                    throw SyntaxError(message: "expected a space after the quoted argument")
                }
                word.quoted = true
            } else if word.name != nil, current.isEmpty {
                throw SyntaxError(message: "argument '\(word.name!)' has no value after '='")
            }
            word.text = current
            words.append(word)
        }
        return words
    }
}
