import Foundation

/// The running executable's size, modification time and inode. Whatever vantage derived from its
/// inputs and kept for next time (pages carried over by an incremental build, quote records an
/// import did not read again) is only reused by the same executable: a rebuilt vantage, whose
/// reading or rendering may differ without any version being raised by hand, starts afresh.
public enum ExecutableIdentity {
    /// "size mtime inode" of `/proc/self/exe`, or "unknown" where there is none (then nothing
    /// derived from an earlier process is told apart by executable).
    public static let current: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }()

    /// The SHA-256 of the running executable's bytes (`/proc/self/exe`), or "unknown" where it
    /// cannot be read. Unlike `current`, the same for every copy of the same build, on every
    /// machine, whenever it was copied: shards and their merge are held to it, so that pages
    /// rendered by two builds of vantage (whose rendering may differ under the same version)
    /// are never joined into one site. Read once, by whoever asks first.
    public static let digest: String = {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"), options: .alwaysMapped) else { return "unknown" }
        var bytes = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBytes { input in bytes.withUnsafeMutableBufferPointer { SHA256.digest(input, into: $0.baseAddress!) } }
        return SHA256.hexString(bytes)
    }()
}
