import VantageCore

extension PageText {
    /// A JSON document as pretty-printed lines (two-space indent, one member or element per
    /// line), so a changed search-index entry shows as the member that changed. Strings are
    /// written for reading: unlike `JSONWriter`, no HTML-safety escapes.
    public static func jsonLines(_ value: JSONValue) -> [String] {
        var lines: [String] = []
        write(value, prefix: "", suffix: "", indent: 0, into: &lines)
        return lines
    }

    private static func write(_ value: JSONValue, prefix: String, suffix: String, indent: Int, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        switch value {
        case .array(let items) where !items.isEmpty:
            lines.append(pad + prefix + "[")
            for (index, item) in items.enumerated() {
                write(item, prefix: "", suffix: index + 1 < items.count ? "," : "", indent: indent + 1, into: &lines)
            }
            lines.append(pad + "]" + suffix)
        case .object(let object) where !object.keys.isEmpty:
            lines.append(pad + prefix + "{")
            for (index, (key, member)) in object.members.enumerated() {
                let memberSuffix = index + 1 < object.keys.count ? "," : ""
                write(member, prefix: quoted(key) + ": ", suffix: memberSuffix, indent: indent + 1, into: &lines)
            }
            lines.append(pad + "}" + suffix)
        case .array: lines.append(pad + prefix + "[]" + suffix)
        case .object: lines.append(pad + prefix + "{}" + suffix)
        case .null: lines.append(pad + prefix + "null" + suffix)
        case .bool(let flag): lines.append(pad + prefix + (flag ? "true" : "false") + suffix)
        case .number(let number): lines.append(pad + prefix + JSONWriter.formatNumber(number) + suffix)
        case .string(let text): lines.append(pad + prefix + quoted(text) + suffix)
        }
    }

    /// A JSON string literal with only the escapes JSON needs.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
