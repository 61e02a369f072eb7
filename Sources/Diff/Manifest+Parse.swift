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

    /// Parses the bytes of a `manifest.json` (`ManifestCodec.decode`) and refuses a path
    /// listed twice; `file` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Manifest {
        let pages = try ManifestCodec.decode(bytes, file: file)
        // Duplicates sit side by side once sorted (the build writes the list sorted, so this
        // is one pass); the second occurrence in the file is the one reported.
        let sorted = isSorted(pages)
        var order = Array(pages.indices)
        if !sorted { order.sort { PathOrder.precedes(pages[$0].path, pages[$1].path) } }
        var index = 1
        while index < order.count {
            let (first, second) = (order[index - 1], order[index])
            if pages[first].path == pages[second].path {
                let later = max(first, second)
                throw Diagnostic.error(
                    "the path \"\(pages[later].path)\" is listed twice",
                    at: SourceLocation(file: file, recordPath: "pages[\(later)].path"))
            }
            index += 1
        }
        return Manifest(sortedPages: sorted ? pages : order.map { pages[$0] }, origin: .file(file))
    }
}
