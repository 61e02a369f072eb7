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
    /// The store's folder when this build made it.
    let createdFolder: String?

    static func lock(_ store: String) throws -> StoreLocking {
        let folder = URL(fileURLWithPath: store).standardizedFileURL.deletingLastPathComponent().path
        var created: String?
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            created = folder
        }
        do {
            return StoreLocking(
                lock: try BuildLock.acquire(BuildLock.storeLockPath(store), what: "the store '\(store)'"),
                createdFolder: created)
        } catch {
            if let created { rmdir(created) }
            throw error
        }
    }

    func release() {
        lock.release()
        // A failed first import stored nothing: the folder made for it goes again.
        if let folder = createdFolder, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            rmdir(folder)
        }
    }
}
