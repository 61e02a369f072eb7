#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VantageCore

/// The code points HTML forbids in a document that XML lets through (DEL, the C1 controls and
/// the noncharacters: `XMLText.isAllowed`, the one rule the render cleans text by), written
/// raw or as a numeric character reference (`&#133;`). libxml2 parses such a page without a
/// word, and HTML checkers (the Nu checker) report each as an error, so the scan hands a page
/// holding one to the tree, and the tree reports every one by line and column.
enum ForbiddenCodePoints {
    struct Hit: Equatable {
        /// Where it is: the byte offset of the code point, or of the reference's `&`.
        var offset: Int
        var value: UInt32
        /// Written as `&#…;` rather than raw.
        var reference: Bool
    }

    /// True when the page holds any.
    static func any(in bytes: UnsafeRawBufferPointer) -> Bool { !find(in: bytes, limit: 1).isEmpty }

    /// The forbidden code points of the page, in order, at most `limit` of them.
    static func find(in bytes: UnsafeRawBufferPointer, limit: Int = .max) -> [Hit] {
        var hits: [Hit] = []
        guard let base = bytes.baseAddress else { return hits }
        var offset = 0
        while hits.count < limit, offset < bytes.count,
              let hit = XMLText.firstDisallowed(in: UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
            hits.append(Hit(offset: offset + hit.offset, value: hit.value, reference: false))
            offset += hit.offset + 1
        }
        // References: every `&#`, read as the parser reads it.
        offset = 0
        while hits.count < limit, offset < bytes.count,
              let found = memchr(base + offset, 0x26, bytes.count - offset) {
            let ampersand = base.distance(to: UnsafeRawPointer(found))
            offset = ampersand + 1
            // A carriage return may be written raw (a line break) but not as a reference: HTML
            // forbids `&#13;` (the Nu checker: "expanded to carriage return").
            if let reference = NumericReference.read(at: ampersand, count: bytes.count, { UInt32(bytes[$0]) }),
               !XMLText.isAllowed(reference.value) || reference.value == 0x0D {
                hits.append(Hit(offset: ampersand, value: reference.value, reference: true))
            }
        }
        return hits.sorted { $0.offset < $1.offset }
    }

    /// What the code point is, for messages.
    static func kind(_ value: UInt32) -> String {
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return "a control character" }
        if value > 0x10FFFF { return "beyond Unicode" }
        return "a noncharacter"
    }

    /// The finding's message.
    static func message(_ hit: Hit, in bytes: UnsafeRawBufferPointer) -> String {
        let name = codePointName(UInt32(hit.value))
        if hit.reference {
            var end = hit.offset
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            let written = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[hit.offset...min(end, bytes.count - 1)]), as: UTF8.self)
            return "\(written) is \(name), \(kind(hit.value)), which HTML forbids in a page: remove it"
        }
        return "\(name) is \(kind(hit.value)), which HTML forbids in a page: remove it"
    }
}
