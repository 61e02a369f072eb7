import Foundation
import Store
import VantageCore

extension SiteBuild {
    /// A build of a part (`--viewers`, `--shard`) or of the manifest alone (`--manifest-only`)
    /// refused because its output holds the whole site of the last build, which it would
    /// replace: a site of ten thousand people is not lost to a quick look at two of them.
    public struct PartOverWhole: Error, CustomStringConvertible, Sendable {
        public var output: String
        /// What the build would have left there instead, in words.
        public var part: String
        /// The folder the site is in: `output`, or where it leads when it is a symbolic link.
        public var site: String
        public var description: String {
            "\(output) holds the whole site of the last build, and this build would replace it with \(part). "
                + "Give it a folder of its own (--out DIR), or remove \(site) first to replace the site"
        }
    }

    /// Throws `PartOverWhole` when a build of `scope` (or `manifestOnly`) into `output` would
    /// replace a whole site: the output holds a site's manifest and index, and its marker does
    /// not say a part was built there (`SiteMarker.isPart`), however the folder is spelled
    /// (`public`, `./public/`, a link to it), and whatever store built it (a fresh checkout's,
    /// another `--db`: the store's record of its last build was the test before, and a new
    /// store let a part replace a whole site). A whole build, a merge that writes its pages (the
    /// whole site again), a folder of parts or of a manifest alone, and a shard's pass.
    public static func refusePartOverWhole(scope: Scope, manifestOnly: Bool, output: String, store: String) throws {
        let part: String
        switch scope {
        case .everyone where manifestOnly: part = "manifest.json alone (--manifest-only)"
        case .everyone: return
        case .viewers(let slugs): part = slugs.count == 1 ? "the part of one person (--viewers)" : "the parts of \(slugs.count) people (--viewers)"
        case .shard(let shard): part = "the part of shard \(shard.index)/\(shard.count) (--shard)"
        }
        let manifest = output + "/" + SitePath.manifest
        // A manifest-only build's manifest is the whole build's, byte for byte: a whole site
        // also has its pages (its index first).
        guard FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: output + "/index.html"),
            !FileManager.default.fileExists(atPath: output + "/" + ShardRecord.file),
            let marker = SiteMarker.read(output: output), !marker.isPart
        else { return }
        // A link's target is relative to the link's folder.
        let site = (try? FileManager.default.destinationOfSymbolicLink(atPath: output)).map { target in
            let folder = PathText.parent(of: output)
            return target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        } ?? output
        throw PartOverWhole(output: output, part: part, site: site)
    }
}
