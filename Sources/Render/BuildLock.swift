import Foundation
import VantageCore

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a lock file, so that two builds never write the same output folder
/// or the same store at once: the second is refused at once with a message naming the holder
/// (its pid and command line, which the holder writes into the lock file). The kernel drops
/// the lock when its holder exits, however it exits (a `kill -9` included), so a stale lock
/// never blocks a later build. The holder deletes its lock file when done (a killed one leaves
/// an unlocked file, reused by the next build); a lock taken on a file that was deleted
/// meanwhile is retaken, so two processes never both hold "the" lock.
///
/// Locks are counted per process: a build that already holds a lock (the command line takes
/// the store's lock before the import, the build takes it again) takes it again for free.
public final class BuildLock: @unchecked Sendable {
    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private static let registry = NSLock()
    nonisolated(unsafe) private static var held: [String: (lock: BuildLock, count: Int)] = [:]

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// The lock of the output folder `output` (resolved): `.NAME.lock` beside it, which stays
    /// put while the folder itself is swapped.
    public static func outputLockPath(_ output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".lock"
    }

    /// The lock of the store at `store`: `STORE.lock` beside it.
    public static func storeLockPath(_ store: String) -> String {
        // Through links: two names of one store are one lock, made or not yet (the command line
        // locks a store before the import makes it, the build again after).
        PathText.resolved(store) + ".lock"
    }

    /// Takes the lock of the store at `store` (`storeLockPath`) or throws. A store with more than
    /// one name (hard links) is refused: its lock is named after the name it is given, and so is
    /// SQLite's journal, so two builds through two names would both write it, and a crashed one's
    /// journal would not be found through the other name.
    ///
    /// `whenUnwritable` is said after the error when the lock file cannot be made because the
    /// store's folder cannot be written (permissions, a read-only file system): what the caller
    /// can do instead.
    public static func acquireStore(_ store: String, whenUnwritable hint: String? = nil) throws -> BuildLock {
        let lock = try acquire(storeLockPath(store), what: "the store '\(store)'", whenUnwritable: hint)
        var status = stat()
        // A folder always has several names (its own ".", its folders' ".."): only a file's count.
        if stat(store, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
            lock.release()
            throw Diagnostic.error(
                "the store '\(store)' has \(status.st_nlink) names (hard links); a store is locked by its name, and "
                    + "SQLite's journal follows the name, so two builds through two names could write it at once: keep "
                    + "one name (remove the other links) and run this again")
        }
        return lock
    }

    /// The store's lock for a build that reads the store and then only records itself in it (a
    /// whole-site `vantage build --no-import`): as `acquireStore`, but nil, and no lock, when the
    /// lock file cannot be made because the store's folder cannot be written (permissions, a
    /// read-only file system), as where a store is shared read-only. Such a build reads one
    /// snapshot of the store, as a shard build does without a lock; its record, which needs the
    /// store written, is then a warning (`PreviousBuild.record`) and the next build a full one.
    public static func acquireStoreToRecord(_ store: String) throws -> BuildLock? {
        do {
            return try acquireStore(store)
        } catch {
            let folder = (storeLockPath(store) as NSString).deletingLastPathComponent
            guard access(folder, W_OK) != 0 else { throw error }
            let code = errno
            guard code == EACCES || code == EPERM || code == EROFS else { throw error }
            return nil
        }
    }

    /// Takes the lock at `path` or throws, naming `what` is locked and who holds it; `hint`
    /// follows the error when the lock file cannot be made in a folder that cannot be written.
    public static func acquire(_ path: String, what: String, whenUnwritable hint: String? = nil) throws -> BuildLock {
        registry.lock()
        defer { registry.unlock() }
        if let entry = held[path] {
            held[path] = (entry.lock, entry.count + 1)
            return entry.lock
        }
        var descriptor: Int32 = -1
        // The holder deletes the file when it is done; a lock taken on a file that was deleted
        // (or replaced) meanwhile is no lock, so take it again on the file now at `path`.
        for _ in 0..<100 {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                var error = posixError("cannot open the lock file '\(path)' of \(what)")
                if let hint, code == EACCES || code == EPERM || code == EROFS { error.message += "; " + hint }
                throw error
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let reason = errno
                // The holder writes its pid just after taking the lock: give it a moment, so
                // the message names it rather than a holder not yet known.
                var holder = Self.holder(descriptor)
                for _ in 0..<50 where holder == nil && reason == EWOULDBLOCK {
                    usleep(10_000)
                    holder = Self.holder(descriptor)
                }
                close(descriptor)
                guard reason == EWOULDBLOCK else {
                    errno = reason
                    throw posixError("cannot lock '\(path)' for \(what)")
                }
                throw Diagnostic.error(
                    "\(what) is in use by another vantage (\(holder ?? "its pid is not written yet")); wait for it to "
                        + "finish and run this again (lock file \(path))")
            }
            var held = stat()
            var named = stat()
            if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                break
            }
            close(descriptor)
            descriptor = -1
        }
        guard descriptor >= 0 else { throw Diagnostic.error("cannot lock '\(path)' for \(what): it keeps being replaced") }
        // Who holds it, for the message of the next one.
        let arguments = CommandLine.arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }
        let line = "pid \(getpid()): \(arguments.joined(separator: " "))\n"
        _ = ftruncate(descriptor, 0)
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        let lock = BuildLock(path: path, descriptor: descriptor)
        held[path] = (lock, 1)
        return lock
    }

    /// What the holder wrote in the lock file ("pid 4242: vantage build --out public").
    private static func holder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Gives the lock back (the last release of this process closes it).
    public func release() {
        Self.registry.lock()
        defer { Self.registry.unlock() }
        guard let entry = Self.held[path] else { return }
        if entry.count > 1 {
            Self.held[path] = (entry.lock, entry.count - 1)
            return
        }
        Self.held[path] = nil
        // Deleted while still held, so nothing is left beside the output or the store; a
        // process that opened it meanwhile finds it gone after its flock and takes a new one.
        unlink(path)
        close(descriptor)  // drops the flock
    }
}
