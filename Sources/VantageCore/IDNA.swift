import _FoundationICU

/// Domain names between their two spellings, by ICU's UTS #46 processing (the toolchain's ICU,
/// as `NFC`): `bücher.de` and `xn--bcher-kva.de` are one domain, and a reader who sees either
/// reads the same address. `_FoundationICU` is an unsupported, underscored module, used here
/// for the one job it does better than anything the tool could write again.
public enum IDNA {
    /// The ASCII spelling of `domain` (its labels beyond ASCII as `xn--` Punycode), or nil when
    /// it is no valid domain name.
    public static func ascii(_ domain: String) -> String? { convert(domain, toASCII: true) }

    /// The Unicode spelling of `domain` (its `xn--` labels decoded), or nil when it is no valid
    /// domain name.
    public static func unicode(_ domain: String) -> String? { convert(domain, toASCII: false) }

    /// ICU's UTS #46 processor: immutable once opened, and its functions take it `const`, so
    /// any thread may use it.
    nonisolated(unsafe) private static let processor: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let options = UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE)
        let idna = swift_uidna_openUTS46(options, &status)
        return status.rawValue <= U_ZERO_ERROR.rawValue ? idna : nil
    }()

    private static func convert(_ domain: String, toASCII: Bool) -> String? {
        guard let processor, !domain.isEmpty, domain.utf8.count <= 1024 else { return nil }
        let source = domain.utf8.map { CChar(bitPattern: $0) }
        // A label grows at most fourfold as Punycode, and shrinks decoded.
        var output = [CChar](repeating: 0, count: source.count * 4 + 64)
        var info = UIDNAInfo()
        info.size = Int16(MemoryLayout<UIDNAInfo>.size)
        var status = U_ZERO_ERROR
        let length = toASCII
            ? swift_uidna_nameToASCII_UTF8(processor, source, Int32(source.count), &output, Int32(output.count), &info, &status)
            : swift_uidna_nameToUnicodeUTF8(processor, source, Int32(source.count), &output, Int32(output.count), &info, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, info.errors == 0, length >= 0, Int(length) <= output.count else { return nil }
        return String(decoding: output[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
