import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SHA256 {
    /// The C library's one-shot `SHA256(data, count, digest)` from the system's libcrypto,
    /// looked up at run time (nothing to link, no headers needed); nil where there is none.
    ///
    /// Why: checksumming every page for the manifest took about 40% of the build's CPU time
    /// per byte with the Swift rounds; libcrypto uses the processor's SHA extensions and is an
    /// order of magnitude faster. The digest is the same either way (a test compares them).
    static let system: (@convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?)? = {
        if ProcessInfo.processInfo.environment["VANTAGE_SWIFT_SHA256"] != nil { return nil }
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(library, "SHA256") else { continue }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?).self)
        }
        return nil
    }()

    /// The digest of `bytes` as hex: libcrypto's when the system has it, else the Swift rounds.
    public static func hex(_ bytes: [UInt8]) -> String {
        guard let system else { return swiftHex(bytes) }
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = system(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return hexString(digest)
    }

    /// The 32 bytes of the digest of `bytes`, written at `output`: libcrypto's when the system
    /// has it, else the Swift rounds. For digests that are only ever compared or hashed again
    /// (no hex string is made).
    public static func digest(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
        if let system {
            _ = system(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, output)
            return
        }
        var hasher = SHA256()
        hasher.update(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
        for (offset, byte) in hasher.finalize().enumerated() { output[offset] = byte }
    }

    /// Two hex digests as a message shows them side by side: their first 12 digits, or as many
    /// as it takes to tell them apart (two digests alike in their first 12 read the same).
    public static func shownApart(_ a: String, _ b: String) -> (String, String) {
        let common = zip(a, b).prefix { $0 == $1 }.count
        let shown = max(12, common + 4)
        func cut(_ digest: String) -> String { digest.count > shown ? digest.prefix(shown) + "…" : digest }
        return (cut(a), cut(b))
    }

    /// A digest as lower-case hex.
    public static func hexString(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
