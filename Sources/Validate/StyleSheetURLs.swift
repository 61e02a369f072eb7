/// The URLs a `<style>` element loads: `url(…)`, `@import "…"`, and the strings of `src(…)` and
/// `image-set(…)` (`-webkit-image-set`), which browsers load as URLs too. A scanner rather than a
/// CSS parser: it skips comments and strings, which is all it needs to avoid false matches.
/// CSS escapes are read first, as a browser reads them (`u\72l(` is `url(`, `\68ttps:` is
/// `https:`); an escaped quote, bracket or slash is a letter, never syntax.
struct StyleSheetURLs {
    /// The URLs in order of appearance, unquoted, their escapes read.
    private(set) var urls: [String] = []

    init(_ css: String) {
        let (scalars, escaped) = StyleSheetURLs.unescaped(css)
        var index = 0
        func isSyntax(_ position: Int, _ scalar: Unicode.Scalar) -> Bool {
            position < scalars.count && scalars[position] == scalar && !escaped[position]
        }
        func matches(_ word: String, at position: Int) -> Bool {
            let letters = Array(word.unicodeScalars)
            guard position + letters.count <= scalars.count else { return false }
            for (offset, letter) in letters.enumerated() {
                let scalar = scalars[position + offset]
                // Letters match in any case, escaped or not; punctuation only as syntax.
                if letter.properties.isAlphabetic {
                    if scalar.properties.lowercaseMapping != String(letter) { return false }
                } else if !isSyntax(position + offset, letter) {
                    return false
                }
            }
            return true
        }
        func skipSpaces(_ position: inout Int) {
            while position < scalars.count, !escaped[position],
                  scalars[position] == " " || scalars[position] == "\n" || scalars[position] == "\t" || scalars[position] == "\r" || scalars[position] == "\u{0C}" {
                position += 1
            }
        }
        /// Reads a quoted string starting at `position` (on the quote).
        func quoted(_ position: inout Int) -> String {
            let quote = scalars[position]
            position += 1
            var value = String.UnicodeScalarView()
            while position < scalars.count, !isSyntax(position, quote) {
                value.append(scalars[position])
                position += 1
            }
            position += 1
            return String(value)
        }
        /// Open `src(` and `image-set(` functions, by the depth of brackets they opened at:
        /// inside one, every string is a URL.
        var loading: [Int] = []
        var depth = 0
        while index < scalars.count {
            if isSyntax(index, "/"), isSyntax(index + 1, "*") {
                index += 2
                while index + 1 < scalars.count, !(isSyntax(index, "*") && isSyntax(index + 1, "/")) { index += 1 }
                index += 2
            } else if isSyntax(index, "\"") || isSyntax(index, "'") {
                let text = quoted(&index)
                // A string of the function itself, not of one inside it (`type("image/png")`).
                if loading.last == depth { urls.append(text) }
            } else if matches("url(", at: index) {
                index += 4
                skipSpaces(&index)
                if isSyntax(index, "\"") || isSyntax(index, "'") {
                    urls.append(quoted(&index))
                } else {
                    var value = String.UnicodeScalarView()
                    while index < scalars.count, !isSyntax(index, ")") {
                        value.append(scalars[index])
                        index += 1
                    }
                    urls.append(String(value).trimmingASCIIWhitespace())
                }
            } else if matches("@import", at: index) {
                index += 7
                skipSpaces(&index)
                if isSyntax(index, "\"") || isSyntax(index, "'") { urls.append(quoted(&index)) }
            } else if matches("image-set(", at: index) || matches("src(", at: index) {
                index += matches("src(", at: index) ? 4 : 10
                depth += 1
                loading.append(depth)
            } else if isSyntax(index, "(") {
                depth += 1
                index += 1
            } else if isSyntax(index, ")") {
                if loading.last == depth { loading.removeLast() }
                depth = max(0, depth - 1)
                index += 1
            } else {
                index += 1
            }
        }
    }

    /// The style sheet's code points with its escapes read (CSS Syntax: a backslash and one to
    /// six hex digits, then one optional white space, is that code point (zero, a surrogate or
    /// past U+10FFFF: U+FFFD); a backslash and any other character is that character; a
    /// backslash before a line break continues the line), and whether each came from an escape.
    static func unescaped(_ css: String) -> (scalars: [Unicode.Scalar], escaped: [Bool]) {
        let input = Array(css.unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        var escaped: [Bool] = []
        scalars.reserveCapacity(input.count)
        escaped.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            guard scalar == "\\", index + 1 < input.count else {
                scalars.append(scalar)
                escaped.append(false)
                index += 1
                continue
            }
            let next = input[index + 1]
            if next == "\n" || next == "\r" || next == "\u{0C}" {
                index += 2
                continue
            }
            var value: UInt32 = 0
            var digits = 0
            while digits < 6, index + 1 + digits < input.count, let digit = Character(input[index + 1 + digits]).hexDigitValue,
                  input[index + 1 + digits].isASCII {
                value = value << 4 | UInt32(digit)
                digits += 1
            }
            if digits > 0 {
                index += 1 + digits
                if index < input.count, input[index] == " " || input[index] == "\t" || input[index] == "\n" { index += 1 }
                let decoded = value == 0 ? nil : Unicode.Scalar(value)
                scalars.append(decoded ?? "\u{FFFD}")
            } else {
                scalars.append(next)
                index += 2
            }
            escaped.append(true)
        }
        return (scalars, escaped)
    }
}
