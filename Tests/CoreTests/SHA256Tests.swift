import Foundation
import Testing

@testable import VantageCore

/// Both SHA-256 implementations (libcrypto's, which the build uses, and the Swift rounds, the
/// fallback) against references that owe nothing to either: the FIPS 180-4 / NIST example
/// vectors and coreutils' `sha256sum`. libcrypto must be there: the test machine has it (Debian's
/// libssl3, installed by `.ci/run`), so a run where it was not loaded fails instead of comparing
/// the Swift rounds with themselves.
@Suite("SHA-256")
struct SHA256Tests {
    /// libcrypto's one-shot digest, called directly (not through `SHA256.hex`).
    static func libcryptoHex(_ bytes: [UInt8]) throws -> String {
        let system = try #require(SHA256.system, "libcrypto.so.3 was not loaded (is libssl3 installed, or VANTAGE_SWIFT_SHA256 set?)")
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in _ = system(input.baseAddress, input.count, output.baseAddress) }
        }
        return SHA256.hexString(digest)
    }

    /// Reproducible pseudo-random bytes.
    static func bytes(_ length: Int, seed: UInt64) -> [UInt8] {
        var generator = seed
        return (0..<length).map { _ -> UInt8 in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: generator >> 33)
        }
    }

    /// `sha256sum`'s digest of each message, in order (one run over temporary files).
    static func coreutilsHex(_ messages: [[UInt8]]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, message) in messages.enumerated() {
            let path = folder.appendingPathComponent("m\(index)").path
            try Data(message).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", "--"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sha256sum failed")
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == messages.count)
        return lines.map { String($0.prefix(64)) }
    }

    /// FIPS 180-4 example messages and NIST's long-message vector.
    static let vectors: [(message: [UInt8], digest: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8),
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ([UInt8](repeating: 0x61, count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test("The build's digest is libcrypto's, not the fallback")
    func libcryptoIsTheImplementationInUse() throws {
        #expect(SHA256.system != nil, "libcrypto.so.3 was not loaded: SHA256.hex would run the Swift rounds")
        let message = Self.bytes(1000, seed: 7)
        #expect(try SHA256.hex(message) == Self.libcryptoHex(message))
    }

    @Test("libcrypto, the Swift rounds and SHA256.hex give the NIST vectors")
    func nistVectors() throws {
        for (message, digest) in Self.vectors {
            #expect(try Self.libcryptoHex(message) == digest, "libcrypto, \(message.count) bytes")
            #expect(SHA256.swiftHex(message) == digest, "Swift, \(message.count) bytes")
            #expect(SHA256.hex(message) == digest, "hex, \(message.count) bytes")
        }
    }

    @Test("libcrypto and the Swift rounds agree with sha256sum on every length up to 300, and two long ones")
    func agreeWithCoreutils() throws {
        let lengths = Array(0...300) + [4096, 65_537]
        let messages = lengths.map { Self.bytes($0, seed: 0x9E37_79B9_7F4A_7C15 &+ UInt64($0)) }
        let reference = try Self.coreutilsHex(messages)
        #expect(reference[0] == Self.vectors[0].digest)
        for (index, message) in messages.enumerated() {
            #expect(try Self.libcryptoHex(message) == reference[index], "libcrypto, length \(message.count)")
            #expect(SHA256.swiftHex(message) == reference[index], "Swift, length \(message.count)")
        }
    }

    @Test("SHA-256 of a million 'a's, fed to the Swift rounds in uneven pieces")
    func sha256Chunked() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: 0x61, count: 999)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count - fed % 7, 1_000_000 - fed)
            hasher.update(piece[0..<count])
            fed += count
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("The raw digest is the hex digest's bytes, from libcrypto and from the Swift rounds")
    func rawDigest() {
        for length in [0, 1, 55, 56, 63, 64, 65, 200, 4096] {
            let message = Self.bytes(length, seed: 0x5851_F42D_4C95_7F2D &+ UInt64(length))
            var raw = [UInt8](repeating: 0, count: 32)
            message.withUnsafeBytes { input in raw.withUnsafeMutableBufferPointer { SHA256.digest(input, into: $0.baseAddress!) } }
            let hex = raw.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            #expect(hex == SHA256.swiftHex(message), "libcrypto, length \(length)")
            var hasher = SHA256()
            hasher.update(message)
            #expect(hasher.finalize() == raw, "Swift, length \(length)")
        }
    }

    /// A merge refused a file "(its SHA-256: ec1fa46749b6…, found ec1fa46749b6…)": two digests
    /// alike in their first 12 digits are shown until they differ.
    @Test func digestsAreShownApart() {
        let a = String(repeating: "ec1fa467", count: 8)
        var b = a
        b.removeLast()
        b += "0"
        #expect(SHA256.shownApart(a, b) == (a, b))
        let c = "0" + a.dropFirst()
        #expect(SHA256.shownApart(a, c) == ("ec1fa467ec1f…", "0c1fa467ec1f…"))
        let d = String(a.prefix(20)) + String(repeating: "9", count: 44)
        #expect(SHA256.shownApart(a, d) == (String(a.prefix(24)) + "…", String(d.prefix(24)) + "…"))
    }
}
