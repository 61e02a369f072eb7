/// The case BCP 47 gives each subtag of a language tag, by its shape: the language lower case,
/// a script title case (`Hant`), a region upper case (`BR`, `419`), everything after a
/// singleton (`u`, `t`, `x`: extensions and private use) lower case, the rest lower case; `_`
/// read as `-`. The import stores locales in this form and the Localizer falls back on it when
/// ICU cannot read a tag: one rule for both.
public enum LanguageTagCase {
    /// `tag` in canonical case (`pt_br` → `pt-BR`, `zh-hant-tw` → `zh-Hant-TW`,
    /// `en-us-u-CA-buddhist` → `en-US-u-ca-buddhist`), or nil when it is not shaped like a tag:
    /// a language of 2 or 3 letters, then subtags of 1 to 8 ASCII letters and digits.
    public static func canonical(_ tag: String) -> String? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard subtags.count == tag.utf8.filter({ $0 == 0x2D || $0 == 0x5F }).count + 1,
              let language = subtags.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return cased(subtags)
    }

    /// The subtags cased by shape and joined with hyphens (no check of their shape).
    public static func cased(_ subtags: [String]) -> String {
        var inExtension = false
        return subtags.enumerated().map { index, part in
            if part.count == 1 { inExtension = true }
            if index == 0 || inExtension { return part.lowercased() }
            if index == 1, part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) { return part.uppercased() }
            return part.lowercased()
        }.joined(separator: "-")
    }
}
