import Foundation
import VantageCore

extension Manifest {
    /// Reads and checks a `manifest.json`. `displayName` is the name used in diagnostics
    /// (the path as the user gave it).
    ///
    /// Every problem is located: JSON syntax by line and column, a bad entry by its record
    /// path (`pages[3].sha256`). Paths that could leave the site folder are refused, since the
    /// diff later reads the files they name.
    public static func read(path: String, displayName: String) throws(Diagnostic) -> Manifest {
        guard let bytes = FileSystem.read(path) else {
            throw Diagnostic.error("cannot read the manifest", at: SourceLocation(file: displayName))
        }
        return try parse(bytes, file: displayName)
    }

    /// Parses the bytes of a `manifest.json` (`ManifestCodec.decode`, which refuses a path
    /// listed twice); `file` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Manifest {
        let pages = try ManifestCodec.decode(bytes, file: file)
        if isSorted(pages) { return Manifest(sortedPages: pages, origin: .file(file)) }
        return Manifest(sortedPages: pages.sorted { PathOrder.precedes($0.path, $1.path) }, origin: .file(file))
    }
}
