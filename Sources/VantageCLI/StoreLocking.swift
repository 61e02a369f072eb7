import Foundation
import Render

#if canImport(Glibc)
    import Glibc
#endif

/// The store's lock for a whole `vantage build` (import, render, record). The lock file lives
/// beside the store, so the store's folder is made first when it is missing; the release
/// removes that folder again when the build left nothing in it (a failed first import leaves
/// no folder behind).
struct StoreLocking {
    let lock: BuildLock
    /// The folders this build made for the store, innermost first.
    let createdFolders: [String]

    /// Locks `store`; `whenUnwritable` follows the error when its folder cannot be written.
    static func lock(_ store: String, whenUnwritable hint: String? = nil) throws -> StoreLocking {
        var created: [String] = []
        var folder = URL(fileURLWithPath: store).standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
            created.append(folder.path)
            folder.deleteLastPathComponent()
        }
        if let innermost = created.first {
            try FileManager.default.createDirectory(atPath: innermost, withIntermediateDirectories: true)
        }
        do {
            return StoreLocking(
                lock: try BuildLock.acquireStore(store, whenUnwritable: hint),
                createdFolders: created)
        } catch {
            for folder in created { rmdir(folder) }
            throw error
        }
    }

    /// The lock of a build that reads the store and only records itself in it (`--no-import`,
    /// the whole site): none when the store's folder cannot be written
    /// (`BuildLock.acquireStoreToRecord`), nor when there is no store, which the build refuses
    /// next (saying so, rather than that a lock beside it cannot be made; the build itself takes
    /// the lock again before it reads the store).
    static func lockToRecord(_ store: String) throws -> StoreLocking? {
        guard FileManager.default.fileExists(atPath: store) else { return nil }
        return try BuildLock.acquireStoreToRecord(store).map { StoreLocking(lock: $0, createdFolders: []) }
    }

    func release() {
        lock.release()
        // A failed first import stored nothing: the folders made for it go again (rmdir
        // removes only empty ones, so whatever the import left stays).
        for folder in createdFolders { rmdir(folder) }
    }
}
