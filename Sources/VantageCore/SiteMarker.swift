import Foundation

/// The marker every build leaves at the top of its output, `.vantage-site`: it names the tool
/// and lists every file of the site that is not a page of its manifest (search indexes, assets,
/// the files copied from `content/static/`). Only vantage writes it; the next build reads it to
/// know which files of the folder it may replace.
///
/// ```json
/// {"tool":"vantage","format":1,"files":["CNAME","ana-lima/search-index.js",…]}
/// ```
/// It is published with the site (static hosts serve dot-files), so it holds nothing of the
/// machine that built it: the store's path (an earlier marker's `store`, still read) could hold a
/// user name or an email (`/home/ana.lima@example.com/…`), and made the same site's marker differ
/// from checkout to checkout.
public struct SiteMarker: Sendable, Equatable {
    /// The marker's file name at the top of the output.
    public static let name = SiteBookkeeping.marker

    /// The site's files that are not manifest pages, sorted.
    public var files: Set<String>
    /// True when the build wrote a part of the site (`--viewers`, `--shard`) or its manifest
    /// alone: such an output may be replaced by another part; a whole site may not.
    public var isPart: Bool

    public init(files: Set<String>, isPart: Bool = false) {
        self.files = files
        self.isPart = isPart
    }

    /// The marker's bytes (sorted, so the same site gives the same marker; `"part"` only in a
    /// part's, so a whole site's marker is as it always was).
    public var bytes: [UInt8] {
        var object = JSONObject(
            keys: ["tool", "format", "files"],
            values: [.string("vantage"), .number(1), .array(files.sorted().map { .string($0) })])
        if isPart {
            object.keys.append("part")
            object.values.append(.bool(true))
        }
        return Array((JSONWriter.string(.object(object), htmlSafe: false) + "\n").utf8)
    }

    /// The marker of the output at `output`, when it has one written by vantage (with or without
    /// the `store` of earlier builds).
    public static func read(output: String) -> SiteMarker? {
        guard let data = FileCheck.readRegularFile(output + "/" + name),
            let object = (try? JSONParser.parse(data, file: name))?.objectValue,
            object["tool"]?.stringValue == "vantage", object["format"]?.numberValue == 1,
            let files = object["files"]?.arrayValue
        else { return nil }
        var isPart = false
        if case .bool(true)? = object["part"] { isPart = true }
        return SiteMarker(files: Set(files.compactMap(\.stringValue)), isPart: isPart)
    }
}
