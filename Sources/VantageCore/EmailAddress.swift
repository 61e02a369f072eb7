/// THE rule for when two emails are one address (DATA.md: people are one person when they share
/// a lower-cased email), used by the import to store and match emails and by the mask to know
/// an export's emails in text. An email's domain has two spellings (IDNA, UTS #46:
/// `bücher.example` and `xn--bcher-kva.example` are one domain, and so are `BÜCHER.example` and
/// `ＢÜＣＨＥＲ．example`), so the identity of `bob@BÜCHER.example` and
/// `bob@xn--bcher-kva.example` is one: `bob@bücher.example`.
public enum EmailAddress {
    /// The email as it is stored and matched: lower-cased, NFC, its domain in its Unicode
    /// spelling by UTS #46 (which also maps case and width), or nil when `text` is not shaped
    /// like an email (one `@` with something on each side, no white space or control
    /// characters). A domain that is no valid IDNA name is kept as written, lower-cased. Greek's
    /// final sigma is a sigma, as case folding has it: `ΟΔΟΣ@…` lower-cased letter by letter is
    /// `οδοσ@…`, and the person typed `οδος@…`.
    public static func canonical(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
        else { return nil }
        let domain = String(parts[1])
        // An ASCII domain with no `xn--` label is its own Unicode spelling once lower-cased
        // (nearly every email): ICU is asked only about the others.
        let plain = domain.utf8.allSatisfy { $0 < 0x80 } && !domain.lowercased().contains("xn--")
        // UTS #46 without its STD3 rules maps a full-width at-sign in a domain to "@": such a
        // domain keeps its own spelling, so that an address still has one at-sign.
        let mapped = plain ? nil : IDNA.unicode(domain)
        let spelled = mapped.flatMap { $0.contains("@") ? nil : $0 } ?? domain
        let lower = (parts[0] + "@" + spelled).lowercased()
        if lower.utf8.allSatisfy({ $0 < 0x80 }) { return lower }
        return NFC.normalize(lower.unicodeScalars.contains("\u{3C2}") ? lower.replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}") : lower)
    }

    /// Every spelling a reader reads as the address `email` (a `canonical` one): itself, and
    /// with its domain's other IDNA spelling when it has one (`bob@xn--bcher-kva.example`).
    public static func spellings(of email: String) -> [String] {
        guard let at = email.lastIndex(of: "@") else { return [email] }
        let domain = String(email[email.index(after: at)...])
        let twin = domain.utf8.allSatisfy({ $0 < 0x80 }) ? IDNA.unicode(domain) : IDNA.ascii(domain)
        guard let twin, twin.lowercased() != domain.lowercased() else { return [email] }
        return [email, String(email[...at]) + twin]
    }
}
