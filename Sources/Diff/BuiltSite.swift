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
    /// With `includeUnlisted`, files of the folder that its manifest does not list (search
    /// indexes, the stylesheet) are hashed and added.
    public static func open(_ argument: String, includeUnlisted: Bool = false) throws(Diagnostic) -> BuiltSite {
        var isFolder: ObjCBool = false
        guard !argument.isEmpty, FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            throw Diagnostic.error("no such site folder or manifest file", at: SourceLocation(file: argument))
        }
        if !isFolder.boolValue {
            let manifest = try Manifest.read(path: argument, displayName: argument)
            return BuiltSite(name: argument, folder: nil, manifest: manifest)
        }
        let manifestPath = Manifest.join(argument, "manifest.json")
        if FileManager.default.fileExists(atPath: manifestPath) {
            let manifest = try Manifest.read(path: manifestPath, displayName: manifestPath)
            let complete = includeUnlisted ? try manifest.addingUnlisted(in: argument) : manifest
            return BuiltSite(name: argument, folder: argument, manifest: complete)
        }
        return BuiltSite(name: argument, folder: argument, manifest: try Manifest.walk(folder: argument, displayName: argument))
    }

    /// Opens both sides at once (reading a large manifest is most of a diff's time); the old
    /// side's error is reported first, as when opened one after the other.
    ///
    /// When both are folders, each side is every file of its folder, listed or not; when one
    /// is a bare manifest, only listed pages are compared, so both sides mean the same thing.
    public static func open(old: String, new: String) throws(Diagnostic) -> (old: BuiltSite, new: BuiltSite) {
        let sides = [old, new]
        let bothFolders = sides.allSatisfy { side in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: side, isDirectory: &isFolder) && isFolder.boolValue
        }
        let opened = ParallelMap.map(count: 2) { index -> Result<BuiltSite, Diagnostic> in
            Result { () throws(Diagnostic) in try BuiltSite.open(sides[index], includeUnlisted: bothFolders) }
        }
        return (try opened[0].get(), try opened[1].get())
    }

    /// True when the pages themselves can be read.
    public var hasFiles: Bool { folder != nil }

    /// How the page is named in messages and output: `site/relative/path`.
    public func displayPath(_ relative: String) -> String {
        Manifest.join(folder ?? name, relative)
    }

    /// The bytes of the page at `relative`, or a located error when the manifest lists a file
    /// that is not there.
    public func read(_ relative: String) throws(Diagnostic) -> [UInt8] {
        guard let folder else {
            throw Diagnostic.error("only a manifest was given; the page cannot be read", at: SourceLocation(file: displayPath(relative)))
        }
        guard let bytes = FileSystem.read(Manifest.join(folder, relative)) else {
            throw Diagnostic.error("the manifest lists this page but it cannot be read", at: SourceLocation(file: displayPath(relative)))
        }
        return bytes
    }
}
