import Foundation
import VantageCore

extension Manifest {
    /// Lists every regular file under `folder` (except a top-level `manifest.json`) with its
    /// SHA-256, for a site built without a manifest. Kinds and viewers are unknown here; the
    /// diff fills them in from the pages it reads.
    ///
    /// Symbolic links are skipped rather than followed, so nothing outside the folder is read.
    public static func walk(folder: String, displayName: String) throws(Diagnostic) -> Manifest {
        let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey], options: [])
        else {
            throw Diagnostic.error("cannot list the folder", at: SourceLocation(file: displayName))
        }
        var relativePaths: [String] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(rootPath) else { continue }
            let relative = String(full.dropFirst(rootPath.count))
            if relative == "manifest.json" { continue }
            relativePaths.append(relative)
        }
        relativePaths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        // Hashing dominates: spread it over the cores.
        let paths = relativePaths
        let hashes = ParallelMap.map(count: paths.count) { index -> (String, Int)? in
            guard let data = FileManager.default.contents(atPath: rootPath + paths[index]) else { return nil }
            return (SHA256.hex(data), data.count)
        }
        var pages: [ManifestPage] = []
        pages.reserveCapacity(paths.count)
        for (relative, hash) in zip(paths, hashes) {
            guard let (sha, size) = hash else {
                throw Diagnostic.error("cannot read the file", at: SourceLocation(file: join(displayName, relative)))
            }
            pages.append(ManifestPage(path: relative, kind: nil, viewer: nil, sha256: sha, bytes: size))
        }
        return Manifest(pages: pages, origin: .walked(displayName))
    }

    /// `folder/relative` without doubling the slash.
    static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
