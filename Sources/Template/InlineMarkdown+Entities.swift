import VantageCore
import CLibXML2

/// Entity and numeric character references in catalog Markdown, read as CommonMark (and so
/// SwiftUI's `AttributedString(markdown:)`) reads them: `&amp;`, `&copy;`, `&#233;`, `&#xE9;`
/// stand for their character, which is then text like any other (escaped again on the page,
/// never markup). Named references are HTML's, from libxml2's table (`htmlEntityLookup`: the
/// HTML 4 names, `&amp;` to `&euro;`); a name it does not hold, and anything that is not a
/// complete reference, stays as written. A numeric reference to 0, a surrogate or a code point
/// past U+10FFFF is U+FFFD; one to U+000B, a form feed or NEL is a line break, as written out.
/// Not read inside code spans (CommonMark). A reference to a code point no page may hold (a
/// control, a noncharacter) is refused when the catalog loads, as the code point written out.
extension InlineMarkdown {
    /// The reference whose `&` is at `start`, reading scalars through `character` (nil past
    /// the end): the scalar it stands for and how many scalars it spans, or nil.
    static func reference(at start: Int, _ character: (Int) -> Unicode.Scalar?) -> (Unicode.Scalar, length: Int)? {
        guard character(start) == "&" else { return nil }
        var index = start + 1
        var body = ""
        // CommonMark: up to 7 decimal digits, 6 hexadecimal, or a name of up to 32 characters.
        while let next = character(index), next != ";", body.count <= 32 {
            guard next.isASCII, next.properties.isAlphabetic || next.properties.numericType != nil || next == "#" else { return nil }
            body.unicodeScalars.append(next)
            index += 1
        }
        guard character(index) == ";", !body.isEmpty else { return nil }
        let length = index + 1 - start
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let hexadecimal = digits.first == "x" || digits.first == "X"
            let number = hexadecimal ? digits.dropFirst() : digits
            guard !number.isEmpty, number.count <= (hexadecimal ? 6 : 7),
                let value = UInt32(number, radix: hexadecimal ? 16 : 10)
            else { return nil }
            // The line breaks of word processors are line breaks, as in a value written out
            // (`StringCatalog`'s reader): a line break where a page allows one line is an error.
            if XMLText.isLineBreak(value) { return ("\n", length) }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (scalar ?? "\u{FFFD}", length)
        }
        guard body.first?.isLetter == true, !body.contains("#"),
            let entity = body.withCString({ name in
                name.withMemoryRebound(to: xmlChar.self, capacity: body.utf8.count + 1) { htmlEntityLookup($0) }
            }),
            let scalar = Unicode.Scalar(entity.pointee.value)
        else { return nil }
        return (scalar, length)
    }

    /// `text` with its references read (a link's destination).
    static func readingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let characters = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "&",
                let (decoded, length) = reference(at: index, { $0 < characters.count ? characters[$0] : nil })
            {
                result.unicodeScalars.append(decoded)
                index += length
            } else {
                result.unicodeScalars.append(characters[index])
                index += 1
            }
        }
        return result
    }
}
