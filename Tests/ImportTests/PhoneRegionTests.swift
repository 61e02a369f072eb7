import CPhoneNumber
import Import
import Testing
import VantageCore

/// The reader against libphonenumber itself: every region it knows is a `defaultRegion`, and
/// every region's example number, written in its national and its international form, reads
/// back to the example's E.164 form.
struct PhoneRegionTests {
    /// libphonenumber's example number of `region` in `format`.
    static func example(_ region: String, _ format: VantagePhoneFormat) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard vantage_phone_example(region, format, &buffer, buffer.count) else { return nil }
        return String(cString: buffer)
    }

    static func nonGeographicExample(_ code: Int32, _ format: VantagePhoneFormat) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard vantage_phone_example_non_geographic(code, format, &buffer, buffer.count) else { return nil }
        return String(cString: buffer)
    }

    @Test func everyRegionLibphonenumberKnowsIsADefaultRegion() throws {
        let codes = PhoneRegion.supportedCodes
        #expect(codes.count == vantage_phone_region_count())
        #expect(codes.count >= 240)
        #expect(codes == codes.sorted())
        for code in ["AR", "PK", "US", "GB", "IT", "BR", "IN", "NG", "VN", "ID", "KZ", "AX"] {
            #expect(codes.contains(code), "\(code)")
        }
        #expect(PhoneRegion.named("ar")?.callingCode == 54)
        #expect(PhoneRegion.named("PK")?.callingCode == 92)
        #expect(PhoneRegion.named("001") == nil)  // libphonenumber's "world", not a region
        #expect(PhoneRegion.named("XX") == nil)
    }

    @Test(arguments: PhoneRegion.supportedCodes)
    func examplesReadBackInEveryRegion(region: String) throws {
        let reader = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named(region)))
        let abroad = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named(region == "US" ? "GB" : "US")))
        let e164 = try #require(Self.example(region, VantagePhoneFormatE164))
        let national = try #require(Self.example(region, VantagePhoneFormatNational))
        let international = try #require(Self.example(region, VantagePhoneFormatInternational))
        #expect(try reader.e164(national) == e164, "national \(national)")
        #expect(try reader.e164(international) == e164, "international \(international)")
        #expect(try abroad.e164(international) == e164, "international \(international) read abroad")
        #expect(try abroad.e164("00" + e164.dropFirst()) == e164, "00 form of \(e164) read abroad")
    }

    @Test func nonGeographicExamplesReadBackAfterAPlus() throws {
        let us = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("US")))
        let count = vantage_phone_non_geographic_count()
        #expect(count >= 8)
        for index in 0..<count {
            let code = vantage_phone_non_geographic_at(index)
            let e164 = try #require(Self.nonGeographicExample(code, VantagePhoneFormatE164))
            let international = try #require(Self.nonGeographicExample(code, VantagePhoneFormatInternational))
            #expect(try us.e164(international) == e164, "+\(code): \(international)")
        }
    }

    /// The mask finds a phone's national number after its country code's length
    /// (`PhoneDigits.callingCodeLength`): the length of every code libphonenumber knows.
    @Test func callingCodeLengthsAreLibphonenumbers() throws {
        var codes = Set(PhoneRegion.supportedCodes.compactMap { PhoneRegion.named($0)?.callingCode })
        for index in 0..<vantage_phone_non_geographic_count() { codes.insert(Int(vantage_phone_non_geographic_at(index))) }
        #expect(codes.count >= 200)
        for code in codes.sorted() {
            #expect(PhoneDigits.callingCodeLength(ofE164: "\(code)123456789") == String(code).count, "+\(code)")
        }
    }

    /// Regions the hand-written tables refused, read the way libphonenumber reads them.
    static let regional: [(String, String, String)] = [
        ("011 15-2345-6789", "AR", "+5491123456789"),  // Argentina: mobile 15 becomes 9 after the code
        ("+54 9 11 2345-6789", "US", "+5491123456789"),
        ("011 2345-6789", "AR", "+541123456789"),
        ("0300 1234567", "PK", "+923001234567"),
        ("+92 300 1234567", "GB", "+923001234567"),
        ("0912 345 678", "VN", "+84912345678"),
        ("0812-345-678", "ID", "+62812345678"),
        ("0803 123 4567", "NG", "+2348031234567"),
    ]

    @Test(arguments: regional)
    func readsRegionsTheOldTablesLacked(written: String, region: String, expected: String) throws {
        let reader = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named(region)))
        #expect(try reader.e164(written) == expected)
    }

    @Test func aRepeatedTextGivesTheSameAnswerFromTheMemo() throws {
        let us = PhoneNumberReader(defaultRegion: try #require(PhoneRegion.named("US")))
        for _ in 0..<3 {
            #expect(try us.e164("(415) 555-0100") == "+14155550100")
            #expect(throws: PhoneNumberProblem.letters) { try us.e164("1-800-FLOWERS") }
        }
    }
}
