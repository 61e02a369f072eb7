/// Serialises `JSONValue`s deterministically: members in their stored order, numbers that are
/// integers without a fraction, and only the escapes JSON requires (plus, unless `htmlSafe` is
/// false, `<`, `>`, `&` as `\u003C`-style escapes so the output is safe to embed in HTML).
public enum JSONWriter {
    /// The serialisation of `value`: compact, or `pretty` (one member or element a line,
    /// two-space indent); `htmlSafe: false` keeps `<`, `>` and `&` as they are, for reading.
    public static func string(_ value: JSONValue, pretty: Bool = false, htmlSafe: Bool = true) -> String {
        var out = ""
        write(value, into: &out, pretty: pretty, htmlSafe: htmlSafe, indent: 0)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, pretty: Bool, htmlSafe: Bool, indent: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += formatNumber(n)
        case .string(let s): writeString(s, into: &out, htmlSafe: htmlSafe)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                write(item, into: &out, pretty: pretty, htmlSafe: htmlSafe, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out += "]"
        case .object(let object):
            if object.keys.isEmpty { out += "{}"; return }
            out += "{"
            for (index, (key, member)) in object.members.enumerated() {
                if index > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                writeString(key, into: &out, htmlSafe: htmlSafe)
                out += pretty ? ": " : ":"
                write(member, into: &out, pretty: pretty, htmlSafe: htmlSafe, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// Integers print without a fraction; other numbers with Swift's shortest round-trip form.
    public static func formatNumber(_ n: Double) -> String {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return n.isFinite ? String(n) : "null"
    }

    /// Appends `s` as a JSON string literal.
    public static func writeString(_ s: String, into out: inout String, htmlSafe: Bool = true) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where htmlSafe: out += "\\u003C"
            case ">" where htmlSafe: out += "\\u003E"
            case "&" where htmlSafe: out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
