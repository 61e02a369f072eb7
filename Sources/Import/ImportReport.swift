import VantageCore

/// What an import stored and what it reported.
public struct ImportReport: Sendable {
    /// One line of the summary: a table of the store and how the import changed it.
    public struct Table: Sendable, Equatable {
        /// The record type as users know it ("quotes", "people").
        public var name: String
        /// Rows of this type in the store after the import.
        public var stored: Int
        /// What the import did to them.
        public var changes: RowChanges
    }

    /// Per record type, in a fixed order: site, people, ideas, quotes, hearers, contacts, reviews.
    public var tables: [Table] = []
    /// Hearer rows a first import wrote through its own writer thread and moved into the store
    /// in one statement (`HearerStaging`); 0 when they went in one by one.
    var stagedHearers = 0
    /// Records read per input type ("Quotes users", …), in a fixed order.
    public var recordsRead: [(name: String, count: Int)] = []
    /// Warnings: unknown and password fields, ignored files, merges that dropped a value.
    public var warnings: [Diagnostic] = []
    /// With `--keep-going`: why each rejected record was rejected, in file order (a file that
    /// could not be read at all is one of them, rejected whole).
    public var rejected: [Diagnostic] = []
    /// How many of `rejected` are whole files.
    public var rejectedFiles = 0
    /// How many were rejected in all, records and whole files: `rejected` lists at most
    /// `ImportSession.errorLimit` of them, then a line counting the rest.
    public var rejectedCount = 0
    /// Where the rejected records were written, with `--keep-going`.
    public var rejectsPath: String?

    /// 0 when everything was stored, 1 when records were rejected (`--keep-going`).
    public var exitCode: ExitCode { rejected.isEmpty ? .success : .findings }

    /// True when the import wrote nothing at all (a re-import of unchanged content).
    public var changedNothing: Bool {
        tables.allSatisfy { $0.changes.added == 0 && $0.changes.updated == 0 && $0.changes.removed == 0 }
    }

    /// The summary printed on standard output: a table of stored rows and changes.
    public func summary(store: String) -> String {
        var out = "Imported into \(store):\n"
        let header = ["", "stored", "added", "updated", "removed"]
        var rows = [header]
        for table in tables {
            rows.append([table.name, "\(table.stored)", "\(table.changes.added)", "\(table.changes.updated)", "\(table.changes.removed)"])
        }
        let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            var line = "  " + row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
            for column in 1..<row.count {
                line += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        if !recordsRead.isEmpty {
            out += "Read " + recordsRead.map { "\($0.count) \($0.name)" }.joined(separator: ", ") + ".\n"
        }
        if let rejectsPath {
            let files = min(rejectedFiles, rejectedCount)
            let records = rejectedCount - files
            var parts: [String] = []
            if records > 0 { parts.append("\(records) record\(records == 1 ? "" : "s")") }
            if files > 0 { parts.append("\(files) file\(files == 1 ? "" : "s") whole") }
            out += parts.isEmpty
                ? "No record was rejected (\(rejectsPath) is empty).\n"
                : "Rejected \(parts.joined(separator: " and ")), written with the reasons to \(rejectsPath).\n"
        }
        return out
    }
}

/// Why an import stored nothing: the errors (bad records, malformed files, an unusable store)
/// and the warnings met before. Exit code 2.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    /// Every error, in file order (at most `ImportSession.errorLimit`, then a count).
    public var errors: [Diagnostic]
    /// Warnings met before the import stopped.
    public var warnings: [Diagnostic]
    /// True when the import stopped because the store cannot be written (SQLite's
    /// `SQLITE_READONLY`): a build can still read it as it is, without importing.
    public var storeIsReadOnly = false
    /// Exit code 2: unusable input.
    public var exitCode: ExitCode { .unusable }
    /// The errors, one per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
