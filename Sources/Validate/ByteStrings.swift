import Foundation

/// A set of byte strings looked up in place: a key is any run of bytes in the caller's own
/// buffer (a slice of a structure being folded), hashed and compared where it lies, never
/// copied into an array of its own to be asked about. Members are kept end to end in one
/// buffer. `StructureClasses` looks up an element header and, at each unique element's end,
/// its folded subtree: as `Set<[UInt8]>` that was an array made, hashed by `Hasher` and freed
/// per element of every new structure.
///
/// A page's ids are one too (`PageScan`, `PageReport.ids`): an id is added from the bytes
/// libxml2 hands over, without a `String` of its own, and a fragment is looked up by its UTF-8.
///
/// Equal members are equal bytes, compared whole (`memcmp`), never merely equal hashes; two
/// sets are equal when they hold the same members, in whatever order they were added.
struct ByteStrings: Sendable, Equatable {
    /// Every member's bytes, end to end.
    private var storage: [UInt8] = []
    private var members: [ByteStringsMember] = []
    /// Open addressing: an index into `members`, or -1 for none.
    private var slots: [Int32] = Array(repeating: -1, count: 16)

    /// The bytes held by all members together.
    var byteCount: Int { storage.count }

    /// How many members there are.
    var count: Int { members.count }

    init() {}

    init<Keys: Sequence>(_ keys: Keys) where Keys.Element == [UInt8] {
        for key in keys { key.withUnsafeBytes { _ = insert($0) } }
    }

    /// True when every member, as its bytes, satisfies `predicate`.
    func allSatisfy(_ predicate: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        storage.withUnsafeBytes { bytes in
            members.allSatisfy { predicate(UnsafeRawBufferPointer(rebasing: bytes[$0.offset..<($0.offset + $0.count)])) }
        }
    }

    private static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        WordHash.mix(key, seed: 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count))
    }

    private func slot(of hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ hash >> 31) & (slots.count - 1) }

    /// The index in `slots` where `key` is, or the empty one where it would go.
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, found: Bool) {
        var slot = slot(of: hash)
        return storage.withUnsafeBytes { stored in
            while true {
                let index = Int(slots[slot])
                if index < 0 { return (slot, false) }
                let member = members[index]
                if member.hash == hash, member.count == key.count,
                    key.count == 0 || memcmp(stored.baseAddress! + member.offset, key.baseAddress!, key.count) == 0
                {
                    return (slot, true)
                }
                slot = (slot + 1) & (slots.count - 1)
            }
        }
    }

    /// True when `key`'s bytes are a member.
    func contains(_ key: UnsafeRawBufferPointer) -> Bool { find(key, hash: Self.hash(key)).found }

    /// True when `key` is a member (its array's bytes, for a caller holding one).
    func contains(_ key: [UInt8]) -> Bool { key.withUnsafeBytes { contains($0) } }

    /// True when `key`'s UTF-8 is a member.
    func contains(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { contains(UnsafeRawBufferPointer($0)) }
    }

    static func == (left: ByteStrings, right: ByteStrings) -> Bool {
        guard left.count == right.count else { return false }
        return left.storage.withUnsafeBytes { stored in
            left.members.allSatisfy { member in
                right.contains(UnsafeRawBufferPointer(rebasing: stored[member.offset..<(member.offset + member.count)]))
            }
        }
    }

    /// Adds a copy of `key`'s bytes; false when they were a member already.
    @discardableResult
    mutating func insert(_ key: UnsafeRawBufferPointer) -> Bool {
        let hash = Self.hash(key)
        let place = find(key, hash: hash)
        if place.found { return false }
        members.append(ByteStringsMember(hash: hash, offset: storage.count, count: key.count))
        storage.append(contentsOf: key)
        slots[place.slot] = Int32(members.count - 1)
        if members.count * 2 > slots.count { grow() }
        return true
    }

    /// `insert` of a typed buffer (libxml2's bytes).
    @discardableResult
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Bool { insert(UnsafeRawBufferPointer(key)) }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for (index, member) in members.enumerated() {
            var slot = slot(of: member.hash)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index)
        }
    }
}

/// Where one member of a `ByteStrings` lies in its buffer, with its hash.
private struct ByteStringsMember: Sendable {
    let hash: UInt64
    let offset: Int
    let count: Int
}
