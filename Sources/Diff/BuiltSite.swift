import Foundation
import VantageCore

/// One side of a comparison: a built site folder (with or without its `manifest.json`) or a
/// bare `manifest.json`, whose pages can be listed but not read.
public struct BuiltSite: Sendable {
    /// The argument as the user gave it, used in every message and output path.
    public var name: String
    /// The site folder, or nil when only a manifest file was given.
    public var folder: String?
    /// The pages of the site.
    public var manifest: Manifest

    /// A site from parts (tests and benchmarks).
    public init(name: String, folder: String?, manifest: Manifest) {
        self.name = name
        self.folder = folder
        self.manifest = manifest
    }

    /// Opens `argument`: a folder (its `manifest.json`, or every file hashed when it has none)
    /// or a manifest file. Anything else is unusable input, reported at the argument.
    public static func open(_ argument: String) throws(Diagnostic) -> BuiltSite {
        var isFolder: ObjCBool = false
        guard !argument.isEmpty, FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            throw Diagnostic.error("no such site folder or manifest file", at: SourceLocation(file: argument))
        }
        if !isFolder.boolValue {
            let manifest = try Manifest.read(path: argument, displayName: argument)
            return BuiltSite(name: argument, folder: nil, manifest: manifest)
        }
        let manifestPath = PathText.joined(argument, SiteBookkeeping.manifest)
        if FileManager.default.fileExists(atPath: manifestPath) {
            let manifest = try Manifest.read(path: manifestPath, displayName: manifestPath)
            // `vantage build --manifest-only` leaves a folder holding its manifest alone (and,
            // for a shard, the shard's `shard.json` beside it): the pages it lists were hashed,
            // not written, so it compares as a bare manifest.
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            let files = Set(entries.filter { !$0.hasPrefix(".") })
            if files.allSatisfy(SiteBookkeeping.holds) {
                return BuiltSite(name: argument, folder: nil, manifest: manifest)
            }
            return BuiltSite(name: argument, folder: argument, manifest: manifest)
        }
        return BuiltSite(name: argument, folder: argument, manifest: try Manifest.walk(folder: argument, displayName: argument))
    }

    /// Opens both sides at once (reading a large manifest is most of a diff's time); the old
    /// side's error is reported first, as when opened one after the other.
    ///
    /// When both are folders, each side is every file of its folder, listed in its manifest
    /// or not (see `Manifest.addingUnlisted`); when one is a bare manifest, only listed pages
    /// are compared, so that both sides mean the same thing.
    public static func open(old: String, new: String) throws(Diagnostic) -> (old: BuiltSite, new: BuiltSite) {
        let arguments = [old, new]
        let opened = ParallelMap.map(count: 2) { index -> Result<BuiltSite, Diagnostic> in
            Result { () throws(Diagnostic) in try BuiltSite.open(arguments[index]) }
        }
        var oldSite = try opened[0].get(), newSite = try opened[1].get()
        guard let oldFolder = oldSite.folder, let newFolder = newSite.folder else { return (oldSite, newSite) }
        // Two manifests that list more than pages are complete: nothing to walk.
        if oldSite.manifest.listsFilesBesidePages && newSite.manifest.listsFilesBesidePages { return (oldSite, newSite) }
        let sites = [oldSite, newSite]
        let listed = ParallelMap.map(count: 2) { index -> Result<[String], Diagnostic> in
            Result { () throws(Diagnostic) in
                guard case .file = sites[index].manifest.origin, let folder = sites[index].folder else { return [] }
                return try sites[index].manifest.unlistedFiles(in: folder)
            }
        }
        let oldFiles = try listed[0].get(), newFiles = try listed[1].get()
        switch (oldSite.manifest.origin, newSite.manifest.origin) {
        case (.file, .file):
            (oldSite.manifest, newSite.manifest) = try Manifest.addingUnlisted(
                old: oldSite.manifest, oldFolder: oldFolder, oldFiles: oldFiles,
                new: newSite.manifest, newFolder: newFolder, newFiles: newFiles)
        case (.file, .walked):
            oldSite.manifest = try oldSite.manifest.addingUnlisted(oldFiles, in: oldFolder)
        case (.walked, .file):
            newSite.manifest = try newSite.manifest.addingUnlisted(newFiles, in: newFolder)
        case (.walked, .walked):
            break
        }
        return (oldSite, newSite)
    }

    /// True when the pages themselves can be read.
    public var hasFiles: Bool { folder != nil }

    /// How the page is named in messages and output: `site/relative/path`.
    public func displayPath(_ relative: String) -> String {
        PathText.joined(folder ?? name, relative)
    }

    /// The bytes of the page at `relative`, or a located error when the manifest lists a file
    /// that is not there.
    public func read(_ relative: String) throws(Diagnostic) -> [UInt8] {
        guard let folder else {
            throw Diagnostic.error("only a manifest was given; the page cannot be read", at: SourceLocation(file: displayPath(relative)))
        }
        guard let bytes = FileSystem.read(PathText.joined(folder, relative)) else {
            throw Manifest.missingPage(at: displayPath(relative))
        }
        return bytes
    }
}
