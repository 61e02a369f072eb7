/// `text` in double quotes for a diagnostic, the one rule every message quotes data by: quotes,
/// backslashes, line feeds and tabs escaped as in Swift, and every other character that shows
/// nothing but the plain space (`VisibleText`) as `\u{…}`, so that invisible characters show
/// and no data can start a line of its own that reads as another diagnostic. Text longer than
/// `limit` characters is cut there and ends in "…" (nil: never cut).
public func quoted(_ text: String, cutAt limit: Int? = 80) -> String {
    var out = "\""
    let shown = limit.map { cutForMessage(text, at: $0) } ?? text
    // Whether the last scalar written is the data's own, not the message's quote or an escape:
    // a mark after those would sit on the quote (`"́`) instead of being read as the data's.
    var afterData = false
    for scalar in shown.unicodeScalars {
        if scalar == "\"" {
            out += "\\\""
            afterData = false
        } else if let escape = messageEscape(scalar) {
            out += escape
            afterData = false
        } else if !afterData, scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
            afterData = true
        }
    }
    return out + "\""
}

/// `text` cut for a message at `limit` characters, and at four times as many scalars (a run of
/// ten million joiners or combining marks is one character, and was quoted whole: an 80 MB
/// line), ending in "…" when cut; `text` itself when it is no longer.
public func cutForMessage(_ text: String, at limit: Int = 80) -> String {
    let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex) ?? text.endIndex
    let head = text[..<end].unicodeScalars
    guard end < text.endIndex || head.count > limit * 4 else { return text }
    return String(String.UnicodeScalarView(head.prefix(limit * 4))) + "…"
}

/// How a message writes `scalar` of data (`quoted`, and a file name no build writes:
/// `FileTree.shownName`): nil where it is written as it is.
public func messageEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\t": return "\\t"
    default:
        guard VisibleText.needsEscapeInMessage(scalar) else { return nil }
        return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}

/// `text` on one line as it reads: every character a message escapes (`messageEscape`) but the
/// backslash written as its escape, so that no data in a message can end its line (and start
/// one that reads as another finding) or reorder it (a bidi control). For messages that hold
/// data already quoted their own way (`vantage check`'s `href="…"`).
/// With `keepingTabs`, a tab stays as it is (a line of a text file shown in a diff).
public func oneLine(_ text: String, keepingTabs: Bool = false) -> String {
    func escape(_ scalar: Unicode.Scalar) -> String? {
        scalar == "\\" || (keepingTabs && scalar == "\t") ? nil : messageEscape(scalar)
    }
    guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
    }
    return out
}

/// A code point as messages name it: `U+0001`, `U+1FFFF` (at least four hex digits).
public func codePointName(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
