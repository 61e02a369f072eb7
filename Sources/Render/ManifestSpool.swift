import Foundation
import VantageCore

/// Collects the manifest without holding every entry in memory: each viewer's entries are
/// sorted and spilled to a file as one chunk, and the chunks are joined in path order at the
/// end. A viewer's paths all start with `slug/`, so sorting viewers by `slug + "/"` and
/// merging the site-wide pages in by path gives the whole list sorted by path.
final class ManifestSpool: @unchecked Sendable {
    private let lock = NSLock()
    private let spoolPath: String
    private let handle: FileHandle
    private var offset: UInt64 = 0
    /// Chunk location by sort key (`slug/`, or a site-wide page's path).
    private var chunks: [(key: [UInt8], offset: UInt64, length: Int)] = []

    init(spoolPath: String) throws {
        self.spoolPath = spoolPath
        _ = FileManager.default.createFile(atPath: spoolPath, contents: nil)
        guard let handle = FileHandle(forUpdatingAtPath: spoolPath) else {
            throw Diagnostic.error("cannot create the manifest spool '\(spoolPath)'")
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: spoolPath)
    }

    /// Adds the entries of one part of the site, all sharing `key` as their path prefix.
    func add(_ entries: [ManifestEntry], key: String) throws {
        try add(chunk: ManifestCodec.chunk(entries), key: key)
    }

    /// Adds a chunk taken whole from the previous manifest (a carried-over viewer's lines,
    /// already sorted and joined as `add` joins them).
    func add(chunk: [UInt8], key: String) throws {
        guard !chunk.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(chunk))
        chunks.append((Array(key.utf8), offset, chunk.count))
        offset += UInt64(chunk.count)
    }

    /// The whole `manifest.json` (`ManifestCodec.document` over the chunks in path order),
    /// handed to `emit` a chunk at a time.
    func document(_ emit: ([UInt8]) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        let ordered = chunks.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        try ManifestCodec.document(chunks: ordered.count, chunk: { index in
            let chunk = ordered[index]
            try handle.seek(toOffset: chunk.offset)
            guard let data = try handle.read(upToCount: chunk.length), data.count == chunk.length else {
                throw Diagnostic.error("the manifest spool '\(spoolPath)' was cut short")
            }
            return Array(data)
        }, emit)
    }
}
