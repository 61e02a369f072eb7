import VantageCore

extension Manifest {
    /// The manifest plus every file of `folder` it does not list, hashed.
    ///
    /// The build lists pages; a viewer's search index and the stylesheet are files beside
    /// them, and a change there matters as much (a stylesheet changes every page). Listing a
    /// folder is cheap next to reading it, so only the unlisted files are read. An unlisted
    /// file under a viewer's folder belongs to that viewer; a JSON file named for search is
    /// that viewer's search index.
    func addingUnlisted(in folder: String) throws(Diagnostic) -> Manifest {
        let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard var files = FileSystem.regularFiles(under: root) else {
            throw Diagnostic.error("cannot list the folder", at: SourceLocation(file: folder))
        }
        files.sort { PathOrder.precedes($0, $1) }
        var unlisted: [String] = []
        var index = 0
        for file in files where file != "manifest.json" {
            while index < pages.count, PathOrder.precedes(pages[index].path, file) { index += 1 }
            if index < pages.count, pages[index].path == file { continue }
            unlisted.append(file)
        }
        guard !unlisted.isEmpty else { return self }

        let known = viewers
        let paths = unlisted
        let hashed = ParallelMap.map(count: paths.count) { item -> (String, Int)? in
            guard let bytes = FileSystem.read(root + "/" + paths[item]) else { return nil }
            return (SHA256.hex(bytes), bytes.count)
        }
        var extra: [ManifestPage] = []
        for (path, hash) in zip(unlisted, hashed) {
            guard let (sha, size) = hash else {
                throw Diagnostic.error("cannot read the file", at: SourceLocation(file: Manifest.join(folder, path)))
            }
            let first = String(path.prefix { $0 != "/" })
            let viewer = first != path && known.contains(first) ? first : nil
            let kind = PageKind.unlisted(path: path, viewer: viewer)
            extra.append(ManifestPage(path: path, kind: kind, viewer: viewer, sha256: sha, bytes: size))
        }
        // Both lists are sorted: merge them.
        var merged: [ManifestPage] = []
        merged.reserveCapacity(pages.count + extra.count)
        var (i, j) = (0, 0)
        while i < pages.count || j < extra.count {
            if j == extra.count || (i < pages.count && PathOrder.precedes(pages[i].path, extra[j].path)) {
                merged.append(pages[i]); i += 1
            } else {
                merged.append(extra[j]); j += 1
            }
        }
        return Manifest(sortedPages: merged, origin: origin)
    }
}
