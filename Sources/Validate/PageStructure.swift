import Foundation
@preconcurrency import CLibXML2

/// What libxml2's content-model validation of a page looks at, written out as bytes: every
/// node of the tree in document order, elements by namespace and local name, text by whether
/// it is only whitespace, and where each element ends. Attributes and the text itself are
/// left out. An element is `1`, its namespace (`h` for XHTML, `s` for SVG, `-` for none,
/// else `u`, the URI and `0`), its name and `0`; the end of an element is `2`.
///
/// Why that is enough: the schema libxml2 runs is the content schema (`ContentSchema`), which
/// holds no attribute pattern and — checked when the schema is compiled
/// (`ContentSchema.reachesValuePattern`) — no `data` or `value` pattern an element's content
/// can reach. Its verdict on a page is therefore a function of these bytes, and two pages
/// with the same bytes get the same verdict. The build validates each distinct structure
/// once (`StructureCache`); every other check still runs on every page.
struct PageStructure {
    private(set) var bytes: [UInt8] = []

    init(_ document: xmlDocPtr) {
        bytes.reserveCapacity(4096)
        var child = document.pointee.children
        while let node = child {
            append(node)
            child = node.pointee.next
        }
    }

    private mutating func append(_ node: xmlNodePtr) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            bytes.append(1)
            Self.appendNamespace(node.pointee.ns?.pointee.href.map { UnsafePointer($0) }, to: &bytes)
            appendName(node.pointee.name)
            bytes.append(0)
            var child = node.pointee.children
            while let next = child {
                append(next)
                child = next.pointee.next
            }
            bytes.append(2)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            bytes.append(Self.isWhitespace(node.pointee.content) ? 3 : 4)
        default:
            // Comments, processing instructions, entity references: their kind is recorded
            // so that a page with one never shares a structure with a page without.
            bytes.append(16 + UInt8(truncatingIfNeeded: node.pointee.type.rawValue))
        }
    }

    /// An element's namespace, as above; the page's two namespaces take one byte each.
    static func appendNamespace(_ namespace: UnsafePointer<xmlChar>?, to bytes: inout [UInt8]) {
        guard let namespace else { return bytes.append(UInt8(ascii: "-")) }
        let uri = UnsafeRawPointer(namespace).assumingMemoryBound(to: CChar.self)
        if strcmp(uri, ElementFacts.xhtml) == 0 { return bytes.append(UInt8(ascii: "h")) }
        if strcmp(uri, ElementFacts.svg) == 0 { return bytes.append(UInt8(ascii: "s")) }
        bytes.append(UInt8(ascii: "u"))
        bytes.append(contentsOf: UnsafeBufferPointer(start: namespace, count: strlen(uri)))
        bytes.append(0)
    }

    private mutating func appendName(_ name: UnsafePointer<xmlChar>) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
    }

    private static func isWhitespace(_ content: UnsafeMutablePointer<xmlChar>?) -> Bool {
        guard let content else { return true }
        var cursor = UnsafePointer(content)
        while cursor.pointee != 0 {
            switch cursor.pointee {
            case 0x20, 0x09, 0x0A, 0x0D: cursor += 1
            default: return false
            }
        }
        return true
    }
}

/// The page structures the content schema accepted, shared by every validating thread.
/// Bounded: once it holds `byteLimit` bytes of structures it stops learning new ones (pages
/// of unknown structures are then validated in full, as before).
final class StructureCache: @unchecked Sendable {
    private let lock = NSLock()
    private var accepted: Set<StructureKey> = []
    private var size = 0
    static let byteLimit = 32 << 20

    func contains(_ structure: PageStructure) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return accepted.contains(StructureKey(bytes: structure.bytes))
    }

    /// True for the bytes of an accepted structure (as a scan writes them, `PageScan`).
    func contains(bytes: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return accepted.contains(StructureKey(bytes: bytes))
    }

    func insert(_ structure: PageStructure) { insert(bytes: structure.bytes) }

    func insert(bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard size + bytes.count <= Self.byteLimit, accepted.insert(StructureKey(bytes: bytes)).inserted else { return }
        size += bytes.count
    }
}

/// The bytes, hashed in one pass and compared whole (`memcmp`): equal keys are equal
/// structures, never merely equal hashes. The hash mixes eight bytes at a time and
/// hands the hasher one word; the hasher's seed still decides the table's order.
struct StructureKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.withUnsafeBytes { WordHash.mix($0, seed: 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)) })
    }

    static func == (left: StructureKey, right: StructureKey) -> Bool {
        left.bytes.count == right.bytes.count && left.bytes.withUnsafeBytes { a in
            right.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
