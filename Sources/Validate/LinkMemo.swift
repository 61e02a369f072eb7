import Foundation

/// Links the scan has resolved, across the pages one validating thread reads: a relative
/// link resolves against its page's folder only, so the same bytes on another page of the
/// same folder name the same file; one that starts with k times `../` resolves against the
/// folder k levels up, so it is the same on every page below that folder (a person's menu
/// links, from every depth of their part of the site); and `#id` names the same id on any
/// page. On a hit the
/// scan builds no string and resolves nothing; it only notes, per page, which links it has
/// recorded already (`firstUse`).
///
/// What is kept is exactly what `Reference` made of the value the first time, and only when
/// that cannot depend on more than the key: a file or a fragment (never a problem, which the
/// scan hands to the tree, nor an inline image, which depends on the element), and never a
/// value holding `?` (`?q` names the page itself, not its folder). `LinkMemoTests` hold the
/// build to `vantage check`'s findings over pages that share values across folders.
final class LinkMemo {
    /// A resolved link, as `PageScan.record` needs it.
    enum Resolved {
        case fragment(String)
        /// `key` numbers `target#fragment` (the page's dedupe key, `keyNumber`), `value` is
        /// the link as written.
        case file(target: String, fragment: String?, key: Int, value: String)
    }

    private struct Entry {
        let hash: UInt64
        let folder: Int32
        let start: Int
        let count: Int
        let resolved: Resolved
        /// The page (`page`) on which this link was last recorded.
        var stamp: Int
    }

    /// What is looked up for every link of every page, in one value: each access to a
    /// class's stored property is checked for exclusivity at run time, and a look-up read
    /// three or four of them (about 1% of a build's instructions went to those checks).
    private var table = Table()

    /// The page being read (a new number for every page).
    var page: Int { table.page }

    /// Entries kept at most, and bytes of link values: then the memo starts again. (Links
    /// hit across people only in the few site-wide files, so a memo that holds a few dozen
    /// people's links loses nothing; one of 2^17 entries, with a string or two per entry,
    /// and a memo per pooled context, added 80 MB to the quotes shape's peak.)
    static let entryLimit = 1 << 14
    static let byteLimit = 1 << 20
    static let folderLimit = 4096

    /// The key folder for values that start with `#` (they resolve on no folder).
    static let anyFolder: Int32 = 0

    /// Folders are numbered in the same table as links, under keys no link has: the bytes
    /// of the folder's path (the page's path up to one of its slashes) in the key folder
    /// `-2 - depth` ("" is the root, no segment, but also a folder of one empty segment,
    /// and the two resolve `..` differently; links use 0 and up, and -1 is no folder). A
    /// folder's number is its entry's index plus one, so numbers go when the table is
    /// cleared, with the links they keyed.
    private var numberedFolders = 0

    /// The page being read and where its slashes are: `levels[k]` numbers the folder of its
    /// first k segments (the page's own last), found when a link first asks for it (most
    /// pages are alone in their folder, and their links climb to two or three of them).
    private var path = ""
    private var slashes: [Int] = []
    private var levels: [Int32] = []
    private static let unnumbered: Int32 = -1

    /// Starts the page at `path`.
    func startPage(_ path: String) {
        table.page += 1
        self.path = path
        slashes.removeAll(keepingCapacity: true)
        var bytes = path.utf8.makeIterator()
        var offset = 0
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "/") { slashes.append(offset) }
            offset += 1
        }
        // Every person has folders of their own: forget them all now and then (between
        // pages, so no page's numbers change while it is read; a page numbers at most one
        // folder per slash and its root).
        // Full: start again, here rather than mid-page, where recorded keys must stay known.
        if numberedFolders + slashes.count + 1 > Self.folderLimit || table.isFull {
            table.clear()
            numberedFolders = 0
        }
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(Self.unnumbered, count: slashes.count + 1))
    }

    /// How many folders deep the page is (its slashes).
    var pageDepth: Int { slashes.count }

    /// The page's folder of its first `depth` segments, as `PagePath.prefixes[depth]`.
    func pagePrefix(_ depth: Int) -> String {
        depth == 0 ? "" : String(decoding: path.utf8.prefix(slashes[depth - 1]), as: UTF8.self)
    }

    /// The number of the page's folder of its first `depth` segments.
    private func level(_ depth: Int) -> Int32 {
        if levels[depth] != Self.unnumbered { return levels[depth] }
        let length = depth == 0 ? 0 : slashes[depth - 1]
        let key = Int32(-2 - depth)
        var path = path
        let number = path.withUTF8 { utf8 -> Int32 in
            let bytes = UnsafeBufferPointer(rebasing: utf8[..<length])
            if let known = table.find(bytes, folder: key) { return Int32(known + 1) }
            numberedFolders += 1
            return Int32(table.insert(bytes, folder: key, .fragment("")) + 1)
        }
        levels[depth] = number
        return number
    }

    /// The key folder for a value that starts with `climbs` times `../` (and nothing else
    /// literally before): the folder it climbs to, since `Reference` resolves what follows
    /// from there, whatever lies below. Nil for a value that climbs above the root (it is
    /// resolved on every page: keyed on the page's own folder, it would meet the same bytes
    /// climbing to that folder from a deeper page).
    func folder(climbing climbs: Int) -> Int32? {
        climbs < levels.count ? level(levels.count - 1 - climbs) : nil
    }

    /// The entry for `bytes` in `folder`, if resolved before.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, folder: Int32) -> Int? { table.find(bytes, folder: folder) }

    /// Keeps `resolved` for `bytes` in `folder`; returns its entry.
    func insert(_ bytes: UnsafeBufferPointer<UInt8>, folder: Int32, _ resolved: Resolved) -> Int {
        table.insert(bytes, folder: folder, resolved)
    }

    /// Entry `index`'s link, lent to `body` where the memo keeps it (not copied out).
    func withResolved<Result>(_ index: Int, _ body: (borrowing Resolved) -> Result) -> Result {
        table.entries.withUnsafeBufferPointer { body($0[index].resolved) }
    }

    /// The number of dedupe key `key` (`target#fragment`).
    func keyNumber(_ key: String) -> Int { table.keyNumber(key) }

    /// True the first time key `number` is recorded on the current page.
    func firstUse(key number: Int) -> Bool { table.firstUse(key: number) }

    /// True the first time entry `index` is used on the current page.
    func firstUse(_ index: Int) -> Bool { table.firstUse(index) }

    /// The links and keys, and the page being read.
    private struct Table {
        /// Open addressing over `entries` (index + 1; 0 is empty).
        var slots = [Int32](repeating: 0, count: 1 << 12)
        var entries: [Entry] = []
        var arena: [UInt8] = []
        /// `target#fragment` keys by number, and the page each was last recorded on.
        var keys: [String: Int] = [:]
        var keyStamps: [Int] = []
        var page = 0

        var isFull: Bool {
            entries.count >= LinkMemo.entryLimit || arena.count > LinkMemo.byteLimit || keys.count >= LinkMemo.entryLimit
        }

        func find(_ bytes: UnsafeBufferPointer<UInt8>, folder: Int32) -> Int? {
            let hash = LinkMemo.hash(bytes, folder)
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                // Read in place: a copy of the entry would retain its strings.
                if entries[index].hash == hash, entries[index].folder == folder, entries[index].count == bytes.count,
                    arena.withUnsafeBufferPointer({
                        memcmp($0.baseAddress! + entries[index].start, bytes.baseAddress!, bytes.count) == 0
                    })
                {
                    return index
                }
                slot = (slot + 1) & (slots.count - 1)
            }
            return nil
        }

        mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, folder: Int32, _ resolved: Resolved) -> Int {
            if (entries.count + 1) * 2 > slots.count { grow() }
            let hash = LinkMemo.hash(bytes, folder)
            let start = arena.count
            arena.append(contentsOf: bytes)
            entries.append(Entry(hash: hash, folder: folder, start: start, count: bytes.count, resolved: resolved, stamp: 0))
            place(entries.count - 1)
            return entries.count - 1
        }

        mutating func keyNumber(_ key: String) -> Int {
            if let known = keys[key] { return known }
            keys[key] = keyStamps.count
            keyStamps.append(0)
            return keyStamps.count - 1
        }

        mutating func firstUse(key number: Int) -> Bool {
            guard keyStamps[number] != page else { return false }
            keyStamps[number] = page
            return true
        }

        mutating func firstUse(_ index: Int) -> Bool {
            guard entries[index].stamp != page else { return false }
            entries[index].stamp = page
            return true
        }

        mutating func clear() {
            keys.removeAll(keepingCapacity: true)
            keyStamps.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
            arena.removeAll(keepingCapacity: true)
            for index in slots.indices { slots[index] = 0 }
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for index in entries.indices { place(index) }
        }

        private mutating func place(_ index: Int) {
            var slot = Int(truncatingIfNeeded: entries[index].hash) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index + 1)
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ folder: Int32) -> UInt64 {
        var state = WordHash.mix(UnsafeRawBufferPointer(bytes),
                                 seed: 0xCBF2_9CE4_8422_2325 ^ UInt64(UInt32(bitPattern: folder)) &* 0x9E37_79B9_7F4A_7C15)
        state ^= state >> 32
        return state &* 0x9E37_79B9_7F4A_7C15 ^ (state >> 17)
    }

    /// Memos outlive the parser contexts that carry them (a context is replaced every few
    /// thousand pages): a new context takes one back.
    static let spare = SpareMemos()

    final class SpareMemos: @unchecked Sendable {
        private let lock = NSLock()
        private var memos: [LinkMemo] = []

        func take() -> LinkMemo {
            lock.lock()
            defer { lock.unlock() }
            return memos.popLast() ?? LinkMemo()
        }

        func give(_ memo: LinkMemo) {
            lock.lock()
            defer { lock.unlock() }
            if memos.count < 32 { memos.append(memo) }
        }
    }
}
