import _FoundationICU

/// Locale data from the ICU inside the toolchain's Foundation (CLDR's likely subtags, parent
/// locales, character orientation, aliases and BCP 47 canonical form), so language fallback and `dir`
/// follow CLDR instead of a hand-kept list.
///
/// `_FoundationICU` is an unsupported, underscored module: this file, `PluralRules`,
/// `NumberDisplay` and VantageCore's `NFC` are the only places that touch it.
enum ICULocale {
    /// An ICU call that writes a C string into a buffer.
    private static func text(_ call: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<UErrorCode>) -> Int32)
        -> String?
    {
        var buffer = [CChar](repeating: 0, count: 160)
        var status = U_ZERO_ERROR
        let length = call(&buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0, length < buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The BCP 47 canonical form of a tag (`de-de-u-NU-Arab` → `de-DE-u-nu-arab`, `pt_BR` →
    /// `pt-BR`), with CLDR's aliases replaced (`iw` → `he`, `tl` → `fil`, `sh` → `sr-Latn`,
    /// `cmn` → `zh`, `tl-PH` → `fil-PH`, `en-UK` → `en-GB`), or nil when ICU cannot read all
    /// of it.
    ///
    /// The aliases are ICU's own data (CLDR's supplementalMetadata: languageAlias,
    /// territoryAlias, scriptAlias, variantAlias), applied by `Locale::createCanonical`
    /// through its C wrapper `ualoc_canonicalForm` (Apple's ICU, which the toolchain's
    /// Foundation ships). `uloc_toLanguageTag` alone maps only the few deprecated ISO codes
    /// (`iw`, `in`, `ji`, `jw`, `mo`). CLDR has no alias for `no`: it stays `no`, read as `nb`
    /// where languages are matched (`LanguageTag.meaning`).
    static func canonicalTag(_ tag: String) -> String? {
        let hyphenated = tag.replacingUnderscores
        var parsed: Int32 = 0
        guard let identifier = text({ swift_uloc_forLanguageTag(hyphenated, $0, $1, &parsed, $2) }),
            Int(parsed) == hyphenated.utf8.count, !identifier.isEmpty
        else { return nil }
        let canonical = text({ ualoc_canonicalForm(identifier, $0, $1, $2) }).flatMap { $0.isEmpty ? nil : $0 } ?? identifier
        return text { swift_uloc_toLanguageTag(canonical, $0, $1, 1, $2) }
    }

    /// ICU's identifier for a BCP 47 tag (`zh-Hant-HK` → `zh_Hant_HK`).
    static func identifier(_ tag: String) -> String {
        var parsed: Int32 = 0
        return text({ swift_uloc_forLanguageTag(tag, $0, $1, &parsed, $2) }) ?? tag.replacingHyphens
    }

    /// `tag` without its `-u-nu-…` keyword when that names an algorithmic numbering system
    /// (`roman`, `hebr`, `cyrl`, `jpanfin`, … in ICU's data): those write numbers as words or
    /// letters, not digits, and a date or time in them is unreadable (`III:N PM` for 3:00 PM).
    /// Dates and numbers then take the locale's own digits, as browsers do. So does a keyword
    /// naming a system ICU does not know (`-u-nu-foo`) or none (`-u-nu`), which left every date
    /// empty.
    static func withDecimalDigits(_ tag: String) -> String {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let unicode = subtags.firstIndex(where: { $0.lowercased() == "u" }),
              let key = subtags[(unicode + 1)...].firstIndex(where: { $0.lowercased() == "nu" })
        else { return tag }
        // A key's value is the subtags of three to eight characters after it; the next key has two.
        let value = key + 1 < subtags.count && subtags[key + 1].count >= 3 ? key + 1 : key
        if value > key && readsInDigits(tag, system: subtags[value].lowercased()) { return tag }
        var kept = subtags
        kept.removeSubrange(key...value)
        // A `u` extension left with nothing goes too.
        if unicode + 1 == kept.count || kept[unicode + 1].count == 1 { kept.remove(at: unicode) }
        return kept.joined(separator: "-")
    }

    /// Whether ICU opens `system` for the tag as a numbering system of decimal digits.
    private static func readsInDigits(_ tag: String, system name: String) -> Bool {
        var status = U_ZERO_ERROR
        guard let system = swift_unumsys_open(identifier(tag), &status) else { return false }
        defer { swift_unumsys_close(system) }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, swift_unumsys_isAlgorithmic(system) == 0,
              let opened = swift_unumsys_getName(system)
        else { return false }
        return String(cString: opened) == name
    }

    /// The tag with CLDR's likely subtags added (`zh-TW` → `zh-Hant-TW`, `nb` → `nb-Latn-NO`).
    static func maximized(_ tag: String) -> String {
        let id = identifier(tag)
        guard let maximal = text({ swift_uloc_addLikelySubtags(id, $0, $1, $2) }) else { return tag }
        return bcp47(maximal) ?? tag
    }

    /// The tag with the subtags likely subtags would add removed (`en-Latn-AU` → `en-AU`).
    static func minimized(_ tag: String) -> String {
        let id = identifier(tag)
        guard let minimal = text({ swift_uloc_minimizeSubtags(id, $0, $1, $2) }) else { return tag }
        return bcp47(minimal) ?? tag
    }

    /// CLDR's parent locale (`en-AU` → `en-001`, `zh-Hant-MO` → `zh-Hant-HK`, `es-MX` → `es-419`,
    /// `zh-Hant` → nil, the root), else the tag with its last subtag removed; nil past the
    /// language.
    static func parent(of tag: String) -> String? {
        for candidate in [tag, minimized(tag)] {
            if let explicit = explicitParent(identifier(candidate)) { return explicit == "root" ? nil : bcp47(explicit) }
        }
        let id = identifier(tag)
        guard let truncated = text({ swift_uloc_getParent(id, $0, $1, $2) }), !truncated.isEmpty, truncated != "und",
              let parent = bcp47(truncated)
        else { return nil }
        // CLDR: dropping a script that is not the language's likely one leads to the root, not
        // to the language (`az-Arab` is not `az`, which is Latin; `kk-Arab` not Cyrillic `kk`).
        if let written = script(of: tag), script(of: parent) == nil, script(of: maximized(parent)) != written {
            return nil
        }
        return parent
    }

    /// The script subtag of a tag (`Arab` in `az-Arab-IR`), if it has one.
    static func script(of tag: String) -> String? {
        let subtags = tag.split(separator: "-")
        guard subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) else { return nil }
        return String(subtags[1])
    }

    /// The `%%Parent` alias of a locale's data (CLDR's parentLocales), if its own data has one.
    ///
    /// Read through `ures_open`, as Foundation itself opens a locale's data, never
    /// `ures_openDirect`: ICU caches one entry per locale for both, and an entry a direct open
    /// made first has no parents, so every formatter of that locale opened after it found no
    /// data and wrote the root's (`nb` and `nn`, whose parent is `no`: "1,234,567" and "2026
    /// M05 2" for a Norwegian viewer of a catalog with Norwegian in it).
    private static func explicitParent(_ identifier: String) -> String? {
        var status = U_ZERO_ERROR
        guard let bundle = swift_ures_open(nil, identifier, &status) else { return nil }
        defer { swift_ures_close(bundle) }
        // The locale's own data, not a fallback's: the key must be in it.
        guard status.rawValue <= U_ZERO_ERROR.rawValue, actualLocale(of: bundle) == identifier else { return nil }
        var keyStatus = U_ZERO_ERROR
        guard let parent = swift_ures_getByKey(bundle, "%%Parent", nil, &keyStatus) else { return nil }
        defer { swift_ures_close(parent) }
        guard keyStatus.rawValue <= U_ZERO_ERROR.rawValue, actualLocale(of: parent) == identifier else { return nil }
        var length: Int32 = 0
        var valueStatus = U_ZERO_ERROR
        guard let value = swift_ures_getString(parent, &length, &valueStatus), valueStatus.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        return String(decoding: UnsafeBufferPointer(start: value, count: Int(length)), as: UTF16.self)
    }

    /// The locale whose data a resource was found in.
    private static func actualLocale(of resource: OpaquePointer) -> String? {
        var status = U_ZERO_ERROR
        guard let name = swift_ures_getLocaleByType(resource, ULOC_ACTUAL_LOCALE, &status), status.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        return String(cString: name)
    }

    /// Whether text in this locale runs right to left, from its script (likely subtags fill a
    /// missing one): ar, he, ur, az-Arab are; ar-Latn, ur-Latn and sd-Deva are not. ICU's
    /// script property decides when the tag has a script; otherwise the locale's own
    /// character orientation.
    static func isRightToLeft(_ tag: String) -> Bool {
        let subtags = maximized(tag).split(separator: "-")
        if subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) {
            var codes = [UScriptCode](repeating: USCRIPT_INVALID_CODE, count: 4)
            var status = U_ZERO_ERROR
            let found = swift_uscript_getCode(String(subtags[1]), &codes, Int32(codes.count), &status)
            if status.rawValue <= U_ZERO_ERROR.rawValue, found >= 1 { return swift_uscript_isRightToLeft(codes[0]) != 0 }
        }
        var status = U_ZERO_ERROR
        let orientation = swift_uloc_getCharacterOrientation(identifier(tag), &status)
        return status.rawValue <= U_ZERO_ERROR.rawValue && orientation == ULOC_LAYOUT_RTL
    }

    /// Whether every letter of `text` is in a script the language of `tag` is written in (ICU's
    /// scripts of the locale: Latin for `fr`, Han, Hiragana and Katakana for `ja`, Hangul and
    /// Han for `ko`), so that `lang` may name it: a Thai name of a person whose locale is `ja`
    /// is not Japanese, and a `lang` saying so sends a screen reader to the wrong voice. Text
    /// without letters is in none. Marks and digits go with any script.
    static func isWritten(_ text: String, inScriptOf tag: String) -> Bool {
        var codes = [UScriptCode](repeating: USCRIPT_INVALID_CODE, count: 8)
        var status = U_ZERO_ERROR
        let found = swift_uscript_getCode(identifier(tag), &codes, Int32(codes.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, found >= 1 else { return false }
        let scripts = Set(codes.prefix(Int(found)).map(\.rawValue))
        var letters = false
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            var scriptStatus = U_ZERO_ERROR
            let script = swift_uscript_getScript(UChar32(scalar.value), &scriptStatus)
            if script == USCRIPT_COMMON || script == USCRIPT_INHERITED { continue }
            guard scripts.contains(script.rawValue) else { return false }
            letters = true
        }
        return letters
    }

    /// Whether `text` holds a letter written against the page's direction (a right-to-left
    /// one on a left-to-right page, or the other way round): such a text, put into a sentence,
    /// must be isolated or it reorders the words around it. The rule ICU's list formatter
    /// follows for the items it joins ("Heard by Omar and ⁨ליאור⁩").
    static func runsAgainst(pageRightToLeft: Bool, _ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            // ASCII letters are strong left to right; other ASCII is weak or neutral.
            if scalar.value < 0x80 {
                if pageRightToLeft, (scalar.value | 0x20) >= 0x61, (scalar.value | 0x20) <= 0x7A { return true }
                continue
            }
            switch swift_u_charDirection(UChar32(scalar.value)) {
            case U_LEFT_TO_RIGHT: if pageRightToLeft { return true }
            case U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC: if !pageRightToLeft { return true }
            default: break
            }
        }
        return false
    }

    /// The locale's short time pattern (CLDR's `timeFormats/short`: `HH:mm` in French, `h:mm a`
    /// in American English), read from ICU's own date format. Foundation's `DateFormatter`
    /// stops the process for a tag whose `-u-nu-` names the language's own digits
    /// (`ar-SA-u-nu-arab`, `en-US-u-nu-latn`), so it is not asked.
    static func shortTimePattern(_ tag: String) -> String? {
        var status = U_ZERO_ERROR
        guard let format = swift_udat_open(UDAT_SHORT, UDAT_NONE, identifier(tag), nil, 0, nil, 0, &status) else { return nil }
        defer { swift_udat_close(format) }
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        var buffer = [UChar](repeating: 0, count: 64)
        var length = swift_udat_toPattern(format, 0, &buffer, Int32(buffer.count), &status)
        if status == U_BUFFER_OVERFLOW_ERROR {
            status = U_ZERO_ERROR
            buffer = [UChar](repeating: 0, count: Int(length) + 1)
            length = swift_udat_toPattern(format, 0, &buffer, Int32(buffer.count), &status)
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0 else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }

    /// Every locale ICU has data for, as BCP 47 tags, sorted.
    static var availableLocales: [String] {
        (0..<swift_uloc_countAvailable()).compactMap { index in
            swift_uloc_getAvailable(index).flatMap { bcp47(String(cString: $0)) }
        }.sorted()
    }

    /// An ICU identifier as a BCP 47 tag.
    private static func bcp47(_ identifier: String) -> String? {
        text { swift_uloc_toLanguageTag(identifier, $0, $1, 1, $2) }
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
    fileprivate var replacingHyphens: String { String(map { $0 == "-" ? "_" : $0 }) }
}
