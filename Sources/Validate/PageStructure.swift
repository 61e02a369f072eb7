import Foundation
@preconcurrency import CLibXML2

/// What libxml2's content-model validation of a page looks at, written out as bytes: every
/// node of the tree in document order, elements by namespace and local name, text by whether
/// it is only whitespace, and where each element ends. Attributes and the text itself are
/// left out.
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
            if let namespace = node.pointee.ns?.pointee.href { appendName(namespace) }
            bytes.append(0)
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
    private var accepted: Set<Key> = []
    private var size = 0
    static let byteLimit = 32 << 20

    func contains(_ structure: PageStructure) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return accepted.contains(Key(bytes: structure.bytes))
    }

    /// True for the bytes of an accepted structure (as a scan writes them, `PageScan`).
    func contains(bytes: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return accepted.contains(Key(bytes: bytes))
    }

    func insert(_ structure: PageStructure) {
        lock.lock()
        defer { lock.unlock() }
        guard size + structure.bytes.count <= Self.byteLimit, accepted.insert(Key(bytes: structure.bytes)).inserted else { return }
        size += structure.bytes.count
    }

    /// The bytes, hashed in one pass (an array of bytes hashes byte by byte) and compared
    /// whole: equal keys are equal structures, never merely equal hashes.
    private struct Key: Hashable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
