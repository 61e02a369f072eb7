import Foundation
import VantageCore

/// The rejects file of `--keep-going`: one JSON object per line, in the order records were
/// met — `{"file", "line", "path", "reason", "record"}` — where `record` is the record's
/// original JSON text, so nothing is lost. (`line` is present for JSON Lines records.)
///
/// It is written to `<path>.partial` and renamed into place only when the import commits, so a
/// failed import leaves no half-written or stale rejects file behind.
final class RejectsFile {
    let path: String
    let partialPath: String
    /// Set once the unfinished file must stay (the store was written, the rename failed).
    private var keepsPartial = false
    private let handle: UnsafeMutablePointer<FILE>
    private(set) var count = 0

    init(path: String) throws(Diagnostic) {
        self.path = path
        partialPath = path + ".partial"
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        guard let handle = fopen(partialPath, "wb") else {
            throw Diagnostic.error("cannot write the rejects file", at: SourceLocation(file: path))
        }
        self.handle = handle
    }

    deinit { fclose(handle) }

    /// Writes one rejected record, given its location and original text. A record holding a
    /// password field is written without its password members (and says which): passwords
    /// never reach any output. One that mentions a password but cannot be parsed is withheld.
    func write(_ diagnostic: Diagnostic, at location: RecordLocation, text: String) {
        var record: JSONValue = .string(text)
        var removed: [String] = []
        if text.range(of: "password", options: .caseInsensitive) != nil {
            if let value = try? JSONParser.parse(Array(text.utf8), file: location.file) {
                let cleaned = Self.withoutPasswords(value, path: "", removed: &removed)
                if !removed.isEmpty { record = .string(JSONWriter.string(cleaned)) }
            } else {
                record = .null
                removed = ["(the record cannot be parsed and mentions a password, so it is withheld)"]
            }
        }
        var object = JSONObject()
        object.keys.append("file"); object.values.append(.string(location.file))
        if let line = location.line { object.keys.append("line"); object.values.append(.number(Double(line))) }
        object.keys.append("path"); object.values.append(.string(diagnostic.location?.recordPath ?? location.path))
        object.keys.append("reason"); object.values.append(.string(diagnostic.message))
        object.keys.append("record"); object.values.append(record)
        if !removed.isEmpty {
            object.keys.append("passwordFieldsRemoved"); object.values.append(.array(removed.map { .string($0) }))
        }
        let line = JSONWriter.string(.object(object)) + "\n"
        fputs(line, handle)
        count += 1
    }

    /// Names a file that could not be read at all and was rejected whole: its `record` is
    /// null (the file itself stays where it is, unchanged) and `wholeFile` is true.
    func writeUnreadable(_ diagnostic: Diagnostic, file: String) {
        var object = JSONObject()
        object.keys.append("file"); object.values.append(.string(file))
        if let line = diagnostic.location?.line { object.keys.append("line"); object.values.append(.number(Double(line))) }
        if let column = diagnostic.location?.column { object.keys.append("column"); object.values.append(.number(Double(column))) }
        object.keys.append("path"); object.values.append(.string(""))
        object.keys.append("reason"); object.values.append(.string(diagnostic.message))
        object.keys.append("record"); object.values.append(.null)
        object.keys.append("wholeFile"); object.values.append(.bool(true))
        fputs(JSONWriter.string(.object(object)) + "\n", handle)
        count += 1
    }

    /// Writes everything out and makes sure it reached the disk: a write that failed (a full
    /// file system) is an error here, before the store commits.
    func flush() throws(Diagnostic) {
        if fflush(handle) != 0 || ferror(handle) != 0 || fsync(fileno(handle)) != 0 {
            throw Diagnostic.error(
                "cannot write the rejects file: \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
        }
    }

    /// Moves the finished file into place.
    func commit() throws(Diagnostic) {
        try flush()
        if rename(partialPath, path) != 0 {
            throw Diagnostic.error(
                "cannot write the rejects file: \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
        }
    }

    /// Leaves the unfinished file where it is (it holds records the store no longer has).
    func keepPartial() { keepsPartial = true }

    /// Removes the unfinished file.
    func discard() {
        guard !keepsPartial else { return }
        unlink(partialPath)
    }

    private static func withoutPasswords(_ value: JSONValue, path: String, removed: inout [String]) -> JSONValue {
        switch value {
        case .object(let object):
            var kept = JSONObject()
            for (key, member) in object.members {
                let memberPath = path.isEmpty ? key : path + "." + key
                if FieldAudit.isPassword(key) {
                    removed.append(memberPath)
                    continue
                }
                kept.keys.append(key)
                kept.values.append(withoutPasswords(member, path: memberPath, removed: &removed))
            }
            return .object(kept)
        case .array(let elements):
            return .array(elements.enumerated().map { withoutPasswords($1, path: path + "[\($0)]", removed: &removed) })
        default:
            return value
        }
    }
}
