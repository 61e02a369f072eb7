import Testing
import VantageCore

/// THE rule for when two emails are one address (`EmailAddress`), which the import stores and
/// matches people by and the mask knows an export's emails by.
struct EmailAddressTests {
    /// A domain's two IDNA spellings, in any case or width, are one address: the Unicode one.
    @Test func aDomainsTwoSpellingsAreOneAddress() {
        for written in ["bob@BÜCHER.example", "bob@xn--bcher-kva.example", "BOB@XN--BCHER-KVA.EXAMPLE", "Bob@bu\u{308}cher.example",
                        "bob@ＢÜＣＨＥＲ．example"] {
            #expect(EmailAddress.canonical(written) == "bob@bücher.example", "\(written)")
        }
        #expect(EmailAddress.canonical("Ana.Lima@Example.COM") == "ana.lima@example.com")
        // The local part is lower-cased and NFC, never spelled as IDNA.
        #expect(EmailAddress.canonical("Jose\u{301}@example.com") == "jos\u{E9}@example.com")
        #expect(EmailAddress.canonical("ΟΔΟΣ@example.gr") == "οδοσ@example.gr")
        // A domain that is no IDNA name is kept as written, lower-cased.
        #expect(EmailAddress.canonical("a@XN--INVALID-.example") == "a@xn--invalid-.example")
        // A full-width at-sign in the domain, which UTS #46 maps to "@", leaves one at-sign.
        #expect(EmailAddress.canonical("bob@A\u{FF20}b.example") == "bob@a\u{FF20}b.example")
        for bad in ["", "a", "@b", "a@", "a@b@c", "a b@c.d", "a@c\n.d"] { #expect(EmailAddress.canonical(bad) == nil, "\(bad)") }
    }

    @Test func anAddressIsReadInBothSpellings() {
        #expect(EmailAddress.spellings(of: "bob@bücher.example") == ["bob@bücher.example", "bob@xn--bcher-kva.example"])
        #expect(EmailAddress.spellings(of: "ana@example.com") == ["ana@example.com"])
    }
}
