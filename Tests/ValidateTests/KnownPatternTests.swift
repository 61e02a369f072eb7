import Foundation
import Testing
@testable import Validate

/// `KnownPattern` only ever says yes where libxml2's regular expression for the same pattern
/// says yes, and it says yes to the values the build writes.
@Suite struct KnownPatternTests {
    /// The schema holds both patterns exactly as `KnownPattern` knows them (else it would
    /// never be used).
    @Test func schemaUsesThePatterns() {
        let text = String(decoding: PageSchema.source, as: UTF8.self)
        #expect(text.contains("<param name=\"pattern\">\(KnownPattern.dateTimeText)</param>"))
        #expect(text.contains("<param name=\"pattern\">\(KnownPattern.languageText)</param>"))
        #expect(KnownPattern("[0-9]+") == nil)
    }

    /// Valid values, and every value one edit away from one (each character replaced by each
    /// character of an alphabet, dropped, or doubled; cut at each length; extended).
    static func variants(of seeds: [String], alphabet: String) -> [[UInt8]] {
        var values: Set<[UInt8]> = []
        let letters = Array(alphabet.utf8)
        for seed in seeds {
            let bytes = Array(seed.utf8)
            values.insert(bytes)
            for index in bytes.indices {
                for letter in letters {
                    var edited = bytes
                    edited[index] = letter
                    values.insert(edited)
                }
                var dropped = bytes
                dropped.remove(at: index)
                values.insert(dropped)
                var doubled = bytes
                doubled.insert(bytes[index], at: index)
                values.insert(doubled)
                values.insert(Array(bytes[..<index]))
            }
            for letter in letters { values.insert(bytes + [letter]) }
        }
        return values.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func compare(_ pattern: String, _ values: [[UInt8]]) -> (yes: Int, agreed: Int) {
        let compiled = CompiledPattern(pattern)
        let known = KnownPattern(pattern)!
        var yes = 0
        var agreed = 0
        for value in values {
            let ours = value.withUnsafeBufferPointer { known.surelyMatches($0) }
            let libxml2 = value.withUnsafeBufferPointer { compiled.libxml2Matches(bytes: $0) }
            if ours {
                yes += 1
                #expect(libxml2, "\(pattern) on \(String(decoding: value, as: UTF8.self))")
            }
            if ours == libxml2 { agreed += 1 }
        }
        return (yes, agreed)
    }

    @Test func dateTimesAgreeWithLibXML2() {
        var seeds = ["2026-05-02", "2026-05-02T08:30Z", "2026-05-02T08:30:00+09:00", "2024-02-08T12:23:00+00:00",
            "1999-12-31T23:59:59.999-12:00", "2000-01-01T00:00:00.5Z", "2026-10-19T20:09:09.12+23:59", "0000-09-30"]
        // Every month and day boundary, every hour and offset hour.
        for month in [0, 1, 9, 10, 12, 13, 19, 20] { seeds.append(String(format: "2026-%02d-15", month)) }
        for day in [0, 1, 9, 10, 19, 20, 29, 30, 31, 32, 39, 40] { seeds.append(String(format: "2026-07-%02dT10:00Z", day)) }
        for hour in [0, 9, 10, 19, 20, 23, 24, 29, 30] {
            seeds.append(String(format: "2026-07-01T%02d:59:59+%02d:00", hour, hour))
        }
        let values = Self.variants(of: seeds, alphabet: "0123459:+-.TZtz x\u{E9}")
        let (yes, agreed) = Self.compare(KnownPattern.dateTimeText, values)
        #expect(yes > 300)
        // It decides every ASCII value the way libxml2 does (it is exact, not only safe).
        #expect(agreed == values.count)
        for valid in ["2026-05-02", "2026-05-02T08:30:00+09:00", "2026-05-02T08:30:00.123Z"] {
            #expect(Array(valid.utf8).withUnsafeBufferPointer { KnownPattern.dateTime.surelyMatches($0) }, "\(valid)")
        }
    }

    @Test func languagesAgreeWithLibXML2() {
        let seeds = ["en", "pt-BR", "zh-Hant-TW", "sr-Latn-RS", "de-CH-1996", "abc-12345678", "x-abcdefgh-1", "EN-us", "iii"]
        let values = Self.variants(of: seeds, alphabet: "aZ09-_ .\u{E9}")
        let (yes, agreed) = Self.compare(KnownPattern.languageText, values)
        #expect(yes > 100)
        #expect(agreed == values.count)
    }
}
