import VantageCore

/// Files beside the pages. The build's manifest lists pages; a viewer's search index and the
/// stylesheet are files next to them, and a change there matters as much (a stylesheet
/// changes every page). So when both sides are folders, the files a manifest leaves out are
/// compared too: listing a folder is cheap next to reading it, a file present on both sides
/// is compared byte for byte, and only the files that differ are hashed.
extension Manifest {
    /// True when the manifest lists files other than pages (a search index, a stylesheet):
    /// then it is taken as the complete list of the folder and the folder is not walked.
    public var listsFilesBesidePages: Bool {
        pages.contains { !PageName.looksLikePage($0.path) }
    }

    /// The files of `folder` (sorted by path) that the manifest does not list. Throws, naming
    /// it, when a page the manifest lists is not in the folder (before, a page gone whose
    /// digest was the same on both sides went unnoticed: "No differences").
    func unlistedFiles(in folder: String) throws(Diagnostic) -> [String] {
        let root = FileSystem.withoutTrailingSlash(folder)
        var files = try FileSystem.regularFiles(under: root, shownAs: folder)
        files.sort { PathOrder.precedes($0, $1) }
        var unlisted: [String] = []
        var index = 0
        func missing(_ page: ManifestEntry) -> Diagnostic { Manifest.missingPage(at: PathText.joined(folder, page.path)) }
        for file in files where !SiteBookkeeping.holds(file) {
            while index < pages.count, PathOrder.precedes(pages[index].path, file) { throw missing(pages[index]) }
            if index < pages.count, pages[index].path == file {
                index += 1
                continue
            }
            unlisted.append(file)
        }
        if index < pages.count { throw missing(pages[index]) }
        return unlisted
    }

    /// Both manifests with the unlisted files of both folders added. A file unlisted on
    /// both sides with the same bytes gets an empty `sha256` on both (equal, never reported,
    /// so never hashed); every other one is hashed.
    static func addingUnlisted(
        old: Manifest, oldFolder: String, oldFiles: [String],
        new: Manifest, newFolder: String, newFiles: [String]
    ) throws(Diagnostic) -> (old: Manifest, new: Manifest) {
        // The union of both lists, each path with the sides it is unlisted on.
        var union: [(path: String, old: Bool, new: Bool)] = []
        var (i, j) = (0, 0)
        while i < oldFiles.count || j < newFiles.count {
            if j == newFiles.count || (i < oldFiles.count && PathOrder.precedes(oldFiles[i], newFiles[j])) {
                union.append((oldFiles[i], true, false)); i += 1
            } else if i == oldFiles.count || PathOrder.precedes(newFiles[j], oldFiles[i]) {
                union.append((newFiles[j], false, true)); j += 1
            } else {
                union.append((oldFiles[i], true, true)); i += 1; j += 1
            }
        }
        guard !union.isEmpty else { return (old, new) }
        let items = union
        let results = ParallelMap.map(count: items.count) { index -> Result<(ManifestEntry?, ManifestEntry?), Diagnostic> in
            let item = items[index]
            func load(_ folder: String) -> Result<[UInt8], Diagnostic> {
                guard let bytes = FileSystem.read(PathText.joined(folder, item.path)) else {
                    return .failure(FileCheck.unreadable(PathText.joined(folder, item.path)))
                }
                return .success(bytes)
            }
            func entry(_ bytes: [UInt8], hashed: Bool) -> ManifestEntry {
                ManifestEntry(path: item.path, kind: nil, viewer: nil, sha256: hashed ? SHA256.hex(bytes) : "", bytes: bytes.count)
            }
            do throws(Diagnostic) {
                let oldBytes = item.old ? try load(oldFolder).get() : nil
                let newBytes = item.new ? try load(newFolder).get() : nil
                let same = oldBytes != nil && oldBytes == newBytes
                return .success((oldBytes.map { entry($0, hashed: !same) }, newBytes.map { entry($0, hashed: !same) }))
            } catch {
                return .failure(error)
            }
        }
        var oldExtra: [ManifestEntry] = [], newExtra: [ManifestEntry] = []
        for result in results {
            let (oldEntry, newEntry) = try result.get()
            if let oldEntry { oldExtra.append(oldEntry) }
            if let newEntry { newExtra.append(newEntry) }
        }
        return (old.merging(oldExtra), new.merging(newExtra))
    }

    /// The manifest with `extra` entries (sorted, none listed already) merged in, each given
    /// the viewer whose folder holds it and, for a search index, its kind.
    func merging(_ extra: [ManifestEntry]) -> Manifest {
        guard !extra.isEmpty else { return self }
        let known = viewers
        let described = extra.map { page -> ManifestEntry in
            var page = page
            let first = String(page.path.prefix { $0 != "/" })
            page.viewer = first != page.path && known.contains(first) ? first : nil
            page.kind = PageKind.unlisted(path: page.path, viewer: page.viewer)
            return page
        }
        var merged: [ManifestEntry] = []
        merged.reserveCapacity(pages.count + described.count)
        var (i, j) = (0, 0)
        while i < pages.count || j < described.count {
            if j == described.count || (i < pages.count && PathOrder.precedes(pages[i].path, described[j].path)) {
                merged.append(pages[i]); i += 1
            } else {
                merged.append(described[j]); j += 1
            }
        }
        return Manifest(sortedPages: merged, origin: origin)
    }

    /// The manifest plus the unlisted `files` of `folder`, hashed: for comparing with a side
    /// that has no manifest, whose every file was hashed.
    func addingUnlisted(_ files: [String], in folder: String) throws(Diagnostic) -> Manifest {
        try Manifest.addingUnlisted(old: self, oldFolder: folder, oldFiles: files, new: self, newFolder: folder, newFiles: [])
            .old
    }
}
