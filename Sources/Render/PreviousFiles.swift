import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// The files a previous build wrote, as its `manifest.json` (the pages) and its `.vantage-site`
/// marker (every other file) list them, indexed by path without a `String` per page: the
/// manifest of a large site holds about 770,000 paths, and a set of them cost a second per
/// build to make. Paths are kept as offsets into the manifest's bytes, sorted bytewise, so the
/// pages under one folder are one range (`pages(under:)`) and a lookup is a binary search.
struct PreviousFiles: @unchecked Sendable {
    /// The manifest's bytes.
    let manifest: [UInt8]
    /// Where each page's path is in `manifest` (start, end), sorted by path bytewise.
    private let paths: [(start: Int, end: Int)]
    /// The marker's files (nil: no marker), sorted bytewise.
    let others: [[UInt8]]?

    /// Indexes the manifest bytes `manifest` (nil when they are not a manifest in the format
    /// vantage writes: a web app's `manifest.json` is never taken for a build) and the marker's
    /// files.
    init?(manifest: [UInt8], markerFiles: Set<String>?) {
        guard let paths = Self.pagePaths(manifest) else { return nil }
        self.manifest = manifest
        self.paths = paths
        others = markerFiles.map { files in files.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) } }
    }

    /// The number of pages.
    var pageCount: Int { paths.count }

    /// The path of page `index`.
    func page(_ index: Int) -> ArraySlice<UInt8> { manifest[paths[index].start..<paths[index].end] }

    /// True when the manifest lists the page `path`.
    func containsPage(_ path: [UInt8]) -> Bool {
        let index = lowerBound(path)
        return index < paths.count && page(index).elementsEqual(path)
    }

    /// True when the marker lists `path` (false without a marker).
    func containsOther(_ path: [UInt8]) -> Bool {
        guard let others else { return false }
        let index = Self.lowerBound(path, count: others.count) { others[$0][...] }
        return index < others.count && others[index] == path
    }

    /// The indices of the pages whose path starts with `top/`.
    func pages(under top: String) -> Range<Int> {
        let (low, high) = Self.prefixBounds(top)
        return lowerBound(low)..<lowerBound(high)
    }

    /// The marker's files whose path starts with `top/` (empty without a marker).
    func others(under top: String) -> ArraySlice<[UInt8]> {
        guard let others else { return [] }
        let (low, high) = Self.prefixBounds(top)
        let from = Self.lowerBound(low, count: others.count) { others[$0][...] }
        let to = Self.lowerBound(high, count: others.count) { others[$0][...] }
        return others[from..<to]
    }

    /// `top/` and the first path after every path that starts with it (`top0`: '0' follows '/').
    private static func prefixBounds(_ top: String) -> ([UInt8], [UInt8]) {
        let bytes = Array(top.utf8)
        return (bytes + [0x2F], bytes + [0x30])
    }

    private func lowerBound(_ path: [UInt8]) -> Int { Self.lowerBound(path, count: paths.count) { page($0) } }

    /// The first index whose element is not less than `key` (bytewise) among `count` sorted ones.
    private static func lowerBound(_ key: [UInt8], count: Int, _ element: (Int) -> ArraySlice<UInt8>) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if element(middle).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The page paths of a manifest in the format vantage writes (`{"pages": [` then one entry a
    /// line, each `{"path":"…",…}`, then `]}`), sorted bytewise, or nil when the bytes are not
    /// one.
    static func pagePaths(_ bytes: [UInt8]) -> [(start: Int, end: Int)]? {
        let head = Array("{\"pages\": [\n".utf8), tail = Array("]}".utf8), prefix = Array("{\"path\":\"".utf8)
        var last = bytes.count
        while last > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[last - 1]) { last -= 1 }
        guard last >= head.count + tail.count, bytes[..<head.count].elementsEqual(head),
            bytes[(last - tail.count)..<last].elementsEqual(tail)
        else { return nil }
        let end = last - tail.count
        var paths: [(start: Int, end: Int)] = []
        paths.reserveCapacity(bytes.count / 200)
        var sorted = true
        // On the bytes themselves (`memchr` for line ends): a large site's manifest is 150 MB.
        let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
            let base = buffer.baseAddress!
            var lineStart = head.count
            while lineStart < end {
                let found = memchr(base + lineStart, 0x0A, end - lineStart)
                let lineEnd = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? end
                if lineEnd > lineStart {
                    guard lineEnd - lineStart > prefix.count, memcmp(base + lineStart, prefix, prefix.count) == 0 else { return false }
                    let pathStart = lineStart + prefix.count
                    var pathEnd = pathStart
                    while pathEnd < lineEnd, base[pathEnd] != 0x22 {
                        // A path with an escape in it never matches a file name; SafePath paths have none.
                        if base[pathEnd] == 0x5C { return false }
                        pathEnd += 1
                    }
                    guard pathEnd < lineEnd else { return false }
                    // The entry's closing brace, looked for from the line's end (where it is).
                    var brace = lineEnd - 1
                    while brace > pathEnd, base[brace] != 0x7D { brace -= 1 }
                    guard base[brace] == 0x7D, brace > pathEnd else { return false }
                    if let previous = paths.last,
                        !Self.precedes(base, previous.start, previous.end, pathStart, pathEnd)
                    {
                        sorted = false
                    }
                    paths.append((pathStart, pathEnd))
                }
                lineStart = lineEnd + 1
            }
            return true
        }
        guard valid else { return nil }
        if !sorted {
            // Not written by this vantage (it writes them sorted): still readable, sorted here.
            paths.sort { bytes[$0.start..<$0.end].lexicographicallyPrecedes(bytes[$1.start..<$1.end]) }
        }
        return paths
    }

    /// True when the bytes `a..<aEnd` of `base` sort before `b..<bEnd` (bytewise, a prefix first).
    private static func precedes(_ base: UnsafePointer<UInt8>, _ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int) -> Bool {
        let common = min(aEnd - a, bEnd - b)
        let order = memcmp(base + a, base + b, common)
        return order != 0 ? order < 0 : aEnd - a < bEnd - b
    }

    /// Calls `visit` with every folder under the top-level folder `top` that the previous build
    /// wrote a file into, and their parents: `top` first, then each once, parents before
    /// children, each as a NUL-terminated path relative to the output. Stops when `visit`
    /// returns false. The paths are sorted, so the files under a folder are one run of them and
    /// a folder is met once (when its run starts).
    ///
    /// Both folder checks of a rebuild walk the whole site this way (90,000 folders on the peer
    /// workload's quotes shape): the paths are read in place and merged with `memcmp`, and the
    /// folder being visited is one buffer whose slashes are turned into NULs in turn, so no
    /// array is made per folder.
    func forEachFolder(under top: String, _ visit: (UnsafePointer<CChar>) -> Bool) {
        let pages = pages(under: top)
        let others = others(under: top)
        var longest = top.utf8.count
        for index in pages { longest = max(longest, paths[index].end - paths[index].start) }
        for other in others { longest = max(longest, other.count) }
        let folder = UnsafeMutablePointer<UInt8>.allocate(capacity: longest + 1)
        defer { folder.deallocate() }
        var length = 0  // of the folder visited last, in `folder`
        for byte in top.utf8 {
            folder[length] = byte
            length += 1
        }
        folder[length] = 0
        func visitFolder(_ pointer: UnsafeMutablePointer<UInt8>) -> Bool {
            UnsafeRawPointer(pointer).withMemoryRebound(to: CChar.self, capacity: longest + 1) { visit($0) }
        }
        guard visitFolder(folder) else { return }
        manifest.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            var page = pages.lowerBound, other = others.startIndex
            // Visits the folders of `path` (`count` bytes) not met yet; false to stop.
            func meet(_ path: UnsafePointer<UInt8>, _ count: Int) -> Bool {
                var slash = count - 1
                while slash >= 0, path[slash] != 0x2F { slash -= 1 }
                guard slash > 0 else { return true }
                let end = slash  // the folder is path[0..<end]
                // The longest common prefix of the last folder and this one that ends at a
                // folder boundary in both: the folders up to it were met already.
                let shorter = min(length, end)
                var common = 0
                while common < shorter, folder[common] == path[common] { common += 1 }
                let atBoundary = (common == length || folder[common] == 0x2F) && (common == end || path[common] == 0x2F)
                if !atBoundary {
                    while common > 0, path[common - 1] != 0x2F { common -= 1 }
                    common -= 1
                }
                if common >= end { return true }
                (folder + common).update(from: path + common, count: end - common)
                length = end
                var index = common + 1
                while index <= end {
                    if index == end || folder[index] == 0x2F {
                        folder[index] = 0
                        let going = visitFolder(folder)
                        if index < end { folder[index] = 0x2F }
                        guard going else { return false }
                    }
                    index += 1
                }
                return true
            }
            while page < pages.upperBound || other < others.endIndex {
                let pageStart = page < pages.upperBound ? paths[page].start : 0
                let pageCount = page < pages.upperBound ? paths[page].end - pageStart : 0
                var takePage = other == others.endIndex
                if !takePage, page < pages.upperBound {
                    takePage = others[other].withUnsafeBufferPointer { otherBytes in
                        guard let otherBase = otherBytes.baseAddress else { return false }
                        let order = memcmp(base + pageStart, otherBase, min(pageCount, otherBytes.count))
                        return order != 0 ? order < 0 : pageCount < otherBytes.count
                    }
                }
                let going: Bool
                if takePage {
                    going = meet(base + pageStart, pageCount)
                    page += 1
                } else {
                    going = others[other].withUnsafeBufferPointer { path in path.baseAddress.map { meet($0, path.count) } ?? true }
                    other += 1
                }
                guard going else { return }
            }
        }
    }
}
