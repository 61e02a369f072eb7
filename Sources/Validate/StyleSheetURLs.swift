/// The URLs a `<style>` element loads: `url(…)` and `@import "…"`. A scanner rather than a CSS
/// parser: it skips comments and strings, which is all it needs to avoid false matches.
struct StyleSheetURLs {
    /// The URLs in order of appearance, unquoted.
    private(set) var urls: [String] = []

    init(_ css: String) {
        let scalars = Array(css.unicodeScalars)
        var index = 0
        func matches(_ word: String, at position: Int) -> Bool {
            let letters = Array(word.unicodeScalars)
            guard position + letters.count <= scalars.count else { return false }
            for (offset, letter) in letters.enumerated() where scalars[position + offset].properties.lowercaseMapping != String(letter) {
                return false
            }
            return true
        }
        func skipSpaces(_ position: inout Int) {
            while position < scalars.count, scalars[position] == " " || scalars[position] == "\n" || scalars[position] == "\t" {
                position += 1
            }
        }
        /// Reads a quoted string starting at `position` (on the quote).
        func quoted(_ position: inout Int) -> String {
            let quote = scalars[position]
            position += 1
            var value = String.UnicodeScalarView()
            while position < scalars.count, scalars[position] != quote {
                value.append(scalars[position])
                position += 1
            }
            position += 1
            return String(value)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            } else if scalar == "\"" || scalar == "'" {
                _ = quoted(&index)
            } else if matches("url(", at: index) {
                index += 4
                skipSpaces(&index)
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    urls.append(quoted(&index))
                } else {
                    var value = String.UnicodeScalarView()
                    while index < scalars.count, scalars[index] != ")" {
                        value.append(scalars[index])
                        index += 1
                    }
                    urls.append(String(value).trimmingASCIIWhitespace())
                }
            } else if matches("@import", at: index) {
                index += 7
                skipSpaces(&index)
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" { urls.append(quoted(&index)) }
            } else {
                index += 1
            }
        }
    }
}
