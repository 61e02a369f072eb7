extension ManifestCodec {
    /// Reads the entries of a `manifest.json`, in file order; `file` names it in diagnostics.
    ///
    /// Every problem is located: JSON syntax by line and column, a bad entry by its record
    /// path (`pages[3].sha256`). Paths that could leave the site folder are refused, since a
    /// reader goes on to open the files they name.
    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [ManifestEntry] {
        let root = try JSONParser.parse(bytes, file: file)
        func fail(_ message: String, _ recordPath: String?) -> Diagnostic {
            .error(message, at: SourceLocation(file: file, recordPath: recordPath))
        }
        guard let object = root.objectValue else {
            throw fail("expected an object with a \"pages\" array, found \(root.kindDescription)", nil)
        }
        guard let pagesValue = object["pages"] else { throw fail("missing the \"pages\" array", nil) }
        guard let items = pagesValue.arrayValue else {
            throw fail("expected an array, found \(pagesValue.kindDescription)", "pages")
        }
        var entries: [ManifestEntry] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let at = "pages[\(index)]"
            guard let fields = item.objectValue else { throw fail("expected an object, found \(item.kindDescription)", at) }
            func text(_ key: String, required: Bool) throws(Diagnostic) -> String? {
                guard let value = fields[key], !value.isNull || required else { return nil }
                guard let string = value.stringValue else {
                    throw fail("expected a string, found \(value.kindDescription)", "\(at).\(key)")
                }
                return string
            }
            guard let path = try text("path", required: true) else { throw fail("missing \"path\"", at) }
            if let problem = pathProblem(path) { throw fail(problem, "\(at).path") }
            guard let sha = try text("sha256", required: true) else { throw fail("missing \"sha256\"", at) }
            guard sha.utf8.count == 64, sha.utf8.allSatisfy(isLowerHex) else {
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
            entries.append(ManifestEntry(path: path, kind: kind, viewer: viewer, sha256: sha, bytes: Int(size)))
        }
        if let (first, later) = firstDuplicate(entries) {
            throw fail("the path \"\(entries[later].path)\" is listed twice (first at pages[\(first)])", "pages[\(later)].path")
        }
        return entries
    }

    /// The places of the first path listed twice (the second occurrence in the file is the one
    /// reported), or nil. Paths are file names, compared by their bytes: `zoë` composed and
    /// decomposed are two files, where Swift's `==` calls them equal. Duplicates sit side by side once sorted, and the build writes the
    /// list sorted, so this is one pass over a built site's manifest.
    static func firstDuplicate(_ entries: [ManifestEntry]) -> (first: Int, later: Int)? {
        var order = Array(entries.indices)
        if !zip(entries, entries.dropFirst()).allSatisfy({ !pathPrecedes($1.path, $0.path) }) {
            order.sort { pathPrecedes(entries[$0].path, entries[$1].path) }
        }
        var found: (first: Int, later: Int)?
        for (a, b) in zip(order, order.dropFirst()) where entries[a].path.utf8.elementsEqual(entries[b].path.utf8) {
            let pair = (first: min(a, b), later: max(a, b))
            if found == nil || pair.later < found!.later { found = pair }
        }
        return found
    }

    @inline(__always) static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    /// Why a manifest path is unsafe to open under the site folder, or nil when it is fine.
    public static func pathProblem(_ path: String) -> String? {
        let bytes = path.utf8
        if bytes.isEmpty { return "the path is empty" }
        if bytes.first == UInt8(ascii: "/") { return "the path \(quoted(path)) is absolute; expected a path inside the site" }
        // A line feed would start a line of the diff's report of its own; no build writes one.
        if path.unicodeScalars.contains(where: { $0 != "\\" && messageEscape($0) != nil }) {
            return "the path \(quoted(path)) holds a character that ends a line or shows nothing, which no build writes"
        }
        var componentStart = true
        var dots = 0
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte == 0 { return "the path \(quoted(path)) has a backslash or NUL" }
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
        "the path \(quoted(path)) has an empty, '.' or '..' component"
    }
}
