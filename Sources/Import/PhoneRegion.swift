/// The numbering-plan facts phone normalisation needs: every country calling code (to know
/// where the code ends in `+…` numbers), and for the regions a site may name as its
/// `defaultRegion`, the national trunk prefix and the lengths of national numbers.
/// Lengths follow the ITU numbering plans as summarised by libphonenumber's metadata.
public struct PhoneRegion: Sendable, Hashable {
    /// ISO 3166 alpha-2 code ("GB").
    public let code: String
    /// Country calling code (44).
    public let callingCode: Int
    /// Digits dialled before a national number inside the country ("0"), or "" when none.
    public let trunkPrefix: String
    /// Bit n set: a national significant number may have n digits.
    let lengthMask: UInt32
    /// True when national numbers may themselves start with the trunk prefix (Russia's 8xx),
    /// so a leading trunk digit is dropped only when the length says it must be.
    let numbersMayStartWithTrunk: Bool

    init(_ code: String, _ callingCode: Int, trunk: String, _ lengths: [ClosedRange<Int>], mayStartWithTrunk: Bool = false) {
        self.init(code, callingCode, trunk: trunk,
                  mask: lengths.reduce(0) { mask, range in range.reduce(mask) { $0 | (1 << UInt32($1)) } },
                  mayStartWithTrunk: mayStartWithTrunk)
    }

    private init(_ code: String, _ callingCode: Int, trunk: String, mask: UInt32, mayStartWithTrunk: Bool) {
        self.code = code
        self.callingCode = callingCode
        self.trunkPrefix = trunk
        self.lengthMask = mask
        self.numbersMayStartWithTrunk = mayStartWithTrunk
    }

    /// True when a national significant number of `count` digits is possible here.
    func allows(length count: Int) -> Bool { count < 32 && lengthMask & (1 << UInt32(count)) != 0 }

    /// The shortest and longest national numbers, for messages.
    var lengthRange: ClosedRange<Int> {
        let lengths = (0..<32).filter { lengthMask & (1 << UInt32($0)) != 0 }
        return lengths.first!...lengths.last!
    }

    /// The allowed lengths in words: "10", "9 to 10", "7, 9 or 10".
    var lengthsDescription: String {
        var runs: [ClosedRange<Int>] = []
        for length in 0..<32 where allows(length: length) {
            if let last = runs.last, last.upperBound == length - 1 {
                runs[runs.count - 1] = last.lowerBound...length
            } else {
                runs.append(length...length)
            }
        }
        var parts: [String] = []
        for run in runs {
            if run.count == 1 { parts.append("\(run.lowerBound)") }
            else if run.count == 2 { parts.append("\(run.lowerBound)"); parts.append("\(run.upperBound)") }
            else { parts.append("\(run.lowerBound) to \(run.upperBound)") }
        }
        if parts.count == 1 { return parts[0] }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }

    /// The region named `code` (case-insensitive), when supported.
    public static func named(_ code: String) -> PhoneRegion? { byCode[code.uppercased()] }

    /// The codes of every supported default region, sorted.
    public static var supportedCodes: [String] { all.map(\.code).sorted() }

    private static let byCode: [String: PhoneRegion] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// Regions with a full rule; other calling codes are still accepted after `+` or `00`.
    static let all: [PhoneRegion] = [
        PhoneRegion("US", 1, trunk: "1", [10...10]),
        PhoneRegion("CA", 1, trunk: "1", [10...10]),
        PhoneRegion("GB", 44, trunk: "0", [7...7, 9...10]),
        PhoneRegion("IE", 353, trunk: "0", [7...10]),
        PhoneRegion("FR", 33, trunk: "0", [9...9]),
        PhoneRegion("DE", 49, trunk: "0", [4...15]),
        PhoneRegion("IT", 39, trunk: "", [6...12]),
        PhoneRegion("ES", 34, trunk: "", [9...9]),
        PhoneRegion("PT", 351, trunk: "", [9...9]),
        PhoneRegion("NL", 31, trunk: "0", [5...11]),
        PhoneRegion("BE", 32, trunk: "0", [8...9]),
        PhoneRegion("CH", 41, trunk: "0", [9...9, 12...12]),
        PhoneRegion("AT", 43, trunk: "0", [4...13]),
        PhoneRegion("SE", 46, trunk: "0", [6...10, 12...12]),
        PhoneRegion("NO", 47, trunk: "", [5...5, 8...8]),
        PhoneRegion("DK", 45, trunk: "", [8...8]),
        PhoneRegion("FI", 358, trunk: "0", [5...12]),
        PhoneRegion("PL", 48, trunk: "", [6...10]),
        PhoneRegion("CZ", 420, trunk: "", [9...12]),
        PhoneRegion("GR", 30, trunk: "", [10...12]),
        PhoneRegion("RU", 7, trunk: "8", [10...10], mayStartWithTrunk: true),
        PhoneRegion("KZ", 7, trunk: "8", [10...10], mayStartWithTrunk: true),
        PhoneRegion("UA", 380, trunk: "0", [9...10]),
        PhoneRegion("TR", 90, trunk: "0", [7...7, 10...10, 12...13]),
        PhoneRegion("IL", 972, trunk: "0", [7...12]),
        PhoneRegion("EG", 20, trunk: "0", [8...10]),
        PhoneRegion("MA", 212, trunk: "0", [9...9]),
        PhoneRegion("ZA", 27, trunk: "0", [5...10]),
        PhoneRegion("NG", 234, trunk: "0", [10...14]),
        PhoneRegion("KE", 254, trunk: "0", [7...10]),
        PhoneRegion("SA", 966, trunk: "0", [9...10]),
        PhoneRegion("AE", 971, trunk: "0", [5...12]),
        PhoneRegion("IN", 91, trunk: "0", [8...13]),
        PhoneRegion("CN", 86, trunk: "0", [7...12]),
        PhoneRegion("JP", 81, trunk: "0", [8...17]),
        PhoneRegion("KR", 82, trunk: "0", [5...6, 8...14]),
        PhoneRegion("TW", 886, trunk: "0", [7...11]),
        PhoneRegion("SG", 65, trunk: "", [8...8, 10...11]),
        PhoneRegion("HK", 852, trunk: "", [5...9, 11...11]),
        PhoneRegion("AU", 61, trunk: "0", [5...10, 12...12]),
        PhoneRegion("NZ", 64, trunk: "0", [5...10]),
        PhoneRegion("BR", 55, trunk: "0", [8...11]),
        PhoneRegion("MX", 52, trunk: "", [10...10]),
        PhoneRegion("CO", 57, trunk: "0", [8...8, 10...11]),
        PhoneRegion("CL", 56, trunk: "", [9...11]),
        PhoneRegion("PE", 51, trunk: "0", [8...9]),
    ]

    /// Rules by calling code; a code shared by several regions (1, 7) gets the union of their
    /// lengths (they share a trunk prefix).
    static let byCallingCode: [Int: PhoneRegion] = {
        var result: [Int: PhoneRegion] = [:]
        for region in all {
            guard let existing = result[region.callingCode] else {
                result[region.callingCode] = region
                continue
            }
            result[region.callingCode] = PhoneRegion(
                existing.code, existing.callingCode, trunk: existing.trunkPrefix,
                mask: existing.lengthMask | region.lengthMask, mayStartWithTrunk: existing.numbersMayStartWithTrunk)
        }
        return result
    }()

    /// Every assigned country calling code (ITU-T E.164 list). The set is prefix-free, so the
    /// code of a `+…` number is its one prefix found here.
    static let callingCodes: Set<Int> = [
        1, 7, 20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56,
        57, 58, 60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
        211, 212, 213, 216, 218, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234,
        235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254,
        255, 256, 257, 258, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 290, 291, 297, 298, 299,
        350, 351, 352, 353, 354, 355, 356, 357, 358, 359, 370, 371, 372, 373, 374, 375, 376, 377, 378, 380,
        381, 382, 383, 385, 386, 387, 389, 420, 421, 423, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509,
        590, 591, 592, 593, 594, 595, 596, 597, 598, 599, 670, 672, 673, 674, 675, 676, 677, 678, 679, 680,
        681, 682, 683, 685, 686, 687, 688, 689, 690, 691, 692, 800, 808, 850, 852, 853, 855, 856, 870, 878,
        880, 881, 882, 883, 886, 888, 960, 961, 962, 963, 964, 965, 966, 967, 968, 970, 971, 972, 973, 974,
        975, 976, 977, 979, 992, 993, 994, 995, 996, 998,
    ]
}
