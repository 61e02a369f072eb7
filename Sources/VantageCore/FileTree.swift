#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files under a folder, as the templates folder is read (templates, the catalog, assets):
/// symbolic links are followed, to files and to folders (a shared theme linked in, or the
/// whole folder given as a link), a folder reached twice through links is read once, and the
/// paths come relative to the folder, sorted by their bytes. Foundation's enumerator does not
/// descend into a linked folder, so a linked templates folder read as empty.
public enum FileTree {
    /// Relative paths of the regular files under `root` (nothing when `root` is not a folder).
    /// `include` is asked of each file and folder name (a folder left out is not entered).
    ///
    /// Throws, naming the path and the reason as an export's reader does (`FileCheck`), for
    /// what is there and cannot be read: a folder that cannot be listed or entered, and of the
    /// files the caller `reads` (by name), one without read permission, a dangling link or a
    /// loop of links, a pipe, a socket or a device. Skipped, they turned into wrong diagnostics
    /// (a folder of partials without permission gave "no partial template named …"; assets that
    /// could not be listed, thousands of links to files not in the site). Any other file that
    /// cannot be read is passed over (an editor's lock, `.#layout.mustache`, is a dangling link
    /// for as long as the file is open), and so is an entry gone between the listing and its
    /// look-up (an editor's temporary file).
    public static func files(
        under root: String, include: (String) -> Bool = { _ in true }, reads: (String) -> Bool = { _ in true }
    ) throws -> [String] {
        var files: [String] = []
        var visited: Set<[UInt64]> = []
        func refuse(_ path: String, _ problem: String) -> Diagnostic {
            Diagnostic.error(problem, at: SourceLocation(file: path))
        }
        func walk(_ folder: String, _ relative: String) throws {
            var info = stat()
            guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                  visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            else { return }
            if let problem = FileCheck.folderProblem(at: folder) { throw refuse(folder, problem) }
            guard let directory = opendir(folder) else {
                throw refuse(folder, "cannot read the folder: \(String(cString: strerror(errno)))")
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where include(name) {
                let path = folder + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                var target = stat()
                guard stat(path, &target) == 0 else {
                    var own = stat()
                    if lstat(path, &own) != 0 && errno == ENOENT { continue }  // gone since the listing
                    if reads(name) { throw FileCheck.unreadable(path) }
                    continue
                }
                switch target.st_mode & S_IFMT {
                case S_IFDIR: try walk(path, child)
                case S_IFREG:
                    if let problem = FileCheck.problem(at: path) {
                        if reads(name) { throw refuse(path, problem) }
                        continue
                    }
                    files.append(child)
                default:
                    if reads(name) { throw FileCheck.unreadable(path) }
                }
            }
        }
        try walk(root, "")
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// What `regularFiles(under:)` found: the paths of the regular files, relative to the
    /// folder, what no build writes there (`Stray`), which is not entered or read, and the
    /// folders that could not be listed (their files are not known, so not absent either).
    public struct Listing: Sendable {
        public var files: [String] = []
        public var strays: [Stray] = []
        public var unlisted: [Unlisted] = []
    }

    /// A folder beneath the one listed that could not be listed itself.
    public struct Unlisted: Sendable, Comparable {
        /// The path relative to the folder listed.
        public var path: String
        /// Why, as the system says it ("Permission denied").
        public var reason: String

        /// What a reader of a built site says of it.
        public var message: String { "cannot read the folder: \(reason)" }

        public static func < (a: Self, b: Self) -> Bool { a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
    }

    /// An entry of a built site that no build writes: a name that is not UTF-8 (a String
    /// cannot hold it) or that holds a character a message escapes (a line feed would start a
    /// line of its own in a report), a symbolic link (never followed: it could lead out of
    /// the site), or neither a file nor a folder (a pipe would block its reader).
    public struct Stray: Sendable, Comparable {
        public enum Reason: Sendable { case nameNotUTF8, nameUnshowable, symbolicLink, notAFile }
        /// The path relative to the folder listed, its name shown by `shownName(_:)`.
        public var path: String
        public var reason: Reason
        public var isFolder: Bool

        /// What `vantage check` and `vantage diff` say of it.
        public var message: String {
            let what = isFolder ? "folder" : "file"
            switch reason {
            case .nameNotUTF8: return "the \(what) name is not UTF-8, so no build wrote it: remove the \(what)"
            case .nameUnshowable:
                return "the \(what) name holds a character that ends a line or shows nothing, so no build wrote it: remove the \(what)"
            case .symbolicLink: return "a symbolic link, which no build writes (it is not followed): remove it"
            case .notAFile: return "neither a file nor a folder (a pipe, a socket or a device), which no build writes: remove it"
            }
        }

        public static func < (a: Self, b: Self) -> Bool { a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
    }

    /// The regular files under `root`, in no particular order, as a built site is read (by
    /// `vantage check` and `vantage diff`), the strays beside them, and the folders beneath it
    /// that could not be listed. Nil when `root` cannot be listed.
    public static func regularFiles(under root: String) -> Listing? {
        guard let top = opendir(root) else { return nil }
        closedir(top)
        var listing = Listing()
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(folder) else {
                // Skipped, its files were taken for absent (a manifest listing them "not in the site").
                listing.unlisted.append(Unlisted(path: relative, reason: String(cString: strerror(errno))))
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let bytes = nameBytes(entry)
                if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    // Some file systems do not fill d_type: ask without following links.
                    var status = stat()
                    let path = Array(folder.utf8) + [0x2F] + bytes + [0]
                    guard path.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) } }) == 0
                    else { continue }
                    let format = status.st_mode & S_IFMT
                    type = format == S_IFDIR ? Int32(DT_DIR) : format == S_IFREG ? Int32(DT_REG) : format == S_IFLNK ? Int32(DT_LNK) : -1
                }
                let name = String(validating: bytes, as: UTF8.self)
                func stray(_ reason: Stray.Reason) {
                    listing.strays.append(Stray(
                        path: (relative.isEmpty ? "" : relative + "/") + shownName(bytes), reason: reason, isFolder: type == Int32(DT_DIR)))
                }
                guard let name else { stray(.nameNotUTF8); continue }
                if name.unicodeScalars.contains(where: { $0 != "\\" && messageEscape($0) != nil }) { stray(.nameUnshowable); continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch type {
                case Int32(DT_DIR): pending.append(path)
                case Int32(DT_REG): listing.files.append(path)
                case Int32(DT_LNK): stray(.symbolicLink)
                default: stray(.notAFile)
                }
            }
        }
        return listing
    }

    /// A folder entry's name as its bytes (a String cannot hold one that is not UTF-8).
    public static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
    }

    /// A file name's bytes as a message shows them: a byte that is not UTF-8 as `\xff`, the
    /// characters a message escapes as `quoted` does (`\n`, `\u{200B}`, `\\`).
    public static func shownName(_ bytes: [UInt8]) -> String {
        var shown = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if let escape = messageEscape(scalar) { shown += escape } else { shown.unicodeScalars.append(scalar) }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    shown += "\\x" + SHA256.hexString([byte])
                }
                offset += length
            case .emptyInput:
                return shown
            }
        }
    }
}
