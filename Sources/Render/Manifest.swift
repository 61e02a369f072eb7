import Foundation
import Validate
import VantageCore

/// One page in `manifest.json`.
public struct ManifestEntry: Sendable, Hashable {
    public var path: String
    public var kind: String
    public var viewer: String?
    public var sha256: String
    public var bytes: Int

    /// The entry as one compact JSON object, keys in OUTPUT.md's order; `viewer` is absent on
    /// site-wide pages.
    var json: String {
        var object = JSONObject(keys: ["path", "kind"], values: [.string(path), .string(kind)])
        if let viewer {
            object.keys.append("viewer")
            object.values.append(.string(viewer))
        }
        object.keys += ["sha256", "bytes"]
        object.values += [.string(sha256), .number(Double(bytes))]
        return JSONWriter.string(.object(object))
    }
}

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
        guard !entries.isEmpty else { return }
        let sorted = entries.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        let chunk = Data(sorted.map(\.json).joined(separator: ",\n").utf8)
        lock.lock()
        defer { lock.unlock() }
        try handle.seekToEnd()
        try handle.write(contentsOf: chunk)
        chunks.append((Array(key.utf8), offset, chunk.count))
        offset += UInt64(chunk.count)
    }

    /// The whole `manifest.json` — `{"pages": [...]}` sorted by path, one entry a line —
    /// handed to `emit` a chunk at a time.
    func document(_ emit: ([UInt8]) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        try emit(Array("{\"pages\": [\n".utf8))
        let ordered = chunks.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for (index, chunk) in ordered.enumerated() {
            try handle.seek(toOffset: chunk.offset)
            guard let data = try handle.read(upToCount: chunk.length), data.count == chunk.length else {
                throw Diagnostic.error("the manifest spool '\(spoolPath)' was cut short")
            }
            try emit((index > 0 ? Array(",\n".utf8) : []) + Array(data))
        }
        try emit(Array("\n]}\n".utf8))
    }
}

/// A `PageOutput` for one part of the site (one viewer, or the site-wide pages): writes through
/// the site writer and keeps that part's manifest entries.
final class RecordingOutput: PageOutput {
    let writer: SiteWriter
    /// This part's validation, when the build validates.
    let check: SiteCheck?
    private(set) var entries: [ManifestEntry] = []
    private(set) var files = 0

    init(writer: SiteWriter, check: SiteCheck?) {
        self.writer = writer
        self.check = check
    }

    func page(_ path: String, kind: String, viewer: String?, bytes: [UInt8]) throws {
        check?.addPage(path: path, bytes: bytes, template: PageValidation.templates[kind])
        try writer.write(path, bytes: bytes)
        entries.append(ManifestEntry(path: path, kind: kind, viewer: viewer, sha256: SHA256.hex(bytes), bytes: bytes.count))
    }

    func file(_ path: String, bytes: [UInt8]) throws {
        if path.hasSuffix(".svg") { check?.addFile(path: path, bytes: bytes) } else { check?.addFile(path: path) }
        try writer.write(path, bytes: bytes)
        files += 1
    }
}
