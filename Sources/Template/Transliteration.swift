import _FoundationICU

/// ICU transforms by id (`Any-Latin; Latin-ASCII` for slugs), each opened once per process.
///
/// Why not `String.applyingTransform`: Foundation opens a new ICU transliterator on every
/// call, and opening `Any-Latin` parses its rule sets, about 3.7 million instructions, once
/// per non-ASCII name (a tenth of a 200-person build). This calls the same ICU (the
/// toolchain's, as Foundation does) on a transliterator opened once, so the text is the same;
/// `TransliterationTests` compares the two on names in many scripts.
public enum Transliteration {
    /// One opened transliterator. ICU's transliterators keep state while they run, so each is
    /// used by one thread at a time (behind the lock).
    private final class Opened: @unchecked Sendable {
        // @unchecked: `handle` is only used under `Transliteration.transforms`' lock.
        let handle: UnsafeMutablePointer<UTransliterator?>?
        init(_ id: String) {
            let units = Array(id.utf16)
            var status = U_ZERO_ERROR
            let opened = swift_utrans_openU(units, Int32(units.count), UTRANS_FORWARD, nil, 0, nil, &status)
            handle = status.rawValue <= U_ZERO_ERROR.rawValue ? opened : nil
        }
        deinit { if let handle { swift_utrans_close(handle) } }
    }

    private static let transforms = Locked<[String: Opened]>([:])

    /// `text` through the ICU transform `id`, or nil when ICU has no such transform or fails.
    public static func apply(_ id: String, to text: String) -> String? {
        var units = Array(text.utf16)
        return transforms.withLock { transforms -> String? in
            let opened = transforms[id] ?? Opened(id)
            transforms[id] = opened
            guard let handle = opened.handle else { return nil }
            // ICU grows the text in place up to the capacity, and says how long it would be if
            // the buffer is too small: then again, from the original text, with that room.
            var capacity = max(16, units.count * 4)
            while true {
                var buffer = units + Array(repeating: 0, count: capacity - units.count)
                var length = Int32(units.count)
                var limit = Int32(units.count)
                var status = U_ZERO_ERROR
                swift_utrans_transUChars(
                    handle, &buffer, &length, Int32(capacity), 0, &limit, &status)
                if status == U_BUFFER_OVERFLOW_ERROR, Int(length) > capacity {
                    capacity = Int(length) + 16
                    continue
                }
                guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0, Int(length) <= capacity else { return nil }
                units = Array(buffer[0..<Int(length)])
                return String(decoding: units, as: UTF16.self)
            }
        }
    }
}
