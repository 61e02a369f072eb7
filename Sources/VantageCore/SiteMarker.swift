import Foundation

/// The marker every build leaves at the top of its output, `.vantage-site`: it names the tool
/// and lists every file of the site that is not a page of its manifest (search indexes, assets,
/// the files copied from `content/static/`). Only vantage writes it; the next build reads it to
/// know which files of the folder it may replace.
///
/// ```json
/// {"tool":"vantage","format":1,"umask":"022","files":["CNAME","ana-lima/search-index.js",…]}
/// ```
/// It is published with the site (static hosts serve dot-files), so it holds nothing of the
/// machine that built it but the umask its files and folders have their permissions from
/// (`SiteWriter+Modes`): the store's path (an earlier marker's `store`, still read) could hold a
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
    /// The umask every file and folder of the site has its permissions from (files
    /// `0644 & ~umask`, folders `0755 & ~umask`); nil in a marker written before it was
    /// recorded, or by hand.
    public var umask: UInt32?

    public init(files: Set<String>, isPart: Bool = false, umask: UInt32? = nil) {
        self.files = files
        self.isPart = isPart
        self.umask = umask
    }

    /// The marker's bytes (sorted, so the same site under the same umask gives the same
    /// marker; `"part"` only in a part's).
    public var bytes: [UInt8] {
        var object = JSONObject(keys: ["tool", "format"], values: [.string("vantage"), .number(1)])
        if let umask {
            object.keys.append("umask")
            object.values.append(.string(Self.octal(umask)))
        }
        object.keys.append("files")
        object.values.append(.array(files.sorted().map { .string($0) }))
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
        let umask = object["umask"]?.stringValue.flatMap(octal(_:))
        return SiteMarker(files: Set(files.compactMap(\.stringValue)), isPart: isPart, umask: umask)
    }

    /// `value` (at most `0o777`) as three octal digits, as `umask` prints it: `022`.
    static func octal(_ value: UInt32) -> String {
        let digits = String(value & 0o777, radix: 8)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Three octal digits read back (nil for anything else).
    static func octal(_ text: String) -> UInt32? {
        guard text.utf8.count == 3, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }) else { return nil }
        return UInt32(text, radix: 8)
    }
}
