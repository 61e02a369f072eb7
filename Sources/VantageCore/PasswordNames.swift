/// DATA.md: a field whose name holds "password" never reaches the store or any output, not
/// even a message. The one rule for what such a name is, and its use on quoted source lines.
public enum PasswordNames {
    /// True when a member named `name` is a password field.
    public static func isPassword(_ name: String) -> Bool {
        name.range(of: "password", options: .caseInsensitive) != nil
    }

    /// `line` (a line of JSON quoted under a message) with the value of each member named as a
    /// password replaced by `•`, one per character, so that a caret under the line still points
    /// where it did. Strings are read as JSON writes them; a value cut off by the line's end is
    /// hidden to the end.
    public static func hidingValues(in line: String) -> String {
        guard line.range(of: "pass", options: .caseInsensitive) != nil || line.contains("\\") else { return line }
        var scalars = Array(line.unicodeScalars)
        var index = 0
        /// The end of the string starting at `start` (on its quote), past the closing quote.
        func stringEnd(_ start: Int) -> Int {
            var position = start + 1
            while position < scalars.count, scalars[position] != "\"" {
                position += scalars[position] == "\\" ? 2 : 1
            }
            return min(position + 1, scalars.count)
        }
        func skipSpace(_ position: inout Int) {
            while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
        }
        while index < scalars.count {
            guard scalars[index] == "\"" else { index += 1; continue }
            let end = stringEnd(index)
            let token = String(String.UnicodeScalarView(scalars[index..<end]))
            var next = end
            skipSpace(&next)
            // Not through JSONParser: its errors quote their line through this function.
            let name = Self.unescaped(token)
            guard next < scalars.count, scalars[next] == ":", isPassword(name) else { index = end; continue }
            next += 1
            skipSpace(&next)
            guard next < scalars.count else { break }
            var valueEnd = next
            if scalars[next] == "\"" {
                valueEnd = stringEnd(next)
            } else if scalars[next] == "{" || scalars[next] == "[" {
                valueEnd = scalars.count  // a structure: hidden to the line's end
            } else {
                while valueEnd < scalars.count, !",}] \t".unicodeScalars.contains(scalars[valueEnd]) { valueEnd += 1 }
            }
            for position in next..<valueEnd { scalars[position] = "•" }
            index = valueEnd
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A JSON string token's text with its escapes read (`"pass\u0077ord"` is `password`);
    /// what is not a valid escape is kept as written.
    static func unescaped(_ token: String) -> String {
        var scalars = Array(token.unicodeScalars)
        if scalars.first == "\"" { scalars.removeFirst() }
        if scalars.last == "\"" { scalars.removeLast() }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "u", index + 5 < scalars.count,
               let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)...(index + 5)])), radix: 16),
               let decoded = Unicode.Scalar(value)
            {
                result.append(decoded)
                index += 6
            } else {
                result.append(next)
                index += 2
            }
        }
        return String(result)
    }
}
