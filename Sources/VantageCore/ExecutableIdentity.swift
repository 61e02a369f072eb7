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
}
