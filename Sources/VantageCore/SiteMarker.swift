import Foundation

/// The marker every build leaves at the top of its output, `.vantage-site`: it names the tool
/// and the store that built the site and lists every file of the site that is not a page of
/// its manifest (search indexes, assets, the files copied from `content/static/`). Only vantage
/// writes it; the next build reads it to know which files of the folder it may replace.
///
/// ```json
/// {"tool":"vantage","format":1,"store":"../.vantage/store.sqlite","files":["CNAME","ana-lima/search-index.js",…]}
/// ```
/// `store` is relative to the output folder (or, for a store far from it, only its folder and
/// file name), so no local path (a user name) is published.
public struct SiteMarker: Sendable, Equatable {
    /// The marker's file name at the top of the output.
    public static let name = SiteBookkeeping.marker

    /// The store that built the site, relative to the output folder.
    public var store: String
    /// The site's files that are not manifest pages, sorted.
    public var files: Set<String>
    /// True when the build wrote a part of the site (`--viewers`, `--shard`) or its manifest
    /// alone: such an output may be replaced by another part; a whole site may not.
    public var isPart: Bool

    public init(store: String, files: Set<String>, isPart: Bool = false) {
        self.store = store
        self.files = files
        self.isPart = isPart
    }

    /// The marker's bytes (sorted, so the same site gives the same marker; `"part"` only in a
    /// part's, so a whole site's marker is as it always was).
    public var bytes: [UInt8] {
        var object = JSONObject(
            keys: ["tool", "format", "store", "files"],
            values: [.string("vantage"), .number(1), .string(store), .array(files.sorted().map { .string($0) })])
        if isPart {
            object.keys.append("part")
            object.values.append(.bool(true))
        }
        return Array((JSONWriter.string(.object(object), htmlSafe: false) + "\n").utf8)
    }

    /// The marker of the output at `output`, when it has one written by vantage.
    public static func read(output: String) -> SiteMarker? {
        guard let data = FileCheck.readRegularFile(output + "/" + name),
            let object = (try? JSONParser.parse(data, file: name))?.objectValue,
            object["tool"]?.stringValue == "vantage", object["format"]?.numberValue == 1,
            let store = object["store"]?.stringValue, let files = object["files"]?.arrayValue
        else { return nil }
        var isPart = false
        if case .bool(true)? = object["part"] { isPart = true }
        return SiteMarker(store: store, files: Set(files.compactMap(\.stringValue)), isPart: isPart)
    }

    /// How the marker names the store at `store` for the output at `output`: relative to the
    /// output when the store is in the output's parent folder or below it (`../.vantage/
    /// store.sqlite`), else only its folder's and its own name (a path further away could
    /// publish a user name).
    public static func storeName(_ store: String, output: String) -> String {
        let absolute = URL(fileURLWithPath: store).standardizedFileURL
        let path = relative(absolute.path, from: output)
        if !path.hasPrefix("../../") { return path }
        return absolute.deletingLastPathComponent().lastPathComponent + "/" + absolute.lastPathComponent
    }

    /// `path` relative to the folder `base` (both absolute).
    static func relative(_ path: String, from base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let origin = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, origin.count), target[common] == origin[common] { common += 1 }
        let up = Array(repeating: "..", count: origin.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}
