import Foundation
import _FoundationICU

/// ICU's `Any-Latin; Latin-ASCII` transliteration (the toolchain's ICU, as `NFC`): every script
/// to Latin letters, then Latin to ASCII ("Dvořák" → "Dvorak", "أحمد" → "ahmd"), as
/// Foundation's `applyingTransform` gives it. Foundation opens a new transliterator for every
/// call, which cost about three quarters of each name's fold; here each one opened is kept and
/// reused (one thread at a time: a transliterator is not safe to share). `_FoundationICU` is an
/// unsupported, underscored module, kept behind this one type.
public enum ASCIITransliteration {
    /// The transform, as Foundation's `StringTransform` names it.
    public static let identifier = "Any-Latin; Latin-ASCII"

    /// `text` transliterated, or nil when ICU fails (then `applyingTransform` is no better).
    public static func latin(_ text: String) -> String? {
        guard !text.isEmpty else { return text }
        guard let transliterator = pool.take() else { return nil }
        defer { pool.give(transliterator) }
        return transliterator.apply(to: text)
    }

    /// One opened transliterator, used by one thread at a time.
    final class Transliterator: @unchecked Sendable {
        let handle: UnsafeMutablePointer<UTransliterator?>

        init?() {
            var status = U_ZERO_ERROR
            var parseError = UParseError()
            let id = Array(ASCIITransliteration.identifier.utf16)
            guard let handle = swift_utrans_openU(id, Int32(id.count), UTRANS_FORWARD, nil, 0, &parseError, &status),
                status.rawValue <= U_ZERO_ERROR.rawValue
            else { return nil }
            self.handle = handle
        }

        deinit { swift_utrans_close(handle) }

        func apply(to text: String) -> String? {
            let source = Array(text.utf16)
            // Transliterated text may be longer than the source (`Æ` → `AE`, a Han syllable to
            // several letters); ICU says when the room is short, and it is given more.
            var capacity = source.count * 4 + 16
            while true {
                var buffer = source
                buffer.append(contentsOf: repeatElement(0, count: capacity - source.count))
                var length = Int32(source.count)
                var limit = length
                var status = U_ZERO_ERROR
                swift_utrans_transUChars(handle, &buffer, &length, Int32(capacity), 0, &limit, &status)
                if status == U_BUFFER_OVERFLOW_ERROR, capacity < 64 * source.count + 1024 {
                    capacity *= 4
                    continue
                }
                guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0, Int(length) <= capacity else { return nil }
                return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
            }
        }
    }

    /// The transliterators not in use (at most one per thread that ever folded at once).
    final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [Transliterator] = []

        func take() -> Transliterator? {
            lock.lock()
            let reused = idle.popLast()
            lock.unlock()
            return reused ?? Transliterator()
        }

        func give(_ transliterator: Transliterator) {
            lock.lock()
            idle.append(transliterator)
            lock.unlock()
        }
    }

    static let pool = Pool()
}
