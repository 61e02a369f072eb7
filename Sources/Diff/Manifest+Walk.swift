import Foundation
import VantageCore

extension Manifest {
    /// Lists every regular file under `folder` (except the build's top-level `manifest.json` and
    /// `.vantage-site`: `SiteBookkeeping`) with its SHA-256, for a site built without a
    /// manifest. Kinds and viewers are unknown here; the diff fills them in from the pages it
    /// reads.
    ///
    /// Symbolic links are skipped rather than followed, so nothing outside the folder is read.
    public static func walk(folder: String, displayName: String) throws(Diagnostic) -> Manifest {
        let root = FileSystem.withoutTrailingSlash(folder)
        var relativePaths = try FileSystem.regularFiles(under: root, shownAs: displayName)
        relativePaths.removeAll(where: SiteBookkeeping.holds)
        relativePaths.sort { PathOrder.precedes($0, $1) }
        let rootPath = root + "/"

        // Hashing dominates: spread it over the cores.
        let paths = relativePaths
        let hashes = ParallelMap.map(count: paths.count) { index -> (String, Int)? in
            guard let bytes = FileSystem.read(rootPath + paths[index]) else { return nil }
            return (SHA256.hex(bytes), bytes.count)
        }
        var pages: [ManifestEntry] = []
        pages.reserveCapacity(paths.count)
        for (relative, hash) in zip(paths, hashes) {
            guard let (sha, size) = hash else {
                throw FileCheck.unreadable(rootPath + relative, shownAs: PathText.joined(displayName, relative))
            }
            pages.append(ManifestEntry(path: relative, kind: nil, viewer: nil, sha256: sha, bytes: size))
        }
        return Manifest(pages: pages, origin: .walked(displayName))
    }

    /// The error of a page the manifest lists that is not there to read, at `path` (its folder
    /// joined to the page's path): met listing a folder's files, or reading the page.
    static func missingPage(at path: String) -> Diagnostic {
        .error("the manifest lists this page but it cannot be read", at: SourceLocation(file: path))
    }
}
