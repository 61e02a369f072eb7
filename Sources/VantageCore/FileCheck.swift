import Foundation

/// Why a path given as an input file cannot be read as one, in words for a diagnostic: a
/// folder, a dangling symbolic link, a missing file, a device. Readers check before reading,
/// since `fopen` happily opens a folder and reading it then fails in confusing ways (a
/// folder's "size" is not its contents).
public enum FileCheck {
    /// The problem with an open file, or nil when it is a regular file.
    public static func problem(with file: UnsafeMutablePointer<FILE>) -> String? {
        var info = stat()
        guard fstat(fileno(file), &info) == 0 else { return "cannot read the file: \(String(cString: strerror(errno)))" }
        return kindProblem(info.st_mode)
    }

    /// The problem with `path`, found without opening it; nil for a readable regular file.
    public static func problem(at path: String) -> String? {
        guard exists(path) else { return "cannot read the file: it does not exist" }
        let info: stat
        switch followed(path, noun: "file") {
        case .success(let found): info = found
        case .failure(let problem): return problem.message
        }
        if let problem = kindProblem(info.st_mode) { return problem }
        guard access(path, R_OK) == 0 else { return "cannot read the file: \(String(cString: strerror(errno)))" }
        return nil
    }

    /// The error for a file at `path` that could not be read, named as `shownAs` (the path as
    /// the user gave it; `path` itself by default): why (`problem(at:)`, "cannot read the file:
    /// Permission denied"), or plain "cannot read the file" when nothing is wrong with it now.
    public static func unreadable(_ path: String, shownAs: String? = nil) -> Diagnostic {
        Diagnostic.error(problem(at: path) ?? "cannot read the file", at: SourceLocation(file: shownAs ?? path))
    }

    /// The error for a folder at `path` that could not be listed, named as `shownAs` (the path
    /// as the user gave it; `path` itself by default): why (`folderProblem(at:)`, "cannot read
    /// the folder: Permission denied"), or plain "cannot read the folder".
    public static func unlistable(_ path: String, shownAs: String? = nil) -> Diagnostic {
        Diagnostic.error(folderProblem(at: path) ?? "cannot read the folder", at: SourceLocation(file: shownAs ?? path))
    }

    /// What is wrong with the kind of thing at `path` (a folder, a device, a pipe, a socket),
    /// nil for a regular file or when nothing is there (a file that may still be created).
    public static func kindProblem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kindProblem(info.st_mode)
    }

    /// The problem with the folder at `path`, nil for a folder that can be listed or when
    /// nothing has the name (an export without that folder). A name that is there but is no
    /// folder that can be read (a file, a dangling link, a folder without permission to list
    /// it) is never taken for "no such folder", which would remove every record it held.
    public static func folderProblem(at path: String) -> String? {
        guard exists(path) else { return nil }
        let info: stat
        switch followed(path, noun: "folder") {
        case .success(let found): info = found
        case .failure(let problem): return problem.message
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFREG: return "expected a folder of export files, found a file"
        case S_IFIFO: return "expected a folder of export files, found a named pipe"
        case S_IFSOCK: return "expected a folder of export files, found a socket"
        default: return "expected a folder of export files, found a device"
        }
        guard let stream = opendir(path) else { return "cannot read the folder: \(String(cString: strerror(errno)))" }
        closedir(stream)
        // Listing needs read permission, reaching the files in it search permission: a folder
        // with the one and not the other (mode 644) lists its files but opens none of them.
        guard access(path, X_OK) == 0 else {
            return "cannot read the files in the folder: \(String(cString: strerror(errno))) (it can be listed but not entered)"
        }
        return nil
    }

    private struct Problem: Error { let message: String }

    /// What `path` (which exists) leads to, symbolic links followed; else why it cannot be
    /// read, in words naming the `noun` ("cannot read the file: it is a symbolic link to …").
    private static func followed(_ path: String, noun: String) -> Result<stat, Problem> {
        var info = stat()
        guard stat(path, &info) != 0 else { return .success(info) }
        let code = errno
        let reason = String(cString: strerror(code))
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            // Links that lead back to one another (ELOOP) are there, but lead nowhere.
            let end = code == ELOOP ? "which leads back to itself through symbolic links" : "which does not exist"
            return .failure(Problem(message: "cannot read the \(noun): it is a symbolic link to \(target), \(end)"))
        }
        return .failure(Problem(message: "cannot read the \(noun): \(reason)"))
    }

    /// True when something (a file, a folder, a link, even a dangling one) has this name, or
    /// when whether it does cannot be told (a folder on the way that cannot be entered): only
    /// "no such file" is absent, since taking a file for absent removes every record it held.
    public static func exists(_ path: String) -> Bool {
        var link = stat()
        if lstat(path, &link) == 0 { return true }
        return errno != ENOENT && errno != ENOTDIR
    }

    private static func kindProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "expected a file, found a folder"
        case S_IFIFO: return "expected a file, found a named pipe"
        case S_IFSOCK: return "expected a file, found a socket"
        default: return "expected a file, found a device"
        }
    }

    /// The bytes of the regular file at `path`, or nil when there is none or it is something
    /// else. Opened without waiting, so a pipe by that name (made with mkfifo where a build's
    /// own file should be) is nil at once rather than blocking its reader for ever.
    public static func readRegularFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return filled == bytes.count ? bytes : nil
    }

    /// The text of a file of /proc, whose size `stat` gives as 0: read to its end.
    public static func readProcFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
