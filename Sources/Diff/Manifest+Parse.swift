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
            if let viewer, viewer.isEmpty || viewer.utf8.contains(UInt8(ascii: "/")) {
                throw fail("expected a viewer slug, found \"\(viewer)\"", "\(at).viewer")
            }
            pages.append(ManifestPage(path: path, kind: kind, viewer: viewer, sha256: sha, bytes: Int(size)))
        }
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
                throw fail("the path \"\(pages[later].path)\" is listed twice", "pages[\(later)].path")
            }
            index += 1
        }
        return Manifest(sortedPages: sorted ? pages : order.map { pages[$0] }, origin: .file(file))
    }

    @inline(__always) static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    /// Why a manifest path is unsafe to open under the site folder, or nil when it is fine.
    static func pathProblem(_ path: String) -> String? {
        let bytes = path.utf8
        if bytes.isEmpty { return "the path is empty" }
        if bytes.first == UInt8(ascii: "/") { return "the path \"\(path)\" is absolute; expected a path inside the site" }
        var componentStart = true
        var dots = 0
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte == 0 { return "the path \"\(path)\" has a backslash or NUL" }
            if byte == UInt8(ascii: "/") {
                if length == 0 || dots == length && dots <= 2 { return badComponent(path) }
                componentStart = true
                dots = 0
                length = 0
                continue
            }
            componentStart = false
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        if componentStart || (dots == length && dots <= 2) { return badComponent(path) }
        return nil
    }

    private static func badComponent(_ path: String) -> String {
        "the path \"\(path)\" has an empty, '.' or '..' component"
    }
}
