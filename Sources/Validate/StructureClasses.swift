import Foundation
@preconcurrency import CLibXML2

/// Accepts a new page structure without running RELAX NG when it differs from accepted ones
/// only inside elements whose content the schema has already accepted.
///
/// Why it is exact: in RELAX NG an element's content is checked against the pattern of the
/// `element` that matched it, whatever surrounds it. When a name (namespace and local name)
/// is matched by exactly one `element` pattern of the content schema (`unique`, found when the
/// schema is compiled; a schema with a wildcard name class, an include or a nested grammar
/// makes none), every element of that name is checked against that one pattern, so any two
/// contents the schema once accepted for it are interchangeable: swapping one for the other
/// changes no verdict. The structure of a page the schema accepted is therefore learnt bottom
/// up: each such element's subtree — its own children already folded — is kept as accepted,
/// and a subtree that is kept is folded into a token (`5`, then its element's header) that
/// stands for "some content this element's pattern accepts". A new structure whose folded
/// form equals the folded form of an accepted page is accepted. Anything else — a subtree
/// not seen whole, an element of a name more than one pattern matches (`a`, `span`, `div`,
/// `p` here), a known entry where no entry may stand — keeps its bytes, finds no accepted
/// page, and goes to RELAX NG as before (and to the tree, which words the findings).
///
/// On the full peer shape about a quarter of the pages have a new structure, because every
/// idea list differs in its NEW tags and its neighbours (each `<li>` of an idea list varies),
/// and that share hardly falls with more people (docs/SCALE.md); folded, they are a few.
final class StructureClasses: @unchecked Sendable {
    /// Element headers (`1`, namespace, name, `0`, as `PageStructure` writes them) that
    /// exactly one element pattern of the content schema matches.
    let unique: Set<[UInt8]>
    /// The same, looked up where a header lies in a structure (`ByteStrings`).
    private let uniqueHeaders: ByteStrings
    private let lock = NSLock()
    /// Folded subtrees of unique elements whose content the schema accepted.
    private var subtrees = ByteStrings()
    /// Folded structures of accepted pages.
    private var pages: Set<StructureKey> = []
    private var size = 0
    static let byteLimit = 32 << 20

    /// Nil when the schema's element patterns are not all plain names (then nothing is folded).
    init?(contentSchema document: xmlDocPtr) {
        guard let grammar = xmlDocGetRootElement(document) else { return nil }
        var counts: [[UInt8]: Int] = [:]
        var pending: [xmlNodePtr] = [grammar]
        while let node = pending.popLast() {
            var child = node.pointee.children
            while let next = child {
                if next.pointee.type == XML_ELEMENT_NODE { pending.append(next) }
                child = next.pointee.next
            }
            guard let href = node.pointee.ns?.pointee.href, String(cString: href) == SchemaModel.structureNamespace
            else { continue }
            switch node.patternName {
            case "anyName", "nsName", "include", "externalRef", "parentRef": return nil
            case "grammar" where node != grammar: return nil
            case "element":
                guard let name = Self.attribute("name", of: node), !name.isEmpty, !name.contains(":"),
                    name.trimmingASCIIWhitespace() == name, let namespace = Self.namespace(of: node)
                else { return nil }
                var header: [UInt8] = [1]
                switch namespace {
                case "": header.append(UInt8(ascii: "-"))
                case ElementFacts.xhtml: header.append(UInt8(ascii: "h"))
                case ElementFacts.svg: header.append(UInt8(ascii: "s"))
                default: header += [UInt8(ascii: "u")] + Array(namespace.utf8) + [0]
                }
                header += Array(name.utf8) + [0]
                counts[header, default: 0] += 1
            default: break
            }
        }
        unique = Set(counts.filter { $0.value == 1 }.keys)
        uniqueHeaders = ByteStrings(unique)
    }

    /// True when the structure folds into the folded structure of an accepted page.
    func accepts(_ structure: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let folded = fold(structure, learning: false) else { return false }
        return pages.contains(StructureKey(bytes: folded))
    }

    /// Learns the structure of a page the content schema accepted (see the type's comment).
    func learn(_ structure: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard size < Self.byteLimit, let folded = fold(structure, learning: true) else { return }
        // A copy of exactly its bytes: `folded` keeps the capacity of the whole page.
        if pages.insert(StructureKey(bytes: folded.withUnsafeBufferPointer { Array($0) })).inserted { size += folded.count }
    }

    /// The structure with every kept subtree of a unique element folded, innermost first;
    /// `learning` keeps each one first. Nil for bytes that are not a structure.
    ///
    /// Headers and subtrees are looked up where they lie (in `structure` and in `out`), so
    /// a new structure costs no array and no `Hasher` per element: it was 1.5 M instructions
    /// a page when each header and each subtree was copied out to be looked up in a `Set`.
    /// Leaves fold too: a list whose items are text alone (the people a compose screen
    /// offers, the viewer's own item marked) differs from viewer to viewer only in which item
    /// is which, and folded its items are all alike.
    private func fold(_ structure: [UInt8], learning: Bool) -> [UInt8]? {
        rewrite(structure) { out, start, header in
            let subtree = { (bytes: UnsafeRawBufferPointer) in UnsafeRawBufferPointer(rebasing: bytes[start...]) }
            var known = out.withUnsafeBytes { subtrees.contains(subtree($0)) }
            if !known, learning, size < Self.byteLimit {
                out.withUnsafeBytes { _ = subtrees.insert(subtree($0)) }
                size += out.count - start
                known = true
            }
            if known {
                out.removeSubrange((start + header)...)
                out[start] = 5
            }
        }
    }

    /// A smaller structure for RELAX NG to judge in a large page's place: every subtree of a
    /// unique element that repeats, byte for byte, one met before it in the page (its own
    /// repeats already replaced) becomes that element with nothing inside. Nil when nothing
    /// repeats, or for bytes that are not a structure.
    ///
    /// The schema's acceptance of it stands for the page's, by the type's argument: each
    /// replaced element has, in the page, the content of an element of its name met earlier,
    /// which the schema checked there against the one pattern that name has; so the page with
    /// those contents swapped back gets the same verdict. A refusal proves nothing (a pattern
    /// may require content its empty stand-in lacks): the caller then asks about the whole
    /// structure. The "view as" index lists every person in a `<li>` of one of a few shapes:
    /// at 40,000 people its skeleton took 67 MB, compacted a few.
    func compacted(_ structure: [UInt8]) -> [UInt8]? {
        var met = ByteStrings()
        var replaced = false
        let out = rewrite(structure) { out, start, header in
            let new = out.withUnsafeBytes { met.insert(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            guard !new else { return }
            out.removeSubrange((start + header)..<(out.count - 1))
            replaced = true
        }
        return replaced ? out : nil
    }

    /// Copies `structure`, handing each subtree of a unique element to `closed` once it is
    /// complete in `out` (from `start`, its header `header` bytes long, its end byte last),
    /// its own subtrees already handed; `closed` may rewrite it in place. Nil for bytes that
    /// are not a structure.
    private func rewrite(_ structure: [UInt8], _ closed: (inout [UInt8], _ start: Int, _ header: Int) -> Void) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(structure.count)
        // Open elements: where each starts in `out`, its header's length, whether it is unique.
        var open: [(start: Int, header: Int, unique: Bool)] = []
        open.reserveCapacity(64)
        let complete = structure.withUnsafeBytes { bytes -> Bool in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case 1:
                    let start = index
                    index += 1
                    guard index < count else { return false }
                    if bytes[index] == UInt8(ascii: "u") {
                        index += 1
                        while index < count, bytes[index] != 0 { index += 1 }
                    }
                    index += 1
                    while index < count, bytes[index] != 0 { index += 1 }
                    guard index < count else { return false }
                    index += 1
                    let header = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                    open.append((out.count, header.count, uniqueHeaders.contains(header)))
                    out.append(contentsOf: header)
                case 2:
                    guard let element = open.popLast() else { return false }
                    out.append(2)
                    index += 1
                    if element.unique { closed(&out, element.start, element.header) }
                default:
                    out.append(byte)
                    index += 1
                }
            }
            return true
        }
        return complete && open.isEmpty ? out : nil
    }

    private static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { xmlFree(value) }
        return String(cString: value)
    }

    /// The `ns` an element pattern's name is in: its own or the nearest ancestor's, else none.
    private static func namespace(of node: xmlNodePtr) -> String? {
        var current: xmlNodePtr? = node
        while let element = current, element.pointee.type == XML_ELEMENT_NODE {
            if let namespace = attribute("ns", of: element) {
                return namespace.trimmingASCIIWhitespace() == namespace ? namespace : nil
            }
            current = element.pointee.parent
        }
        return ""
    }
}
