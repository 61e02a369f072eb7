import CPhoneNumber

/// A region a site may name as its `defaultRegion`: every region libphonenumber has metadata
/// for (DATA.md takes libphonenumber's E.164 as the reference), with its country calling code.
public struct PhoneRegion: Sendable, Hashable {
    /// ISO 3166-1 alpha-2 code ("GB"), upper-case.
    public let code: String
    /// Country calling code (44).
    public let callingCode: Int

    /// The region named `code` (case-insensitive), when libphonenumber supports it.
    public static func named(_ code: String) -> PhoneRegion? { byCode[code.uppercased()] }

    /// The codes of every supported region, sorted.
    public static let supportedCodes: [String] = (0..<vantage_phone_region_count()).map { index in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 3) { buffer in
            _ = vantage_phone_region_at(index, buffer.baseAddress!)
            return String(cString: buffer.baseAddress!)
        }
    }

    private static let byCode: [String: PhoneRegion] = Dictionary(uniqueKeysWithValues: supportedCodes.map { code in
        (code, PhoneRegion(code: code, callingCode: Int(vantage_phone_region_calling_code(code))))
    })

    /// The lengths a national number may have after `callingCode`, in words ("10", "9 to 10",
    /// "7, 9 or 10"); nil when libphonenumber knows none.
    static func lengthsDescription(callingCode: Int) -> String? {
        let mask = vantage_phone_possible_lengths(Int32(callingCode))
        var runs: [ClosedRange<Int>] = []
        for length in 0..<32 where mask & (1 << UInt32(length)) != 0 {
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
        guard let last = parts.last else { return nil }
        if parts.count == 1 { return last }
        return parts.dropLast().joined(separator: ", ") + " or " + last
    }
}
