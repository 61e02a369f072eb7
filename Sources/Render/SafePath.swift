import VantageCore

/// The last line of defence for "no file outside public/": every path the writer is given is
/// checked, whatever produced it. A safe path is relative, has no empty, `.` or `..`
/// component, no component starting with a dot, and only `[A-Za-z0-9._-]` in its components.
public enum SafePath {
    /// Throws unless `path` is safe to create inside the output folder.
    public static func check(_ path: String) throws {
        guard !path.isEmpty, path.utf8.count < 1024 else { throw unsafe(path, "it is empty or too long") }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let first = component.utf8.first else { throw unsafe(path, "it has an empty component") }
            guard first != 0x2E else { throw unsafe(path, "a component starts with a dot") }
            guard component.utf8.count <= 255 else { throw unsafe(path, "a component is too long") }
            for byte in component.utf8 where !isAllowed(byte) {
                throw unsafe(path, "it contains the byte 0x\(String(byte, radix: 16))")
            }
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
