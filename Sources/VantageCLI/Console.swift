import Foundation

/// Where a command writes: the result on standard output, diagnostics and progress on
/// standard error. Tests can capture both.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private var capturedOut: String?
    private var capturedErr: String?
    /// True when standard error is a terminal (progress lines are shown only then).
    public let errorIsTerminal: Bool

    /// The process's real standard output and error.
    public static func standard() -> Console { Console(capture: false) }

    /// A console that keeps what is written, for tests.
    public static func capturing() -> Console { Console(capture: true) }

    private init(capture: Bool) {
        if capture {
            capturedOut = ""
            capturedErr = ""
            errorIsTerminal = false
        } else {
            // A terminal that cannot erase a line (TERM=dumb: Emacs' shell, some CI logs) gets
            // no progress line rather than its escape codes.
            errorIsTerminal = isatty(2) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        }
    }

    /// Set when standard output could not be written (closed, a full disk, a pipe with no
    /// reader): the command's result did not reach its reader, and the exit code says so.
    public private(set) var outputFailed = false

    /// Writes `text` to standard output exactly as given.
    public func out(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        if capturedOut != nil { capturedOut! += text; return }
        if (try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))) == nil { outputFailed = true }
    }

    /// Writes `text` and a newline to standard error (nothing more can be said when that fails).
    public func err(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        if capturedErr != nil { capturedErr! += text + "\n"; return }
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }

    /// Overwrites the current terminal line on standard error (only on a terminal).
    public func progress(_ text: String) {
        guard errorIsTerminal else { return }
        lock.lock(); defer { lock.unlock() }
        try? FileHandle.standardError.write(contentsOf: Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Clears a progress line.
    public func endProgress() {
        guard errorIsTerminal else { return }
        lock.lock(); defer { lock.unlock() }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }

    /// What was written to standard output (capturing consoles only).
    public var standardOutput: String { lock.lock(); defer { lock.unlock() }; return capturedOut ?? "" }
    /// What was written to standard error (capturing consoles only).
    public var standardError: String { lock.lock(); defer { lock.unlock() }; return capturedErr ?? "" }
}
