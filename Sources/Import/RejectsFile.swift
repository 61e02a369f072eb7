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
        let directory = PathText.parent(of: path)
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        guard let handle = fopen(partialPath, "wb") else {
            throw Diagnostic.error("cannot write the rejects file", at: SourceLocation(file: path))
        }
        self.handle = handle
    }

    deinit { fclose(handle) }

    /// How every line `write` makes begins: its first member is the record's file.
    static let lineOpening = Array(#"{"file":"#.utf8)

    /// Whether the file at `path` may be replaced by a rejects file: there is none, or it is
    /// empty, or it begins as an earlier rejects file does (`lineOpening`).
    static func mayReplace(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return true }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: lineOpening.count)
        let read = fread(&head, 1, head.count, file)
        return read == 0 || head.prefix(read) == lineOpening[...]
    }

    /// Writes one rejected record, given its location and original text. A record holding a
    /// password field is written without its password members (and says which): passwords
    /// never reach any output. One that mentions a password but cannot be parsed is withheld.
    func write(_ diagnostic: Diagnostic, at location: RecordLocation, text: String) {
        var record: JSONValue = .string(text)
        var removed: [String] = []
        // A name may spell "password" with escapes (`pass\u0077ord`): a record with any escape is
        // read too.
        if text.range(of: "password", options: .caseInsensitive) != nil || text.contains("\\") {
            if let value = try? JSONParser.parse(Array(text.utf8), file: location.file) {
                let cleaned = Self.withoutPasswords(value, path: "", removed: &removed)
                // The members cut out of the text as written: every other byte stays (numbers as
                // written, escapes, spacing), where writing the parsed value again changed them.
                if !removed.isEmpty { record = .string(PasswordMembers.removed(from: text) ?? JSONWriter.string(cleaned)) }
            } else if PasswordNames.hidingValues(in: text) != text || Self.mayNamePassword(text) {
                record = .null
                removed = ["(the record cannot be parsed and may hold a password field, so it is withheld)"]
            }
        }
        var object = JSONObject()
        object.keys.append("file"); object.values.append(.string(location.file))  // first: `lineOpening`
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

    /// True when an unparsable record's text may name a password field where its strings cannot
    /// be told apart (a string left open): "password" after the last closing quote read.
    static func mayNamePassword(_ text: String) -> Bool {
        var quotes = 0
        var escaped = false
        var lastClosed = text.startIndex
        for index in text.indices {
            let character = text[index]
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" {
                quotes += 1
                if quotes % 2 == 0 { lastClosed = index }
            }
        }
        guard quotes % 2 == 1 else { return false }
        return text[lastClosed...].range(of: "password", options: .caseInsensitive) != nil
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

/// Cuts the members whose name holds "password" (`FieldAudit.isPassword`) out of a JSON text,
/// at any depth, leaving every other byte as it was.
enum PasswordMembers {
    /// `text` without those members (and the comma that joined each to its neighbours); nil when
    /// the text is not the JSON it was parsed as.
    static func removed(from text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.value(), scanner.atEnd() else { return nil }
        var result: [UInt8] = []
        var position = 0
        for cut in scanner.cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) where cut.lowerBound >= position {
            result += scanner.bytes[position..<cut.lowerBound]
            position = cut.upperBound
        }
        result += scanner.bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var cuts: [Range<Int>] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func space() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func atEnd() -> Bool {
            space()
            return index == bytes.count
        }

        mutating func value() -> Bool {
            space()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string() != nil
            default:
                // A number, true, false or null: up to the next delimiter.
                let start = index
                while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                }
                return index > start
            }
        }

        /// A string's range, quotes included.
        mutating func string() -> Range<Int>? {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return start..<index
        }

        mutating func array() -> Bool {
            index += 1
            space()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return true }
            while true {
                guard value() else { return false }
                space()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return true }
                guard bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
            }
        }

        mutating func object() -> Bool {
            index += 1
            space()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
            // Each member: where it starts, where its value ends, whether it goes.
            var members: [(start: Int, end: Int, cut: Bool)] = []
            while true {
                space()
                let start = index
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return false }
                let name = (try? JSONParser.parse(Array(bytes[key]), file: ""))?.stringValue ?? ""
                space()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                guard value() else { return false }
                members.append((start, index, FieldAudit.isPassword(name)))
                space()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                guard bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
            }
            // A member that goes takes the comma before it (from the end of the member kept
            // before it); the first kept member after a run of cut ones at the start takes
            // their place, from the object's first member.
            var keptBefore: Int? = nil
            var leadingCut: Int? = nil
            for member in members {
                if member.cut {
                    if let previous = keptBefore {
                        cuts.append(previous..<member.end)
                        keptBefore = previous
                    } else if leadingCut == nil {
                        leadingCut = member.start
                    }
                } else {
                    if let lead = leadingCut {
                        cuts.append(lead..<member.start)
                        leadingCut = nil
                    }
                    keptBefore = member.end
                }
            }
            if let lead = leadingCut, let last = members.last { cuts.append(lead..<last.end) }  // every member cut
            return true
        }
    }
}
