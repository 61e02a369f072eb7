extension SHA256 {
    /// The first 128 bits of the SHA-256 of `bytes`, as two big-endian words, without
    /// allocating: the import fingerprints every record it reads with it (docs/IMPORT.md,
    /// Re-importing). libcrypto's rounds when the system has them, else the Swift ones.
    public static func leadingWords(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        if let system {
            var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &digest) { output in
                _ = system(bytes.baseAddress, bytes.count, output.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            return (UInt64(bigEndian: digest.0), UInt64(bigEndian: digest.1))
        }
        let hex = Array(swiftHex(bytes).utf8)
        func word(_ digits: ArraySlice<UInt8>) -> UInt64 {
            digits.reduce(0) { $0 << 4 | UInt64($1 <= 0x39 ? $1 - 0x30 : $1 - 0x57) }
        }
        return (word(hex[0..<16]), word(hex[16..<32]))
    }
}
