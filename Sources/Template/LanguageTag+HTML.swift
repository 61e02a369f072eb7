import Foundation

/// Language tags as a page's `lang` attribute holds them, and the language a viewer's pages are
/// shown in when the catalog lacks theirs.
extension LanguageTag {
    /// `tag` as a `lang` for `text` (`forHTML`) when every letter of the text is in a script
    /// the tag's language is written in, else nil: a person's locale is a guess at the language
    /// of their name, and a wrong one is worse than none (a screen reader reads a Thai name of
    /// someone whose locale is `ja` in a Japanese voice).
    public static func forHTML(_ tag: String, naming text: String) -> String? {
        guard ICULocale.isWritten(text, inScriptOf: tag) else { return nil }
        return forHTML(tag)
    }

    /// `tag` as HTML checkers accept it in `lang` (the Nu checker holds every subtag to the IANA
    /// registry): the language, a script only where it is not the one the language and region
    /// are written in anyway (`zh-Hant`, `sr-Latn`; not `en-Latn-US`), and the region; variants,
    /// extensions (`-u-nu-arab`) and private use say nothing about the language of the text and
    /// are left out. A language or script ICU does not know is no language (nil); a region ICU
    /// does not know, or a private-use one (`AA`, `QM`–`QZ`, `XA`–`XZ`, `ZZ`), is left out.
    public static func forHTML(_ tag: String) -> String? {
        let subtags = withoutExtensions(normalize(tag)).split(separator: "-").map(String.init)
        guard let language = subtags.first, HTMLSubtags.languages.contains(language) else { return nil }
        var rest = subtags.dropFirst()
        var script: String?
        if let next = rest.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = next
            rest = rest.dropFirst()
        }
        var region: String?
        if let next = rest.first, (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber)) {
            if HTMLSubtags.regions.contains(next) { region = next }
        }
        if let written = script {
            let usual = ICULocale.script(of: ICULocale.maximized([language, region].compactMap { $0 }.joined(separator: "-")))
            if !HTMLSubtags.isScript(written) || usual == written { script = nil }
        }
        return [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// The locale a viewer's pages are formatted in, given the catalog languages their text
    /// comes from (`chain`, best first): the viewer's own tag when the first is in their
    /// language; else, as iOS does for an app without the user's language, that language with
    /// the viewer's region and extensions (`he-IL` reading an English catalog: `en-IL`, so the
    /// dates are English, written as in Israel, and the page runs left to right).
    static func shown(viewer: String, chain: [String]) -> String {
        // `und-FR` means French: its likely language stands in for `und`.
        var viewer = viewer
        if language(of: viewer) == "und" {
            let written = withoutExtensions(viewer)
            let likely = ICULocale.minimized(ICULocale.maximized(written))
            if language(of: likely) != "und" { viewer = likely + viewer.dropFirst(written.count) }
        }
        // The same language in the same script is the viewer's own (`en-Arab` is not `en`).
        guard let first = chain.first, !isOwnLanguage(first, of: viewer) else { return viewer }
        let written = withoutExtensions(viewer)
        let extensions = viewer.dropFirst(written.count)
        var tag = first
        let firstSubtags = first.split(separator: "-")
        let hasRegion = firstSubtags.dropFirst().contains { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        if !hasRegion, let region = written.split(separator: "-").dropFirst().first(where: {
            ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber))
        }) {
            tag += "-" + region
        }
        return normalize(tag + extensions)
    }
}

/// The subtags `LanguageTag.forHTML` keeps, from the ICU in the toolchain's Foundation.
private enum HTMLSubtags {
    static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    static let regions = Set(Locale.Region.isoRegions.map(\.identifier).filter { region in
        guard region.count == 2, let first = region.first, let second = region.last else { return true }
        // Private use in ISO 3166 and BCP 47: `AA`, `QM`–`QZ`, `XA`–`XZ`, `ZZ`.
        return !(region == "AA" || region == "ZZ" || first == "X" || (first == "Q" && second >= "M"))
    })

    static func isScript(_ code: String) -> Bool {
        // `Qaaa`–`Qabx` are private use; `Zzzz` is "no script known".
        !code.hasPrefix("Qa") && code != "Zzzz" && Locale.Script(code).isISOScript
    }
}
