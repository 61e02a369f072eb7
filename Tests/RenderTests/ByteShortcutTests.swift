import Foundation
import Testing

@testable import Render

/// The build's byte-level shortcuts give what the Unicode-aware code they stand in front of
/// gives: the mask's canonical units from a table, ASCII names decided on their bytes, and a
/// path's slashes found on its bytes.
@Suite("Byte-level shortcuts agree with the Unicode-aware code")
struct ByteShortcutTests {
    @Test func canonicalUnitsOfEveryScalarBelowTheAstralPlanes() {
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(PersonalDataMask.canonical(scalar) == PersonalDataMask.canonicalByProperties(scalar))
        }
        // Beyond the table: mathematical digits, an emoji.
        for value: UInt32 in [0x1D7CE, 0x1D7D9, 0x1F642, 0x10FFFF] {
            let scalar = Unicode.Scalar(value)!
            #expect(PersonalDataMask.canonical(scalar) == PersonalDataMask.canonicalByProperties(scalar))
        }
        #expect(PersonalDataMask.canonical("\u{FF21}") == "a")  // fullwidth A
        #expect(PersonalDataMask.canonical("\u{0663}") == "3")  // Arabic-Indic three
        #expect(PersonalDataMask.canonical("\u{FE6B}") == "@")
    }

    /// `isName`'s answer by Unicode properties, which the ASCII shortcut must match.
    static func isNameByProperties(_ name: String) -> Bool {
        guard name.unicodeScalars.contains(PersonalDataMask.marker) else {
            if !name.unicodeScalars.contains(where: \.properties.isAlphabetic),
                name.unicodeScalars.filter({ $0.properties.numericType != nil }).count >= 5
            {
                return false
            }
            return !name.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        }
        return name.unicodeScalars.contains { $0 != PersonalDataMask.marker && $0.properties.isAlphabetic }
    }

    @Test func namesOfEveryASCIIByte() {
        for value in UInt8(0)..<0x80 {
            let one = String(decoding: [value], as: UTF8.self)
            for name in [one, " \(one) ", "\(one)\t\n", "Ana\(one)"] {
                #expect(PersonalDataMask.isName(name) == Self.isNameByProperties(name), "\(Array(name.utf8))")
            }
        }
        for name in ["", " ", "\u{0B}\u{0C}\r", "\u{85}", "\u{A0}", "é", " \u{E000} ", "Ana \u{E000}", "\u{E000}"] {
            #expect(PersonalDataMask.isName(name) == Self.isNameByProperties(name), "\(Array(name.utf8))")
        }
    }

    @Test(arguments: [
        "ana/index.html", "index.html", "", "/", "a/", "/a", "ana/quotes/by/dad/page-2.html", "zoë/ideas/x.html",
        "a/\u{301}b/c", "a\u{301}/b/\u{301}", "ゾ/🙂/x",
    ])
    func slashes(path: String) {
        #expect(SiteWriter.slash(in: path, last: false) == path.firstIndex(of: "/"))
        #expect(SiteWriter.slash(in: path, last: true) == path.lastIndex(of: "/"))
    }
}
