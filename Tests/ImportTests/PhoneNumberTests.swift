import Import
import Testing

/// Phone numbers written the ways people write them, with the E.164 form Python's
/// `phonenumbers` (9.0) gives for the same text and region: 57 numbers, 18 regions. They were
/// the tables of a hand-written reader; now they check the integration of libphonenumber.
/// One deliberate difference from that library: DATA.md makes `00` start a country code in
/// every region (phonenumbers uses each region's own international prefix, e.g. 011 in the US).
struct PhoneNumberTests {
    static let cases: [(String, String, String)] = [
        ("(415) 555-0100", "US", "+14155550100"),
        // A full-width plus (a Japanese keyboard's), and marks that show nothing around or
        // inside a number (an address book's in a right-to-left text), as phonenumbers reads them.
        ("＋８１ ９０ １２３４ ５６７８", "US", "+819012345678"),
        ("\u{202A}+966 50 123 4567\u{202C}", "US", "+966501234567"),
        ("\u{200E}+966 50 123 4567", "SA", "+966501234567"),
        ("\u{2066}050 123 4567\u{2069}", "SA", "+966501234567"),
        ("415\u{200B}555\u{2060}0100\u{FEFF}", "US", "+14155550100"),
        ("415.555.0100", "US", "+14155550100"),
        ("415-555-0100", "US", "+14155550100"),
        ("1 (415) 555-0100", "US", "+14155550100"),
        ("+1 415 555 0100", "US", "+14155550100"),
        ("+1-212-555-0142", "FR", "+12125550142"),
        ("1-212-555-0142", "US", "+12125550142"),
        ("(604) 555-0199", "CA", "+16045550199"),
        ("0014155550100", "GB", "+14155550100"),
        ("020 7946 0018", "GB", "+442079460018"),
        ("+44 20 7946 0018", "US", "+442079460018"),
        ("+44 (0)20 7946 0018", "US", "+442079460018"),
        ("07700 900123", "GB", "+447700900123"),
        ("+44 7700 900123", "FR", "+447700900123"),
        ("0044 7700 900123", "FR", "+447700900123"),
        ("06 12 34 56 78", "FR", "+33612345678"),
        ("01.23.45.67.89", "FR", "+33123456789"),
        ("+33 6 12 34 56 78", "US", "+33612345678"),
        ("+33 (0)1 23 45 67 89", "GB", "+33123456789"),
        ("0033 1 23 45 67 89", "DE", "+33123456789"),
        ("030 1234567", "DE", "+49301234567"),
        ("+49 30 1234567", "US", "+49301234567"),
        ("+49 (0)151 23456789", "US", "+4915123456789"),
        ("0151-23456789", "DE", "+4915123456789"),
        ("06 1234 5678", "IT", "+390612345678"),
        ("+39 06 1234 5678", "US", "+390612345678"),
        ("347 123 4567", "IT", "+393471234567"),
        ("+39 347 123 4567", "FR", "+393471234567"),
        ("612 34 56 78", "ES", "+34612345678"),
        ("+34 612 345 678", "US", "+34612345678"),
        ("8 (916) 123-45-67", "RU", "+79161234567"),
        ("+7 916 123-45-67", "US", "+79161234567"),
        ("8 812 123-45-67", "RU", "+78121234567"),
        ("812 123 45 67", "RU", "+78121234567"),
        ("+7 (812) 123-45-67", "DE", "+78121234567"),
        ("090-1234-5678", "JP", "+819012345678"),
        ("03-1234-5678", "JP", "+81312345678"),
        ("+81 90-1234-5678", "US", "+819012345678"),
        ("+81 (0)3 1234 5678", "US", "+81312345678"),
        ("(11) 91234-5678", "BR", "+5511912345678"),
        ("011 91234-5678", "BR", "+5511912345678"),
        ("+55 11 91234-5678", "US", "+5511912345678"),
        ("+55 (21) 2345-6789", "PT", "+552123456789"),
        ("098765 43210", "IN", "+919876543210"),
        ("+91 98765 43210", "GB", "+919876543210"),
        ("0412 345 678", "AU", "+61412345678"),
        ("+61 412 345 678", "US", "+61412345678"),
        ("(02) 9876 5432", "AU", "+61298765432"),
        ("050 123 4567", "SA", "+966501234567"),
        ("+966 50 123 4567", "US", "+966501234567"),
        ("+971 50 123 4567", "US", "+971501234567"),
        ("06 12 34 56 78", "MA", "+212612345678"),
        ("138 0013 8000", "CN", "+8613800138000"),
        ("+86 138 0013 8000", "US", "+8613800138000"),
        ("010-1234-5678", "KR", "+821012345678"),
        ("55 1234 5678", "MX", "+525512345678"),
        ("+52 55 1234 5678", "US", "+525512345678"),
    ]

    @Test(arguments: cases)
    func normalisesToE164(written: String, region: String, expected: String) throws {
        let reader = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named(region)))
        #expect(try reader.e164(written) == expected)
    }

    @Test func coversAtLeastFortyNumbersFromEightCountries() {
        #expect(Self.cases.count >= 40)
        #expect(Set(Self.cases.map { $0.2.prefix(3) }).count >= 8)
    }

    @Test func doubleZeroStartsACountryCodeEvenWhereTheRegionDialsOtherwise() throws {
        let us = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("US")))
        #expect(try us.e164("0044 20 7946 0018") == "+442079460018")
    }

    /// Where a region's own international prefix begins with 00 but is longer (0011 in
    /// Australia, 001 in South Korea), a number that `00` gives no country code for is read as
    /// libphonenumber reads it there, DATA.md's reference; elsewhere it stays an error, and a
    /// number `00` reads stays what `00` reads.
    @Test func aRegionsLongerInternationalPrefixIsReadThere() throws {
        let au = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("AU")))
        #expect(try au.e164("0011 44 20 7946 0958") == "+442079460958")
        #expect(try au.e164("0011 44 20 7946 0958") == "+442079460958")  // from the memo
        #expect(try au.e164("0044 20 7946 0958") == "+442079460958")
        let kr = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("KR")))
        #expect(try kr.e164("001 1 415 555 0100") == "+14155550100")
        let us = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("US")))
        #expect(throws: PhoneNumberProblem.self) { try us.e164("0011 44 20 7946 0958") }
    }

    static let problems: [(String, String, String)] = [
        ("555-01", "US", "too short (5 digits after +1, where numbers have 10)"),
        ("+1 415 555 01", "US", "too short (8 digits after +1, where numbers have 10)"),
        ("1-800-FLOWERS", "US", "letters are not allowed"),
        ("(415) 555-0100 x12", "US", "letters are not allowed"),
        ("+44 20 7946 0018 123456", "US", "too long (16 digits after +44, where numbers have 7, 9 or 10)"),
        ("+44 2079 4600", "US", "not a possible number for its country, only a local one (8 digits after +44, where numbers have 7, 9 or 10)"),
        ("+999 123 4567", "US", "no country calling code starts +999"),
        ("+46 12345678901", "US", "not a possible number for its country (11 digits after +46, where numbers have 6 to 10 or 12)"),
        ("555 0100", "US", "not a possible number for its country, only a local one (7 digits after +1, where numbers have 10)"),
        ("+358 1", "US", "too short (too few digits to be a phone number)"),
        ("+1 2345 6789 0123 4567 890", "US", "too long (20 digits; E.164 numbers have at most 15)"),
        ("0012 3456 7890 1234 5678 9", "US", "too long (21 digits; E.164 numbers have at most 15)"),
        ("0012 3456 7890 1234 5678", "US", "too long (17 digits after +1, where numbers have 10)"),
        ("06 12 34 56", "FR", "too short (8 digits after +33, where numbers have 9)"),
        ("+33 6 12 34 56 78 9", "US", "too long (10 digits after +33, where numbers have 9)"),
        ("+7 916 123 45", "US", "too short (8 digits after +7, where numbers have 10 or 14)"),
        ("415*555-0100", "US", #"the character "*" is not allowed (only digits, spaces, dots, dashes, slashes, parentheses and a leading +)"#),
        // A line break or a control in the value is spelled, never written raw into the message.
        ("+1\nforged", "US", #"the character "\n" is not allowed (only digits, spaces, dots, dashes, slashes, parentheses and a leading +)"#),
        ("+1\u{1B}415", "US", #"the character "\u{1B}" is not allowed (only digits, spaces, dots, dashes, slashes, parentheses and a leading +)"#),
        ("Tel. 415 555 0100", "US", "letters are not allowed"),
        ("+1 415 +555 0100", "US", "'+' may only come first"),
        ("", "US", "it has no digits"),
        ("  ", "US", "it has no digits"),
        ("+", "US", "it has no digits"),
        ("+1 234 567 890 123 456 789 012 345", "US", "too long (25 digits; E.164 numbers have at most 15)"),
        ("1234 5678 9012 3456 7890 1234 5678", "US", "too long (28 digits; E.164 numbers have at most 15)"),
        ("+880 12", "US", "too short (2 digits after +880, where numbers have 6 to 10)"),
    ]

    @Test(arguments: problems)
    func rejectsWhatCannotBeNormalised(written: String, region: String, reason: String) throws {
        let reader = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named(region)))
        #expect(throws: (any Error).self) { try reader.e164(written) }
        do {
            _ = try reader.e164(written)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func equalNumbersWrittenDifferentlyAreOnePerson() throws {
        let us = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("US")))
        let forms = ["(415) 555-0100", "415.555.0100", "+1 415 555 0100", "1-415-555-0100", "0014155550100", "+1 (415) 555\u{2011}0100"]
        #expect(Set(try forms.map { try us.e164($0) }) == ["+14155550100"])
    }
}
