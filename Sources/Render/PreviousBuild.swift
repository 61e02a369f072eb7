import Foundation
import Store
import VantageCore

/// What the last successful build left for the next one: the store's `BuildRecord` (each
/// viewer's fingerprint) and each viewer's run of lines in the previous output's
/// `manifest.json` (`ManifestCodec.viewerRuns`). Trusted only when the record names this
/// output folder and the digest of the manifest there is the one recorded: a site built
/// elsewhere, edited by hand, or built by a run that failed to record itself is rebuilt in full.
final class PreviousBuild: @unchecked Sendable {
    /// Recorded viewers by person id.
    let viewers: [Int64: BuildRecord.Viewer]
    /// The previous manifest's bytes.
    private let manifest: [UInt8]
    /// Each viewer's run of lines in the manifest, by slug.
    private let runs: [String: ManifestCodec.Run]

    /// The previous build of `output` recorded in the store at `store`, or nil when there is
    /// none to trust.
    ///
    /// `checked` is the command line's check of the output (`OutputFolder.check`): while it
    /// still holds and found the record's manifest there (its seals were measured against the
    /// record, whose digest it compared), its bytes are taken instead of reading and hashing
    /// the manifest (150 MB on the peer workload) again.
    static func load(store: String, output: String, checked: OutputFolder.Inspection? = nil) -> PreviousBuild? {
        guard let record = try? Store(path: store, readOnly: true).buildRecord(), record.output == output else { return nil }
        if let checked, let ownership = checked.ownership, ownership.sealedBefore != nil,
            ownership.manifestDigest == record.manifestDigest, checked.holds(for: output)
        {
            return PreviousBuild(record: record, manifest: ownership.previous.manifest)
        }
        guard let manifest = OutputFolder.readFile(output + "/" + SitePath.manifest) else { return nil }
        guard SHA256.hex(manifest) == record.manifestDigest else { return nil }
        return PreviousBuild(record: record, manifest: manifest)
    }

    private init(record: BuildRecord, manifest: [UInt8]) {
        self.viewers = Dictionary(record.viewers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.manifest = manifest
        self.runs = manifest.withUnsafeBytes { ManifestCodec.viewerRuns(in: $0) }
    }

    /// `slug`'s manifest lines as one chunk (a slice of the previous manifest, not a copy) and
    /// their number, when the previous manifest has them.
    func manifestChunk(slug: String) -> (bytes: ArraySlice<UInt8>, count: Int)? {
        guard let run = runs[slug] else { return nil }
        return (manifest[run.range], run.count)
    }

    /// Records what a successful build rendered, replacing the previous record, so the next
    /// build can carry over unchanged viewers. Returns why it could not be written, if so:
    /// the site is already in place, and the digest check makes the next build a full one.
    /// `checkedAt` is when the build began checking the output (`OutputFolder+Seal`);
    /// `manifestDigest` the digest of the manifest as the build wrote it (`ManifestSpool.digest`),
    /// else the manifest is read back and hashed.
    static func record(
        store: String, output: String, viewers: [BuildRecord.Viewer], checkedAt: Int64? = nil, manifestDigest: String? = nil
    ) -> String? {
        do {
            let digest = try manifestDigest ?? SHA256.hex(
                Array(Data(contentsOf: URL(fileURLWithPath: output + "/" + SitePath.manifest), options: .alwaysMapped)))
            try Store(path: store).record(
                BuildRecord(output: output, manifestDigest: digest, viewers: viewers, checkedAt: checkedAt))
            return nil
        } catch {
            return "cannot record this build in the store \(store) (the next build will be a full one): \(error)"
        }
    }
}
