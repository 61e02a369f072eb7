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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("cannot read the manifest", at: SourceLocation(file: displayName))
        }
        return try parse(Array(data), file: displayName)
    }

    /// Parses the bytes of a `manifest.json`; `file` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Manifest {
        let root = try JSONParser.parse(bytes, file: file)
        func fail(_ message: String, _ recordPath: String?) -> Diagnostic {
            .error(message, at: SourceLocation(file: file, recordPath: recordPath))
        }
        guard let object = root.objectValue else {
            throw fail("expected an object with a \"pages\" array, found \(root.kindDescription)", nil)
        }
        guard let pagesValue = object["pages"] else { throw fail("missing the \"pages\" array", nil) }
        guard let entries = pagesValue.arrayValue else {
            throw fail("expected an array, found \(pagesValue.kindDescription)", "pages")
        }
        var pages: [ManifestPage] = []
        pages.reserveCapacity(entries.count)
        var seen = Set<String>(minimumCapacity: entries.count)
        for (index, entry) in entries.enumerated() {
            let at = "pages[\(index)]"
            guard let fields = entry.objectValue else { throw fail("expected an object, found \(entry.kindDescription)", at) }
            func text(_ key: String, required: Bool) throws(Diagnostic) -> String? {
                guard let value = fields[key], !value.isNull || required else { return nil }
                guard let string = value.stringValue else {
                    throw fail("expected a string, found \(value.kindDescription)", "\(at).\(key)")
                }
                return string
            }
            guard let path = try text("path", required: true) else { throw fail("missing \"path\"", at) }
            if let problem = Self.pathProblem(path) { throw fail(problem, "\(at).path") }
            guard let sha = try text("sha256", required: true) else { throw fail("missing \"sha256\"", at) }
            guard sha.utf8.count == 64, sha.utf8.allSatisfy(Self.isLowerHex) else {
                throw fail("expected 64 lowercase hex digits, found \"\(sha)\"", "\(at).sha256")
            }
            guard let bytesValue = fields["bytes"] else { throw fail("missing \"bytes\"", at) }
            guard let size = bytesValue.numberValue, size >= 0, size == size.rounded(), size < 1e15 else {
                let found = bytesValue.numberValue.map(JSONWriter.formatNumber) ?? bytesValue.kindDescription
                throw fail("expected a whole number of bytes, found \(found)", "\(at).bytes")
            }
            let kind = try text("kind", required: false)
            let viewer = try text("viewer", required: false)
            if let viewer, viewer.isEmpty || viewer.contains("/") {
                throw fail("expected a viewer slug, found \"\(viewer)\"", "\(at).viewer")
            }
            guard seen.insert(path).inserted else { throw fail("the path \"\(path)\" is listed twice", "\(at).path") }
            pages.append(ManifestPage(path: path, kind: kind, viewer: viewer, sha256: sha, bytes: Int(size)))
        }
        return Manifest(pages: pages, origin: .file(file))
    }

    @inline(__always) static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    /// Why a manifest path is unsafe to open under the site folder, or nil when it is fine.
    static func pathProblem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "the path \"\(path)\" is absolute; expected a path inside the site" }
        if path.contains("\\") || path.utf8.contains(0) { return "the path \"\(path)\" has a backslash or NUL" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false)
        where component.isEmpty || component == "." || component == ".." {
            return "the path \"\(path)\" has an empty, '.' or '..' component"
        }
        return nil
    }
}
