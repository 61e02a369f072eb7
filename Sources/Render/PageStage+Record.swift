import VantageCore

/// Keeps what one part of the site wrote: its pages' manifest entries, how many other files,
/// and the bytes of both (for the build's record).
final class RecordStage: PageStage {
    private(set) var entries: [ManifestEntry] = []
    private(set) var files = 0
    private(set) var bytes = 0
    /// What the pages and files take on a file system of `blockSize` blocks: each whole blocks.
    private(set) var diskBytes = 0
    let blockSize: Int

    init(blockSize: Int = 4096) {
        self.blockSize = max(1, blockSize)
    }

    private func addDisk(_ count: Int) {
        diskBytes += (count + blockSize - 1) / blockSize * blockSize
    }

    func take(_ page: RenderedPage) throws {
        bytes += page.bytes.count
        addDisk(page.bytes.count)
        entries.append(ManifestEntry(
            path: page.path, kind: page.kind.rawValue, viewer: page.viewer, sha256: SHA256.hex(page.bytes),
            bytes: page.bytes.count))
    }

    func take(file path: String, bytes: [UInt8]) throws {
        self.bytes += bytes.count
        addDisk(bytes.count)
        files += 1
    }
}
