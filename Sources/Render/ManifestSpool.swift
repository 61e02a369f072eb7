import Foundation
import VantageCore

/// Collects the manifest without holding every entry in memory: each rendered viewer's entries
/// are sorted and spilled to a file as one chunk, and the chunks are joined in path order at the
/// end. A viewer's paths all start with `slug/`, so sorting viewers by `slug + "/"` and merging
/// the site-wide pages in by path gives the whole list sorted by path.
///
/// A carried-over viewer's lines are not spilled: they are a slice of the previous manifest,
/// which the build holds anyway (`PreviousBuild`), kept by reference and written from there. On
/// a rebuild of the peer workload that is nearly all of a 150 MB manifest, which went through
/// the spool file and back (and the file's pages were allocated, filled and freed) for nothing.
final class ManifestSpool: @unchecked Sendable {
    private let lock = NSLock()
    private let spoolPath: String
    private let handle: FileHandle
    private var offset: UInt64 = 0
    /// Where a chunk is: in the spool file, or held (a slice of the previous manifest).
    private enum Place {
        case spooled(offset: UInt64, length: Int)
        case held(ArraySlice<UInt8>)
    }
    /// Chunk location by sort key (`slug/`, or a site-wide page's path).
    private var chunks: [(key: [UInt8], place: Place)] = []
    /// The SHA-256 (hex) of the last document `document` produced: the build's record names the
    /// manifest by it, without reading the file back.
    private(set) var digest: String?

    /// How many bytes `document` hands on at a time.
    static let blockSize = 1 << 20

    init(spoolPath: String) throws {
        self.spoolPath = spoolPath
        // Made in place by open(2): Foundation's createFile writes a `.dat.nosync…` temporary
        // beside it and renames it, and a build killed in between left that file beside the
        // output for good (its name is not the build's, so no later build could tell it was).
        // Truncated, not exclusive: a killed build's spool is scratch (SiteWriter removes it).
        let descriptor = open(spoolPath, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic.error("cannot create the manifest spool '\(spoolPath)': \(String(cString: strerror(errno)))")
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: spoolPath)
    }

    /// Adds the entries of one part of the site, all sharing `key` as their path prefix.
    func add(_ entries: [ManifestEntry], key: String) throws {
        let chunk = ManifestCodec.chunk(entries)
        guard !chunk.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(chunk))
        } catch {
            // Foundation's words ("There isn't enough space") name no file: say which, and why.
            let failure = error as NSError
            let posix = failure.domain == NSPOSIXErrorDomain ? failure : failure.userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = posix.flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
                ?? (failure.domain == NSCocoaErrorDomain && failure.code == CocoaError.fileWriteOutOfSpace.rawValue ? Int(ENOSPC) : nil)
            throw Diagnostic.error("cannot write the manifest spool '\(spoolPath)': "
                + (reason.map { String(cString: strerror(Int32($0))) } ?? error.localizedDescription))
        }
        chunks.append((Array(key.utf8), .spooled(offset: offset, length: chunk.count)))
        offset += UInt64(chunk.count)
    }

    /// Adds a chunk taken whole from the previous manifest (a carried-over viewer's lines,
    /// already sorted and joined as `add` joins them), held by reference until `document`.
    func add(chunk: ArraySlice<UInt8>, key: String) throws {
        guard !chunk.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        chunks.append((Array(key.utf8), .held(chunk)))
    }

    /// The whole `manifest.json` (the bytes `ManifestCodec.document` gives over the chunks in
    /// path order), handed to `emit` in blocks of `blockSize`; its digest is kept in `digest`.
    func document(_ emit: ([UInt8]) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        let ordered = chunks.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var stream = SHA256Stream()
        var block: [UInt8] = []
        block.reserveCapacity(Self.blockSize)
        func flush() throws {
            block.withUnsafeBytes { stream.update($0) }
            try emit(block)
            block.removeAll(keepingCapacity: true)
        }
        func append(_ bytes: ArraySlice<UInt8>) throws {
            var rest = bytes
            while !rest.isEmpty {
                let room = Self.blockSize - block.count
                block.append(contentsOf: rest.prefix(room))
                rest = rest.dropFirst(room)
                if block.count == Self.blockSize { try flush() }
            }
        }
        try append(ManifestCodec.header[...])
        for (index, chunk) in ordered.enumerated() {
            if index > 0 { try append(ManifestCodec.separator[...]) }
            switch chunk.place {
            case .held(let bytes):
                try append(bytes)
            case .spooled(let offset, let length):
                try handle.seek(toOffset: offset)
                guard let data = try handle.read(upToCount: length), data.count == length else {
                    throw Diagnostic.error("the manifest spool '\(spoolPath)' was cut short")
                }
                try append(Array(data)[...])
            }
        }
        try append(ManifestCodec.footer[...])
        if !block.isEmpty { try flush() }
        digest = stream.finishHex()
    }
}
