/// What shows on a page: the one rule for whether text has anything to see. A name or a text
/// made only of characters that show nothing (white space, U+200B, the Hangul fillers, bidi
/// controls) is refused at import where an empty one is, and is no name to the naming rules.
public enum VisibleText {
    /// True when `scalar` shows something by itself: not white space, not a character that is
    /// default-ignorable or a format control (U+200B, U+2060, the Hangul fillers, bidi
    /// controls), not a mark that needs a letter before it, not the blank Braille pattern.
    public static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800 { return false }
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .unassigned, .surrogate:
            return false
        default:
            return true
        }
    }

    /// True when nothing in `text` shows (also when it is empty).
    public static func showsNothing(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isVisible)
    }

    /// True when a message must spell `scalar` as `\u{…}` for a reader to see it is there: a
    /// control, a format character, a default-ignorable one, the blank Braille pattern, or white
    /// space other than the plain space. Marks are shown as they are (with the letter before
    /// them they are text).
    public static func needsEscapeInMessage(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return false }
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800 { return true }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
            return true
        default:
            return false
        }
    }
}
