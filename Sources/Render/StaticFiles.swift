import Foundation
import Validate
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// `content/static/`: files copied verbatim into every build (`CNAME`, `downloads/`,
/// `.well-known/`, `robots.txt`), as Hugo and Zola do. The site's own files are vantage's, so a
/// static file is refused when it would take the place of one: a top-level name of the site
/// (`index.html`, `assets/`, a person's folder, `manifest.json`, …). Each file is checked like
/// the site's own: a safe path (dot-names such as `.well-known` allowed), a regular file (a
/// symbolic link could publish a file from anywhere), HTML pages validated as every page is,
/// and text files and paths scanned for emails and for the export's phones in any format
/// (OUTPUT.md: none reaches `public/`). Errors name the file under `content/static/` and the place.
enum StaticFiles {
    /// Every regular file under `folder` (relative, sorted by bytes); throws for anything else.
    static func list(_ folder: String) throws -> [String] {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return [] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            // As for a link inside it: a link could publish a folder from anywhere.
            throw Diagnostic.error((info.st_mode & S_IFMT) == S_IFLNK
                ? "\(folder): a symbolic link; the static files are copied from a folder of the content itself, "
                    + "not through a link (it could publish a folder from anywhere)"
                : "\(folder): not a folder")
        }
        var files: [String] = []
        var problem: Diagnostic?
        OutputFolder.walk(folder, relative: "") { relative, type in
            guard problem == nil else { return }
            if let reason = pathProblem(relative) {
                problem = Diagnostic.error("\(folder)/\(relative): \(reason); rename it")
            } else if type == OutputFolder.regular {
                files.append(relative)
            } else if type != OutputFolder.directory {
                problem = Diagnostic.error(
                    "\(folder)/\(relative): only files and folders are copied into the site, and this is "
                        + (type == OutputFolder.symbolicLink ? "a symbolic link" : "neither"))
            }
        }
        if let problem { throw problem }
        return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Why `path` cannot be a file of the site, or nil.
    static func pathProblem(_ path: String) -> String? {
        guard path.utf8.count < 1024 else { return "the path is too long" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." { return "the path has an empty, '.' or '..' part" }
            if component.utf8.count > 255 { return "a name is too long" }
            for byte in component.utf8 {
                let allowed = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || "._~+-".utf8.contains(byte)
                if !allowed { return "a file name may hold only A-Z, a-z, 0-9 and . _ ~ + -" }
            }
        }
        if PageName.looksLikePage(path), !PageName.isPage(path) {
            return "a page is named .html (in lower case), which the build checks; named otherwise it would be published unchecked"
        }
        return nil
    }

    /// The first component of a site path.
    static func topLevel(of path: String) -> String { String(path.split(separator: "/").first ?? "") }

    /// Throws when the static `file` would take the place of one of the site's own top-level
    /// files or folders (`siteTops`: every person's folder, built or not, and the site-wide
    /// pages' and assets'), `manifest.json` or the marker. Named, never looked for on disk: the
    /// viewers' folders are still being written on other threads when the static files are
    /// copied, and a manifest-only build writes none of them.
    static func refuseTaken(_ file: String, in folder: String, siteTops: Set<String>) throws {
        let top = topLevel(of: file)
        guard siteTops.contains(top) || SiteBookkeeping.holds(top) else { return }
        throw Diagnostic.error(
            "\(folder)/\(file): the site has its own '\(top)\(file.contains("/") ? "/" : "")'; a static file "
                + "may not replace or go inside one of vantage's files or folders, so rename or move it")
    }

    /// Throws when a top-level dot-file of the output (`.nojekyll`, `.notes`: the build carries
    /// them into the new site, `SiteWriter.carryHiddenFiles`) would publish what a static file
    /// may not: a phone or an email of the export in its text or in its name, a name no report
    /// can show as it is (not UTF-8, or holding a line feed or an invisible character: `vantage
    /// check` of the new site would fail), or a page, which would be published unchecked.
    static func checkCarried(in output: String, mask: PersonalDataMask) throws {
        guard let directory = opendir(output) else { return }
        var entries: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = FileTree.nameBytes(entry)
            if bytes.first == 0x2E, bytes != [0x2E], bytes != [0x2E, 0x2E] { entries.append(bytes) }
        }
        closedir(directory)
        var info = stat()
        for bytes in entries.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let name = String(validating: bytes, as: UTF8.self)
            guard name != SiteMarker.name else { continue }
            let path = output + "/" + (name ?? FileTree.shownName(bytes))
            // Looked at by its bytes: a name that is not UTF-8 has no String to open it by.
            let raw = (Array(output.utf8) + [0x2F] + bytes + [0]).map { CChar(bitPattern: $0) }
            guard raw.withUnsafeBufferPointer({ lstat($0.baseAddress!, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            guard let name, !name.unicodeScalars.contains(where: { $0 != "\\" && messageEscape($0) != nil }) else {
                throw Diagnostic.error(
                    "\(output)/\(FileTree.shownName(bytes)): a file the build keeps in the site whose name no report can show as it is "
                        + "(it is not UTF-8, or holds a line feed or an invisible character); rename it or remove it from the output")
            }
            if PageName.looksLikePage(name) {
                throw Diagnostic.error(
                    "a page the build did not write, which it would keep in the site unchecked; move it to the content's "
                        + "static/ folder (checked and copied into every build) or out of the output", at: SourceLocation(file: path))
            }
            if mask.firstMatch(in: name, shapedPhones: false) != nil {
                throw Diagnostic.error(
                    "the name holds a phone number or an email of the export, in a file the build keeps in the site; no phone "
                        + "or email may be published, so rename it or remove it from the output", at: SourceLocation(file: path))
            }
            guard let data = FileManager.default.contents(atPath: path),
                  let text = String(staticText: [UInt8](data)),
                  let place = mask.firstMatch(in: text, shapedPhones: false)
            else { continue }
            throw Diagnostic.error(
                "an email address or a phone number of the export, in a file the build keeps in the site; no phone or email "
                    + "may be published, so remove it from the file or the file from the output",
                at: SourceLocation(file: path, line: place.line, column: place.column))
        }
    }

    /// Copies every file of `folder` into the site through `writer` (none: a manifest-only build,
    /// which checks them all the same); HTML pages go to `check`. Returns how many there are.
    /// Called after the site-wide pages are written.
    static func copy(
        from folder: String, into writer: SiteWriter?, check: SiteCheck?, mask: PersonalDataMask, siteTops: Set<String>
    ) throws -> Int {
        let files = try list(folder)
        for file in files {
            try refuseTaken(file, in: folder, siteTops: siteTops)
            // Its path is published too (a file name can hold no `@`, so no email).
            if mask.firstMatch(in: file, shapedPhones: false) != nil {
                throw Diagnostic.error(
                    "the path holds a phone number of the export; no phone or email may be published, so rename it",
                    at: SourceLocation(file: folder + "/" + file))
            }
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                throw Diagnostic.error("cannot be read", at: SourceLocation(file: folder + "/" + file))
            }
            let bytes = [UInt8](data)
            if let text = String(staticText: bytes), let place = mask.firstMatch(in: text, shapedPhones: false) {
                throw Diagnostic.error(
                    "an email address or a phone number of the export; no phone or email may be published, so remove it from the file",
                    at: SourceLocation(file: folder + "/" + file, line: place.line, column: place.column))
            }
            if PageName.isPage(file) {
                _ = check?.addPage(path: file, bytes: bytes)
            } else {
                check?.addFile(path: file)
            }
            try writer?.writeStatic(file, bytes: bytes)
        }
        return files.count
    }
}

extension String {
    /// The text a static file holds, for the scan for phones and emails: UTF-8 as it is;
    /// UTF-16 or UTF-32 (a byte-order mark, or ASCII beside NUL bytes) decoded; any other text
    /// (Latin-1, UTF-8 with a stray NUL or a bad byte) read as UTF-8 with what is not replaced,
    /// so that its ASCII is scanned. Nil only for a binary file (an image, an archive), where
    /// more than one byte in twenty is a control character: such bytes are no text a reader
    /// sees, and scanning them as text would find addresses in noise. A file that is not UTF-8
    /// was published unscanned before, phone and email and all.
    init?(staticText bytes: [UInt8]) {
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) {
            self = text
            return
        }
        if UTF8Check.looksWide(bytes), let text = Self.wide(bytes) {
            self = text
            return
        }
        let controls = bytes.count { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0C && $0 != 0x0D) || $0 == 0x7F }
        guard controls * 20 <= bytes.count else { return nil }
        self = String(decoding: bytes, as: UTF8.self)
    }

    /// UTF-32 or UTF-16 text, by its byte-order mark or where its NUL bytes are.
    private static func wide(_ bytes: [UInt8]) -> String? {
        func decode<Codec: UnicodeCodec>(_ units: [Codec.CodeUnit], _ codec: Codec.Type) -> String {
            var decoder = Codec()
            var iterator = units.makeIterator()
            var scalars = String.UnicodeScalarView()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: break loop
                case .error: scalars.append("\u{FFFD}")
                }
            }
            return String(scalars)
        }
        let head = Array(bytes.prefix(4))
        let thirtyTwo = head.count == 4 && ((head[1] == 0 && head[2] == 0 && (head[3] == 0 || head[0] == 0)) || head == [0xFF, 0xFE, 0, 0])
        if thirtyTwo {
            let big = head[0] == 0
            let units = stride(from: 0, to: bytes.count - 3, by: 4).map { i -> UInt32 in
                let order = big ? [i, i + 1, i + 2, i + 3] : [i + 3, i + 2, i + 1, i]
                return order.reduce(UInt32(0)) { word, index in word << 8 | UInt32(bytes[index]) }
            }
            return decode(units, UTF32.self)
        }
        guard head.count >= 2 else { return nil }
        let big = head[0] == 0xFE || (head[0] == 0 && head[1] != 0)
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { i -> UInt16 in
            let (high, low) = big ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
            return UInt16(high) << 8 | UInt16(low)
        }
        return decode(units, UTF16.self)
    }
}

extension SiteWriter {
    /// Writes a file of `content/static/` (its path checked by `StaticFiles`, which allows
    /// dot-names) and lists it in the site's marker, pages included.
    func writeStatic(_ path: String, bytes: [UInt8]) throws {
        guard StaticFiles.pathProblem(path) == nil else { throw Diagnostic.error("refusing to write '\(path)'") }
        try claimTopLevel(of: path)
        if let slash = path.lastIndex(of: "/") {
            var prefix = ""
            for component in path[..<slash].split(separator: "/") {
                prefix += prefix.isEmpty ? String(component) : "/" + component
                if mkdir(staging + "/" + prefix, 0o755) != 0 && errno != EEXIST {
                    throw posixError("cannot create the folder '\(prefix)'")
                }
            }
        }
        let target = staging + "/" + path
        let previous = output + "/" + path
        let unchanged = Self.file(at: previous, equals: bytes) && link(previous, target) == 0
        if !unchanged { try Self.create(target, bytes: bytes) }
        lock.lock()
        if unchanged { counts.unchanged += 1 } else { counts.written += 1 }
        counts.bytes += bytes.count
        otherFiles.insert(path)
        lock.unlock()
    }
}
