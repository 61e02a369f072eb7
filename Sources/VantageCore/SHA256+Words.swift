#if canImport(Glibc)
    import Glibc
#endif

/// A SHA-256 fed piece by piece, whose result is its first 128 bits as two big-endian words:
/// the import fingerprints every batch of records it reads with it (docs/IMPORT.md,
/// Re-importing). libcrypto's `SHA256_Init`/`_Update`/`_Final` when the system has them (the
/// processor's SHA extensions, and no per-call set-up as the one-shot `SHA256` has in OpenSSL
/// 3), else the Swift rounds; the digest is the same either way.
public struct SHA256Stream {
    private typealias Initialize = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private typealias Update = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Int32
    private typealias Finish = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutableRawPointer?) -> Int32

    private static let system: (initialize: Initialize, update: Update, finish: Finish)? = {
        if SHA256.system == nil { return nil }  // VANTAGE_SWIFT_SHA256, or no libcrypto
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL),
                  let initialize = dlsym(library, "SHA256_Init"), let update = dlsym(library, "SHA256_Update"),
                  let finish = dlsym(library, "SHA256_Final")
            else { continue }
            return (unsafeBitCast(initialize, to: Initialize.self), unsafeBitCast(update, to: Update.self),
                    unsafeBitCast(finish, to: Finish.self))
        }
        return nil
    }()

    /// libcrypto's SHA256_CTX (112 bytes), or nil with the Swift rounds.
    private var context: UnsafeMutableRawPointer?
    private var swift = SHA256()

    public init() {
        if let system = Self.system {
            context = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 16)
            _ = system.initialize(context)
        }
    }

    /// Adds `bytes`.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if let system = Self.system, let context {
            _ = system.update(context, bytes.baseAddress, bytes.count)
        } else {
            swift.update(bytes)
        }
    }

    /// Adds a number, as 8 bytes.
    public mutating func update(_ value: Int) {
        withUnsafeBytes(of: UInt64(value).littleEndian) { update($0) }
    }

    /// Finishes the digest as 64 lower-case hex digits, the same as `SHA256.hex` of everything
    /// fed. The stream cannot be fed after.
    public mutating func finishHex() -> String {
        if let system = Self.system, let context {
            var digest = [UInt8](repeating: 0, count: 32)
            digest.withUnsafeMutableBufferPointer { _ = system.finish($0.baseAddress, context) }
            context.deallocate()
            self.context = nil
            return SHA256.hexString(digest)
        }
        return swift.finalizeHex()
    }

    /// Finishes the digest: its first 128 bits. The stream cannot be fed after.
    public mutating func finish() -> (UInt64, UInt64) {
        if let system = Self.system, let context {
            var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &digest) { output in
                _ = system.finish(output.baseAddress!.assumingMemoryBound(to: UInt8.self), context)
            }
            context.deallocate()
            self.context = nil
            return (UInt64(bigEndian: digest.0), UInt64(bigEndian: digest.1))
        }
        let hex = Array(swift.finalizeHex().utf8)
        func word(_ digits: ArraySlice<UInt8>) -> UInt64 {
            digits.reduce(0) { $0 << 4 | UInt64($1 <= 0x39 ? $1 - 0x30 : $1 - 0x57) }
        }
        return (word(hex[0..<16]), word(hex[16..<32]))
    }
}
