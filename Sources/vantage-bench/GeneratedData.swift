import VantageCore

// What both generated exports (`SyntheticExport`'s cast and `PeerExport`) are made of: one
// random-number rule, one way to write a record and one way to write an instant.

/// A well-mixed number from `seed`, an index and a salt (SplitMix64's finaliser): a record is
/// a pure function of the seed, its kind and its index.
func mixed(_ seed: UInt64, _ index: Int, _ salt: UInt64) -> UInt64 {
    var z = seed &+ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15 &+ salt &* 0xD1B5_4A32_D192_ED03
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// A JSON object with `members` in the order given.
func jsonObject(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(keys: members.map(\.0), values: members.map(\.1)))
}

/// `seconds` as DATA.md writes a timestamp, at a UTC `offset` in seconds: `Z` at 0
/// (`2020-01-01T00:00:00Z`), else the offset (`2020-01-01T05:30:00+05:30`).
func isoTimestamp(_ seconds: Int64, offset: Int = 0) -> String {
    let (date, secondOfDay) = CivilDate.split(unixSeconds: seconds, offset: offset)
    var text = digits(date.year, 4) + "-" + digits(date.month, 2) + "-" + digits(date.day, 2) + "T"
    text += digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
    if offset == 0 { return text + "Z" }
    let sign = offset < 0 ? "-" : "+"
    return text + sign + digits(abs(offset) / 3600, 2) + ":" + digits(abs(offset) / 60 % 60, 2)
}

/// `value` in decimal, zero-padded to `width` digits.
func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
