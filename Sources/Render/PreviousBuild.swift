import Foundation
import Store
import VantageCore

/// What the last successful build left for the next one: each viewer's fingerprint (from the
/// store's `build_viewer` table) and their part of the manifest (from the previous output's
/// `manifest.json`). Trusted only when the store's record names this output folder and the
/// digest of the manifest there is the one recorded: a site built elsewhere, edited by hand,
/// or built by a run that failed to record its fingerprints is rebuilt in full.
final class PreviousBuild: @unchecked Sendable {
    /// One viewer as a build left them: slug, fingerprint, and the files in their folder.
    struct Viewer: Sendable {
        var id: Int64
        var slug: String
        var fingerprint: String
        var files: Int
        var bytes: Int
    }

    /// Fingerprints by person id.
    let viewers: [Int64: Viewer]
    /// The previous manifest's bytes.
    private let manifest: Data
    /// Each viewer's run of entries in the manifest, by slug: the byte range of their lines
    /// (joined by ",\n", as `ManifestSpool` writes them) and how many there are.
    private let chunks: [String: (range: Range<Int>, count: Int)]

    /// The previous build of `output` recorded in the store at `store`, or nil when there is
    /// none to trust.
    static func load(store: String, output: String) -> PreviousBuild? {
        guard let database = try? Database(path: store, readOnly: true),
            let rows = try? database.rows("SELECT output, manifest_sha256 FROM build_state WHERE id = 1"),
            let row = rows.first, case .text(let recordedOutput)? = row.first, case .text(let digest)? = row.last,
            recordedOutput == output,
            let manifest = try? Data(
                contentsOf: URL(fileURLWithPath: output + "/" + SitePath.manifest), options: .alwaysMapped),
            SHA256.hex(Array(manifest)) == digest,
            let statement = try? database.statement("SELECT person_id, slug, fingerprint, files, bytes FROM build_viewer")
        else { return nil }
        var viewers: [Int64: Viewer] = [:]
        do {
            while try statement.step() {
                guard let id = statement.integer(0), let slug = statement.text(1), let fingerprint = statement.text(2),
                    let files = statement.integer(3), let bytes = statement.integer(4)
                else { continue }
                viewers[id] = Viewer(id: id, slug: slug, fingerprint: fingerprint, files: Int(files), bytes: Int(bytes))
            }
        } catch {
            return nil
        }
        return PreviousBuild(viewers: viewers, manifest: manifest)
    }

    private init(viewers: [Int64: Viewer], manifest: Data) {
        self.viewers = viewers
        self.manifest = manifest
        self.chunks = Self.viewerChunks(manifest)
    }

    /// `slug`'s manifest lines as one chunk and their number, when the previous manifest has
    /// them.
    func manifestChunk(slug: String) -> (bytes: Data, count: Int)? {
        guard let chunk = chunks[slug] else { return nil }
        return (manifest.subdata(in: chunk.range), chunk.count)
    }

    /// Finds each viewer's run of lines in a manifest written by `ManifestSpool`: one entry a
    /// line, `{"path":"slug/…",…,"viewer":…`, sorted by path so a viewer's lines are adjacent.
    /// A slug whose lines are not adjacent is left out, and that viewer is rendered again; so is
    /// a slug written with escapes (its bytes never equal the slug looked up). Byte-level (memchr, memcmp): the
    /// manifest of the 10,000-person site has hundreds of thousands of lines.
    static func viewerChunks(_ manifest: Data) -> [String: (range: Range<Int>, count: Int)] {
        let prefix = Array("{\"path\":\"".utf8)
        let viewerMark = Array(",\"viewer\":".utf8)
        var chunks: [String: (range: Range<Int>, count: Int)] = [:]
        var unusable: Set<String> = []
        manifest.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            let count = raw.count
            // The run being collected: its slug's bytes, where it starts and ends, its lines.
            var run: (slug: UnsafeBufferPointer<UInt8>, start: Int, end: Int, lines: Int)?
            func close() {
                guard let current = run else { return }
                let slug = String(decoding: current.slug, as: UTF8.self)
                if chunks[slug] != nil { unusable.insert(slug) }
                chunks[slug] = (current.start..<current.end, current.lines)
                run = nil
            }
            var start = 0
            while start < count {
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
                let end = newline.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                defer { start = end + 1 }
                var contentEnd = end
                if contentEnd > start, base[contentEnd - 1] == UInt8(ascii: ",") { contentEnd -= 1 }
                let length = contentEnd - start
                guard length > prefix.count, memcmp(base + start, prefix, prefix.count) == 0,
                    Self.contains(viewerMark, in: base + start, length: length)
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
        }
        for slug in unusable { chunks[slug] = nil }
        return chunks
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

    /// Records what a successful build rendered, replacing the previous record, so the next
    /// build can carry over unchanged viewers. Returns why it could not be written, if so:
    /// the site is already in place, and the digest check makes the next build a full one.
    static func record(store: String, output: String, viewers: [Viewer]) -> String? {
        do {
            let manifest = try Data(contentsOf: URL(fileURLWithPath: output + "/" + SitePath.manifest), options: .alwaysMapped)
            let database = try Database(path: store)
            try record(in: database, output: output, manifestDigest: SHA256.hex(Array(manifest)), viewers: viewers)
            return nil
        } catch {
            return "cannot record this build in the store \(store) (the next build will be a full one): \(error)"
        }
    }

    private static func record(
        in database: Database, output: String, manifestDigest digest: String,
        viewers: [Viewer]
    ) throws {
        try database.transaction {
            try database.execute("DELETE FROM build_viewer")
            let insert = try database.statement(
                "INSERT INTO build_viewer (person_id, slug, fingerprint, files, bytes) VALUES (?, ?, ?, ?, ?)")
            for viewer in viewers {
                try insert.run([
                    .integer(viewer.id), .text(viewer.slug), .text(viewer.fingerprint), .integer(Int64(viewer.files)),
                    .integer(Int64(viewer.bytes)),
                ])
            }
            try database.statement("INSERT OR REPLACE INTO build_state (id, output, manifest_sha256) VALUES (1, ?, ?)")
                .run([.text(output), .text(digest)])
        }
    }
}
