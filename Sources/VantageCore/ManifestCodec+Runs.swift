#if canImport(Glibc)
import Glibc
#endif

extension ManifestCodec {
    /// How every line `line` writes begins: the path comes first, so a line's path is found
    /// without parsing it.
    static let pathPrefix: [UInt8] = Array("{\"path\":\"".utf8)
    /// The key of a viewer's entry (never the first key).
    static let viewerKey: [UInt8] = Array(",\"viewer\":".utf8)

    /// One viewer's run of lines in a manifest this codec wrote: the byte range of the lines
    /// (joined by `separator`, without the last one's) and how many there are.
    public struct Run: Sendable, Hashable {
        public var range: Range<Int>
        public var count: Int
    }

    /// Finds each viewer's run of lines, by slug (the first component of their paths), in a
    /// manifest written by `document`: entries are sorted by path, so a viewer's lines are
    /// adjacent, and a run's bytes are a chunk `document` can place again unchanged. A slug
    /// whose lines are not adjacent is left out, and so is a slug written with escapes (its
    /// bytes never equal the slug looked up): the caller renders that viewer again.
    /// Byte-level (memchr, memcmp): the manifest of the 10,000-person site has hundreds of
    /// thousands of lines.
    public static func viewerRuns(in manifest: UnsafeRawBufferPointer) -> [String: Run] {
        var runs: [String: Run] = [:]
        var unusable: Set<String> = []
        guard let base = manifest.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return runs }
        let count = manifest.count
        let prefix = pathPrefix
        let newline = separator.last!, comma = separator.first!
        // The run being collected: its slug's bytes, where it starts and ends, its lines.
        var run: (slug: UnsafeBufferPointer<UInt8>, start: Int, end: Int, lines: Int)?
        func close() {
            guard let current = run else { return }
            let slug = String(decoding: current.slug, as: UTF8.self)
            if runs[slug] != nil { unusable.insert(slug) }
            runs[slug] = Run(range: current.start..<current.end, count: current.lines)
            run = nil
        }
        var start = 0
        while start < count {
            let found = memchr(base + start, Int32(newline), count - start)
            let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
            defer { start = end + 1 }
            var contentEnd = end
            if contentEnd > start, base[contentEnd - 1] == comma { contentEnd -= 1 }
            let length = contentEnd - start
            guard length > prefix.count, memcmp(base + start, prefix, prefix.count) == 0,
                contains(viewerKey, in: base + start, length: length)
            else {
                close()
                continue
            }
            let pathStart = start + prefix.count
            var cursor = pathStart
            while cursor < contentEnd, base[cursor] != UInt8(ascii: "/"), base[cursor] != UInt8(ascii: "\"") {
                cursor += 1
            }
            guard cursor < contentEnd, base[cursor] == UInt8(ascii: "/") else {
                close()
                continue
            }
            let slug = UnsafeBufferPointer(start: base + pathStart, count: cursor - pathStart)
            if let current = run, current.slug.count == slug.count,
                memcmp(current.slug.baseAddress!, slug.baseAddress!, slug.count) == 0
            {
                run!.end = contentEnd
                run!.lines += 1
            } else {
                close()
                run = (slug, start, contentEnd, 1)
            }
        }
        close()
        for slug in unusable { runs[slug] = nil }
        return runs
    }

    /// True when `runs` (`viewerRuns` of `manifest`) and the framing are the whole manifest:
    /// `header`, the runs joined by `separator`, `footer`, nothing else. Only then is the file
    /// the document `document` wrote, every line some viewer's, that a reader may take by its
    /// runs without parsing it; one cut short, edited or written by another tool is not. A
    /// look at the runs' ends, not at their lines: the lines are held to what they should be
    /// byte for byte by whoever reads a run.
    public static func isWhole(_ runs: [String: Run], of manifest: UnsafeRawBufferPointer) -> Bool {
        let count = manifest.count
        guard count >= header.count + footer.count, manifest.starts(with: header),
            manifest[(count - footer.count)...].elementsEqual(footer)
        else { return false }
        var at = header.count
        for (index, range) in runs.values.map(\.range).sorted(by: { $0.lowerBound < $1.lowerBound }).enumerated() {
            if index > 0 {
                guard at + separator.count <= count, manifest[at..<(at + separator.count)].elementsEqual(separator) else { return false }
                at += separator.count
            }
            guard range.lowerBound == at else { return false }
            at = range.upperBound
        }
        return at == count - footer.count
    }

    /// True when `mark` (which starts with a comma) occurs in the `length` bytes at `bytes`.
    private static func contains(_ mark: [UInt8], in bytes: UnsafePointer<UInt8>, length: Int) -> Bool {
        var offset = 0
        while offset + mark.count <= length,
            let comma = memchr(bytes + offset, Int32(mark[0]), length - offset - mark.count + 1)
        {
            let at = UnsafePointer(comma.assumingMemoryBound(to: UInt8.self)) - bytes
            if memcmp(bytes + at, mark, mark.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }
}
