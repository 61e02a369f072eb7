import VantageCore

/// The last line of defence for "no file outside public/": every path the writer is given is
/// checked, whatever produced it. A safe path is relative, has no empty, `.` or `..`
/// component, no component starting with a dot, and only `[A-Za-z0-9._-]` in its components.
public enum SafePath {
    /// Throws unless `path` is safe to create inside the output folder.
    public static func check(_ path: String) throws {
        guard !path.isEmpty, path.utf8.count < 1024 else { throw unsafe(path, "it is empty or too long") }
        if try checkASCII(path) { return }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let reason = problem(component.utf8) { throw unsafe(path, reason) }
        }
    }

    /// What makes `component` (its bytes) unsafe, or nil: the one rule for a component, whichever
    /// way the path was split.
    private static func problem<Bytes: Collection<UInt8>>(_ component: Bytes) -> String? {
        guard let first = component.first else { return "it has an empty component" }
        guard first != 0x2E else { return "a component starts with a dot" }
        guard component.count <= 255 else { return "a component is too long" }
        if let byte = component.first(where: { !isAllowed($0) }) { return "it contains the byte 0x\(String(byte, radix: 16))" }
        return nil
    }

    /// `check` on the bytes of an ASCII path (every page's path is one, and splitting it into
    /// `Substring`s by `Character` cost about 20,000 instructions a page): each component goes
    /// through `problem` in order, so the same first finding. False when the path is not ASCII (there a
    /// `Character` may hold a "/" with a combining mark, so `check` splits by `Character`).
    private static func checkASCII(_ path: String) throws -> Bool {
        enum Outcome { case notASCII, safe, unsafe(String) }
        var text = path
        let outcome = text.withUTF8 { bytes -> Outcome in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .notASCII }
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                if let reason = problem(bytes[start..<end]) { return .unsafe(reason) }
                start = end + 1
            }
            return .safe
        }
        switch outcome {
        case .notASCII: return false
        case .safe: return true
        case .unsafe(let reason): throw unsafe(path, reason)
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F
    }

    private static func unsafe(_ path: String, _ reason: String) -> Diagnostic {
        Diagnostic.error("refusing to write '\(path)' into the output folder: \(reason)")
    }
}
